#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to a pipe whose reader is a child process scenec started (git cat-file). If that child
/// dies, the kernel sends SIGPIPE to the writer, which would end scenec without a word in the middle
/// of a review; here the signal is blocked on this thread for the write, the failure comes back as
/// `false`, and a SIGPIPE the write raised is taken off the pending set before the mask is restored.
/// (Standard output keeps the Unix convention — a closed pipe ends the process — see StandardStream.)
public enum PipeWrite {
    /// Writes all of `bytes` to `descriptor`; false when the reader is gone or the write fails.
    public static func all(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var pipeOnly = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeOnly)
        sigaddset(&pipeOnly, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeOnly, &previous)
        // A SIGPIPE already pending for this thread before the write is not ours to consume.
        var pendingBefore = sigset_t()
        sigpending(&pendingBefore)
        let alreadyPending = sigismember(&pendingBefore, SIGPIPE) == 1
        var written = 0, failed = false, brokenPipe = false
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { failed = true; brokenPipe = errno == EPIPE; break }
                written += n
            }
        }
        if brokenPipe && !alreadyPending {
            var zero = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&pipeOnly, nil, &zero)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return !failed
    }
}
