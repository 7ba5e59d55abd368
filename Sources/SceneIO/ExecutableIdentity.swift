#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What tells this build of the running program from any other, for keys of cached outputs: two
/// developer builds with the same version string must not share entries.
///
/// On Linux, the GNU build id the linker writes into the executable (a hash of its contents; the
/// same for a reproducible build of the same sources, so CI's caches still hit): a few hundred bytes
/// read from the ELF headers once per process, where hashing the whole executable would read all of
/// it (docs/performance.md, "Measurements behind the code"). Where there is no build id,
/// the executable's size and modification time (any rebuild changes them).
public enum ExecutableIdentity {
    /// Computed once per process.
    public static let current: String = compute()

    static func compute() -> String {
        #if os(Linux)
            let path = "/proc/self/exe"
            if let id = buildID(path) { return "build-id " + id }
        #else
            let path = CommandLine.arguments.first ?? ""
        #endif
        var info = stat()
        guard stat(path, &info) == 0 else { return "unknown executable" }
        #if os(Linux)
            let modified = info.st_mtim
        #else
            let modified = info.st_mtimespec
        #endif
        return "executable size \(info.st_size) modified \(modified.tv_sec).\(modified.tv_nsec)"
    }

    /// The hex of the NT_GNU_BUILD_ID note of an ELF64 little-endian file, or nil.
    public static func buildID(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        func read(_ offset: Int, _ count: Int) -> [UInt8]? {
            guard count > 0, count <= 1 << 16 else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return got == count ? bytes : nil
        }
        func integer(_ bytes: [UInt8], _ at: Int, _ size: Int) -> Int {
            (0..<size).reversed().reduce(0) { $0 << 8 | Int(bytes[at + $1]) }
        }
        // ELF magic, 64-bit, little-endian.
        guard let header = read(0, 64), header[0..<4] == [0x7f, 0x45, 0x4c, 0x46], header[4] == 2, header[5] == 1 else {
            return nil
        }
        let tableOffset = integer(header, 32, 8), entrySize = integer(header, 54, 2), count = integer(header, 56, 2)
        guard entrySize >= 56, count <= 256, let table = read(tableOffset, entrySize * count) else { return nil }
        for index in 0..<count {
            let entry = index * entrySize
            guard integer(table, entry, 4) == 4 else { continue } // PT_NOTE
            guard let notes = read(integer(table, entry + 8, 8), integer(table, entry + 32, 8)) else { continue }
            var at = 0
            while at + 12 <= notes.count {
                let nameSize = integer(notes, at, 4), descSize = integer(notes, at + 4, 4), type = integer(notes, at + 8, 4)
                let name = at + 12, desc = name + (nameSize + 3) / 4 * 4
                guard desc + descSize <= notes.count else { break }
                if type == 3, nameSize == 4, notes[name..<name + 4] == [0x47, 0x4e, 0x55, 0] { // NT_GNU_BUILD_ID, "GNU"
                    return notes[desc..<desc + descSize].map { String($0, radix: 16).leftPadded() }.joined()
                }
                at = desc + (descSize + 3) / 4 * 4
            }
        }
        return nil
    }
}

private extension String {
    func leftPadded() -> String { count == 1 ? "0" + self : self }
}
