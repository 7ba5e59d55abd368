#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that readers see either the old content or the new, never a part: the bytes
/// go to a temporary file in the same folder (`.NAME.scenec-XXXXXX`), are flushed to disk, and are
/// renamed into place. Whatever happens (a write error, a full disk, an interrupt), the output
/// path keeps its old content or gets the whole new one:
/// - on every error the temporary file is removed before the error is thrown;
/// - SIGINT, SIGTERM and SIGHUP during a write remove the temporary file, then end the process
///   as the signal would have;
/// - only SIGKILL (or a power cut) can leave a temporary file behind, never a partial output.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        try bytes.withUnsafeBytes { try write(buffer: $0, to: path) }
    }

    /// Writes the UTF-8 of `text` without copying it first.
    public static func write(text: String, to path: String) throws {
        var text = text
        try text.withUTF8 { try write(buffer: UnsafeRawBufferPointer($0), to: path) }
    }

    public static func write(buffer: UnsafeRawBufferPointer, to path: String) throws {
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
        InterruptCleanup.install()
        // Signals are held off while the temporary file is created and registered, so a signal
        // handler never misses a file that exists.
        let fd = InterruptCleanup.blockingSignals { () -> Int32 in
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if fd >= 0 { template.withUnsafeBufferPointer { InterruptCleanup.register($0.baseAddress!) } }
            return fd
        }
        guard fd >= 0 else {
            throw WriteError(description: "cannot write in '\(directory)': \(String(cString: strerror(errno)))")
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = true
        var message = ""
        var offset = 0
        while offset < buffer.count {
            let written = Glibc_write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                ok = false
                message = String(cString: strerror(errno))
                break
            }
            offset += written
        }
        if ok && fsync(fd) != 0 { ok = false; message = String(cString: strerror(errno)) }
        // Readable like a normal new file (mkstemp creates it 0600).
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
        if close(fd) != 0 && ok { ok = false; message = String(cString: strerror(errno)) }
        InterruptCleanup.blockingSignals {
            if ok && rename(temporary, path) != 0 { ok = false; message = String(cString: strerror(errno)) }
            if !ok { unlink(temporary) }
            InterruptCleanup.unregister()
        }
        if !ok {
            throw WriteError(description: "cannot write '\(path)': \(message)")
        }
    }
}

private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// The temporary file being written, removed by a signal handler if the process is interrupted.
/// Only async-signal-safe calls happen in the handler (unlink, signal, raise); the path lives in a
/// fixed C buffer that is only changed while the signals are blocked.
private enum InterruptCleanup {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    nonisolated(unsafe) static let path = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
    nonisolated(unsafe) static var active: Int32 = 0
    private static let installed: Bool = {
        path.initialize(repeating: 0, count: Int(PATH_MAX) + 1)
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                if InterruptCleanup.active != 0 { unlink(InterruptCleanup.path) }
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            var previous = sigaction()
            sigaction(signal, nil, &previous)
            // Leave alone a signal the process ignores (nohup) or handles itself.
            if previous.__sigaction_handler.sa_handler == nil {  // SIG_DFL
                sigaction(signal, &action, nil)
            }
        }
        return true
    }()

    static func install() { _ = installed }

    static func register(_ temporary: UnsafePointer<CChar>) {
        let length = strlen(temporary)
        guard length <= Int(PATH_MAX) else { return }
        memcpy(path, temporary, length + 1)
        active = 1
    }

    static func unregister() { active = 0 }

    static func blockingSignals<T>(_ body: () throws -> T) rethrows -> T {
        var set = sigset_t(), old = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        return try body()
    }
}
