#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output and standard error, written with `write(2)` so that a full device or a closed
/// stream is an error the caller handles (Foundation's FileHandle traps on them). A closed pipe
/// still ends the process by SIGPIPE, as for other Unix tools.
public enum StandardStream: Sendable {
    case output, error

    var descriptor: Int32 { self == .output ? 1 : 2 }

    /// Writes all of `text`, or throws with the system's reason.
    public func write(_ text: String) throws(OutputError) {
        var text = text
        let failure = text.withUTF8 { utf8 in Result { () throws(OutputError) in try write(UnsafeRawBufferPointer(utf8)) } }
        try failure.get()
    }

    public func write(_ bytes: [UInt8]) throws(OutputError) {
        let failure = bytes.withUnsafeBytes { buffer in Result { () throws(OutputError) in try write(buffer) } }
        try failure.get()
    }

    public func write(_ buffer: UnsafeRawBufferPointer) throws(OutputError) {
        var offset = 0
        while offset < buffer.count {
            let n = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                let name = self == .output ? "standard output" : "standard error"
                throw OutputError("cannot write to \(name): \(String(cString: strerror(errno)))", path: "-")
            }
            offset += n
        }
    }

    /// Opens /dev/null read-only on each of descriptors 0, 1 and 2 that is closed, so that no file
    /// scenec opens later gets one of them (a closed standard error would otherwise receive the
    /// diagnostics into an output file). Read-only: a write to standard output or error still fails
    /// with EBADF, as on the closed descriptor, and is reported as such.
    public static func reserveClosedDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0 && opened != fd { dup2(opened, fd); close(opened) }
        }
    }

    /// Whether the stream is a terminal (for colors and progress bars).
    public var isTerminal: Bool { isatty(descriptor) != 0 }
}
