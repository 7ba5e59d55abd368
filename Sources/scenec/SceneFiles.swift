import ArgumentParser
import Foundation
import SceneCompiler

/// Reading scene files from disk and writing outputs; everything else is pure.
enum SceneFiles {
    /// Reads and checks a scene; an unreadable path is a usage error (exit 2).
    ///
    /// Never reads more than the size limit allows (plus one byte, to know it is over): a huge file,
    /// or a device such as /dev/zero, costs no more memory than a file at the limit.
    static func load(_ path: String, limits: LimitOptions) throws -> LoadedScene {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandError("cannot read '\(path)': no such file")
        }
        guard !isDirectory.boolValue else {
            throw CommandError("'\(path)' is a folder; name a .scene file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CommandError("cannot read '\(path)': permission denied or unreadable")
        }
        defer { try? handle.close() }
        let parserLimits = limits.parser
        let maxBytes = parserLimits.maxBytes
        let data: Data
        do {
            data = try handle.read(upToCount: maxBytes + 1) ?? Data()
        } catch {
            throw CommandError("cannot read '\(path)': \(error.localizedDescription)")
        }
        var fileSize: Int?
        if data.count > maxBytes {
            // Over the limit: say how large the file is when the file system knows.
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let type = attributes?[.type] as? FileAttributeType
            let size = (attributes?[.size] as? NSNumber)?.intValue
            fileSize = type == .typeRegular && size != nil && size! > maxBytes ? size! : Int.max
        }
        return SceneCompiler.load(path: path, bytes: [UInt8](data), limits: limits.evaluation,
                                  parserLimits: parserLimits, fileSize: fileSize)
    }

    /// Writes text to a file atomically, or to standard output for "-".
    static func write(_ text: String, to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try AtomicFile.write(text: text, to: path)
        } catch {
            Terminal.writeError("scenec: error: \(error)\n")
            throw ExitCode(1)
        }
    }

    /// Writes bytes to a file atomically, or to standard output for "-".
    static func write(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            Terminal.writeError("scenec: error: \(error)\n")
            throw ExitCode(1)
        }
    }
}

enum Terminal {
    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
