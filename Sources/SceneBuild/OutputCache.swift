import Foundation
import PNGBackend
import SceneCompiler
import SceneIO

/// The build cache: each output's bytes kept under a SHA-256 of everything they depend on, so a
/// variant whose inputs have not changed is neither evaluated nor rendered (`scenec build`; README
/// "Incremental builds").
///
/// The key (`key(for:of:)`) covers the scene's bytes and the bytes of every component file it was
/// linked with, the parameter values, the size, the output's format and scale, the layout, scenec's
/// version, the renderer's libraries and the pinned fonts (`PNGBackend.rendererIdentity`), the bytes
/// of the project's own fonts (`ProjectFonts.identity`) and every
/// limit (`CompilerLimits`). It holds no path and no time, so the folder can be persisted by CI and
/// shared by shards and machines.
///
/// An entry is a file `FOLDER/ab/abcdef…` (the key) holding a header line, the SHA-256 of the
/// contents, and the contents. It is written atomically (a temporary file renamed into place), so
/// builds writing the same entry at once are safe; an entry whose contents do not match their
/// digest (truncated, corrupted) counts as missing: the output is made again and the entry
/// replaced, and a damaged entry's bytes never reach an output.
public struct OutputCache: Sendable {
    public let folder: String
    /// False with `--check`: entries are read, never written.
    public let writable: Bool
    /// What every key of this process starts with: versions, renderer, fonts, limits.
    let environment: String

    /// The folder used when none is given: beside the outputs, in `DIR/.scenec-cache`.
    public static let defaultName = ".scenec-cache"
    /// Bumped whenever anything that is not in the key changes what scenec makes.
    public static let format = "scenec-build-cache 1"

    public init(folder: String, limits: CompilerLimits, writable: Bool = true) {
        self.folder = folder
        self.writable = writable
        self.environment = [Self.format, "scenec " + SceneCompiler.version, PNGBackend.rendererIdentity,
                            "limits " + String(reflecting: limits)].joined(separator: "\n")
    }

    /// The key of one output of a job.
    public func key(for output: BuildOutput, of job: BuildJob) -> String {
        var hash = SHA256()
        hash.update(environment)
        hash.update("\nwriting " + String(reflecting: job.writing))
        switch output.format {
        case .svg: hash.update("\nformat svg")
        case .pdf: hash.update("\nformat pdf")
        case .png(let scale): hash.update("\nformat png scale \(scale.bitPattern)")
        case .data(let bytes): hash.update("\nformat data \(SHA256.hex(bytes))")
        }
        hash.update("\nsize " + (job.size.map { "\($0.width.bitPattern)x\($0.height.bitPattern)" } ?? "declared"))
        for (name, value) in job.arguments.sorted(by: { $0.key < $1.key }) {
            hash.update("\nparameter \(name.utf8.count):\(name)=" + String(reflecting: value))
        }
        // The project's fonts (Fonts/): their names and bytes, which decide textWidth and the pixels.
        hash.update("\nfonts " + job.scene.fonts.identity)
        // The scene and its components, in the order they were linked: their bytes, not their paths.
        for file in job.scene.sources.files {
            hash.update("\nfile \(file.bytes.count) ")
            hash.update(file.bytes)
        }
        return hash.hexDigest()
    }

    public func path(of key: String) -> String {
        FilePath.join(FilePath.join(folder, String(key.prefix(2))), key)
    }

    private static let header = Array("scenec cache entry\n".utf8)

    /// The bytes kept under `key`, or nil when there are none or the entry is damaged. An entry is
    /// not a source of the build (it is scenec's own earlier output): a damaged one is replaced.
    public func read(_ key: String) -> [UInt8]? {
        guard let file = try? InputFile.read(path(of: key), maxBytes: Int(Int32.max), asSource: false) else { return nil }
        let bytes = file.bytes
        let start = Self.header.count + 65
        guard file.fileSize == bytes.count, bytes.count >= start, bytes.starts(with: Self.header),
              bytes[start - 1] == UInt8(ascii: "\n") else { return nil }
        let stored = String(decoding: bytes[Self.header.count..<(start - 1)], as: UTF8.self)
        let contents = bytes[start...]
        guard SHA256.hex(contents) == stored else { return nil }
        return Array(contents)
    }

    /// Keeps `bytes` under `key`. A failure is not an error of the build (the output was made):
    /// it is returned for the log.
    @discardableResult
    public func store(_ bytes: [UInt8], key: String) -> OutputError? {
        guard writable else { return nil }
        let target = path(of: key)
        let parent = FilePath.parent(of: target)
        if !FileManager.default.fileExists(atPath: parent) {
            try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        }
        var entry = Self.header
        entry += Array(SHA256.hex(bytes).utf8)
        entry.append(UInt8(ascii: "\n"))
        entry += bytes
        do {
            try AtomicFile.write(entry, to: target)
            return nil
        } catch {
            return error
        }
    }
}
