import Foundation
import SceneParser
import SceneSource
import SceneSyntax
import Testing

/// The compiler checks a scene while the parser reads it (`SceneParser.read` into a
/// `SceneChecker`), building no `Element` tree; `SceneParser.parse` builds that tree (the parser's
/// dumps) and `SceneChecker.check` checks a tree. Both roads must say the same: whether the file
/// was read, the parse's diagnostics, the checker's diagnostics (wording, span and order, the cap
/// of 100 included) and the checked tree.
struct CheckingWhileReadingTests {
    static let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The results of the two roads differ nowhere; returns the checker's diagnostics.
    @discardableResult
    func bothRoads(_ bytes: [UInt8], name: String = "test.scene") -> [Diagnostic] {
        let file = SourceFile(path: name, bytes: bytes)
        let (root, treeParse) = SceneParser.parse(file, id: FileID(0))
        let checker = SceneChecker(file: FileID(0))
        let (parsed, parse) = SceneParser.read(file, id: FileID(0), into: checker)
        #expect(parsed == (root != nil), "\(name)")
        #expect(parse == treeParse, "\(name)")
        guard let root, parsed else { return [] }
        let (treeScene, treeCheck) = SceneChecker.check(root, file: FileID(0))
        let (scene, check) = checker.finish()
        #expect(check == treeCheck, "\(name)")
        #expect((scene == nil) == (treeScene == nil), "\(name)")
        #expect(scene?.root == treeScene?.root, "\(name)")
        #expect(scene?.components == treeScene?.components, "\(name)")
        return check
    }

    func bothRoads(_ text: String) -> [Diagnostic] { bothRoads(Array(text.utf8)) }

    @Test func everySceneOfTheRepository() throws {
        var count = 0
        let enumerator = try #require(FileManager.default.enumerator(atPath: Self.packageFolder.path))
        for case let path as String in enumerator where path.hasSuffix(".scene") && !path.hasPrefix(".") {
            let bytes = [UInt8](try Data(contentsOf: Self.packageFolder.appendingPathComponent(path)))
            bothRoads(bytes, name: path)
            count += 1
        }
        #expect(count >= 200)
    }

    @Test func everyFileOfTheFuzzCorpus() throws {
        let folder = Self.packageFolder.appendingPathComponent("Fuzz/corpus")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        for name in names {
            bothRoads([UInt8](try Data(contentsOf: folder.appendingPathComponent(name))), name: name)
        }
        #expect(names.count >= 500)
    }

    /// The order of a walk of the tree: an element's start tag, then its text, its children, then
    /// what needs all of them (a clip's shape, a path's data beside its children), then an
    /// `<else>` that follows no `<if>`, after everything inside it.
    @Test func diagnosticsComeInTheOrderOfTheTree() {
        let diagnostics = bothRoads(
            """
            <scene width="10" height="10" bogus="1">
              <clip opacity="2 +">
                <rect x="(" width="1" height="1"/>
              </clip>
              <path d="M 0 0 Q" fill="red"><move x="1" y="1" fil="red"/></path>
              <else><rect x="1" y="1" width="1" height="1" colour="red"/></else>
              <text x="1" y="1"></text>
              <group><param name="p" default="1"/><blob/></group>
              <oval cx="1" cy="1" r="1"><rect/></oval>
            </scene>
            """)
        let expected: [DiagnosticCode] = [
            .unknownAttribute, // bogus on <scene>: its start tag first
            .unknownAttribute, // opacity on <clip>
            .expressionSyntax, // x="(" inside the clip
            .clipWithoutShape, // once the clip's children are known
            .unknownAttribute, // fil on the <move> inside the path
            .unexpectedChildren, // a path with d takes none: after them
            .pathDataSyntax, // then its data
            .unknownAttribute, // colour inside the <else>
            .elseWithoutIf, // after everything inside the <else>
            .emptyText, // at the end of the <text>
            .misplacedElement, // <param> in a group
            .unknownElement, // <blob>
            .unknownAttribute, .unknownAttribute, .unknownAttribute, // cx, cy, r on <oval>
            .missingAttribute, .missingAttribute, // its width and height
            .unexpectedChildren, // <oval> takes no children
        ]
        #expect(diagnostics.map(\.code) == expected)
    }

    /// The checker keeps 100 problems and counts the rest, on both roads alike.
    @Test func theCapOfOneHundredProblems() {
        let body = (0..<150).map { "<blob\($0)/>" }.joined()
        let diagnostics = bothRoads("<scene width=\"1\" height=\"1\">\(body)</scene>")
        #expect(diagnostics.count == SceneChecker.maxDiagnostics)
        #expect(diagnostics.last?.notes.last?.message == "50 more problems are not shown; fix these first")
    }

    /// A wrong root is the one problem, whatever is inside it.
    @Test func aWrongRootIsTheOneProblem() {
        let diagnostics = bothRoads("<svg width=\"1\"><blob/><rect/></svg>")
        #expect(diagnostics.map(\.code) == [.wrongRoot])
    }

    /// Elements nested past the limit are left out of the tree, and so out of the check; a file the
    /// parser cannot read is not checked at all; content the parser refused (and reported) is not
    /// also missing content.
    @Test func whatTheParserLeavesOutIsNotChecked() {
        let deep = String(repeating: "<group>", count: 70) + String(repeating: "</group>", count: 70)
        #expect(bothRoads("<scene width=\"1\" height=\"1\">\(deep)<blob/></scene>").map(\.code) == [.unknownElement])
        #expect(bothRoads("<scene width=\"1\" height=\"1\"><blob/>").isEmpty)
        #expect(bothRoads("<scene width=\"1\" height=\"1\"><text x=\"1\" y=\"1\">a<!-- c -->b</text></scene>").isEmpty)
        #expect(bothRoads("<scene width=\"1\" height=\"1\"><text x=\"1\" y=\"1\"><!-- c --></text></scene>").map(\.code) == [.emptyText])
    }
}
