import DisplayList
import SceneDiff
import SceneSource
import Testing

/// Radial gradients and blend modes in the structural diff: a reviewer sees which field changed.
struct PaintDiffTests {
    typealias S = StructuralDiffTests

    static func radial(_ r1: Double) -> Paint {
        .radialGradient(
            RadialGradient(
                stops: [GradientStop(offset: 0, color: .white), GradientStop(offset: 1, color: S.red)],
                startCenter: Point(5, 5), startRadius: 0, endCenter: Point(5, 5), endRadius: r1))
    }

    static func fill(_ paint: Paint, blend: BlendMode = .normal) -> DisplayItem {
        .fill(Fill(path: S.square(0), paint: paint, blend: blend, source: S.here, origin: S.origin("rect", 0)))
    }

    func diff(_ a: DisplayItem, _ b: DisplayItem) -> [[FieldChange]] {
        StructuralDiff().compare(S.list([a]), S.list([b])).changes.map(\.fields)
    }

    @Test func aRadiusChangeShowsBothGradients() {
        #expect(
            diff(Self.fill(Self.radial(8)), Self.fill(Self.radial(9))) == [
                [
                    FieldChange(
                        field: "paint",
                        old: "radial(5 5 r=0 -> 5 5 r=8 extend=none [#ffffffff@0 #ff0000ff@1])",
                        new: "radial(5 5 r=0 -> 5 5 r=9 extend=none [#ffffffff@0 #ff0000ff@1])")
                ]
            ])
        #expect(diff(Self.fill(Self.radial(8)), Self.fill(Self.radial(8.00001))).isEmpty)
    }

    @Test func aBlendChangeIsItsOwnField() {
        let red = Paint.color(S.red)
        #expect(diff(Self.fill(red), Self.fill(red, blend: .multiply)) == [[FieldChange(field: "blend", old: "normal", new: "multiply")]])
        let group = { (blend: BlendMode) in
            DisplayItem.group(Group(transform: .identity, items: [Self.fill(red)], blend: blend, source: S.here, origin: S.origin("group", 0)))
        }
        #expect(diff(group(.screen), group(.darken)) == [[FieldChange(field: "blend", old: "screen", new: "darken")]])
    }
}
