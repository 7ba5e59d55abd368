#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program and collects what it writes, with `posix_spawn`, `poll` and `waitpid`.
/// Foundation's Process costs tens of milliseconds per child on Linux (it waits for the exit on a
/// polling run loop), and a review asks git several times.
public enum ChildProcess {
    public struct Result: Sendable {
        public let status: Int32
        /// Standard output, at most `limit` bytes (the child is stopped past them).
        public let output: [UInt8]
        public let error: [UInt8]
        /// True when the output was cut at the limit.
        public let truncated: Bool
    }

    public struct LaunchError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// `posix_spawn` of `executable` with `arguments` (argv[0] is the executable) and `environment`
    /// added to the current one, its descriptors arranged by `actions`: the child's pid and 0, or
    /// posix_spawn's error. Shared by `run` and `PipedChild`.
    static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String],
        actions: inout posix_spawn_file_actions_t
    ) -> (pid: pid_t, error: Int32) {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = Self.environment(adding: environment).map { strdup($0) } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        return (pid, error)
    }

    /// Runs `executable` with `arguments` (argv[0] is the executable) and `environment` added to
    /// the current one, standard input from /dev/null.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        limit: Int = 64 << 20
    ) throws(LaunchError) -> Result {
        var out: [Int32] = [0, 0], err: [Int32] = [0, 0]
        guard pipe(&out) == 0 else { throw LaunchError(description: "cannot create a pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&err) == 0 else {
            close(out[0]); close(out[1])
            throw LaunchError(description: "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec: no other child started meanwhile (a review's `git cat-file --batch`) may keep them open.
        for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        for fd in [out[0], out[1], err[0], err[1]] { posix_spawn_file_actions_addclose(&actions, fd) }

        let (pid, spawned) = Self.spawn(executable, arguments, environment: environment, actions: &actions)
        close(out[1])
        close(err[1])
        guard spawned == 0 else {
            close(out[0]); close(err[0])
            throw LaunchError(description: "cannot run \(executable): \(String(cString: strerror(spawned)))")
        }

        var output: [UInt8] = [], error: [UInt8] = []
        var truncated = false
        var fds = [pollfd(fd: out[0], events: Int16(POLLIN), revents: 0), pollfd(fd: err[0], events: Int16(POLLIN), revents: 0)]
        var open = 2
        var chunk = [UInt8](repeating: 0, count: 65536)
        while open > 0 {
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for i in fds.indices where fds[i].fd >= 0 && fds[i].revents != 0 {
                let n = chunk.withUnsafeMutableBytes { read(fds[i].fd, $0.baseAddress!, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    close(fds[i].fd)
                    fds[i].fd = -1
                    open -= 1
                    continue
                }
                if i == 0 {
                    output += chunk[0..<n]
                    if output.count > limit {
                        // Enough: stop the child rather than read what is not wanted.
                        truncated = true
                        output.removeSubrange(limit...)
                        kill(pid, SIGTERM)
                        for j in fds.indices where fds[j].fd >= 0 { close(fds[j].fd); fds[j].fd = -1 }
                        open = 0
                    }
                } else if error.count < 1 << 20 {
                    error += chunk[0..<n]
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7f) == 0
        return Result(
            status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output: output, error: error,
            truncated: truncated)
    }

    /// The current environment with `added` set, as "KEY=VALUE" entries sorted by key.
    static func environment(adding added: [String: String]) -> [String] {
        var merged: [String: String] = [:]
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") { merged[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
            index += 1
        }
        for (key, value) in added { merged[key] = value }
        return merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }
}
