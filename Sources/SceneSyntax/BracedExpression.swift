import SceneSource

/// An expression written between braces inside another value: a text's `{count(points)}`, a path
/// data number's `{x}`. Finding its end and parsing it, located in the attribute, is one rule for
/// both (`TextTemplateParser`, `PathDataParser`).
enum BracedExpression {
    /// The index of the `}` closing an expression that starts at `start`, skipping quoted strings;
    /// nil when a `{` or the end comes first.
    static func closingBrace(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        var quote: UInt8?
        while i < bytes.count {
            let byte = bytes[i]
            if let q = quote {
                if byte == q { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "}") {
                return i
            } else if byte == UInt8(ascii: "{") {
                return nil
            }
            i += 1
        }
        return nil
    }

    /// The expression between the braces at `open` and `close` (byte offsets in `attribute`'s
    /// value); `{}` is the error `emptyExpression` with `emptyMessage`, over both braces.
    static func parse(_ attribute: Attribute, open: Int, close: Int, emptyMessage: String) -> Result<Expr, Diagnostic> {
        switch ExpressionParser.parse(attribute.slice((open + 1)..<close, name: "{…}")) {
        case .success(let expr):
            return .success(expr)
        case .failure(let diagnostic) where diagnostic.code == .emptyExpression:
            return .failure(.error(.emptyExpression, emptyMessage, at: attribute.span(ofValueBytes: open..<(close + 1))))
        case .failure(let diagnostic):
            return .failure(diagnostic)
        }
    }
}
