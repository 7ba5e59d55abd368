#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a file so that readers see either the old content or the new, never a part: the bytes
/// go to a temporary file in the same folder (`.NAME.scenec-XXXXXX`, or `.scenec-XXXXXX` when
/// NAME is so long that the temporary name would pass the file system's 255-byte limit), are
/// flushed to disk, and are renamed into place. Whatever happens (a write error, a full disk, an
/// interrupt), the output path keeps its old content or gets the whole new one:
/// - on every error the temporary file is removed before the error is thrown;
/// - SIGINT, SIGTERM and SIGHUP during writes remove every temporary file being written, on any
///   thread, then end the process as the signal would have (once `InterruptCleanup.install()` ran);
/// - only SIGKILL (or a power cut) can leave a temporary file behind, never a partial output.
public enum AtomicFile {
    /// With `flushed` false the bytes are not flushed to disk before the rename: for a file that is
    /// made again when it is lost and whose damage is detected when it is read (a build cache's
    /// entry, which carries its digest), where a flush per file is most of what writing it costs.
    /// A crash of scenec still leaves the old content or the new; only a power cut can leave it
    /// empty or short.
    public static func write(_ bytes: [UInt8], to path: String, flushed: Bool = true) throws(OutputError) {
        let failure = bytes.withUnsafeBytes { buffer in
            Result { () throws(OutputError) in try write(to: path, flushed: flushed) { emit in emit(buffer) } }
        }
        try failure.get()
    }

    /// Writes the UTF-8 of `text` without copying it first.
    public static func write(text: String, to path: String) throws(OutputError) {
        var text = text
        let failure = text.withUTF8 { utf8 in
            Result { () throws(OutputError) in try write(buffer: UnsafeRawBufferPointer(utf8), to: path) }
        }
        try failure.get()
    }

    /// The longest file name the usual Linux and macOS file systems take, in bytes.
    static let maxNameBytes = 255

    public static func write(buffer: UnsafeRawBufferPointer, to path: String) throws(OutputError) {
        try write(to: path) { emit in emit(buffer) }
    }

    /// Writes what `produce` hands to its `emit`, piece by piece, the same way: a temporary file in
    /// the same folder, flushed and renamed into place only when every piece was written. (For a
    /// large SVG, which is then never held whole in memory.)
    public static func write(
        to path: String, flushed: Bool = true, producing produce: (_ emit: (UnsafeRawBufferPointer) -> Void) -> Void
    )
        throws(OutputError)
    {
        let directory = FilePath.parent(of: path)
        let name = FilePath.fileName(of: path)
        guard !name.isEmpty, !path.hasSuffix("/") else {
            throw OutputError("'\(path)' names a folder, not a file", path: path)
        }
        // Never over a file this command read as a source, whatever the command.
        if let source = SourceFiles.source(at: path) { throw SourceFiles.refusal(path, source: source) }
        let suffix = ".scenec-XXXXXX"
        let hidden = 1 + name.utf8.count + suffix.utf8.count <= maxNameBytes ? "." + name + suffix : suffix
        guard let (id, fd, temporary) = InterruptCleanup.makeTemporary(FilePath.join(directory, hidden)) else {
            throw OutputError("cannot write in '\(directory)': \(String(cString: strerror(errno)))", path: path)
        }
        var ok = true
        var message = ""
        produce { buffer in
            var offset = 0
            while ok && offset < buffer.count {
                let written = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    ok = false
                    message = String(cString: strerror(errno))
                    break
                }
                offset += written
            }
        }
        if ok && flushed && fsync(fd) != 0 { ok = false; message = String(cString: strerror(errno)) }
        // Readable like a normal new file (mkstemp creates it 0600).
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
        if close(fd) != 0 && ok { ok = false; message = String(cString: strerror(errno)) }
        let renameFailure = InterruptCleanup.finish(id, temporary: temporary, to: path, keep: ok)
        if ok && renameFailure != 0 { ok = false; message = String(cString: strerror(renameFailure)) }
        if !ok {
            throw OutputError("cannot write '\(path)': \(message)", path: path)
        }
    }
}

/// Why an output could not be written. Nothing was changed at `path`.
public struct OutputError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public let path: String
    /// What to do about it, when there is more to say than the message.
    public let help: String?
    public init(_ message: String, path: String, help: String? = nil) {
        description = message
        self.path = path
        self.help = help
    }
}

func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
