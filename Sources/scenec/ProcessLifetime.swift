/// Values a command made that the process keeps until it exits, instead of freeing them when the
/// command returns: `main` exits right after, and the system takes the memory back at once.
/// Freeing a display list of a million shapes object by object (each item's path, paint and
/// origin chain) is work for nothing and touches every page of it again (compilers do the same:
/// clang's `-disable-free`; docs/performance.md, "Measurements behind the code").
enum ProcessLifetime {
    private final class Kept {
        let value: Any
        init(_ value: Any) { self.value = value }
    }

    /// Keeps `value` until the process exits: one retain never released.
    static func keep(_ value: Any) {
        _ = Unmanaged.passRetained(Kept(value))
    }
}
