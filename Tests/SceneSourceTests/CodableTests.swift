import Foundation
import SceneSource
import Testing

/// Diagnostics travel as JSON (the preview server, editors): they must survive a round trip, and
/// `LocatedDiagnostic` must carry everything a page needs without a source map of its own.
struct CodableTests {
    static func roundTrip<T: Codable>(_ value: T) throws -> T {
        let data = try JSONEncoder().encode(value)
        return try JSONDecoder().decode(T.self, from: data)
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Two files: a scene and a component it places.
    static func sources() -> SourceMap {
        var map = SourceMap()
        map.add(SourceFile(path: "Scenes/main.scene", text: "<scene width=\"9\" height=\"9\">\n  <let name=\"π\" value=\"nope + 1\"/>\n</scene>\n"))
        map.add(SourceFile(path: "Scenes/part.scene", text: "<scene width=\"9\" height=\"9\">\n\t<rect width=\"w\"/>\n</scene>\n"))
        return map
    }

    @Test func diagnosticsSurviveAJSONRoundTrip() throws {
        let span = SourceSpan(file: FileID(1), start: 44, end: 48)
        let diagnostics: [Diagnostic] = [
            .error(
                .undefinedName, "undefined name 'nope'", at: span, help: "did you mean 'none'?",
                notes: [
                    .init("in component Scenes/part.scene used here", at: SourceSpan(file: FileID(0), start: 3, end: 8)),
                    .init("3 more problems are not shown; fix these first"),
                ]),
            .warning(.drawsNothing, "<rect> draws nothing", at: SourceSpan(file: FileID(0), start: 0, end: 0)),
        ]
        #expect(try Self.roundTrip(diagnostics) == diagnostics)
        #expect(try Self.roundTrip(diagnostics)[0].code.title == "undefined name")
    }

    @Test func codesAreEncodedAsTheirRawValue() throws {
        #expect(try Self.json([DiagnosticCode.undefinedName]) == #"["E0203"]"#)
        let diagnostic = Diagnostic.error(.divisionByZero, "division by zero", at: SourceSpan(file: FileID(2), start: 5, end: 6))
        #expect(
            try Self.json(diagnostic)
                == #"{"code":"E0501","message":"division by zero","notes":[],"severity":"error","span":{"end":6,"file":2,"start":5}}"#)
        // A code from a newer compiler is kept, without a title; anything else is refused.
        let unknown = try JSONDecoder().decode([DiagnosticCode].self, from: Data(#"["E0999"]"#.utf8))
        #expect(unknown.map(\.rawValue) == ["E0999"] && unknown[0].title.isEmpty)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([DiagnosticCode].self, from: Data(#"["undefined"]"#.utf8)) }
        #expect(DiagnosticCode.named("E0203") == .undefinedName)
    }

    @Test func aDecodedSpanIsNeverReversed() throws {
        let span = try JSONDecoder().decode(SourceSpan.self, from: Data(#"{"file": 0, "start": 9, "end": 3}"#.utf8))
        #expect(span == SourceSpan(file: FileID(0), start: 9, end: 9))
    }

    @Test func locatedDiagnosticsResolvePositionsAndSurviveJSON() throws {
        let map = Self.sources()
        // "nope" on line 2 of main.scene, after the two-byte π: columns count scalars.
        let text = map[FileID(0)].bytes
        let nope = try #require(text.indices.first { Array(text[$0...].prefix(4)) == Array("nope".utf8) })
        let diagnostic = Diagnostic.error(
            .undefinedName, "undefined name 'nope'", at: SourceSpan(file: FileID(0), start: nope, end: nope + 4),
            help: "did you mean 'none'?",
            notes: [.init("in component used here", at: SourceSpan(file: FileID(1), start: 31, end: 35)), .init("no place")])
        let located = diagnostic.located(in: map)
        #expect(
            located
                == LocatedDiagnostic(
                    code: "E0203", title: "undefined name", severity: .error, message: "undefined name 'nope'",
                    path: "Scenes/main.scene", line: 2, column: 24, endLine: 2, endColumn: 28,
                    sourceLine: "  <let name=\"π\" value=\"nope + 1\"/>", sourceLineStartColumn: 1, help: "did you mean 'none'?",
                    notes: [
                        .init(message: "in component used here", path: "Scenes/part.scene", line: 2, column: 3),
                        .init(message: "no place"),
                    ]))
        #expect(try Self.roundTrip(located) == located)
        #expect(
            try Self.roundTrip([
                located,
                Diagnostic.warning(
                    .drawsNothing, "<rect> draws nothing",
                    at: SourceSpan(file: FileID(1), start: 31, end: 35)
                ).located(in: map),
            ])
            .map(\.severity) == [.error, .warning])
        let json = try Self.json(located)
        for key in [
            "\"code\":\"E0203\"", "\"title\":\"undefined name\"", "\"severity\":\"error\"", "\"endColumn\":28",
            "\"path\":\"Scenes\\/main.scene\"",
        ] {
            #expect(json.contains(key), "\(json)")
        }
    }

    @Test func aLongSourceLineIsSentAsAWindow() {
        let line = String(repeating: "a", count: 5000) + "BAD" + String(repeating: "b", count: 5000)
        var map = SourceMap()
        map.add(SourceFile(path: "long.scene", text: line))
        let located = Diagnostic.error(
            .unknownElement, String(repeating: "x", count: 2000),
            at: SourceSpan(file: FileID(0), start: 5000, end: 5003)
        ).located(in: map)
        #expect(located.column == 5001 && located.endColumn == 5004)
        #expect(located.sourceLine.count == LocatedDiagnostic.maxSourceLineLength)
        // The window holds the span at the column it says.
        let offset = located.column - located.sourceLineStartColumn
        #expect(Array(located.sourceLine)[offset..<(offset + 3)] == ["B", "A", "D"])
        #expect(located.message.unicodeScalars.count == DiagnosticRenderer.maxMessageLength)
    }
}
