#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder scenec writes into (an output folder, a snapshot folder, a cache) and the one way it
/// touches anything below it. The rule, as git and rsync keep it: scenec writes, renames, reads back
/// and deletes only regular files and folders it reaches from the folder it was given without
/// crossing a symbolic link. A committed `Scenes/__snapshots__ → ~/Pictures`, or `out/res` linked to
/// another folder, must not make a build or `--prune` write or delete there.
///
/// - `root` is the folder as the user named it (`-o out`, `--snapshots DIR`, `--cache DIR`, the scenes
///   PATH): it may itself be a link, which is followed, as git follows a work tree's root — the user
///   chose it. Everything below it (`below`, then each path given to a method) is walked one
///   component at a time with `openat(O_NOFOLLOW | O_DIRECTORY)`, and a missing folder is made with
///   `mkdirat` in the folder just opened, so no component is ever resolved through a link.
/// - A link (or a file where a folder belongs) is an error naming it, never skipped in silence.
/// - Deletes (`removeFile`) and reads (`read`) open the last component with `O_NOFOLLOW` in the
///   folder so opened and unlink through that folder's descriptor: nothing outside can go.
/// - Writes check the whole path this way, then write with `AtomicFile` (a temporary file renamed
///   into place, which replaces a name and never writes through it). Another process that swaps a
///   checked folder for a link in the instant between the check and the rename is outside what this
///   guards against (a link committed to a repository or left in a folder is what it is for).
public struct ContainedFolder: Sendable, Hashable {
    /// The folder given (followed when it is a link).
    public let root: String
    /// The folder below `root` this value stands for (`.scenec-cache`, `__snapshots__`), or "".
    public let below: String

    public init(root: String, below: String = "") {
        self.root = root.isEmpty ? "." : root
        self.below = Self.components(below).joined(separator: "/")
    }

    /// The folder's path as messages name it: `root/below`.
    public var path: String { below.isEmpty ? root : FilePath.join(root, below) }

    /// The path of `relative` (a path below this folder) as messages name it.
    public func path(_ relative: String) -> String {
        let parts = Self.components(relative)
        return parts.isEmpty ? path : FilePath.join(path, parts.joined(separator: "/"))
    }

    /// The folder `relative` below this one, under the same root.
    public func folder(_ relative: String) -> ContainedFolder {
        ContainedFolder(root: root, below: below.isEmpty ? relative : below + "/" + relative)
    }

    /// What is at a path, without following a link.
    public enum Kind: Sendable, Equatable {
        case file, folder, link, other
    }

    // MARK: Checking and making folders

    /// Checks the folders from the root down to `relative` (this folder when ""): none may be a
    /// link or a file. A missing one is fine: there is nothing below it to write through.
    public func checkFolder(_ relative: String = "") throws(OutputError) {
        if let fd = try openFolder(relative, create: false) { close(fd) }
    }

    /// Makes the folder `relative` (this folder when "") and every folder on the way, inside the
    /// root and never through a link.
    public func makeFolder(_ relative: String = "") throws(OutputError) {
        if let fd = try openFolder(relative, create: true) { close(fd) }
    }

    /// What is at `relative` (nil: nothing, or a folder on the way is missing). A link on the way is
    /// an error.
    public func kind(of relative: String) throws(OutputError) -> Kind? {
        if Self.components(relative).isEmpty {
            // This folder itself: a folder, or missing (anything else on the way is an error).
            guard let fd = try openFolder("", create: false) else { return nil }
            close(fd)
            return .folder
        }
        let (parent, name) = Self.split(relative)
        guard let fd = try openFolder(parent, create: false) else { return nil }
        defer { close(fd) }
        return Self.kind(at: fd, name)
    }

    // MARK: Writing

    /// Makes the folders of the file `relative` and checks that the file is missing or a regular
    /// file: not a link (which a write would replace, or read through), not a folder.
    public func prepareFile(_ relative: String) throws(OutputError) {
        let (parent, name) = Self.split(relative)
        guard !name.isEmpty, let fd = try openFolder(parent, create: true) else {
            throw OutputError("'\(path(relative))' names a folder, not a file", path: path(relative))
        }
        defer { close(fd) }
        try Self.requireFileOrNothing(at: fd, name, shown: path(relative))
    }

    /// Writes `bytes` to the file `relative` when they changed (`OutputWriter`), after `prepareFile`.
    public func write(_ bytes: [UInt8], to relative: String) throws(OutputError) -> OutputWriter.Outcome {
        try prepareFile(relative)
        return try OutputWriter.write(bytes, to: path(relative))
    }

    /// Writes the folder `relative` as a whole (`AtomicFolder`): its folders are made, and neither
    /// it nor any file named in `files` may be a link.
    public func writeFolder(_ files: [(name: String, bytes: [UInt8])], to relative: String) throws(OutputError) -> [OutputWriter.Outcome] {
        let (parent, name) = Self.split(relative)
        guard let fd = try openFolder(parent, create: true) else {
            throw OutputError("cannot create the folder '\(path(parent))'", path: path(parent))
        }
        defer { close(fd) }
        if let kind = Self.kind(at: fd, name) {
            guard kind == .folder else { throw Self.refusal(path(relative), kind: kind, code: ENOTDIR) }
            let set = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard set >= 0 else { throw Self.refusal(path(relative), kind: Self.kind(at: fd, name), code: errno) }
            defer { close(set) }
            for file in files { try Self.requireFileOrNothing(at: set, file.name, shown: FilePath.join(path(relative), file.name)) }
        }
        return try AtomicFolder.write(files, to: path(relative))
    }

    // MARK: Reading, listing, removing

    /// Reads the file `relative` (at most `maxBytes + 1` bytes, like `InputFile`), opened without
    /// following a link; a link anywhere on the way is refused. The file is scenec's own earlier
    /// output, not a source.
    public func read(_ relative: String, maxBytes: Int) throws(InputError) -> InputFile.Contents {
        let shown = path(relative)
        let (parent, name) = Self.split(relative)
        let folder: Int32?
        do { folder = try openFolder(parent, create: false) } catch {
            throw InputError(.notRegular, error.description, path: error.path, help: error.help)
        }
        guard let folder else { throw InputError(.missing, "cannot read '\(shown)': no such file", path: shown) }
        defer { close(folder) }
        let fd = openat(folder, name, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW)
        guard fd >= 0 else {
            let code = errno
            if Self.kind(at: folder, name) == .link {
                let refusal = Self.refusal(shown, kind: .link, code: code, reading: true)
                throw InputError(.notRegular, refusal.description, path: shown, help: refusal.help)
            }
            throw InputError(errno: code, path: shown)
        }
        defer { close(fd) }
        return try InputFile.read(fd: fd, path: shown, maxBytes: maxBytes, asSource: false)
    }

    /// One name in a folder.
    public struct Entry: Sendable, Equatable {
        /// The name; for one that is not UTF-8, its bytes with each invalid one written `\xFF`.
        public let name: String
        /// False when the name is not UTF-8 (it cannot be named exactly in a message or a manifest).
        public let isUTF8: Bool
        public let kind: Kind?
    }

    /// The names in the folder `relative` (`.` and `..` left out), sorted; nil when it is missing.
    public func entries(_ relative: String = "") throws(OutputError) -> [Entry]? {
        guard let fd = try openFolder(relative, create: false) else { return nil }
        return Self.entries(fd: fd)
    }

    /// The entries of an open folder (the descriptor is taken over and closed).
    static func entries(fd: Int32) -> [Entry] {
        guard let dir = fdopendir(fd) else { close(fd); return [] }
        defer { closedir(dir) }
        var found: [Entry] = []
        while let entry = readdir(dir) {
            let bytes: [UInt8] = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            let text = String(validating: bytes, as: UTF8.self)
            var cName: [CChar] = bytes.map { CChar(bitPattern: $0) }
            cName.append(0)
            let entryKind = cName.withUnsafeBufferPointer { Self.kind(at: dirfd(dir), $0.baseAddress!) }
            found.append(Entry(name: text ?? FileNameText.escaped(bytes), isUTF8: text != nil, kind: entryKind))
        }
        return found.sorted { $0.name < $1.name }
    }

    /// Removes the regular file `relative`, or, with `mayRemove`, only when it accepts the file's
    /// bytes (read whole, at most `maxBytes`; a larger file is kept). A link is never removed nor
    /// followed: it is an error, as is a link on the way. A source of this command (`SourceFiles`)
    /// is never removed. Returns whether the file was removed (false: missing, or refused by
    /// `mayRemove`).
    public func removeFile(
        _ relative: String, maxBytes: Int = 64 << 20,
        when mayRemove: (([UInt8]) -> Bool)? = nil
    ) throws(OutputError) -> Bool {
        let shown = path(relative)
        let (parent, name) = Self.split(relative)
        guard let folder = try openFolder(parent, create: false) else { return false }
        defer { close(folder) }
        let fd = openat(folder, name, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return false }
            throw Self.refusal(shown, kind: Self.kind(at: folder, name), code: code)
        }
        var info = stat()
        let opened = fstat(fd, &info) == 0
        guard opened, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw Self.refusal(shown, kind: opened && (info.st_mode & S_IFMT) == S_IFDIR ? .folder : .other, code: 0)
        }
        if let source = SourceFiles.source(identity: FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))) {
            close(fd)
            throw OutputError("not removing '\(shown)': it is '\(source)', a file this command reads", path: shown)
        }
        if let mayRemove {
            let contents: InputFile.Contents
            do {
                defer { close(fd) }
                do { contents = try InputFile.read(fd: fd, path: shown, maxBytes: maxBytes, asSource: false) } catch {
                    throw OutputError(error.message, path: shown)
                }
            }
            guard contents.fileSize == contents.bytes.count, mayRemove(contents.bytes) else { return false }
        } else {
            close(fd)
        }
        guard unlinkat(folder, name, 0) == 0 else {
            throw OutputError("cannot remove '\(shown)': \(String(cString: strerror(errno)))", path: shown)
        }
        return true
    }

    /// Removes the folder `relative` when it is empty (a folder that holds anything, or a link,
    /// stays). Never this folder itself.
    @discardableResult
    public func removeFolderIfEmpty(_ relative: String) -> Bool {
        let (parent, name) = Self.split(relative)
        guard !name.isEmpty, let folder = try? openFolder(parent, create: false) else { return false }
        defer { close(folder) }
        return unlinkat(folder, name, AT_REMOVEDIR) == 0
    }

    /// Renames the folder `relative` to `newName` in the same folder (never a link, never across
    /// folders). Returns the errno of a failure, or 0.
    public func renameFolder(_ relative: String, to newName: String) throws(OutputError) -> Int32 {
        let (parent, name) = Self.split(relative)
        guard let folder = try openFolder(parent, create: false) else { return ENOENT }
        defer { close(folder) }
        guard let kind = Self.kind(at: folder, name) else { return ENOENT }
        guard kind == .folder else { throw Self.refusal(path(relative), kind: kind, code: ENOTDIR) }
        return renameat(folder, name, folder, newName) == 0 ? 0 : errno
    }

    /// Sets the modification time of the file `relative` to now, without following a link.
    public func touch(_ relative: String) {
        let (parent, name) = Self.split(relative)
        guard let folder = try? openFolder(parent, create: false) else { return }
        defer { close(folder) }
        _ = utimensat(folder, name, nil, AT_SYMLINK_NOFOLLOW)
    }

    // MARK: The walk

    /// Opens the folder `relative` below `path` for reading: the root as given (links followed),
    /// every component below it with `O_NOFOLLOW`. Returns nil when a folder is missing (unless
    /// `create`, which makes it). The caller closes the descriptor.
    func openFolder(_ relative: String, create: Bool) throws(OutputError) -> Int32? {
        var fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd < 0 && errno == ENOENT && create {
            try Self.makeRoot(root)
            fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        if fd < 0 {
            let code = errno
            if code == ENOENT { return nil }
            if code == ENOTDIR {
                throw OutputError("cannot use '\(root)' as a folder: it is a file", path: root, help: "name a folder, or remove the file")
            }
            throw OutputError("cannot open the folder '\(root)': \(String(cString: strerror(code)))", path: root)
        }
        var shown = root
        for part in Self.components(below) + Self.components(relative) {
            shown = FilePath.join(shown, part)
            guard part != ".." else {
                close(fd)
                throw OutputError("'\(shown)' leads out of '\(root)'; scenec writes only inside the folder it was given", path: shown)
            }
            var next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 && errno == ENOENT && create {
                if mkdirat(fd, part, 0o777) != 0 && errno != EEXIST {
                    let code = errno
                    close(fd)
                    throw OutputError("cannot create the folder '\(shown)': \(String(cString: strerror(code)))", path: shown)
                }
                next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            if next < 0 {
                let code = errno
                let kind = Self.kind(at: fd, part)
                close(fd)
                if code == ENOENT && kind == nil { return nil }
                throw Self.refusal(shown, kind: kind, code: code)
            }
            close(fd)
            fd = next
        }
        return fd
    }

    /// The error for something that is not what the walk expected at `shown`.
    static func refusal(_ shown: String, kind: Kind?, code: Int32, reading: Bool = false) -> OutputError {
        switch kind {
        case .link:
            let what = reading ? "reads and writes" : "writes"
            return OutputError(
                "'\(shown)' is a symbolic link; scenec \(what) only inside the folder it was given without following links",
                path: shown,
                help: "replace the link with a real folder or file, or name the folder it leads to on the command line")
        case .file:
            return OutputError("cannot use '\(shown)' as a folder: it is a file", path: shown, help: "remove or rename the file")
        case .folder:
            return OutputError("'\(shown)' is a folder, not a file", path: shown, help: "remove or rename the folder")
        case .other:
            return OutputError(
                "'\(shown)' is not a regular file or folder; scenec writes only files and folders", path: shown,
                help: "remove it")
        case nil:
            return OutputError("cannot open '\(shown)': \(String(cString: strerror(code)))", path: shown)
        }
    }

    /// A file name in an open folder must be missing or a regular file.
    static func requireFileOrNothing(at folder: Int32, _ name: String, shown: String) throws(OutputError) {
        switch kind(at: folder, name) {
        case nil, .file: return
        case let other: throw refusal(shown, kind: other, code: 0)
        }
    }

    static func kind(at folder: Int32, _ name: UnsafePointer<CChar>) -> Kind? {
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        default: return .other
        }
    }

    /// The root and its missing parents, made as the user named them (`mkdir -p`).
    private static func makeRoot(_ root: String) throws(OutputError) {
        var prefix = root.hasPrefix("/") ? "/" : ""
        for part in root.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            if mkdir(prefix, 0o777) != 0 && errno != EEXIST {
                throw OutputError("cannot create the folder '\(prefix)': \(String(cString: strerror(errno)))", path: prefix)
            }
        }
    }

    static func components(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init).filter { $0 != "." }
    }

    /// `a/b/c` → (`a/b`, `c`); `c` → ("", `c`).
    static func split(_ relative: String) -> (parent: String, name: String) {
        let parts = components(relative)
        return (parts.dropLast().joined(separator: "/"), parts.last ?? "")
    }
}

/// File names as text for messages.
public enum FileNameText {
    /// A name's bytes as UTF-8, each byte that is not part of valid UTF-8 written `\xFF`, so a
    /// message can name a file whose name is not UTF-8 without garbling it.
    public static func escaped(_ bytes: [UInt8]) -> String {
        var out = ""
        var index = 0
        while index < bytes.count {
            // The longest valid UTF-8 sequence starting here (1 to 4 bytes), else one escaped byte.
            var taken = false
            for length in 1...4 where index + length <= bytes.count {
                if let text = String(validating: bytes[index..<index + length], as: UTF8.self) {
                    out += text
                    index += length
                    taken = true
                    break
                }
            }
            if !taken {
                out += "\\x" + String(bytes[index], radix: 16, uppercase: true).leftPadded(2)
                index += 1
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
