import ArgumentParser
import Foundation
import SceneCompiler

/// Reading scene files from disk and writing outputs; everything else is pure.
enum SceneFiles {
    /// Reads and checks a scene; an unreadable path is a usage error (exit 2).
    static func load(_ path: String) throws -> LoadedScene {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandError("cannot read '\(path)': no such file")
        }
        guard !isDirectory.boolValue else {
            throw CommandError("'\(path)' is a folder; name a .scene file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError("cannot read '\(path)': permission denied or unreadable")
        }
        return SceneCompiler.load(path: path, bytes: [UInt8](data))
    }

    /// Writes text to a file atomically, or to standard output for "-".
    static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
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
