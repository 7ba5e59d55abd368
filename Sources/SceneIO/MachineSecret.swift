#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A random secret kept in the user's own cache folder, outside every project, for keys that must
/// not be forgeable by whoever can write into a project: a cache folder that came with a
/// repository (committed, or in a pull request) holds entries keyed without it, so none of them is
/// ever taken for one this machine made.
///
/// `$XDG_CACHE_HOME/scenec/secret`, else `$HOME/.cache/scenec/secret`: 32 random bytes as hex,
/// made on first use (mode 0600, created exclusively, never through a link). nil when there is no
/// such folder or it cannot be read or made: callers then trust no cached verdict at all.
public enum MachineSecret {
    /// Read (or made) once per process.
    public static let current: String? = load()

    /// The secret's file, or nil when neither XDG_CACHE_HOME nor HOME is set to an absolute path.
    public static func path(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return FilePath.join(xdg, "scenec/secret") }
        if let home = environment["HOME"], home.hasPrefix("/") { return FilePath.join(home, ".cache/scenec/secret") }
        return nil
    }

    static func load() -> String? {
        var environment: [String: String] = [:]
        for name in ["XDG_CACHE_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        guard let path = path(environment: environment) else { return nil }
        return load(path)
    }

    /// The secret at `path`: read when it is there, made when it is not.
    public static func load(_ path: String) -> String? {
        if let existing = readSecret(path) { return existing }
        let folder = FilePath.parent(of: path)
        makeFolders(folder)
        var bytes = [UInt8](repeating: 0, count: 32)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
        let hex = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        // Written beside, then linked into place: another process making it at the same moment wins or loses whole.
        let temporary = path + ".\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return readSecret(path) }
        let text = Array((hex + "\n").utf8)
        let written = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        defer { unlink(temporary) }
        guard written == text.count else { return nil }
        _ = link(temporary, path)
        return readSecret(path)
    }

    /// 64 hex digits from a regular file that is not a link, or nil.
    static func readSecret(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var buffer = [UInt8](repeating: 0, count: 80)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count >= 64 else { return nil }
        let hex = String(decoding: buffer[0..<64], as: UTF8.self)
        guard hex.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
        else { return nil }
        return hex
    }

    private static func makeFolders(_ folder: String) {
        var current = ""
        for component in folder.split(separator: "/") {
            current += "/" + component
            _ = mkdir(current, 0o700)
        }
    }
}
