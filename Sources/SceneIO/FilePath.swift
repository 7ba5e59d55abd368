#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Paths as strings, taken apart and put together without touching the file system (except
/// `absolute`, which asks for the current folder). The one place scenec normalizes paths: the
/// command line, the batch and the component loader all use it, so a path means the same to each.
public enum FilePath {
    /// `a/./b/../c` → `a/c`, `/x/../y` → `/y`. A relative path keeps the `..` that climb above its
    /// start (`../a` stays); an absolute one that climbs above `/` is nil. `""` and `.` give `""`.
    public static func normalize(_ path: String) -> String? {
        // Every load normalizes its scene's path: split by Characters it took about 28 000
        // instructions for a path of five parts (docs/performance.md). An ASCII path's Characters
        // are its bytes, as far as '/' and '.' are concerned, so its bytes give the same answer.
        var bytes = path
        if let normalized = bytes.withUTF8(normalizeASCII) { return normalized }
        return normalizeByCharacters(path)
    }

    /// `normalize` of an ASCII path, by bytes; `.none` when the path is not ASCII (the answer
    /// itself may be nil: an absolute path that climbs above `/`).
    static func normalizeASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String?? {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        for byte in bytes where byte >= 0x80 { return .none }
        let absolute = bytes.first == slash
        var parts: [Range<Int>] = []
        func isDotDot(_ part: Range<Int>) -> Bool { part.count == 2 && bytes[part.lowerBound] == dot && bytes[part.lowerBound + 1] == dot }
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != slash { end += 1 }
            let part = start..<end
            start = end + 1
            if part.isEmpty || (part.count == 1 && bytes[part.lowerBound] == dot) { continue }
            if isDotDot(part) {
                if let last = parts.last, !isDotDot(last) { parts.removeLast(); continue }
                if absolute { return .some(nil) }
            }
            parts.append(part)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 1)
        if absolute { out.append(slash) }
        for (k, part) in parts.enumerated() {
            if k > 0 { out.append(slash) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[part]))
        }
        return .some(String(decoding: out, as: UTF8.self))
    }

    /// `normalize` by Characters: the general road (any path), which the ASCII one must agree with.
    static func normalizeByCharacters(_ path: String) -> String? {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if let last = parts.last, last != ".." { parts.removeLast(); continue }
                if absolute { return nil }
            }
            parts.append(part)
        }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }

    /// The path from `/`, normalized (`..` above `/` stays at `/`), without resolving links.
    public static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : currentFolder() + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The folder of a path as written: `Scenes/flo.scene` → `Scenes`, `flo.scene` → `.`, `/x` → `/`.
    public static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let folder = trimmed[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// The last component: `Scenes/flo.scene` → `flo.scene`.
    public static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `flo.scene` → `flo`: the name without its last extension.
    public static func baseName(of path: String, dropping suffix: String) -> String {
        let name = fileName(of: path)
        return name.hasSuffix(suffix) && name.count > suffix.count ? String(name.dropLast(suffix.count)) : name
    }

    /// `folder/name`; just `name` in `.` (so messages say `scenes.json`, not `./scenes.json`).
    public static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty || folder == "." || folder == "./" { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Whether a normalized path lies inside a normalized folder (or is it). Relative paths are
    /// compared as written: `..` at the start of `path` is outside a relative `folder`.
    public static func isInside(_ path: String, folder: String) -> Bool {
        let climbs = path.split(separator: "/").prefix(while: { $0 == ".." }).count
        if folder.isEmpty || folder == "." { return !path.hasPrefix("/") && climbs == 0 }
        if folder == "/" { return path.hasPrefix("/") }
        return path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// `path` written relative to `folder` when it lies inside it, else nil (both absolute).
    public static func relative(_ path: String, to folder: String) -> String? {
        if path == folder { return "." }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// The path with every link resolved (`realpath`), or nil when it does not exist.
    public static func resolved(_ path: String) -> String? {
        guard let real = realpath(path.isEmpty ? "." : path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    static func currentFolder() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
