import SceneCompiler
import SceneIO

/// Where a command's result goes: a file, replaced atomically, or standard output for "-".
/// A file that is one of the scene's own inputs (the scene, a component it uses) is never
/// overwritten, however the output path spells it (links, `..`): a mistyped `-o` must not
/// destroy the source.
enum Output {
    static func write(_ text: String, to path: String, protecting loaded: LoadedScene) throws {
        if path == "-" { return try Console.output(text) }
        try refuseInput(path, loaded)
        do {
            try AtomicFile.write(text: text, to: path)
        } catch {
            Console.error("scenec: error: \(error.description)\n")
            throw CommandFailure()
        }
    }

    /// What `produce` hands to its `emit`, piece by piece (a large SVG is never held whole).
    static func write(
        to path: String, protecting loaded: LoadedScene,
        producing produce: (_ emit: (UnsafeRawBufferPointer) -> Void) -> Void
    ) throws {
        if path == "-" {
            var failure: Error?
            produce { buffer in
                guard failure == nil else { return }
                do { try Console.output(Array(buffer)) } catch { failure = error }
            }
            if let failure { throw failure }
            return
        }
        try refuseInput(path, loaded)
        do {
            try AtomicFile.write(to: path, producing: produce)
        } catch {
            Console.error("scenec: error: \(error.description)\n")
            throw CommandFailure()
        }
    }

    static func write(_ bytes: [UInt8], to path: String, protecting loaded: LoadedScene) throws {
        if path == "-" { return try Console.output(bytes) }
        try refuseInput(path, loaded)
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            Console.error("scenec: error: \(error.description)\n")
            throw CommandFailure()
        }
    }

    /// An output that belongs to no single scene (a diff image).
    static func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            Console.error("scenec: error: \(error.description)\n")
            throw CommandFailure()
        }
    }

    private static func refuseInput(_ path: String, _ loaded: LoadedScene) throws {
        guard let target = FileIdentity.of(path) else { return }
        for (index, input) in loaded.files.enumerated() where FileIdentity.of(input) == target {
            let what = index == 0 ? "the scene being compiled" : "a component the scene uses"
            // Exit status 1 like any output that cannot be made (the command line itself is valid).
            Console.error(
                "scenec: error: the output '\(path)' is \(input), \(what); it would be overwritten\n"
                    + "help: write the output to another file, such as -o \(FilePath.baseName(of: loaded.path, dropping: ".scene")).svg\n")
            throw CommandFailure()
        }
    }
}
