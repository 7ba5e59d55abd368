import DisplayList
import SceneSource

/// `radial(gradient, x0, y0, r0, x1, y1, r1)`: Core Graphics' `drawRadialGradient` from the start
/// circle (x0, y0, r0) to the end circle (x1, y1, r1), with the gradient's `extend`.
///
/// Only nested circles are accepted (one strictly inside the other, Grammar §11): for them every
/// point lies on exactly one circle of the family and SVG's focal-point gradient draws exactly what
/// Core Graphics draws. For other pairs Core Graphics draws a cone, which SVG 1.1 cannot express
/// (it moves the focal point into the circle) and SVG 2's `fr` renderers do not draw alike
/// (resvg ignores it): an error, never a different picture.
enum RadialPaint {
    static func make(_ call: Builtins.Call) throws -> RadialGradient {
        let argumentSpans = call.argumentSpans
        guard case .gradient(let g) = call.values[0] else {
            throw Diagnostic.error(
                .typeMismatch,
                "\(call.name)() needs a gradient declared with <gradient name=…>, not \(article(call.values[0].typeName))",
                at: argumentSpans[0], help: "write \(call.signature)")
        }
        let x0 = try call.coordinate(1), y0 = try call.coordinate(2), r0 = try call.coordinate(3)
        let x1 = try call.coordinate(4), y1 = try call.coordinate(5), r1 = try call.coordinate(6)
        for (i, r) in [(3, r0), (6, r1)] where r < 0 {
            throw Diagnostic.error(
                .negativeRadius, "\(call.name)() needs a radius of 0 or more, not \(NumberFormat.readable(r))",
                at: argumentSpans[i], help: "a radius of 0 makes that circle a point (a focal point)")
        }
        let gradient = RadialGradient(
            stops: g.stops, startCenter: Point(x0, y0), startRadius: r0,
            endCenter: Point(x1, y1), endRadius: r1, extend: g.extend)
        guard gradient.isNested else {
            let dx = x1 - x0, dy = y1 - y0
            let distance = (dx * dx + dy * dy).squareRoot()
            if distance == 0 && r0 == r1 {
                throw Diagnostic.error(
                    .radialNotNested, "\(call.name)() has the same start and end circle, so the gradient has no width",
                    at: call.span, help: "give the two circles different radii")
            }
            throw Diagnostic.error(
                .radialNotNested,
                "\(call.name)()'s circles are not nested: the centers are \(NumberFormat.readable(distance, decimals: 4)) apart but the radii differ by only "
                    + "\(NumberFormat.readable(abs(r1 - r0), decimals: 4))",
                at: call.span,
                help: "put one circle strictly inside the other (the distance between the centers less than the difference of the radii); "
                    + "Core Graphics would draw a cone here, which SVG cannot draw alike in librsvg, resvg and browsers")
        }
        return gradient
    }
}
