#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts a finished folder in the place of an existing one, so that readers see the old folder or
/// the new one, never a mix: the one folder swap of `AtomicFolder` (asset folders) and the review
/// page's folder. Where the system can, in one step (Linux's `renameat2(RENAME_EXCHANGE)` swaps the
/// two names); elsewhere the old folder is renamed aside first, so for an instant the folder is
/// missing (never half-written).
public enum FolderSwap {
    /// Makes the folder `staging` take the place of the folder `target`; afterwards the name
    /// `staging` holds the old folder, for the caller to remove. Returns 0, or the `errno` of the
    /// step that failed (then `target` is as it was).
    public static func replace(_ target: String, with staging: String) -> Int32 {
        if exchange(staging, target) { return 0 }
        // No atomic exchange: the old folder goes aside, under a name beside the staging folder's.
        let aside = staging + ".old"
        guard rename(target, aside) == 0 else { return errno }
        guard rename(staging, target) == 0 else {
            let error = errno
            rename(aside, target)
            return error
        }
        rename(aside, staging) // the staging name now holds the old folder
        return 0
    }

    /// Swaps two paths in one step (Linux's renameat2 with RENAME_EXCHANGE, found at run time: the C
    /// library declares it only for C code that asks for GNU extensions). False when it is missing
    /// or the file system cannot do it.
    static func exchange(_ a: String, _ b: String) -> Bool {
        #if canImport(Glibc)
            typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32
            guard let symbol = renameat2 else { return false }
            let function = unsafeBitCast(symbol, to: RenameAt2.self)
            let renameExchange: UInt32 = 1 << 1
            return function(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
        #else
            return false
        #endif
    }

    #if canImport(Glibc)
        nonisolated(unsafe) private static let renameat2: UnsafeMutableRawPointer? = dlsym(dlopen(nil, RTLD_NOW), "renameat2")
    #endif
}
