import DisplayList
import Foundation
import SceneCompiler
import SceneDiff
import Testing

/// Edits a reviewer makes to real scenes, compiled on both sides and compared: each edit is
/// reported as what it is, at its source line, and edits elsewhere in the file change nothing.
struct SceneEditTests {
    static let counter = try! String(
        contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenes/counter.scene").path,
        encoding: .utf8)

    func compare(_ old: String, _ new: String, set: [String] = []) throws -> StructuralReport {
        let compiler = SceneCompiler()
        let a = compiler.load(path: "counter.scene", bytes: Array(old.utf8))
        let b = compiler.load(path: "counter.scene", bytes: Array(new.utf8))
        let x = try #require(compiler.compile(a, arguments: try compiler.arguments(set, for: a)).list)
        let y = try #require(compiler.compile(b, arguments: try compiler.arguments(set, for: b)).list)
        return StructuralDiff().compare(x, y, oldSources: a.sources, newSources: b.sources)
    }

    /// The line (1-based) of the first occurrence of `text`.
    func line(of text: String, in scene: String) -> Int {
        let before = scene.components(separatedBy: text)[0]
        return before.filter { $0 == "\n" }.count + 1
    }

    @Test func aCommentAboveEverythingChangesNothing() throws {
        let edited = Self.counter.replacingOccurrences(of: "<scene ", with: "<!-- a note\nover two lines -->\n<scene ")
        let report = try compare(Self.counter, edited)
        #expect(report.isEmpty, "\(report.changes)")
    }

    @Test func insertingAnElementIsOneAddedOperationAtItsLine() throws {
        // A new shape as the first drawing element: later shapes of the same kind shift, nothing else is reported.
        let marker = "<let "
        let insertion = "<oval x=\"1\" y=\"1\" width=\"4\" height=\"4\" fill=\"red\"/>\n  "
        let edited = Self.counter.replacingOccurrences(of: marker, with: insertion + marker, options: [], range: Self.counter.range(of: marker))
        let report = try compare(Self.counter, edited, set: ["counter=3"])
        #expect(report.changes.count == 1, "\(report.changes)")
        let change = try #require(report.changes.first)
        #expect(change.kind == .added)
        #expect(change.new?.element == "oval")
        #expect(change.new?.location?.line == line(of: "<oval x=\"1\"", in: edited))
    }

    @Test func aColorChangeIsOneChangeNamingTheFieldAndBothLines() throws {
        let edited = Self.counter.replacingOccurrences(of: "rgb(87, 218, 213)", with: "rgb(200, 30, 30)")
        try #require(edited != Self.counter)
        let report = try compare(Self.counter, edited)
        #expect(report.changes.count == 1, "\(report.changes)")
        let change = try #require(report.changes.first)
        #expect(change.kind == .changed)
        #expect(change.fields.map(\.field) == ["paint"])
        #expect(change.fields.first?.new == "#c81e1eff")
        #expect(change.old?.location?.file == "counter.scene")
    }

    @Test func originsStayWhenLinesMove() throws {
        let compiler = SceneCompiler()
        let a = compiler.load(path: "c.scene", bytes: Array(Self.counter.utf8))
        let b = compiler.load(
            path: "c.scene",
            bytes: Array(
                Self.counter.replacingOccurrences(
                    of: "<let name=\"noOfGlasses\"", with: "\n\n\n  <let name=\"noOfGlasses\""
                ).utf8))
        let x = try #require(compiler.compile(a).list), y = try #require(compiler.compile(b).list)
        func origins(_ items: [DisplayItem]) -> [String] {
            items.flatMap { item -> [String] in
                switch item {
                case .fill(let f): return [f.origin?.description ?? "-"]
                case .stroke(let s): return [s.origin?.description ?? "-"]
                case .group(let g): return [g.origin?.description ?? "-"] + origins(g.items)
                case .clip(let c): return [c.origin?.description ?? "-"] + origins(c.items)
                case .paint(let p): return [p.origin?.description ?? "-"]
                case .text(let t): return [t.origin?.description ?? "-"]
                case .layer(let l): return [l.origin?.description ?? "-"] + origins(l.items)
                case .mask(let m): return [m.origin?.description ?? "-"] + origins(m.children)
                }
            }
        }
        #expect(origins(x.items) == origins(y.items))
        #expect(!origins(x.items).contains("-"))
        // Loop iterations have an identity of their own.
        #expect(origins(x.items).contains { $0.contains("[i=3]") }, "\(origins(x.items))")
    }

    @Test func eachSideCarriesTheTextOfItsSourceLine() throws {
        // The arc moves down two lines and gets another width: each side names its own line's text.
        let edited = Self.counter.replacingOccurrences(of: "  <!-- 5-6:", with: "\n\n  <!-- 5-6:")
            .replacingOccurrences(of: "lineWidth=\"arcWidth\"", with: "lineWidth=\"arcWidth - 1\"")
        let report = try compare(Self.counter, edited)
        let change = try #require(report.changes.first { $0.old?.element == "arc" })
        let text = "<arc cx=\"centerX\" cy=\"centerY\" radius=\"radius/2 - arcWidth/2\""
        #expect(change.old?.sourceLine == text)
        #expect(change.new?.sourceLine == text)
        #expect(change.new?.location?.line == (change.old?.location?.line ?? 0) + 2)
        // Without sources, neither a location nor a line.
        let compiler = SceneCompiler()
        let a = compiler.load(path: "c.scene", bytes: Array(Self.counter.utf8))
        let b = compiler.load(path: "c.scene", bytes: Array(edited.utf8))
        let bare = StructuralDiff().compare(try #require(compiler.compile(a).list), try #require(compiler.compile(b).list))
        #expect(bare.changes.allSatisfy { $0.old?.sourceLine == nil && $0.new?.sourceLine == nil })
    }

    @Test func aVeryLongSourceLineIsCut() throws {
        let padding = String(repeating: " ", count: 500)
        let edited = Self.counter.replacingOccurrences(of: "stroke=\"counterColor\"", with: "stroke=\"red\"")
            .replacingOccurrences(
                of: "<arc cx=\"centerX\" cy=\"centerY\" radius=\"radius/2",
                with: "<arc cx=\"centerX\"\(padding) cy=\"centerY\" radius=\"radius/2")
        let report = try compare(Self.counter, edited)
        let line = try #require(report.changes.first?.new?.sourceLine)
        #expect(line.count == SourceLocation.maxLineText + 1)
        #expect(line.hasPrefix("<arc cx=\"centerX\"  ") && line.hasSuffix("…"))
    }
}
