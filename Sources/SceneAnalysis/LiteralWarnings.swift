import DisplayList
import SceneSource
import SceneSyntax

/// Warnings about literals written out of habit from another API (Grammar.md section 15): only
/// literals are judged, never a computed value, so a warning always points at what was typed.
enum LiteralWarnings {
    /// W0205: `rgb(0.2, 0.5, 1.0)`. UIColor and CSS's `color()` take 0…1; rgb() here takes 0…255, so
    /// those channels draw a near-black. All three channels literal, in 0…1, and at least one
    /// written with a decimal point and above 0 (`rgb(0, 0, 1)` is left alone: it can be meant).
    static func call(_ name: String, _ arguments: [Expr], _ expr: Expr) -> [Diagnostic] {
        if name == "conic", arguments.count == 4 { return angle("conic()'s start angle", arguments[3]) }
        guard name == "rgb" || name == "rgba", arguments.count >= 3 else { return [] }
        var channels: [Double] = []
        var fraction = false
        for argument in arguments.prefix(3) {
            switch argument.kind {
            case .int(let v): channels.append(Double(v))
            case .number(let v):
                channels.append(v)
                if v > 0 { fraction = true }
            default: return []
            }
        }
        guard fraction, channels.allSatisfy({ $0 >= 0 && $0 <= 1 }) else { return [] }
        let scaled = channels.map { NumberFormat.readable(($0 * 255).rounded()) }.joined(separator: ", ")
        let rest = arguments.count > 3 ? ", …" : ""
        return [
            .warning(
                .fractionalChannels, "\(name)() channels run from 0 to 255; these look like fractions of 1 and draw almost black",
                at: expr.span,
                help: "did you mean \(name)(\(scaled)\(rest))? (for fractions of 1, white(…) and hsb(…) take 0 to 1)")
        ]
    }

    /// W0206: `rotate="45"`, `endAngle="360"`. Angles are radians (Grammar.md section 10); a whole
    /// number of more than a full turn (2π) written as a literal is degrees in all likelihood.
    /// Angle attributes are found by name in the schema: `rotate`, `angle` and any `…Angle`.
    static func attribute(_ name: String, _ expr: Expr, on node: Node) -> [Diagnostic] {
        guard isAngle(name) else { return [] }
        return angle("\(name)=\"", expr, closing: "\"")
    }

    /// W0206 for one angle literal, named `what` (an attribute, or `conic()`'s argument, which is an
    /// angle in the same radians).
    private static func angle(_ what: String, _ expr: Expr, closing: String = "") -> [Diagnostic] {
        let value: Double
        switch expr.kind {
        case .int(let v): value = Double(v)
        case .number(let v): value = v
        case .unary(.negate, let operand):
            switch operand.kind {
            case .int(let v): value = -Double(v)
            case .number(let v): value = -v
            default: return []
            }
        default: return []
        }
        guard value.rounded() == value, abs(value) > 2 * Double.pi else { return [] }
        let text = NumberFormat.readable(value)
        let turns = NumberFormat.readable(abs(value) / (2 * Double.pi), decimals: 1)
        let shown = closing.isEmpty ? "\(what) \(text)" : "\(what)\(text)\(closing)"
        return [
            .warning(
                .angleInDegrees, "\(shown) is \(text) radians (\(turns) turns); angles are in radians",
                at: expr.span, help: "if you mean \(text)°, write radians(\(text))")
        ]
    }

    static func isAngle(_ name: String) -> Bool {
        name == "rotate" || name == "angle" || name.hasSuffix("Angle")
    }
}
