import DisplayList
import SVGBackend
import Testing

/// How a layer's image and shadow are composited in SVG (Grammar §11, "Layers and shadows"; issue
/// 27): as Core Graphics draws under `setShadow`, the shadow, then the image, each with the layer's
/// opacity and blend mode. Tests/render/check_compositing.py measures the pictures against cairo.
struct LayerCompositingTests {
    let shadow = Shadow(offsetX: 3, offsetY: 4, blur: 2, color: Color(red: 0, green: 0, blue: 0, alpha: 0.5))

    func layer(opacity: Double = 1, shadow: Shadow? = nil, blend: BlendMode = .normal, _ items: [DisplayItem]) -> DisplayItem {
        .layer(Layer(opacity: opacity, shadow: shadow, blend: blend, items: items, source: span))
    }

    @Test func aFadedShadowedLayerFadesTheShadowAndTheImageEach() {
        let svg = render(40, 40, [layer(opacity: 0.5, shadow: shadow, [fill(rect(5, 5, 10, 10), red)])])
        // Not a group opacity over the merged picture (which hid the shadow under the image).
        #expect(!svg.contains("opacity=\"0.5\""), "\(svg)")
        #expect(svg.contains(##"<feFlood flood-color="#000000" flood-opacity="0.25"/>"##), "\(svg)")
        #expect(svg.contains(#"<feComposite in2="cast" operator="in" result="shadow"/>"#), "\(svg)")
        #expect(svg.contains("<feComponentTransfer in=\"SourceGraphic\">\n      <feFuncA type=\"linear\" slope=\"0.5\"/>"), "\(svg)")
        #expect(svg.contains("<feMerge>\n      <feMergeNode in=\"shadow\"/>\n      <feMergeNode/>\n    </feMerge>"), "\(svg)")
        #expect(svg.contains(#"<g filter="url(#shadow1)">"#), "\(svg)")
    }

    @Test func anOpaqueShadowedLayerMergesItsElementOverItsShadow() {
        let svg = render(40, 40, [layer(shadow: shadow, [fill(rect(5, 5, 10, 10), red)])])
        #expect(svg.contains(##"<feFlood flood-color="#000000" flood-opacity="0.5"/>"##))
        #expect(svg.contains("<feMergeNode/>\n      <feMergeNode in=\"SourceGraphic\"/>") && !svg.contains("feComponentTransfer"), "\(svg)")
    }

    @Test func aBlendedShadowedLayerBlendsTheShadowThenTheImage() {
        let svg = render(40, 40, [layer(opacity: 0.8, shadow: shadow, blend: .multiply, [fill(rect(5, 5, 10, 10), red)])])
        let lines = body(svg).split(separator: "\n").map(String.init)
        let path = ##"<path d="M 5 5 L 15 5 L 15 15 L 5 15 Z" fill="#ff0000"/>"##
        let start = lines.firstIndex(of: #"  <g filter="url(#shadow1)" style="mix-blend-mode:multiply">"#)
        #expect(start != nil, "\(svg)")
        if let start {
            #expect(
                Array(lines[start...]) == [
                    #"  <g filter="url(#shadow1)" style="mix-blend-mode:multiply">"#, "    " + path, "  </g>",
                    #"  <g opacity="0.8" style="mix-blend-mode:multiply">"#, "    " + path, "  </g>",
                ], "\(svg)")
        }
        // The filter draws the shadow alone, at the layer's opacity.
        #expect(!svg.contains("feMerge") && svg.contains(#"flood-opacity="0.4""#), "\(svg)")
        // Something blends: the canvas is an isolated group, as a bitmap context starts transparent.
        #expect(svg.contains(#"style="isolation:isolate">"#), "\(svg)")
    }

    @Test func theSecondCopyKeepsThePreviewIndices() {
        let list = DisplayList(
            width: 40, height: 40,
            items: [
                layer(shadow: shadow, blend: .screen, [fill(rect(5, 5, 10, 10), red)]), // 0, 1
                fill(rect(0, 0, 5, 5), blue), // 2
            ])
        let svg = SVGBackend.annotatedRender(list, idPrefix: "")
        #expect(svg.components(separatedBy: "fill=\"#ff0000\" data-op=\"1\"/>").count == 3, "\(svg)")
        #expect(svg.contains("fill=\"#0000ff\" data-op=\"2\"/>"), "\(svg)")
    }

    @Test func aBlendedShadowedLayerUnderATransformCastsInCanvasSpace() {
        let scaled = AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
        let svg = render(60, 60, [group(scaled, [layer(shadow: shadow, blend: .multiply, [fill(rect(5, 5, 10, 10), red)])])])
        // The shadow's group undoes the scale for its filter; the image's group needs no such thing.
        #expect(svg.contains(#"<g transform="matrix(0.5 0 0 0.5 0 0)" filter="url(#shadow1)" style="mix-blend-mode:multiply">"#), "\(svg)")
        #expect(svg.contains("  <g style=\"mix-blend-mode:multiply\">\n      <path"), "\(svg)")
        #expect(svg.contains(#"<feOffset dx="3" dy="4" result="cast"/>"#), "\(svg)")
    }

    @Test func anOpaqueLayerWhoseItemsBlendIsIsolated() {
        let blended = DisplayItem.fill(Fill(path: rect(5, 5, 10, 10), paint: red, blend: .multiply, source: span))
        let svg = render(40, 40, [fill(rect(0, 0, 40, 40), blue), layer([blended])])
        #expect(svg.contains("  <g style=\"isolation:isolate\">\n    <path"), "\(svg)")
        // Without a blend inside, nothing tells the layer apart: no isolation is written.
        #expect(!render(40, 40, [layer([fill(rect(5, 5, 10, 10), red)])]).contains("isolation"))
    }
}
