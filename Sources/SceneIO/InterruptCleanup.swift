#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files being written at this moment, by any thread, removed if the process is
/// interrupted (SIGINT, SIGTERM, SIGHUP) before they are renamed into place.
///
/// Why a thread and not a signal handler: a parallel build writes many files at once, and while a
/// handler runs on one thread the others go on. A handler that unlinks the files it knows and then
/// re-raises the signal races with a worker that creates a new temporary file in between (a test
/// interrupting `--jobs 2` builds found exactly that). So, as `install()` sets it up:
/// - the cleanup signals are blocked in every thread (threads inherit the mask of the thread that
///   creates them, and `install()` runs first thing in `main`), and one thread waits for them with
///   `sigwait`, an ordinary thread that may take locks;
/// - creating a temporary file and renaming it into place each happen under one mutex, and the file
///   is recorded under it;
/// - on a signal, that thread takes the mutex for good, unlinks every recorded file, and ends the
///   process by the same signal. A writer that then wants the mutex waits for the end: no new
///   temporary file and no half-finished rename can follow the cleanup.
/// A signal the process ignored when it started (nohup) stays ignored.
public enum InterruptCleanup {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let p = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(p, nil)
        return p
    }()
    /// The temporary files in flight, by a number given when each is made. Guarded by `lock`.
    nonisolated(unsafe) private static var inFlight: [Int: String] = [:]
    /// The temporary folders in flight (`AtomicFolder`'s staging folders, files only), by number.
    /// Guarded by `lock`.
    nonisolated(unsafe) private static var foldersInFlight: [Int: String] = [:]
    nonisolated(unsafe) private static var nextID = 0

    /// Blocks the cleanup signals in this thread and starts the thread that waits for them. Call it
    /// from `main` before any other thread exists; later calls do nothing. Without it (a library
    /// user), writes are still atomic, but an interrupt can leave a hidden temporary file.
    public static func install() { _ = installed }

    private static let installed: Bool = {
        var set = sigset_t()
        sigemptyset(&set)
        var waited: [Int32] = []
        for signal in signals {
            var current = sigaction()
            sigaction(signal, nil, &current)
            // Leave alone a signal the process ignores (nohup) or handles itself.
            if current.__sigaction_handler.sa_handler == nil { // SIG_DFL
                sigaddset(&set, signal)
                waited.append(signal)
            }
        }
        guard !waited.isEmpty else { return true }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        var thread = pthread_t()
        let box = UnsafeMutablePointer<sigset_t>.allocate(capacity: 1)
        box.initialize(to: set)
        pthread_create(
            &thread, nil,
            { argument in
                let set = argument!.assumingMemoryBound(to: sigset_t.self)
                while true {
                    var received: Int32 = 0
                    guard sigwait(set, &received) == 0 else { continue }
                    if let handler = InterruptCleanup.takeHandler() {
                        handler(received)
                        continue
                    }
                    InterruptCleanup.cleanUpAndEnd(by: received)
                }
            }, box)
        pthread_detach(thread)
        return true
    }()

    /// Set by `onInterrupt`; guarded by `lock`.
    nonisolated(unsafe) private static var handler: (@Sendable (Int32) -> Void)?

    /// For a long-lived command that ends on its own terms (the preview server shuts down and exits
    /// with status 0): the next SIGINT, SIGTERM or SIGHUP calls `handler` on the signal thread
    /// instead of ending the process. It is called once; a further signal ends the process as
    /// usual (a second Ctrl-C when shutting down hangs). Needs `install()` first.
    public static func onInterrupt(_ handler: @escaping @Sendable (Int32) -> Void) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        Self.handler = handler
    }

    private static func takeHandler() -> (@Sendable (Int32) -> Void)? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        defer { handler = nil }
        return handler
    }

    /// Removes every temporary file in flight and ends the process by `signal`. Never returns, and
    /// keeps the mutex, so no writer makes or renames a file after it.
    private static func cleanUpAndEnd(by signal: Int32) -> Never {
        pthread_mutex_lock(lock)
        for path in inFlight.values { unlink(path) }
        inFlight.removeAll()
        for path in foldersInFlight.values { removeFolderOfFiles(path) }
        foldersInFlight.removeAll()
        Glibc.signal(signal, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        // Not reached: the default action of these signals ends the process.
        _exit(128 + signal)
    }

    /// Creates a temporary file from a `mkstemp` template (…XXXXXX) and records it. Returns nil with
    /// `errno` set when it cannot be created.
    static func makeTemporary(_ template: String) -> (id: Int, fd: Int32, path: String)? {
        var bytes = Array(template.utf8CString)
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        let fd = bytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        let path = bytes.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        nextID += 1
        inFlight[nextID] = path
        return (nextID, fd, path)
    }

    /// Creates a temporary folder from a `mkdtemp` template (…XXXXXX) and records it: until it is
    /// forgotten, an interrupt removes it with the files in it. Returns nil with `errno` set when it
    /// cannot be created.
    static func makeTemporaryFolder(_ template: String) -> (id: Int, path: String)? {
        var bytes = Array(template.utf8CString)
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard bytes.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        let path = bytes.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        nextID += 1
        foldersInFlight[nextID] = path
        return (nextID, path)
    }

    /// Runs `body` (a rename of a recorded folder) where no interrupt can clean up half-way.
    static func whileHoldingCleanup<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }

    /// Forgets a recorded temporary folder that was renamed into place.
    static func forgetFolder(_ id: Int) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        foldersInFlight[id] = nil
    }

    /// Removes a recorded temporary folder with its files, and forgets it.
    static func removeFolder(_ id: Int) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let path = foldersInFlight.removeValue(forKey: id) { removeFolderOfFiles(path) }
    }

    /// Unlinks every entry of a folder, the entries of a folder in it first (a review page's
    /// `images/`), then the folder. Links are unlinked, never followed.
    static func removeFolderOfFiles(_ path: String) {
        if let dir = opendir(path) {
            var names: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(dir)
            for name in names where unlink(path + "/" + name) != 0 && (errno == EISDIR || errno == EPERM) {
                removeFolderOfFiles(path + "/" + name)
            }
        }
        rmdir(path)
    }

    /// Renames the temporary file into place (or, when `keep` is false, removes it) and forgets it.
    /// Returns the `errno` of a failed rename, or 0.
    static func finish(_ id: Int, temporary: String, to destination: String, keep: Bool) -> Int32 {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        inFlight[id] = nil
        var failure: Int32 = 0
        if keep && rename(temporary, destination) != 0 { failure = errno }
        if !keep || failure != 0 { unlink(temporary) }
        return failure
    }
}
