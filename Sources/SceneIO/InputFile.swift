#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads input files (scenes, components, manifests, references) the one way scenec reads
/// anything: at most a size limit, regular files only.
/// - It never reads more than `maxBytes + 1` bytes, so a huge file costs no more memory than a file
///   at the limit, and the caller still learns that it is over.
/// - It opens without blocking and refuses anything that is not a regular file: a FIFO would block
///   `open` or `read` forever, a device such as /dev/zero never ends, a folder has no bytes.
public enum InputFile {
    /// What was read: the first bytes (at most the limit plus one) and the file's size on disk.
    public struct Contents: Sendable {
        public let bytes: [UInt8]
        /// The size `fstat` reports: more than `bytes.count` when the file is over the limit.
        public let fileSize: Int
        /// The file's device and inode, to tell whether an output would overwrite it.
        public let identity: FileIdentity
    }

    /// `asSource`: the file is a source of the command's outputs (see `SourceFiles`), so no output
    /// may replace it. Only a writer reading back what it wrote (an existing output, an earlier
    /// report or reference image) passes false.
    public static func read(_ path: String, maxBytes: Int, asSource: Bool = true) throws(InputError) -> Contents {
        guard !path.isEmpty else { throw InputError(.missing, "no file name given", path: path) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw InputError(errno: errno, path: path) }
        defer { close(fd) }
        return try read(fd: fd, path: path, maxBytes: maxBytes, asSource: asSource)
    }

    /// The same, from a file already open (`ContainedFolder` opens it without following a link);
    /// `path` names it in messages. The descriptor stays open.
    static func read(fd: Int32, path: String, maxBytes: Int, asSource: Bool) throws(InputError) -> Contents {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw InputError(errno: errno, path: path) }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            if kind == S_IFDIR { throw InputError(.folder, "'\(path)' is a folder, not a file", path: path) }
            throw InputError(
                .notRegular, "'\(path)' is \(describe(kind)), not a regular file; scenec reads only files",
                path: path, help: "save the content to a file and name that file")
        }
        let limit = max(0, maxBytes) + 1
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: min(limit, max(size, 0) + 1))
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw InputError(errno: errno, path: path)
            }
            if n == 0 { break }
            count += n
            // A file that grew while being read: make room, up to the limit.
            if count == bytes.count && bytes.count < limit {
                bytes += [UInt8](repeating: 0, count: min(limit, bytes.count * 2) - bytes.count)
            }
        }
        bytes.removeSubrange(count...)
        let identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        if asSource { SourceFiles.record(identity, path: path) }
        return Contents(bytes: bytes, fileSize: max(size, count), identity: identity)
    }

    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }
}

/// A file on disk, by device and inode: two paths (through links, `..` or other spellings) name
/// the same file exactly when their identities are equal.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    /// The identity of the file at `path` (links followed), or nil when there is none.
    public static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}

/// Why an input file could not be read, in words that say what to do.
public struct InputError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        case missing, folder, notRegular, permission, other
    }

    public let kind: Kind
    public let message: String
    public let help: String?
    public let path: String

    public init(_ kind: Kind, _ message: String, path: String, help: String? = nil) {
        self.kind = kind
        self.message = message
        self.path = path
        self.help = help
    }

    init(errno code: Int32, path: String) {
        switch code {
        case ENOENT, ENOTDIR:
            self.init(.missing, "cannot read '\(path)': no such file", path: path)
        case EACCES, EPERM:
            self.init(.permission, "cannot read '\(path)': permission denied", path: path)
        case EISDIR:
            self.init(.folder, "'\(path)' is a folder, not a file", path: path)
        default:
            self.init(.other, "cannot read '\(path)': \(String(cString: strerror(code)))", path: path)
        }
    }

    public var description: String { message }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
