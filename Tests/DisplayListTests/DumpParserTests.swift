import DisplayList
import Foundation
import Testing

/// The dump parser reads back exactly what the dump writes: every golden and fixture dump of the
/// test suite parses, and dumping the result gives the same bytes.
struct DumpParserTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    static var dumps: [String] {
        ["SceneCompilerTests/Golden", "SceneCompilerTests/Fixtures"].flatMap { folder -> [String] in
            let path = tests.appendingPathComponent(folder).path
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.filter { $0.hasSuffix(".dump") }.sorted().map { path + "/" + $0 }
        }
    }

    @Test func thereAreDumpsToReadBack() {
        #expect(Self.dumps.count >= 20, "\(Self.dumps.count) dumps found")
    }

    @Test(arguments: dumps)
    func everyDumpRoundTrips(_ path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let list = try DisplayListDumpParser.parse(text)
        #expect(DisplayListDump().render(list) == text)
    }

    @Test func locationsAreSkipped() throws {
        let list = try DisplayListDumpParser.parse("scene 10 10\n  paint #000000ff @3:4\n  paint #ff000080 @part.scene:1:2\n")
        #expect(list.items.count == 2)
    }

    @Test func mistakesNameTheirLine() {
        let cases: [(String, DisplayListDumpParser.Problem)] = [
            ("", .init(line: 1, message: "the dump is empty")),
            ("scene 10\n", .init(line: 1, message: "expected a number, found ''")),
            ("scene 10 10\n  blur 3\n", .init(line: 2, message: "unknown operation 'blur'")),
            ("scene 10 10\n  group matrix(1 0 0 1 0 0)\n    paint #000000ff\n", .init(line: 3, message: "missing 'end group'")),
            ("scene 10 10\n  fill #zz0000ff path Z\n", .init(line: 2, message: "expected a color such as #57dad5ff, found '#zz0000ff'")),
            ("scene 10 10\n  stroke #000000ff width=1 path Y 1 2\n", .init(line: 2, message: "unknown path segment 'Y'")),
            ("scene 10 10\n  text \"open at 1 2\n", .init(line: 2, message: "unfinished string")),
            ("scene 10 10\n   paint #000000ff\n", .init(line: 2, message: "unexpected indentation")),
        ]
        for (text, problem) in cases {
            #expect(throws: problem) { try DisplayListDumpParser.parse(text) }
        }
    }
}
