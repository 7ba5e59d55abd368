import DisplayList
import SceneSource

/// `conic(gradient, cx, cy, angle)`: Core Graphics' `drawConicGradient(_:centerPoint:angle:)`, the
/// stops laid around the center clockwise on screen from `angle` (radians, 0 along +x, as `<arc>`
/// and `<rotate>` measure), offset 0 at the start angle and 1 a full turn later (Grammar §11,
/// "Conic gradients"). The gradient's `extend` does not apply: a conic gradient paints every angle.
enum ConicPaint {
    /// More turns than this is an angle in degrees in all likelihood (the limit of an arc's sweep).
    static let maxTurns = 64.0

    static func make(_ call: Builtins.Call) throws -> ConicGradient {
        let spans = call.argumentSpans
        guard case .gradient(let g) = call.values[0] else {
            throw Diagnostic.error(
                .typeMismatch,
                "\(call.name)() needs a gradient declared with <gradient name=…>, not \(article(call.values[0].typeName))",
                at: spans[0], help: "write \(call.signature)")
        }
        let cx = try call.coordinate(1), cy = try call.coordinate(2), angle = try call.coordinate(3)
        guard abs(angle) <= maxTurns * 2 * Double.pi else {
            throw Diagnostic.error(
                .conicAngleTooLarge,
                "\(call.name)()'s start angle \(NumberFormat.readable(angle)) is more than \(Int(maxTurns)) turns from 0",
                at: spans[3],
                help: "angles are radians: write radians(\(NumberFormat.readable(angle))) for degrees")
        }
        return ConicGradient(stops: g.stops, center: Point(cx, cy), startAngle: angle)
    }
}
