import DisplayList
import ResolvedProgram
import SceneVocabulary

/// A value written out (a literal, `none`, a CSS color's name) as the evaluator's messages show a
/// value after its type: `'wide'`, `3`, `#ff0000ff`. The analysis adds it to an attribute's type
/// error where the evaluator's message had it, so a message about a literal reads as it always did.
enum ShownLiteral {
    /// ` ('wide')`, or "" when `expression` is not a value written out.
    static func suffix(_ expression: ProgramExpression) -> String {
        text(expression).map { " (\($0))" } ?? ""
    }

    private static func text(_ expression: ProgramExpression) -> String? {
        switch expression.kind {
        case .constant(.int(let v)): return String(v)
        case .constant(.number(let v)): return NumberFormat.readable(v, decimals: 6)
        case .constant(.bool(let b)): return b ? "true" : "false"
        case .constant(.string(let s)):
            // As `Value.brief`: a long text is cut.
            guard s.unicodeScalars.count > 60 else { return "'" + s + "'" }
            return "'" + String(String.UnicodeScalarView(s.unicodeScalars.prefix(57))) + "…'"
        case .constant(.color(let r, let g, let b, let a)): return Color(red: r, green: g, blue: b, alpha: a).hexRGBA
        case .name(.predefined(.none)): return "none"
        case .name(.predefined(.color(let index))) where index < PredefinedNames.cssColors.count:
            let c = PredefinedNames.cssColors[index]
            return Color.rgb255(Double(c.red), Double(c.green), Double(c.blue), alpha: c.alpha).hexRGBA
        default: return nil
        }
    }
}
