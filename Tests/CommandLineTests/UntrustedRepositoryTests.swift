import Foundation
import Testing

/// `scenec diff --rev` on a repository that may be hostile (issue 21): its configuration runs no
/// command, a committed link is a link, and a repository whose path holds a line break is read.
struct UntrustedRepositoryTests {
    typealias CLI = CommandLineTests
    typealias Diff = DiffCommandTests

    /// `core.fsmonitor` names a program git runs when it compares the working tree: a repository
    /// handed to a reviewer must not run it.
    @Test func theRepositorysFsmonitorCommandIsNotRun() throws {
        let repo = try Diff.repository()
        let marker = repo.deletingLastPathComponent().appendingPathComponent("fsmonitor-ran")
        let hook = repo.deletingLastPathComponent().appendingPathComponent("fsmonitor.sh")
        try "#!/bin/sh\ntouch '\(marker.path)'\nexit 1\n".write(to: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
        try Diff.edit(repo.appendingPathComponent("Scenes/counter.scene"), "rgb(87, 218, 213)", "rgb(200, 30, 30)")
        // Last, so that the test's own git runs do not call it.
        try Diff.git(["config", "core.fsmonitor", hook.path], in: repo)
        let run = try CLI.run(["diff", "--rev", "main"], in: repo)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("counter  changed"), "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: marker.path), "git ran the repository's core.fsmonitor")
    }

    /// A filter driver (`.gitattributes` names it, the repository's configuration gives its
    /// command): git would run it on every changed working-tree file it compares.
    @Test func theRepositorysFilterDriversAreNotRun() throws {
        let repo = try Diff.repository()
        let marker = repo.deletingLastPathComponent().appendingPathComponent("filter-ran")
        let filter = repo.deletingLastPathComponent().appendingPathComponent("filter.sh")
        try "#!/bin/sh\ntouch '\(marker.path)'\ncat\n".write(to: filter, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: filter.path)
        try "*.scene filter=evil\n".write(to: repo.appendingPathComponent(".gitattributes"), atomically: true, encoding: .utf8)
        try Diff.commit("attributes", in: repo)
        try Diff.edit(repo.appendingPathComponent("Scenes/counter.scene"), "rgb(87, 218, 213)", "rgb(200, 30, 30)")
        try Diff.git(["config", "filter.evil.clean", filter.path], in: repo)
        try Diff.git(["config", "filter.evil.required", "true"], in: repo)
        let run = try CLI.run(["diff", "--rev", "main"], in: repo)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("counter  changed"), "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: marker.path), "git ran the repository's filter driver")
    }

    /// A revision whose `Scenes` is a link to a folder outside the repository: neither side of
    /// the review reads the folder's scenes; the link is reported.
    @Test func aCommittedLinkOutOfTheRepositoryIsNotFollowed() throws {
        let repo = try Diff.repository()
        let outside = repo.deletingLastPathComponent().appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Diff.scenes.appendingPathComponent("face.scene"),
            to: outside.appendingPathComponent("secret.scene"))
        try FileManager.default.removeItem(at: repo.appendingPathComponent("Scenes"))
        try FileManager.default.createSymbolicLink(at: repo.appendingPathComponent("Scenes"), withDestinationURL: outside)
        try Diff.commit("Scenes is now a link", in: repo)
        for range in ["main~1..main", "main~1"] {
            let run = try CLI.run(["diff", "--rev", range, "--html", "page-\(range.count)"], in: repo)
            #expect(run.status == 2, "\(range): \(run.stdout)\(run.stderr)")
            #expect(!run.stdout.contains("secret"), "\(range): \(run.stdout)")
            #expect(run.stderr.contains("'Scenes' is a link"), "\(range): \(run.stderr)")
            let page = repo.appendingPathComponent("page-\(range.count)/index.html")
            #expect(!((try? String(contentsOf: page, encoding: .utf8))?.contains("secret") ?? false), "\(range)")
        }
    }

    /// `git rev-parse --show-toplevel` prints the path and a line break; a path that holds one
    /// too is the repository's whole path, not its first line.
    @Test func aRepositoryPathWithALineBreakIsReadWhole() throws {
        let parent = try CLI.temporaryFolder().appendingPathComponent("line\nbreak")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let repo = parent.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Diff.scenes, to: repo.appendingPathComponent("Scenes"))
        try Diff.git(["init", "-q", "-b", "main"], in: repo)
        try Diff.commit("the seeds", in: repo)
        try Diff.edit(repo.appendingPathComponent("Scenes/counter.scene"), "rgb(87, 218, 213)", "rgb(200, 30, 30)")
        let run = try CLI.run(["diff", "--rev", "main"], in: repo)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("counter  changed"), "\(run.stdout)")
    }
}
