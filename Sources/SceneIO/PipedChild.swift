#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A long-running child process fed through a pipe on its standard input and read through one on
/// its standard output (standard error to /dev/null), started with `posix_spawn` in place of
/// Foundation's Process, which FoundationEssentials does not have. The owner writes with
/// `PipeWrite` (a child that died must not end scenec by SIGPIPE), reads `output`, and calls
/// `finish()` once.
public struct PipedChild: Sendable {
    public let pid: pid_t
    /// The child's standard input, to write to.
    public let input: Int32
    /// The child's standard output, to read from.
    public let output: Int32

    /// Starts `executable` with `arguments` and `environment` added to the current one; nil when
    /// it cannot be started.
    public static func start(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) -> PipedChild? {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0 else { return nil }
        guard pipe(&fromChild) == 0 else {
            close(toChild[0]); close(toChild[1])
            return nil
        }
        // Close-on-exec: no other child started meanwhile may keep these pipes open.
        for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let (pid, spawned) = ChildProcess.spawn(executable, arguments, environment: environment, actions: &actions)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1]); close(fromChild[0])
            return nil
        }
        return PipedChild(pid: pid, input: toChild[1], output: fromChild[0])
    }

    /// Stops the child (SIGTERM) without waiting; `finish` still has to be called.
    public func terminate() { kill(pid, SIGTERM) }

    /// Closes both pipes, stops the child and reaps it.
    public func finish() {
        close(input)
        close(output)
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}
