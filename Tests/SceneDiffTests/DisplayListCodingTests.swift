import DisplayList
import Foundation
import SceneCompiler
import Testing

/// Display lists travel as JSON (preview, review page): every seed scene round-trips exactly,
/// origins and spans included, and decoding keeps the display list's invariants.
struct DisplayListCodingTests {
    static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenes")

    @Test(arguments: ["counter", "face", "graph", "push-button", "flo"])
    func seedScenesRoundTrip(_ name: String) throws {
        let compiler = SceneCompiler()
        let loaded = try compiler.load(file: Self.scenes.appendingPathComponent(name + ".scene").path)
        let list = try #require(
            compiler.compile(
                loaded,
                arguments: try compiler.arguments(
                    name == "flo" ? ["showGraph=true"] : [],
                    for: loaded)
            ).list)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(list)
        let back = try JSONDecoder().decode(DisplayList.self, from: data)
        #expect(back == list)
        #expect(try encoder.encode(back) == data, "the same bytes again")
    }

    @Test func decodingKeepsTheInvariants() throws {
        let json =
            #"{"width": -4, "height": 10, "items": [{"paint": {"paint": {"color": {"red": 2, "green": 0, "blue": 0, "alpha": 1}}, "opacity": 3, "source": {"file": 0, "start": 0, "end": 1}}}]}"#
        let list = try JSONDecoder().decode(DisplayList.self, from: Data(json.utf8))
        #expect(list.width == 0)
        guard case .paint(let p) = list.items.first, case .color(let c) = p.paint else {
            Issue.record("not a paint")
            return
        }
        #expect(p.opacity == 1 && c.red == 1)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(DisplayList.self, from: Data(#"{"width": 1, "height": 1, "items": [{}]}"#.utf8))
        }
    }
}
