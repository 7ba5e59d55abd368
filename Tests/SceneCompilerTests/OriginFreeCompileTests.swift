import DisplayList
import Foundation
import SceneCompiler
import SceneSource
import Testing

/// `compile(…, origins: false)`, the road of `scenec render` (which only draws), against the
/// general road with origins: the same drawing, dump and diagnostics for every scene of the
/// repository's seeds and fixtures, and no origin recorded.
struct OriginFreeCompileTests {
    /// A loop, a branch taken past the first and a component: every place an origin is made.
    static let loops = """
        <scene width="100" height="100">
          <component name="dot" width="2" height="2"><oval x="0" y="0" width="2" height="2" fill="red"/></component>
          <for var="i" from="0" to="20">
            <rect x="i % 10" y="i // 10" width="0.8" height="0.8" fill="rgb(i % 256, 90, 160)"/>
            <if test="i % 2 == 0"><use component="dot" x="i" y="5"/></if>
            <else><circle cx="i" cy="9" radius="1" stroke="blue"/></else>
          </for>
        </scene>
        """

    static var scenes: [String] {
        let seeds = Fixtures.files(in: "../../Scenes", withExtension: "scene")
        let fixtures = Fixtures.files(in: "Fixtures", withExtension: "scene")
        let package = Fixtures.packageFolder.standardizedFileURL.path + "/"
        return (seeds + fixtures).map { $0.standardizedFileURL.path.replacingOccurrences(of: package, with: "") }
    }

    /// Every operation's origin, in pre-order (nil where none was recorded).
    static func origins(_ list: DisplayList) -> [Origin?] {
        PreOrder(list.items).map { entry -> Origin? in
            switch entry.item {
            case .fill(let f): return f.origin
            case .stroke(let s): return s.origin
            case .paint(let p): return p.origin
            case .group(let g): return g.origin
            case .clip(let c): return c.origin
            case .text(let t): return t.origin
            case .layer(let l): return l.origin
            case .mask(let m): return m.origin
            }
        }
    }

    func compareRoads(_ loaded: LoadedScene, _ name: String) {
        let general = SceneCompiler().compile(loaded)
        let bare = SceneCompiler().compile(loaded, origins: false)
        #expect(
            Fixtures.rich(bare.diagnostics, loaded.sources) == Fixtures.rich(general.diagnostics, loaded.sources),
            "\(name): diagnostics differ")
        #expect((bare.list == nil) == (general.list == nil), "\(name): one road compiled, the other did not")
        guard let list = general.list, let bareList = bare.list else { return }
        #expect(svgText(bareList) == svgText(list), "\(name): SVG differs")
        #expect(dumpText(bareList, locations: loaded.sources) == dumpText(list, locations: loaded.sources), "\(name): dump differs")
        #expect(Self.origins(bareList).allSatisfy { $0 == nil }, "\(name): an origin was recorded")
    }

    @Test func everySceneDrawsTheSameWithoutOrigins() throws {
        let scenes = Self.scenes
        #expect(scenes.count > 50)
        for path in scenes { compareRoads(try Fixtures.load(path), path) }
    }

    @Test func loopsBranchesAndComponentsDrawTheSameWithoutOrigins() throws {
        let loaded = SceneCompiler().load(path: "loops.scene", bytes: Array(Self.loops.utf8))
        let general = try #require(SceneCompiler().compile(loaded).list)
        // The general road records an origin for every operation: the comparison is not empty.
        #expect(Self.origins(general).count > 30)
        #expect(Self.origins(general).allSatisfy { $0 != nil })
        compareRoads(loaded, "loops.scene")
    }
}
