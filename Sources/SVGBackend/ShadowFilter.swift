import DisplayList

/// The `<filter>` that draws a `Shadow` under its element: the element's alpha blurred
/// (`feGaussianBlur` on SourceAlpha), moved (`feOffset`), colored (`feFlood` + `feComposite in`),
/// then the element itself on top (`feMerge`). Only SVG 1.1 primitives that librsvg, resvg and
/// Chromium render alike (Tests/render/check_layers.py and check_paint.py measure it);
/// `feDropShadow` is SVG 2.
///
/// A layer's opacity fades the shadow and the element each (Core Graphics draws the shadow with the
/// global alpha, then the image with it): the flood's opacity carries it, and the element is faded
/// inside the filter (`feComponentTransfer`) before it is merged over its shadow, so the shadow
/// shows through a faded element. Without `drawsSource` the filter draws the shadow alone: a
/// blended layer writes its element beside it, so that the shadow and the element each blend.
///
/// The filter lives in the user space of the element, whose transform to the canvas is `ctm`, while
/// the shadow's offset and blur are in canvas space (Core Graphics' base space). The writer makes
/// that user space the canvas (up to the 4-decimal rounding of the matrices), and the offset is
/// mapped through the inverse of the ctm's linear part and the standard deviation divided by how
/// much the ctm stretches each axis, which corrects what rounding leaves.
struct ShadowFilter {
    let shadow: Shadow
    /// The layer's opacity, 0…1: multiplies the shadow's and the element's alpha.
    var opacity: Double = 1
    /// Whether the filter draws the element over its shadow, or the shadow alone.
    var drawsSource = true
    let ctm: AffineTransform
    /// The filter region in canvas space (`ShadowRegion`).
    let region: ShadowRegion.Box

    /// The filter's attributes and primitives, one string per line (the id is added by the writer);
    /// nil when the ctm is singular or the numbers are not finite (nothing would be drawn).
    func lines() -> (attributes: String, primitives: [String])? {
        guard let inverse = ctm.inverted else { return nil }
        let dx = Num.finite(shadow.offsetX), dy = Num.finite(shadow.offsetY)
        let userOffset = Point(inverse.a * dx + inverse.c * dy, inverse.b * dx + inverse.d * dy)
        let sigma = Num.finite(shadow.sigma)
        let stretchX = (ctm.a * ctm.a + ctm.b * ctm.b).squareRoot(), stretchY = (ctm.c * ctm.c + ctm.d * ctm.d).squareRoot()
        guard stretchX > 0, stretchY > 0 else { return nil }
        let corners = [Point(region.x0, region.y0), Point(region.x1, region.y0), Point(region.x1, region.y1), Point(region.x0, region.y1)]
            .map(inverse.apply)
        guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }), userOffset.x.isFinite, userOffset.y.isFinite else { return nil }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let (x0, y0) = (xs.min()!, ys.min()!), (x1, y1) = (xs.max()!, ys.max()!)
        let attributes =
            " filterUnits=\"userSpaceOnUse\" x=\"\(Num.text(x0))\" y=\"\(Num.text(y0))\""
            + " width=\"\(Num.text(x1 - x0))\" height=\"\(Num.text(y1 - y0))\" color-interpolation-filters=\"sRGB\">"
        var primitives: [String] = []
        let sx = Num.text(sigma / stretchX), sy = Num.text(sigma / stretchY)
        // A deviation of 0 "disables the effect" in SVG 1.1, which renderers read differently: leave
        // the blur out and offset the sharp alpha.
        let blurred = sx != "0" || sy != "0"
        if blurred {
            primitives.append("<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"\(sx == sy ? sx : sx + " " + sy)\"/>")
        }
        primitives.append(
            "<feOffset\(blurred ? "" : " in=\"SourceAlpha\"") dx=\"\(Num.text(userOffset.x))\" dy=\"\(Num.text(userOffset.y))\" result=\"cast\"/>")
        let opacity = Num.unit(opacity)
        var flood = "<feFlood flood-color=\"\(Num.hexRGB(shadow.color))\""
        let alpha = Num.text(Num.unit(shadow.color.alpha) * opacity)
        if alpha != "1" { flood += " flood-opacity=\"\(alpha)\"" }
        primitives.append(flood + "/>")
        guard drawsSource else {
            primitives.append("<feComposite in2=\"cast\" operator=\"in\"/>")
            return (attributes, primitives)
        }
        let faded = Num.text(opacity)
        if faded == "1" {
            primitives.append("<feComposite in2=\"cast\" operator=\"in\"/>")
            primitives.append("<feMerge>")
            primitives.append("  <feMergeNode/>")
            primitives.append("  <feMergeNode in=\"SourceGraphic\"/>")
            primitives.append("</feMerge>")
        } else {
            primitives.append("<feComposite in2=\"cast\" operator=\"in\" result=\"shadow\"/>")
            primitives.append("<feComponentTransfer in=\"SourceGraphic\">")
            primitives.append("  <feFuncA type=\"linear\" slope=\"\(faded)\"/>")
            primitives.append("</feComponentTransfer>")
            primitives.append("<feMerge>")
            primitives.append("  <feMergeNode in=\"shadow\"/>")
            primitives.append("  <feMergeNode/>")
            primitives.append("</feMerge>")
        }
        return (attributes, primitives)
    }
}
