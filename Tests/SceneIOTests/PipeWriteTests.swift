#if canImport(Glibc)
    import Glibc
#endif
import SceneIO
import Testing

/// A child that dies while scenec writes to it must not take scenec down with SIGPIPE.
struct PipeWriteTests {
    @Test func writingToAPipeWithoutAReaderFailsInsteadOfKillingTheProcess() {
        // Under the default disposition an unblocked SIGPIPE would end this test process, so the
        // test fails by dying if the signal is not blocked; restored afterwards.
        var defaultAction = sigaction(), previous = sigaction()
        defaultAction.__sigaction_handler.sa_handler = SIG_DFL
        sigaction(SIGPIPE, &defaultAction, &previous)
        defer { sigaction(SIGPIPE, &previous, nil) }

        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        #expect(PipeWrite.all(Array("object\n".utf8), to: ends[1]) == false)
        close(ends[1])

        var pending = sigset_t()
        sigpending(&pending)
        #expect(sigismember(&pending, SIGPIPE) == 0, "the SIGPIPE the write raised was consumed")
        var mask = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &mask)
        #expect(sigismember(&mask, SIGPIPE) == 0, "the thread's signal mask is restored")
    }

    @Test func aLiveReaderGetsEveryByte() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let bytes = Array("0123456789abcdef0123456789abcdef\n".utf8)
        #expect(PipeWrite.all(bytes, to: ends[1]))
        close(ends[1])
        var received = [UInt8](repeating: 0, count: 64)
        let n = read(ends[0], &received, 64)
        close(ends[0])
        #expect(Array(received.prefix(max(0, n))) == bytes)
    }
}
