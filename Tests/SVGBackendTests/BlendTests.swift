import DisplayList
import SVGBackend
import Testing

/// Blend modes in the SVG: `mix-blend-mode` on the outermost element an item writes, on the `<g>`
/// of a blended group, and an isolated root only when something blends.
struct BlendTests {
    @Test func aBlendedFillCarriesItsMode() {
        let svg = render(10, 10, [.fill(Fill(path: rect(0, 0, 5, 5), paint: red, blend: .multiply, source: span))])
        #expect(body(svg) == ##"  <path d="M 0 0 L 5 0 L 5 5 L 0 5 Z" fill="#ff0000" style="mix-blend-mode:multiply"/>"##)
        #expect(svg.contains(#"viewBox="0 0 10 10" style="isolation:isolate">"#))
    }

    @Test func withoutBlendsNothingChanges() {
        let svg = render(10, 10, [fill(rect(0, 0, 5, 5), red)])
        #expect(!svg.contains("isolation") && !svg.contains("mix-blend-mode"))
    }

    @Test func aGradientBandClipBlendsAsAWhole() {
        // The band's <g clip-path> is what lies on the backdrop: it takes the mode, the path inside does not.
        let svg = render(
            100, 100,
            [
                .stroke(
                    Stroke(
                        path: rect(0, 0, 50, 50), paint: redToBlue(.none), style: StrokeStyle(),
                        blend: .screen, source: span))
            ])
        #expect(svg.contains(#"<g clip-path="url(#clip1)" style="mix-blend-mode:screen">"#))
        #expect(svg.components(separatedBy: "mix-blend-mode").count == 2)
    }

    @Test func aBlendedGroupIsOneLayer() {
        let items: [DisplayItem] = [
            .group(Group(transform: .identity, items: [fill(rect(0, 0, 5, 5), blue)], blend: .difference, source: span)),
            .paint(PaintRegion(paint: red, blend: .darken, source: span)),
        ]
        let lines = body(render(10, 10, items)).split(separator: "\n").map(String.init)
        #expect(lines[0] == #"  <g style="mix-blend-mode:difference">"#)
        #expect(lines[1] == ##"    <path d="M 0 0 L 5 0 L 5 5 L 0 5 Z" fill="#0000ff"/>"##)
        #expect(lines.last == ##"  <path d="M -1 -1 L 11 -1 L 11 11 L -1 11 Z" fill="#ff0000" style="mix-blend-mode:darken"/>"##)
    }
}
