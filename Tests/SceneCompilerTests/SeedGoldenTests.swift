import Foundation
import SceneCompiler
import Testing

/// The four seed widgets, at their defaults and at other sizes and parameter values: the dump and
/// the SVG of each are golden files in Golden/.
struct SeedGoldenTests {
    struct Variant: CustomStringConvertible, Sendable {
        let scene: String
        let name: String
        let set: [String]
        let size: String?
        var description: String { name }
    }

    static let variants: [Variant] = [
        Variant(scene: "push-button", name: "push-button", set: [], size: nil),
        Variant(scene: "push-button", name: "push-button-minus-50", set: ["isAddButton=false", "fillColor=rgb(238,77,77)"], size: "50x50"),
        Variant(scene: "push-button", name: "push-button-wide", set: [], size: "160x90"),
        Variant(scene: "counter", name: "counter", set: [], size: nil),
        Variant(scene: "counter", name: "counter-0", set: ["counter=0"], size: nil),
        Variant(scene: "counter", name: "counter-8-small", set: ["counter=8", "outlineColor=#000"], size: "160x160"),
        Variant(scene: "counter", name: "counter-3-wide", set: ["counter=3"], size: "300x200"),
        Variant(scene: "graph", name: "graph", set: [], size: nil),
        Variant(scene: "graph", name: "graph-2-points", set: ["graphPoints=1,3"], size: "200x150"),
        Variant(
            scene: "graph", name: "graph-10-points", set: ["graphPoints=3,1,4,1,5,9,2,6,5,3", "startColor=white", "endColor=navy"], size: "480x320"),
        Variant(scene: "face", name: "face", set: [], size: nil),
        Variant(scene: "face", name: "face-sad-wide", set: ["smiliness=-1", "lineWidth=5", "color=#c00"], size: "400x200"),
        Variant(scene: "face", name: "face-clamped", set: ["smiliness=3"], size: "120x120"),
        Variant(scene: "flo", name: "flo", set: [], size: nil),
        Variant(scene: "flo", name: "flo-graph", set: ["showGraph=true"], size: nil),
        Variant(scene: "flo", name: "flo-graph-wednesday", set: ["showGraph=true", "counter=0", "today=2026-11-18"], size: nil),
    ]

    @Test("seed golden", arguments: variants)
    func golden(_ variant: Variant) throws {
        let loaded = try Fixtures.load("Scenes/\(variant.scene).scene")
        #expect(loaded.diagnostics.isEmpty)
        let arguments = try SceneCompiler().arguments(variant.set, for: loaded)
        let size = try variant.size.map { try SceneSize(parsing: $0) }
        let compilation = SceneCompiler().compile(loaded, arguments: arguments, size: size)
        let (list, diagnostics) = (compilation.list, compilation.diagnostics)
        #expect(diagnostics.isEmpty)
        let list2 = try #require(list)
        let base = Fixtures.testsFolder.appendingPathComponent("Golden").appendingPathComponent(variant.name)
        Fixtures.expectMatches(dumpText(list2), base.appendingPathExtension("dump"))
        Fixtures.expectMatches(svgText(list2), base.appendingPathExtension("svg"))
    }

    @Test("the same input gives the same bytes")
    func deterministic() throws {
        for scene in ["push-button", "counter", "graph", "face", "flo"] {
            let first = try Fixtures.load("Scenes/\(scene).scene")
            let second = try Fixtures.load("Scenes/\(scene).scene")
            let a = SceneCompiler().compile(first).svg?.text
            let b = SceneCompiler().compile(second).svg?.text
            #expect(a != nil)
            #expect(a == b)
        }
    }
}
