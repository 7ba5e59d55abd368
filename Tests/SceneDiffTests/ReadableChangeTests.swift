import DisplayList
import Foundation
import SceneCompiler
@testable import SceneDiff
import SceneProject
import Testing

/// How a change reads to a reviewer (issue 27): located at the attribute that was edited, loop
/// instances told apart, geometry as what the shape is, colors in one notation.
struct ReadableChangeTests {
    /// Both sides compiled and compared as `scenec diff` does (structure only).
    func review(_ old: String, _ new: String) throws -> VariantDiff {
        let compiler = SceneCompiler()
        func job(_ text: String) -> BuildJobStandIn {
            BuildJobStandIn(scene: compiler.load(path: "card.scene", bytes: Array(text.utf8)))
        }
        let a = job(old), b = job(new)
        var options = ReviewOptions()
        options.pixels = false
        let comparer = VariantComparer(compiler: compiler, options: options, pixelComparison: nil)
        return comparer.compare(VariantPair(name: "card", old: a.job, new: b.job, reasons: []))
            .diff
    }

    func changes(_ old: String, _ new: String) throws -> [OperationChange] {
        let diff = try review(old, new)
        return try #require(diff.structural, "\(diff.status): \(diff.newDiagnostics)").changes
    }

    /// A fill edited on an element's second line: each side is located at the fill's value, on
    /// the line that changed, not at the element's first line.
    @Test func anEditOnAnElementsSecondLineIsLocatedThere() throws {
        let old = """
            <scene width="40" height="40">
              <rect x="2" y="2" width="30" height="20"
                    fill="white" stroke="black"/>
            </scene>
            """
        let new = old.replacingOccurrences(of: "fill=\"white\"", with: "fill=\"#e6e6e6\"")
        let found = try changes(old, new)
        let change = try #require(found.first { $0.kind == .changed && $0.new?.operation == "fill" }, "\(found)")
        #expect(change.new?.location?.line == 3, "\(String(describing: change.new?.location))")
        #expect(change.new?.location?.column == 15)
        #expect(change.old?.location?.line == 3)
        #expect(change.new?.sourceLine == "fill=\"#e6e6e6\" stroke=\"black\"/>")
        #expect(change.old?.sourceLine == "fill=\"white\" stroke=\"black\"/>")
        #expect(change.new?.attribute == "fill")
        // The review text shows the edited line's location on each side.
        let text = ReviewText(color: false).render(
            ReviewResult(
                oldLabel: "a", newLabel: "b", variants: [try review(old, new)],
                oldProblems: [], newProblems: []))
        #expect(text.contains("card.scene:3:15 → card.scene:3:15"), "\(text)")
    }

    /// A change that comes through a variable, not an attribute of the element, stays at the element.
    @Test func aChangeThroughAVariableStaysAtTheElement() throws {
        let old = """
            <scene width="40" height="40">
              <let name="c" value="white"/>
              <rect x="2" y="2" width="30" height="20"
                    fill="c"/>
            </scene>
            """
        let new = old.replacingOccurrences(of: "value=\"white\"", with: "value=\"red\"")
        let change = try #require(try changes(old, new).first)
        #expect(change.new?.location?.line == 3)
        #expect(change.new?.attribute == nil)
    }

    /// Three iterations of one loop change alike: each says which iteration it is.
    @Test func loopInstancesNameTheirIteration() throws {
        let old = """
            <scene width="60" height="20">
              <for var="i" from="0" through="2">
                <rect x="i * 20" y="0" width="10" height="10" fill="white"/>
              </for>
            </scene>
            """
        let new = old.replacingOccurrences(of: "fill=\"white\"", with: "fill=\"red\"")
        let found = try changes(old, new)
        #expect(found.map { $0.new?.iteration } == ["i = 0", "i = 1", "i = 2"], "\(found)")
        #expect(found.map { $0.new?.name } == ["fill <rect> (i = 0)", "fill <rect> (i = 1)", "fill <rect> (i = 2)"])
        let text = ReviewText(color: false).render(
            ReviewResult(
                oldLabel: "a", newLabel: "b", variants: [try review(old, new)],
                oldProblems: [], newProblems: []))
        #expect(text.contains("~ fill <rect> (i = 2)  card.scene:3:"), "\(text)")
    }

    /// A circle's radius reads as a radius, a rectangle's move as its position, a path's change as
    /// its bounds; the JSON field is a stable identifier, the label separate.
    @Test func geometryReadsAsWhatTheShapeIs() throws {
        let circle = try #require(
            try changes(
                "<scene width=\"40\" height=\"40\"><circle cx=\"20\" cy=\"12\" radius=\"2.96\" fill=\"red\"/></scene>",
                "<scene width=\"40\" height=\"40\"><circle cx=\"20\" cy=\"12\" radius=\"2\" fill=\"red\"/></scene>"
            ).first)
        #expect(circle.fields.map(\.field) == ["geometry.radius"], "\(circle.fields)")
        #expect(circle.fields.map(\.description) == ["radius 2.96 → 2"])

        let rect = try #require(
            try changes(
                "<scene width=\"40\" height=\"40\"><rect x=\"2\" y=\"3\" width=\"10\" height=\"10\" fill=\"red\"/></scene>",
                "<scene width=\"40\" height=\"40\"><rect x=\"4\" y=\"3\" width=\"12\" height=\"10\" fill=\"red\"/></scene>"
            ).first)
        #expect(rect.fields.map(\.field) == ["geometry.x", "geometry.width"], "\(rect.fields)")
        #expect(rect.fields.map(\.description) == ["x 2 → 4", "width 10 → 12"])

        let path = try #require(
            try changes(
                "<scene width=\"40\" height=\"40\"><path d=\"M 1 1 L 10 1 L 10 8 Z\" fill=\"red\"/></scene>",
                "<scene width=\"40\" height=\"40\"><path d=\"M 1 1 L 12 1 L 10 8 Z\" fill=\"red\"/></scene>"
            ).first)
        #expect(path.fields.map(\.field) == ["geometry.bounds"], "\(path.fields)")
        #expect(path.fields.first?.description == "bounds x 1 y 1 width 9 height 7 → x 1 y 1 width 11 height 7")

        // The JSON keeps the identifier as the field and the sentence apart.
        let json = String(decoding: try JSONEncoder().encode(circle.fields), as: UTF8.self)
        #expect(json.contains("\"field\":\"geometry.radius\""), "\(json)")
        #expect(json.contains("\"label\":\"radius\""), "\(json)")
    }

    /// A color between 8-bit values reads as the dump writes it (`#d8e2ecff`), as in `scenec test`
    /// and `scenec dump`; only colors that would read alike are written channel by channel.
    @Test func colorsReadAsTheDumpWritesThem() throws {
        let old = "<scene width=\"40\" height=\"40\"><rect width=\"10\" height=\"10\" fill=\"mix(white, rgb(58, 107, 160), 0.2)\"/></scene>"
        let new = "<scene width=\"40\" height=\"40\"><rect width=\"10\" height=\"10\" fill=\"mix(white, rgb(58, 107, 160), 0.25)\"/></scene>"
        let change = try #require(try changes(old, new).first)
        let paint = try #require(change.fields.first)
        #expect(paint.old.hasPrefix("#") && paint.new.hasPrefix("#"), "\(paint)")
        #expect(!paint.description.contains("rgba("), "\(paint)")
    }
}

/// A build job made from one loaded scene, as `Review.files` makes them.
struct BuildJobStandIn {
    let job: BuildJob
    init(scene: LoadedScene) {
        job = BuildJob(name: "card", scenePath: "card.scene", scene: scene, arguments: [:], size: nil, outputs: [])
    }
}
