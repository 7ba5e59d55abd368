#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts a detached POSIX thread with a given stack, in place of Foundation's `Thread`, which
/// FoundationEssentials does not have (scenec links only FoundationEssentials: docs/performance.md).
public enum DetachedThread {
    /// Starts `body` on a new thread with a stack of `stackSize` bytes (0: the system's default).
    /// Returns false, without running `body`, when the system refuses a thread.
    @discardableResult
    public static func start(stackSize: Int = 0, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if stackSize > 0 { pthread_attr_setstacksize(&attributes, stackSize) }
        let box = Unmanaged.passRetained(Body(body))
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let created = pthread_create(
            &thread, &attributes,
            { context in
                let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
                body.run()
                return nil
            }, box.toOpaque())
        if created != 0 { box.release() }
        return created == 0
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
