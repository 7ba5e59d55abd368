import DisplayList
import SceneCompiler
import SceneSource
import Testing

/// Scenes/flo.scene against the seeds: it is composed of the widget scenes at the storyboard's
/// frames, and its labels say what setupGraphDisplay() computes.
struct FloScreenTests {
    func flo(_ set: [String]) throws -> DisplayList {
        let loaded = try Fixtures.load("Scenes/flo.scene")
        #expect(loaded.diagnostics.isEmpty)
        let compilation = SceneCompiler().compile(loaded, arguments: try SceneCompiler().arguments(set, for: loaded))
        let (list, diagnostics) = (compilation.list, compilation.diagnostics)
        #expect(diagnostics.isEmpty)
        return try #require(list)
    }

    /// The standalone widget at a size, its items with the span-free dump for comparison.
    func widget(_ name: String, size: (Double, Double), _ set: [String] = []) throws -> String {
        let loaded = try Fixtures.load("Scenes/\(name).scene")
        let list = try #require(
            SceneCompiler().compile(
                loaded, arguments: try SceneCompiler().arguments(set, for: loaded),
                size: SceneSize(width: size.0, height: size.1)
            ).list)
        return dumpText(list).split(separator: "\n").dropFirst().map { "  " + $0 }.joined(separator: "\n")
    }

    func groups(_ list: DisplayList) -> [(transform: AffineTransform, dump: String)] {
        list.items.compactMap { item in
            guard case .group(let g) = item else { return nil }
            let dump = dumpText(DisplayList(width: 1, height: 1, items: g.items))
            return (g.transform, dump.split(separator: "\n").dropFirst().map { "  " + $0 }.joined(separator: "\n"))
        }
    }

    func texts(_ list: DisplayList) -> [String] {
        func collect(_ items: [DisplayItem]) -> [String] {
            items.flatMap { item -> [String] in
                switch item {
                case .text(let t): return [t.string]
                case .group(let g): return collect(g.items)
                case .clip(let c): return collect(c.items)
                default: return []
                }
            }
        }
        return collect(list.items)
    }

    @Test func theCounterScreenIsTheWidgetsAtTheStoryboardFrames() throws {
        let list = try flo(["counter=3"])
        let placed = groups(list)
        #expect(placed.count == 3)
        #expect(placed[0].transform == .translation(185, 70))
        #expect(placed[0].dump == (try widget("counter", size: (230, 230), ["counter=3"])))
        #expect(placed[1].transform == .translation(250, 350))
        #expect(placed[1].dump == (try widget("push-button", size: (100, 100))))
        #expect(placed[2].transform == .translation(275, 480))
        #expect(placed[2].dump == (try widget("push-button", size: (50, 50), ["isAddButton=false", "fillColor=rgb(238,77,77)"])))
        // counterLabel: centered in the 44×44 label at (93, 93) of the counter view, 36 points.
        guard case .text(let label)? = list.items.first(where: { if case .text = $0 { return true } else { return false } })
        else { Issue.record("no counter label"); return }
        #expect(label.string == "3")
        #expect(label.position.x == 185 + 93 + 22)
        #expect(label.anchor == .middle)
        #expect(label.fontSize == 36)
        #expect(texts(list) == ["3"])
    }

    @Test func theGraphScreenShowsTheGraphWithSetupGraphDisplaysLabels() throws {
        // 2026-11-21 is a Saturday; the week runs Sunday 15th … Saturday 21st.
        let list = try flo(["showGraph=true", "counter=8"])
        let placed = groups(list)
        #expect(placed.first?.transform == .translation(185, 70))
        // The counter's value replaces the last day's point: 4,2,6,4,5,8,3 → 4,2,6,4,5,8,8.
        #expect(placed.first?.dump == (try widget("graph", size: (230, 230), ["graphPoints=4,2,6,4,5,8,8"])))
        // Average = 37 // 7 = 5 (integer division, as Swift's reduce / count on Ints); max 8.
        #expect(texts(list) == ["Water Drunk", "Average: 5", "8", "0", "S", "M", "T", "W", "T", "F", "S"])
        let wednesday = try flo(["showGraph=true", "today=2026-11-18", "graphPoints=1,1,1"])
        #expect(texts(wednesday) == ["Water Drunk", "Average: 2", "5", "0", "M", "T", "W"])
    }
}
