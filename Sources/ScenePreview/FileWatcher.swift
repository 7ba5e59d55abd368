#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Dispatch
import SceneIO
import Synchronization

/// Watches the preview's folders and calls `onChange` (on its own thread) soon after a scene,
/// component or manifest is saved, created, deleted or renamed there.
///
/// On Linux it uses inotify, the only file in the project that does: one watch per folder (editors
/// often save by writing a new file and renaming it over the old one, so folders are watched, not
/// files), folders below the watched ones included, re-synced after every change so that new
/// folders are watched too. Elsewhere, or when inotify cannot be had (no watches left), it polls
/// every 50 ms, comparing each file's size, time and inode.
public final class FileWatcher: @unchecked Sendable {
    public typealias Roots = @Sendable () -> (recursive: [String], single: Set<String>)

    private let roots: Roots
    private let onChange: @Sendable () -> Void
    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    /// Only the watcher's thread touches these.
    private var fd: Int32 = -1
    private var folderByWatch: [Int32: String] = [:]
    private var watchByFolder: [String: Int32] = [:]
    private var lastSignature: [String: String] = [:]
    /// After the first event of a burst, how long to wait for the rest (an editor's save is often
    /// several events: write a temporary file, rename it, change its mode).
    static let settle: useconds_t = 3_000
    static let pollInterval: useconds_t = 50_000
    static let maxDepth = 32

    /// Whether changes come from inotify (true) or from polling.
    public private(set) var usesInotify = false

    public init(roots: @escaping Roots, forcePolling: Bool = false, onChange: @escaping @Sendable () -> Void) {
        self.roots = roots
        self.onChange = onChange
        #if os(Linux)
            if !forcePolling {
                fd = inotify_init1(Int32(O_CLOEXEC) | Int32(O_NONBLOCK))
                usesInotify = fd >= 0
            }
        #endif
    }

    /// Starts watching on a thread of its own; the folders are watched when this returns.
    public func start() {
        sync()
        if !usesInotify { lastSignature = signature() }
        let started = DetachedThread.start { [self] in
            while !stopped.load(ordering: .relaxed) {
                if usesInotify { waitForEvents() } else { pollOnce() }
            }
            if fd >= 0 { close(fd) }
            finished.signal()
        }
        // No thread: nothing is watched, and stop() must not wait for one.
        if !started { stopped.store(true, ordering: .relaxed); finished.signal() }
    }

    /// Stops the thread (within about 100 ms) and waits for it.
    public func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        finished.wait()
    }

    // MARK: inotify

    private func waitForEvents() {
        #if os(Linux)
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 100)
            guard ready > 0 else { return }
            var relevant = drain()
            usleep(Self.settle)
            relevant = drain() || relevant
            guard relevant, !stopped.load(ordering: .relaxed) else { return }
            onChange()
            sync()
        #endif
    }

    /// Reads every queued event; true when one concerns a scene, a manifest or a folder.
    private func drain() -> Bool {
        #if os(Linux)
            var relevant = false
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                var offset = 0
                while offset + 16 <= n {
                    let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                        (
                            raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                            raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                            Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        )
                    }
                    let nameBytes = buffer[(offset + 16)..<min(n, offset + 16 + length)].prefix { $0 != 0 }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    offset += 16 + length
                    if mask & UInt32(IN_IGNORED) != 0, let folder = folderByWatch.removeValue(forKey: wd) {
                        watchByFolder[folder] = nil
                        relevant = true
                        continue
                    }
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 || mask & UInt32(IN_ISDIR) != 0 || name.isEmpty
                        || name.hasSuffix(".scene") || name.hasSuffix(".json")
                    {
                        relevant = true
                    }
                }
            }
            return relevant
        #else
            return false
        #endif
    }

    /// Watches every folder that matters now, and stops watching those that no longer do.
    private func sync() {
        guard usesInotify else { return }
        #if os(Linux)
            let (recursive, single) = roots()
            var wanted = single
            for root in recursive { folders(under: root, depth: 0, into: &wanted) }
            let mask =
                UInt32(IN_CLOSE_WRITE) | UInt32(IN_MODIFY) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM)
                | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
            for folder in wanted where watchByFolder[folder] == nil {
                let wd = inotify_add_watch(fd, folder, mask)
                guard wd >= 0 else { continue }
                watchByFolder[folder] = wd
                folderByWatch[wd] = folder
            }
            for (folder, wd) in watchByFolder where !wanted.contains(folder) {
                inotify_rm_watch(fd, wd)
                watchByFolder[folder] = nil
                folderByWatch[wd] = nil
            }
        #endif
    }

    /// The folders being watched (for tests).
    public var watchedFolders: Set<String> { Set(watchByFolder.keys) }

    private func folders(under folder: String, depth: Int, into found: inout Set<String>) {
        guard depth <= Self.maxDepth else { return }
        found.insert(folder)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries where !entry.hasPrefix(".") {
            let path = FilePath.join(folder, entry)
            var info = stat()
            // lstat: links to folders are not followed, as the scene search does not follow them.
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            folders(under: path, depth: depth + 1, into: &found)
        }
    }

    // MARK: polling

    private func pollOnce() {
        usleep(Self.pollInterval)
        let now = signature()
        if now != lastSignature {
            lastSignature = now
            onChange()
        }
    }

    /// Size, modification time and inode of every scene and manifest in the watched folders.
    private func signature() -> [String: String] {
        let (recursive, single) = roots()
        var folders = single
        for root in recursive { self.folders(under: root, depth: 0, into: &folders) }
        var result: [String: String] = [:]
        for folder in folders {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for entry in entries where entry.hasSuffix(".scene") || entry.hasSuffix(".json") {
                let path = FilePath.join(folder, entry)
                var info = stat()
                guard stat(path, &info) == 0 else { continue }
                #if os(Linux)
                    let time = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
                #else
                    let time = "\(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
                #endif
                result[path] = "\(info.st_size) \(time) \(info.st_ino)"
            }
        }
        return result
    }
}
