import SceneSource

/// The error index, docs/diagnostics.md, as built into the program (`scenec explain CODE` prints
/// its entries). The file is embedded whole and read when first asked for, so the binary, the
/// document and the test that runs its examples all read the same text.
public struct DiagnosticIndex: Sendable {
    /// The text before the first entry: how to read the index.
    public let preface: String
    public let entries: [DiagnosticEntry]

    /// The index built into the program.
    /// The index's test parses the same bytes, so a build whose index does not parse fails its
    /// tests; were one shipped anyway, `explain` would find no entry and say why, never trap.
    public static let builtIn: DiagnosticIndex = {
        do {
            return try DiagnosticIndex(markdown: String(decoding: PackageResources.diagnostics_md, as: UTF8.self))
        } catch {
            return DiagnosticIndex(
                preface: "The built-in diagnostics index could not be read (\(error)); "
                    + "docs/diagnostics.md in scenec's repository has every entry.\n", entries: [])
        }
    }()

    init(preface: String, entries: [DiagnosticEntry]) {
        self.preface = preface
        self.entries = entries
    }

    public init(markdown: String) throws {
        entries = try IndexParser.entries(in: markdown)
        preface = String(markdown.split(separator: "\n## ", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// The entry of a code written as `E0203` or `e0203`.
    public func entry(for code: String) -> DiagnosticEntry? {
        let upper = code.uppercased()
        return entries.first { $0.code == upper }
    }

    /// Codes one edit from what was written (a digit wrong, missing, extra or two swapped), nearest
    /// first, at most five: `E0230` → `E0203`, `E0210`, …
    public func codes(closeTo written: String) -> [String] {
        let upper = written.uppercased()
        guard upper.unicodeScalars.count <= 16 else { return [] }
        return entries.map(\.code).map { ($0, Suggestion.editDistance(upper, $0)) }
            .filter { $0.1 <= 1 }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .prefix(5).map(\.0)
    }

    /// Codes whose title holds every word written (`scenec explain "undefined name"`), in index order.
    public func codes(titled words: String) -> [String] {
        let wanted = words.lowercased().split(separator: " ")
        guard !wanted.isEmpty else { return [] }
        return entries.filter { entry in
            let title = entry.title.lowercased()
            return wanted.allSatisfy { title.contains($0) }
        }.map(\.code)
    }
}
