import Foundation
import ScenePreview
import Synchronization
import Testing

/// The file watcher (inotify, and the polling fallback) as the preview uses it: a save, a new
/// file, a file renamed over another, a new folder, a deleted file — each noticed at once.
struct WatcherTests {
    func check(forcePolling: Bool) throws {
        let project = try TempProject(["a.scene": dotScene])
        let session = PreviewSession(paths: [project.folder])
        let calls = Atomic<Int>(0)
        let watcher = FileWatcher(roots: { session.watchRoots() }, forcePolling: forcePolling) {
            session.refresh()
            calls.add(1, ordering: .relaxed)
        }
        watcher.start()
        defer { watcher.stop() }
        #expect(watcher.usesInotify == !forcePolling)
        func changed(_ action: () throws -> Void) rethrows -> Bool {
            let before = calls.load(ordering: .relaxed)
            try action()
            return eventually { calls.load(ordering: .relaxed) > before }
        }
        #expect(try changed { try project.write("a.scene", dotScene + "\n") })
        #expect(try changed { try project.write("b.scene", dotScene) })
        #expect(eventually { session.catalog.entries.count == 2 })
        // Saved by renaming a new file over the old one.
        #expect(
            try changed {
                try project.write("tmp.scene", dotScene + " ")
                rename(project.path("tmp.scene"), project.path("a.scene"))
            })
        // A new folder is watched too: a scene saved in it appears.
        #expect(try changed { try project.write("sub/c.scene", dotScene) })
        #expect(eventually { session.catalog.entries.map(\.name) == ["a", "b", "c"] })
        #expect(try changed { try project.write("sub/c.scene", dotScene + "  ") })
        #expect(try changed { try project.remove("b.scene") })
        #expect(eventually { session.catalog.entries.map(\.name) == ["a", "c"] })
    }

    @Test func inotifyNoticesEveryKindOfChange() throws { try check(forcePolling: false) }

    @Test func pollingNoticesEveryKindOfChange() throws { try check(forcePolling: true) }
}
