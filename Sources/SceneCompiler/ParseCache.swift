import SceneParser
import SceneSource
import SceneSyntax
import Synchronization

/// Parsed and checked scene files kept between loads, keyed by path and content: a long-lived
/// process (the preview server) loads the same scenes again and again as files change, and with a
/// cache only the files whose bytes changed are parsed again. A command-line run needs none.
///
/// An entry is reused only for the same bytes, parsed under the same limits and as the same file
/// number in the load's source map (the spans of a tree name their file by that number; a scene
/// loads its components in the same order every time, so the numbers repeat). Each path keeps only
/// its latest entry per file number, so the cache holds about one tree per file in use.
public final class ParseCache: Sendable {
    struct Key: Hashable {
        let path: String
        let file: Int
    }

    struct Entry: Sendable {
        let bytes: [UInt8]
        let limits: ParserLimits
        let parsed: ParsedFile
    }

    private let entries = Mutex<[Key: Entry]>([:])
    private let counters = Mutex<(hits: Int, misses: Int)>((0, 0))

    public init() {}

    /// Loads that found their file here, and loads that had to parse it.
    public var hits: Int { counters.withLock { $0.hits } }
    public var misses: Int { counters.withLock { $0.misses } }

    /// Forgets every entry whose path is not in `paths` (files that no longer exist or are no longer used).
    public func retain(only paths: Set<String>) {
        entries.withLock { all in all = all.filter { paths.contains($0.key.path) } }
    }

    /// The number of trees held.
    public var count: Int { entries.withLock { $0.count } }

    /// The parsed and checked file for these bytes, from the cache or made now.
    func parsed(
        _ file: SourceFile, id: FileID, identity: String, limits: ParserLimits,
        parse: () -> ParsedFile
    ) -> ParsedFile {
        let key = Key(path: identity, file: id.index)
        if let entry = entries.withLock({ $0[key] }), entry.limits == limits, entry.bytes == file.bytes {
            counters.withLock { $0.hits += 1 }
            return entry.parsed
        }
        counters.withLock { $0.misses += 1 }
        let made = parse()
        entries.withLock { $0[key] = Entry(bytes: file.bytes, limits: limits, parsed: made) }
        return made
    }
}

/// One file parsed and checked: the tree and what each stage said.
struct ParsedFile: Sendable {
    let parseDiagnostics: [Diagnostic]
    let checked: CheckedScene?
    let checkDiagnostics: [Diagnostic]
    /// Whether the parser produced a tree at all.
    let parsedRoot: Bool

    /// Parses and checks `file` as `id`: the checker reads the parser's elements as they come, so
    /// no tree of them is built. Its problems are kept apart from the parse's, and only when the
    /// parse produced a tree would the checker have run over it (`SceneChecker.check`).
    static func make(_ file: SourceFile, id: FileID, limits: ParserLimits, fileSize: Int? = nil) -> ParsedFile {
        let checker = SceneChecker(file: id)
        let (parsed, parseDiagnostics) = SceneParser.read(file, id: id, limits: limits, fileSize: fileSize, into: checker)
        guard parsed else { return ParsedFile(parseDiagnostics: parseDiagnostics, checked: nil, checkDiagnostics: [], parsedRoot: false) }
        let (checked, checkDiagnostics) = checker.finish()
        return ParsedFile(parseDiagnostics: parseDiagnostics, checked: checked, checkDiagnostics: checkDiagnostics, parsedRoot: true)
    }
}
