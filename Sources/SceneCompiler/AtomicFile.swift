#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that readers see either the old content or the new, never a part: the bytes
/// go to a temporary file in the same folder, are flushed, and are renamed into place.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        let directory: String
        let name: String
        if let slash = path.lastIndex(of: "/") {
            directory = String(path[..<slash]).isEmpty ? "/" : String(path[..<slash])
            name = String(path[path.index(after: slash)...])
        } else {
            directory = "."
            name = path
        }
        guard !name.isEmpty else { throw WriteError(description: "'\(path)' names a folder, not a file") }
        var template = Array("\(directory)/.\(name).scenec-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw WriteError(description: "cannot write in '\(directory)': \(String(cString: strerror(errno)))")
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = true
        var message = ""
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc_write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    ok = false
                    message = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if ok && fsync(fd) != 0 { ok = false; message = String(cString: strerror(errno)) }
        // Readable like a normal new file (mkstemp creates it 0600).
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
        close(fd)
        if ok && rename(temporary, path) != 0 { ok = false; message = String(cString: strerror(errno)) }
        if !ok {
            unlink(temporary)
            throw WriteError(description: "cannot write '\(path)': \(message)")
        }
    }
}

private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
