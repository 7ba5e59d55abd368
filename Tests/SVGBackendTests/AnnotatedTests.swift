import DisplayList
import Foundation
import SVGBackend
import Testing

/// The preview's SVG: the same drawing as `render`, with each drawing element naming its display
/// item by pre-order index and every id prefixed; `render` itself is untouched.
struct AnnotatedTests {
    let gradient = Paint.linearGradient(
        LinearGradient(
            stops: [
                GradientStop(offset: 0, color: .init(red: 1, green: 0, blue: 0)),
                GradientStop(offset: 1, color: .init(red: 0, green: 0, blue: 1)),
            ],
            start: Point(0, 0), end: Point(10, 0), extend: .both))

    @Test func elementsCarryTheirPreOrderIndex() {
        let list = DisplayList(
            width: 20, height: 20,
            items: [
                fill(rect(0, 0, 5, 5), .color(.init(red: 1, green: 0, blue: 0))), // 0
                group(
                    AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 2, ty: 2),
                    [ // 1
                        stroke(rect(0, 0, 5, 5), .color(.init(red: 0, green: 0, blue: 1))) // 2
                    ]),
                clip(rect(0, 0, 10, 10), [fill(rect(0, 0, 10, 10), gradient)]), // 3, 4
            ])
        let svg = SVGBackend.annotatedRender(list, idPrefix: "v7-")
        let annotated = svg.split(separator: "\n").filter { $0.contains("data-op=") }
        #expect(annotated.count == 3)
        #expect(annotated[0].contains("fill=\"#ff0000\"") && annotated[0].hasSuffix(" data-op=\"0\"/>"))
        #expect(annotated[1].contains("stroke=\"#0000ff\"") && annotated[1].hasSuffix(" data-op=\"2\"/>"))
        #expect(annotated[2].contains("url(#v7-g1)") && annotated[2].hasSuffix(" data-op=\"4\"/>"))
        // Every id and reference is prefixed; none is left bare.
        #expect(svg.contains("id=\"v7-clip1\"") && svg.contains("url(#v7-clip1)") && svg.contains("id=\"v7-g1\""))
        #expect(!svg.contains("id=\"g") && !svg.contains("id=\"clip") && !svg.contains("url(#g") && !svg.contains("url(#clip"))
        // Without the annotations and prefixes it is exactly render's document.
        let stripped = svg.replacingOccurrences(of: "v7-", with: "")
            .replacingOccurrences(of: #" data-op="\d+""#, with: "", options: .regularExpression)
        #expect(stripped == SVGBackend.render(list))
        #expect(!SVGBackend.render(list).contains("data-op"))
    }

    @Test func skippedGroupsKeepTheIndicesAfterThem() {
        let list = DisplayList(
            width: 20, height: 20,
            items: [
                group(
                    AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0),
                    [ // 0 (singular: not written)
                        fill(rect(0, 0, 5, 5), .color(.init(red: 1, green: 0, blue: 0))), // 1
                        fill(rect(0, 0, 5, 5), .color(.init(red: 1, green: 0, blue: 0))), // 2
                    ]),
                fill(rect(0, 0, 5, 5), .color(.init(red: 0, green: 1, blue: 0))), // 3
            ])
        let svg = SVGBackend.annotatedRender(list, idPrefix: "")
        #expect(svg.contains("fill=\"#00ff00\" data-op=\"3\"/>"))
        #expect(!svg.contains("data-op=\"1\""))
    }
}
