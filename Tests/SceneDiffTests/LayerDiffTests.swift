import DisplayList
import SceneDiff
import SceneSource
import Testing

/// Layers in the structural diff: their opacity and shadow are fields, their children are compared
/// inside them, and their bounds take in the shadow.
struct LayerDiffTests {
    typealias S = StructuralDiffTests

    static func layer(opacity: Double = 1, shadow: Shadow? = nil, blend: BlendMode = .normal, _ items: [DisplayItem]) -> DisplayItem {
        .layer(Layer(opacity: opacity, shadow: shadow, blend: blend, items: items, source: S.here, origin: S.origin("layer", 0)))
    }

    @Test func aBlendModeChangeIsAFieldOfTheLayer() {
        // A shadowed shape's blend mode lives on its layer (issue 27).
        let shadow = Shadow(offsetX: 0, offsetY: 2, blur: 4, color: Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        let old = [Self.layer(shadow: shadow, [S.rect(0, x: 0)])]
        let new = [Self.layer(shadow: shadow, blend: .multiply, [S.rect(0, x: 0)])]
        let report = StructuralDiff().compare(S.list(old), S.list(new))
        #expect(report.changes.first?.fields == [FieldChange(field: "blend", old: "normal", new: "multiply")], "\(report.changes)")
    }

    @Test func anOpacityAndAShadowChangeAreFieldsOfTheLayer() {
        let shadow = Shadow(offsetX: 0, offsetY: 2, blur: 4, color: Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        let old = [Self.layer(opacity: 0.4, [S.rect(0, x: 0)])]
        let new = [Self.layer(opacity: 0.5, shadow: shadow, [S.rect(0, x: 0)])]
        let report = StructuralDiff().compare(S.list(old), S.list(new))
        #expect(report.changes.count == 1, "\(report.changes)")
        #expect(
            report.changes.first?.fields == [
                FieldChange(field: "opacity", old: "0.4", new: "0.5"),
                FieldChange(field: "shadow", old: "none", new: "0,2 blur=4 #000000/0.5"),
            ])
        #expect(report.changes.first?.old?.operation == "layer")
        // The new layer's bounds take in its shadow: the square moved down 2 and grown by 3σ = 6.
        #expect(report.changes.first?.new?.bounds == Rect(x: -6, y: -4, width: 22, height: 22))
        #expect(report.unchanged == 1, "the square inside is unchanged")
    }

    @Test func aChangeInsideALayerIsReportedAtItsChild() {
        let old = [Self.layer(opacity: 0.4, [S.rect(0, x: 0), S.rect(1, x: 20)])]
        let new = [Self.layer(opacity: 0.4, [S.rect(0, x: 0), S.rect(1, x: 20, color: S.red)])]
        let report = StructuralDiff().compare(S.list(old), S.list(new))
        #expect(report.changes.map(\.fields) == [[FieldChange(field: "paint", old: "#57dad5ff", new: "#ff0000ff")]])
        #expect(report.changes.first?.new?.index == [0, 1])
    }

    static func mask(_ mode: MaskMode, content: [DisplayItem], _ items: [DisplayItem]) -> DisplayItem {
        .mask(Mask(mode: mode, content: content, items: items, source: S.here, origin: S.origin("mask", 0)))
    }

    @Test func aMaskModeChangeIsAFieldOfTheMask() {
        let old = [Self.mask(.alpha, content: [S.rect(0, x: 0)], [S.rect(1, x: 20)])]
        let new = [Self.mask(.luminance, content: [S.rect(0, x: 0)], [S.rect(1, x: 20)])]
        let report = StructuralDiff().compare(S.list(old), S.list(new))
        #expect(report.changes.count == 1, "\(report.changes)")
        #expect(report.changes.first?.fields == [FieldChange(field: "mode", old: "alpha", new: "luminance")])
        #expect(report.changes.first?.old?.operation == "mask")
        #expect(report.unchanged == 2, "the content and the masked square are unchanged")
    }

    @Test func aChangeInAMaskIsReportedAtItsChildInTheOneNumbering() {
        // The content's items come first among the mask's children, then the masked ones.
        let old = [Self.mask(.alpha, content: [S.rect(0, x: 0)], [S.rect(1, x: 20)])]
        let new = [Self.mask(.alpha, content: [S.rect(0, x: 0)], [S.rect(1, x: 20, color: S.red)])]
        let report = StructuralDiff().compare(S.list(old), S.list(new))
        #expect(report.changes.map(\.fields) == [[FieldChange(field: "paint", old: "#57dad5ff", new: "#ff0000ff")]])
        #expect(report.changes.first?.new?.index == [0, 1])
    }
}
