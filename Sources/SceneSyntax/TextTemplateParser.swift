import SceneSource

/// Splits the content of a <text> into literal pieces and `{expression}` pieces, each expression
/// parsed with exact source positions. White space runs collapse to one space and the ends are
/// trimmed, as SVG and HTML do, so the text can be indented like the rest of the file.
/// `{{` and `}}` stand for literal braces.
public enum TextTemplateParser {
    public static func parse(_ content: Attribute) -> Result<TextTemplate, Diagnostic> {
        let text = collapsed(content)
        let bytes = Array(text.value.utf8)
        var pieces: [TextTemplate.Piece] = []
        var literal: [UInt8] = []
        var i = 0
        func flushLiteral() {
            if !literal.isEmpty { pieces.append(.literal(String(decoding: literal, as: UTF8.self))) }
            literal = []
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "{"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "{") {
                literal.append(byte); i += 2; continue
            }
            if byte == UInt8(ascii: "}"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "}") {
                literal.append(byte); i += 2; continue
            }
            if byte == UInt8(ascii: "}") {
                return .failure(
                    .error(
                        .unbalancedBrace, "'}' without a matching '{' in the text", at: text.span(ofValueBytes: i..<(i + 1)),
                        help: "write '}}' for a literal brace"))
            }
            guard byte == UInt8(ascii: "{") else {
                literal.append(byte); i += 1; continue
            }
            guard let close = BracedExpression.closingBrace(bytes, from: i + 1) else {
                return .failure(
                    .error(
                        .unbalancedBrace, "'{' without a matching '}' in the text", at: text.span(ofValueBytes: i..<(i + 1)),
                        help: "close the expression with '}', or write '{{' for a literal brace"))
            }
            let emptyMessage = "'{}' is empty; put an expression inside, such as {count(points)}"
            switch BracedExpression.parse(text, open: i, close: close, emptyMessage: emptyMessage) {
            case .success(let expr):
                flushLiteral()
                pieces.append(.expression(expr))
            case .failure(let diagnostic):
                return .failure(diagnostic)
            }
            i = close + 1
        }
        flushLiteral()
        return .success(TextTemplate(pieces: pieces, span: content.valueSpan))
    }

    /// The content with white space collapsed and trimmed, still located in the source.
    static func collapsed(_ content: Attribute) -> Attribute {
        let bytes = Array(content.value.utf8)
        var out: [UInt8] = []
        var offsets: [Int] = []
        var pendingSpace: Int?
        var last = -1
        for (i, byte) in bytes.enumerated() {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                if pendingSpace == nil { pendingSpace = i }
                continue
            }
            if let space = pendingSpace, !out.isEmpty {
                out.append(0x20)
                offsets.append(content.span(ofValueBytes: space..<space).start)
            }
            pendingSpace = nil
            out.append(byte)
            offsets.append(content.span(ofValueBytes: i..<i).start)
            last = i
        }
        // One past the end: just after the last byte kept.
        offsets.append(last < 0 ? content.valueSpan.start : content.span(ofValueBytes: (last + 1)..<(last + 1)).start)
        let span = SourceSpan(file: content.valueSpan.file, start: offsets.first!, end: offsets.last!)
        return Attribute(
            name: content.name, nameSpan: content.nameSpan, value: String(decoding: out, as: UTF8.self),
            valueSpan: span, sourceOffsets: offsets)
    }
}
