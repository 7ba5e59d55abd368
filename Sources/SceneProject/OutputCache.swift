#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import PNGBackend
import SceneCompiler
import SceneIO
#if canImport(Glibc)
    import Glibc
#endif

/// The build cache: each output's bytes kept under a SHA-256 of everything they depend on, so a
/// variant whose inputs have not changed is neither evaluated nor rendered (`scenec build`; README
/// "Incremental builds").
///
/// The key (`key(for:of:)`) covers the scene's bytes and the bytes of every component file it was
/// linked with, the parameter values, the size, the output's format and scale, the layout, scenec's
/// version and build (`ExecutableIdentity`), the renderer's libraries and the pinned fonts (`PNGBackend.rendererIdentity`),
/// the bytes of the project's own fonts (`ProjectFonts.identity`) and every
/// limit (`CompilerLimits`). It holds no path and no time, so the folder can be persisted by CI and
/// shared by shards and machines.
///
/// An entry is a file `FOLDER/ab/abcdef…` (the key) holding a header line, the SHA-256 of the
/// contents, and the contents. It is written atomically (a temporary file renamed into place), so
/// builds writing the same entry at once are safe; an entry whose contents do not match their
/// digest (truncated, corrupted) counts as missing: the output is made again and the entry
/// replaced, and a damaged entry's bytes never reach an output.
///
/// The digest detects damage, not forgery: anyone who can put a file in the folder can put an entry
/// with a right digest next to a forged output. So `build --check` never reads the cache (it
/// compares with a fresh render), and the folder is touched only as `ContainedFolder` allows: a
/// cache folder, a shard folder or an entry that is a symbolic link is never followed (an error
/// for `scenec cache` and a build's check of its cache; a miss for a read).
public struct OutputCache: Sendable {
    /// The folder, as messages name it.
    public var folder: String { location.path }
    /// The folder, walked from the folder the user gave without following a link.
    public let location: ContainedFolder
    /// False with `--check`: entries are read, never written.
    public let writable: Bool
    /// What every key of this process starts with: versions, renderer, fonts, limits.
    let environment: String

    /// The folder used when none is given: beside the outputs, in `DIR/.scenec-cache`.
    public static let defaultName = ".scenec-cache"
    /// Bumped whenever anything that is not in the key changes what scenec makes.
    public static let format = "scenec-build-cache 1"

    /// `executable` tells builds with the same version string apart (`ExecutableIdentity`: the
    /// linker's build id): a developer's rebuild never reuses what the previous build made.
    public init(
        folder: String, limits: CompilerLimits, writable: Bool = true,
        executable: String = ExecutableIdentity.current
    ) {
        self.init(location: ContainedFolder(root: folder), limits: limits, writable: writable, executable: executable)
    }

    /// A cache in `location`: for a default folder below one the user gave (`DIR/.scenec-cache`,
    /// `.git/scenec-cache`), the root is the folder given and the rest is walked without links.
    public init(
        location: ContainedFolder, limits: CompilerLimits, writable: Bool = true,
        executable: String = ExecutableIdentity.current
    ) {
        self.location = location
        self.writable = writable
        self.environment = [
            Self.format, "scenec " + SceneCompiler.version, executable, PNGBackend.rendererIdentity,
            "limits " + String(reflecting: limits),
        ].joined(separator: "\n")
    }

    /// The key of one output of a job.
    public func key(for output: BuildOutput, of job: BuildJob) -> String {
        let appearance = output.appearance
        switch output.format {
        case .svg: return key(of: job, purpose: "format svg", appearance: appearance)
        case .pdf: return key(of: job, purpose: "format pdf", appearance: appearance)
        case .vectorDrawable: return key(of: job, purpose: "format vector-drawable", appearance: appearance)
        case .png(let scale): return key(of: job, purpose: "format png scale \(scale.bitPattern)", appearance: appearance)
        case .data(let bytes): return key(of: job, purpose: "format data \(SHA256.hex(bytes))", appearance: appearance)
        }
    }

    /// The key of anything made of a job's inputs: the environment, how it is written, its size,
    /// parameters and files, and `purpose` (an output's format, or `scenec test`'s comparison with
    /// given references). `scenec build` and `scenec test` key by this one function. A dark output
    /// is keyed by the dark parameter values it is drawn with (the only ones its bytes depend on).
    public func key(of job: BuildJob, purpose: String, appearance: Appearance = .light) -> String {
        var hash = SHA256()
        hash.update(environment)
        hash.update("\nwriting " + String(reflecting: job.writing))
        hash.update("\n" + purpose)
        hash.update("\nsize " + (job.size.map { "\($0.width.bitPattern)x\($0.height.bitPattern)" } ?? "declared"))
        for (name, value) in job.arguments(for: appearance).sorted(by: { $0.key < $1.key }) {
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

    public func path(of key: String) -> String { location.path(relative(key)) }

    /// An entry's path in the folder: `ab/abcdef…`.
    func relative(_ key: String) -> String { String(key.prefix(2)) + "/" + key }

    /// Whether there is an entry (a regular file, reached without a link) for `key`.
    public func has(_ key: String) -> Bool { (try? location.kind(of: relative(key))) == .file }

    /// Checks that the folder, and each shard folder in it, is reached without a link: a command
    /// calls it before using a cache, so that a link is a clear error rather than a miss.
    public func checkFolders() throws(OutputError) {
        try location.checkFolder()
        for entry in try location.entries() ?? [] where entry.name.utf8.count == 2 && entry.kind == .link {
            try location.checkFolder(entry.name)
        }
    }

    private static let header = Array("scenec cache entry\n".utf8)

    /// The bytes kept under `key`, or nil when there are none or the entry is damaged. An entry is
    /// not a source of the build (it is scenec's own earlier output): a damaged one is replaced.
    public func read(_ key: String) -> [UInt8]? {
        guard let file = try? location.read(relative(key), maxBytes: Int(Int32.max)) else { return nil }
        let bytes = file.bytes
        let start = Self.header.count + 65
        guard file.fileSize == bytes.count, bytes.count >= start, bytes.starts(with: Self.header),
            bytes[start - 1] == UInt8(ascii: "\n")
        else { return nil }
        let stored = String(decoding: bytes[Self.header.count..<(start - 1)], as: UTF8.self)
        let contents = bytes[start...]
        guard SHA256.hex(contents) == stored else { return nil }
        // Used now: the entry's modification time is its last use, which `trim` keeps the newest of
        // (as ccache does; access times are not kept on most mounts). A read-only cache stays as is.
        if writable { location.touch(relative(key)) }
        return Array(contents)
    }

    /// Keeps `bytes` under `key`. A failure is not an error of the build (the output was made):
    /// it is returned for the log.
    @discardableResult
    public func store(_ bytes: [UInt8], key: String) -> OutputError? {
        guard writable else { return nil }
        var entry = Self.header
        entry += Array(SHA256.hex(bytes).utf8)
        entry.append(UInt8(ascii: "\n"))
        entry += bytes
        do {
            try location.prepareFile(relative(key))
            // Not flushed: an entry is made again when lost, and its digest finds a damaged one.
            try AtomicFile.write(entry, to: path(of: key), flushed: false)
            return nil
        } catch {
            return error
        }
    }

    /// The default bound of `--cache-max-size`: 1 GiB, about 70 000 of the seed widgets' PNGs.
    public static let defaultMaxBytes = 1 << 30

    /// What `trim`, `prune` and `clear` found and did.
    public struct Trim: Sendable, Equatable {
        public var entries = 0, bytes = 0, removed = 0, removedBytes = 0
        /// Links found where a shard folder or an entry belongs: left alone, reported by `scenec cache`.
        public var links: [String] = []
        public init(entries: Int = 0, bytes: Int = 0, removed: Int = 0, removedBytes: Int = 0, links: [String] = []) {
            (self.entries, self.bytes, self.removed, self.removedBytes) = (entries, bytes, removed, removedBytes)
            self.links = links
        }
    }

    /// One entry on disk, as the listing finds it.
    private struct Entry { let path: String, size: Int, used: Int64, nanoseconds: Int }

    /// Every entry of the folder: only files named as keys (64 characters) in folders named as a
    /// key's first two characters, so that a folder given by mistake loses nothing else. Shard
    /// folders and entries are listed without following a link; `links` gets each link found where
    /// a shard folder or an entry belongs (never followed, never counted).
    private func entries(links: inout [String]) -> [Entry] {
        var entries: [Entry] = []
        for shard in (try? location.entries()) ?? [] where shard.isUTF8 && shard.name.utf8.count == 2 {
            guard shard.kind == .folder else {
                if shard.kind == .link { links.append(location.path(shard.name)) }
                continue
            }
            for file in (try? location.entries(shard.name)) ?? []
            where file.isUTF8 && file.name.utf8.count == 64 && file.name.hasPrefix(shard.name) {
                let relative = shard.name + "/" + file.name
                guard file.kind == .file else {
                    if file.kind == .link { links.append(location.path(relative)) }
                    continue
                }
                var info = stat()
                guard lstat(location.path(relative), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                entries.append(
                    Entry(
                        path: relative, size: Int(info.st_size), used: Int64(info.st_mtim.tv_sec),
                        nanoseconds: info.st_mtim.tv_nsec))
            }
        }
        return entries
    }

    /// How many entries the folder holds and how many bytes they take (`scenec cache`).
    public func usage() -> Trim {
        var links: [String] = []
        let entries = entries(links: &links)
        return Trim(entries: entries.count, bytes: entries.reduce(0) { $0 + $1.size }, links: links)
    }

    /// Keeps the folder within `maxBytes`: when its entries take more, the least recently used ones
    /// are removed until they take at most 80% of it, so that the next builds do not each trim
    /// again (ccache's convention). `maxBytes` 0: no bound.
    @discardableResult
    public func trim(maxBytes: Int) -> Trim {
        guard maxBytes > 0 else { return Trim() }
        return prune(above: maxBytes, downTo: maxBytes / 10 * 8)
    }

    /// When the entries take more than `limit` bytes, removes the least recently used ones (oldest
    /// modification time, ties by name for a deterministic order) until they take at most `target`.
    /// Entries another build is writing at the same moment are renamed into place whole, and a
    /// removed entry is only ever a miss for a build reading it. `scenec cache --max-size` prunes
    /// to the size given, `--clear` to 0.
    @discardableResult
    public func prune(above limit: Int, downTo target: Int) -> Trim {
        var result = Trim()
        guard writable else { return result }
        var entries = entries(links: &result.links)
        result.entries = entries.count
        result.bytes = entries.reduce(0) { $0 + $1.size }
        guard result.bytes > limit else { return result }
        entries.sort { ($0.used, $0.nanoseconds, $0.path) < ($1.used, $1.nanoseconds, $1.path) }
        var left = result.bytes
        for entry in entries where left > target {
            guard (try? location.removeFile(entry.path)) == true else { continue }
            left -= entry.size
            result.removed += 1
            result.removedBytes += entry.size
        }
        // Shard folders left empty go too (rmdir refuses any that still hold something).
        if result.removed > 0 {
            for shard in (try? location.entries()) ?? [] where shard.name.utf8.count == 2 && shard.kind == .folder {
                location.removeFolderIfEmpty(shard.name)
            }
        }
        return result
    }
}
