import SceneSource

/// Parses an attribute value as an expression (grammar in Grammar.md, "Expressions").
/// Precedence, loosest first: `?:`, `or`, `and`, `not`, comparisons (non-associative),
/// `+ -`, `* / // %`, unary `- +`, postfix `[index]`, primaries.
public struct ExpressionParser {
    private let attribute: Attribute
    /// The type the attribute expects (Schema's `expected`), when the caller knows it: a list
    /// attribute written the SVG way (`dash="5, 3"`) is told to use brackets.
    private let expected: String?
    private var tokens: [ExpressionLexer.Located] = []
    private var position = 0
    /// Deep nesting is refused rather than risking the stack: a user cannot crash the compiler.
    public static let maxDepth = 200
    private var depth = 0

    private init(attribute: Attribute, expected: String?) {
        self.attribute = attribute
        self.expected = expected
    }

    /// The expression in an attribute's value, or the diagnostic that says what is wrong with it.
    /// `expected` is the type the attribute takes ("number", "list"), for better help.
    public static func parse(_ attribute: Attribute, expected: String? = nil) -> Result<Expr, Diagnostic> {
        if let simple = simpleExpression(attribute) { return .success(simple) }
        var parser = ExpressionParser(attribute: attribute, expected: expected)
        do {
            var lexer = ExpressionLexer(attribute.value)
            parser.tokens = try lexer.tokenize()
        } catch {
            return .failure(.error(error.code, error.message, at: attribute.span(ofValueBytes: error.range), help: error.help))
        }
        do {
            if case .end = parser.tokens[0].token {
                return .failure(
                    .error(
                        .emptyExpression, "'\(attribute.name)' is empty; it needs an expression",
                        at: attribute.valueSpan))
            }
            let expr = try parser.expression()
            guard case .end = parser.current.token else {
                throw parser.unexpected("after the expression", help: parser.helpForTrailing())
            }
            return .success(expr)
        } catch let error as ParseFailure {
            return .failure(error.diagnostic)
        } catch {
            return .failure(.error(.expressionSyntax, "\(error)", at: attribute.valueSpan))
        }
    }

    struct ParseFailure: Error { let diagnostic: Diagnostic }

    /// A value that is one plain literal or name and nothing else (`10`, `0.5`, `size`, `true`), as
    /// most attribute values are: built directly, exactly as the lexer and the parser build it, without
    /// their arrays of bytes and tokens. Anything else (a space, a sign, an operator, a non-ASCII
    /// byte, a word operator, a long number) is nil and goes the whole way, errors included.
    static func simpleExpression(_ attribute: Attribute) -> Expr? {
        var value = attribute.value
        return value.withUTF8 { bytes -> Expr? in
            let n = bytes.count
            // 18 digits always fit an Int: longer numbers take the lexer's path (and its range error).
            guard let first = bytes.first, n <= 18 else { return nil }
            func digit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
            func letter(_ b: UInt8) -> Bool {
                b == UInt8(ascii: "_") || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            }
            // Checked before the span and the text are made: most values that are not simple
            // (`width / 2`) are told apart by a byte no name or number has.
            for b in bytes where !(letter(b) || digit(b) || b == UInt8(ascii: ".")) { return nil }
            let span = attribute.span(ofValueBytes: 0..<n)
            let text = String(decoding: bytes, as: UTF8.self)
            if digit(first) {
                var i = 0
                while i < n, digit(bytes[i]) { i += 1 }
                if i == n { return Int(text).map { Expr(.int($0), span) } }
                guard bytes[i] == UInt8(ascii: "."), i + 1 < n else { return nil }
                i += 1
                while i < n, digit(bytes[i]) { i += 1 }
                guard i == n, let number = Double(text), number.isFinite else { return nil }
                return Expr(.number(number), span)
            }
            guard letter(first), bytes.allSatisfy({ letter($0) || digit($0) }) else { return nil }
            switch text {
            case "and", "or", "not", "lt", "le", "gt", "ge": return nil
            case "true": return Expr(.bool(true), span)
            case "false": return Expr(.bool(false), span)
            default: return Expr(.name(text), span)
            }
        }
    }

    private var current: ExpressionLexer.Located { tokens[position] }

    private func span(_ range: Range<Int>) -> SourceSpan { attribute.span(ofValueBytes: range) }

    private mutating func advance() -> ExpressionLexer.Located {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private func isSymbol(_ s: ExpressionLexer.Symbol) -> Bool {
        if case .symbol(let symbol) = tokens[position].token { return symbol == s }
        return false
    }

    /// `context` is only built when the symbol is missing (it names the function or the list).
    private mutating func expect(_ s: ExpressionLexer.Symbol, _ context: @autoclosure () -> String) throws {
        guard isSymbol(s) else { throw unexpected("; expected '\(s.rawValue)' \(context())") }
        _ = advance()
    }

    private func describe(_ token: ExpressionLexer.Token) -> String {
        switch token {
        case .int(let v): return "number \(v)"
        case .number: return "a number"
        case .string: return "a string"
        case .color: return "a color"
        case .identifier(let n): return "name '\(n)'"
        case .symbol(let s): return "'\(s.rawValue)'"
        case .end: return "end of expression"
        }
    }

    private func unexpected(_ context: String, help: String? = nil) -> ParseFailure {
        let token = current
        let range = token.range.isEmpty ? max(0, token.range.lowerBound - 1)..<token.range.lowerBound : token.range
        let what = describe(token.token)
        let message = context.hasPrefix(";") ? "unexpected \(what)\(context)" : "unexpected \(what) \(context)"
        return ParseFailure(diagnostic: .error(.expressionSyntax, message, at: span(range.isEmpty ? 0..<0 : range), help: help))
    }

    private func helpForTrailing() -> String? {
        if case .identifier = current.token { return "is an operator missing before it? (`<` is written `lt` or `&lt;` in attributes)" }
        if case .symbol(.comma) = current.token {
            return expected == "list"
                ? "a list is written in brackets: \(attribute.name)=\"\(listText())\""
                : "an attribute holds one expression; a list is written in brackets: \(listText())"
        }
        if expected == "list", startsValue(current.token) {
            return "a list is written in brackets, with commas: \(attribute.name)=\"\(listText())\""
        }
        return nil
    }

    /// The attribute's value as a bracketed list, `5 3` or `5, 3` → `[5, 3]` (for help lines).
    private func listText() -> String {
        if let list = ExpressionParser.listText(attribute.value) { return list }
        return attribute.value.utf8.count <= ExpressionParser.maxQuotedList ? "[" + attribute.value.trimmingSpaces + "]" : "[6, 3]"
    }

    /// Values longer than this many bytes are not quoted back in a help line (a hostile file's
    /// megabyte list would otherwise be copied into every message); an example stands in.
    static let maxQuotedList = 120

    /// `1 2 3`, `1, 2, 3` or `[1 2 3]` → `[1, 2, 3]` when every element is a number; nil otherwise.
    public static func listText(_ value: String) -> String? {
        let parts = numbers(value)
        return parts.isEmpty ? nil : "[" + parts.joined(separator: ", ") + "]"
    }

    /// The numbers of a list written with spaces or commas, with or without brackets; empty when
    /// anything else is in it (or it is too long to quote).
    public static func numbers(_ value: String) -> [String] {
        guard value.utf8.count <= maxQuotedList else { return [] }
        let inner = value.filter { $0 != "[" && $0 != "]" }
        let parts = inner.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }).map(String.init)
        guard !parts.isEmpty, parts.allSatisfy({ Double($0) != nil }) else { return [] }
        return parts
    }

    /// Whether a token can start an operand (so two operands stand side by side).
    private func startsValue(_ token: ExpressionLexer.Token) -> Bool {
        switch token {
        case .int, .number, .string, .color, .identifier: return true
        default: return false
        }
    }

    /// A tree higher than `maxDepth` (a long chain such as `a + b + c + …` or `a[0][0][0]…`, built
    /// by a loop rather than by recursion here) would recurse that deep in everything that walks it.
    /// `at` is the operator or bracket that made the tree too high.
    private func checkHeight(_ expr: Expr, at range: Range<Int>) throws {
        if expr.height > ExpressionParser.maxDepth {
            throw ParseFailure(
                diagnostic: .error(
                    .expressionTooDeep, "expression is nested too deeply (more than \(ExpressionParser.maxDepth) levels)",
                    at: span(range), help: "split it into several <let> elements"))
        }
    }

    private mutating func nested<T>(_ body: (inout ExpressionParser) throws -> T) throws -> T {
        depth += 1
        defer { depth -= 1 }
        if depth > ExpressionParser.maxDepth {
            throw ParseFailure(
                diagnostic: .error(
                    .expressionTooDeep, "expression is nested too deeply (more than \(ExpressionParser.maxDepth) levels)",
                    at: span(current.range), help: "split it into several <let> elements"))
        }
        return try body(&self)
    }

    mutating func expression() throws -> Expr {
        try nested { p in
            let test = try p.binary(level: 0)
            guard p.isSymbol(.question) else { return test }
            _ = p.advance()
            let then = try p.expression()
            try p.expect(.colon, "in 'test ? a : b'")
            let otherwise = try p.expression()
            return Expr(.conditional(test, then, otherwise), test.span.merged(with: otherwise.span))
        }
    }

    /// The precedence level of a binary operator, loosest first: 0 `or`, 1 `and`, (2 is the prefix
    /// `not`), 3 comparisons, 4 `+ -`, 5 `* / // %`.
    private static func level(of symbol: ExpressionLexer.Symbol) -> Int? {
        switch symbol {
        case .or: return 0
        case .and: return 1
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual: return 3
        case .plus, .minus: return 4
        case .star, .slash, .doubleSlash, .percent: return 5
        default: return nil
        }
    }

    /// The operators of `level` and tighter, left to right (precedence climbing). One call per
    /// operator rather than one per level per operand: every operand of every attribute passes here.
    private mutating func binary(level minimum: Int) throws -> Expr {
        var left: Expr
        if minimum <= 2, isSymbol(.not) {
            // `not` binds looser than comparisons: `not a == b` is `not (a == b)`.
            let op = advance()
            let operand = try nested { try $0.binary(level: 2) }
            left = Expr(.unary(.not, operand), span(op.range).merged(with: operand.span))
        } else {
            left = try unary()
        }
        while case .symbol(let s) = tokens[position].token, let level = ExpressionParser.level(of: s), level >= minimum {
            let op = advance()
            if s == .percent, let percentage = percentSign(op) { throw percentage }
            let right = try binary(level: level + 1)
            left = Expr(.binary(s.binaryOperator!, left, right), left.span.merged(with: right.span))
            try checkHeight(left, at: op.range)
            if level == 3, case .symbol(let next) = tokens[position].token, ExpressionParser.level(of: next) == 3 {
                throw unexpected("; comparisons do not chain", help: "write 'a < b and b < c'")
            }
        }
        return left
    }

    /// `50%`: a number with `%` glued to it and no operand after it is a percentage from CSS or SVG,
    /// not the remainder operator; say what to write.
    private func percentSign(_ op: ExpressionLexer.Located) -> ParseFailure? {
        // A number token just before the `%`, touching it (`50%`, also in `x * 50%`).
        guard position >= 2, tokens[position - 1].range == op.range else { return nil }
        let literal = tokens[position - 2]
        switch literal.token {
        case .int, .number: break
        default: return nil
        }
        guard literal.range.upperBound == op.range.lowerBound else { return nil }
        let number = String(decoding: Array(attribute.value.utf8)[literal.range], as: UTF8.self)
        switch current.token {
        case .end: break
        case .symbol(let next) where ![.openParen, .openBracket, .minus, .plus, .not].contains(next): break
        default: return nil
        }
        let fraction = ExpressionLexer.percent(number)
        return ParseFailure(
            diagnostic: .error(
                .numberWithUnit, "numbers have no units ('%' in '\(number)%')", at: span(literal.range.lowerBound..<op.range.upperBound),
                help: "there are no percentages: write a fraction, such as \(fraction) for an opacity or width * \(fraction) for a length"))
    }

    private mutating func unary() throws -> Expr {
        if isSymbol(.minus) || isSymbol(.plus) {
            let op = advance()
            let operand = try nested { try $0.unary() }
            let kind: UnaryOperator = op.token == .symbol(.minus) ? .negate : .plus
            return Expr(.unary(kind, operand), span(op.range).merged(with: operand.span))
        }
        if isSymbol(.not) {
            let op = advance()
            let operand = try nested { try $0.unary() }
            return Expr(.unary(.not, operand), span(op.range).merged(with: operand.span))
        }
        return try postfix()
    }

    private mutating func postfix() throws -> Expr {
        var base = try primary()
        while isSymbol(.openBracket) {
            _ = advance()
            let index = try expression()
            let close = current
            try expect(.closeBracket, "to close the index")
            base = Expr(.index(base, index), base.span.merged(with: span(close.range)))
            try checkHeight(base, at: close.range)
        }
        return base
    }

    private mutating func primary() throws -> Expr {
        let token = current
        let tokenSpan = span(token.range)
        switch token.token {
        case .int(let v):
            _ = advance()
            return Expr(.int(v), tokenSpan)
        case .number(let v):
            _ = advance()
            return Expr(.number(v), tokenSpan)
        case .string(let s):
            _ = advance()
            return Expr(.string(s), tokenSpan)
        case .color(let r, let g, let b, let a):
            _ = advance()
            return Expr(.color(red: r, green: g, blue: b, alpha: a), tokenSpan)
        case .identifier(let name):
            _ = advance()
            if name == "true" { return Expr(.bool(true), tokenSpan) }
            if name == "false" { return Expr(.bool(false), tokenSpan) }
            guard isSymbol(.openParen) else { return Expr(.name(name), tokenSpan) }
            _ = advance()
            let (arguments, close) = try commaSeparated(until: .closeParen, "to close the arguments of \(name)()")
            return Expr(.call(name, arguments), tokenSpan.merged(with: close))
        case .symbol(.openParen):
            _ = advance()
            let inner = try expression()
            try expect(.closeParen, "to close '('")
            return inner
        case .symbol(.openBracket):
            _ = advance()
            let (elements, close) = try commaSeparated(until: .closeBracket, "to close the list")
            return Expr(.list(elements), tokenSpan.merged(with: close))
        case .end:
            throw unexpected("; an operand is missing")
        default:
            // `2 ** 3` (Python, JavaScript): there is no power operator.
            if isSymbol(.star), position > 0, tokens[position - 1].token == .symbol(.star),
                tokens[position - 1].range.upperBound == token.range.lowerBound
            {
                throw unexpected("; expected a value, a name or '('", help: "write powers as pow(x, y)")
            }
            throw unexpected("; expected a value, a name or '('")
        }
    }

    /// `a, b, c` up to the closing symbol (which may follow at once); returns the closing span.
    /// `context` is only built for an error (it names the function).
    private mutating func commaSeparated(until closing: ExpressionLexer.Symbol, _ context: @autoclosure () -> String) throws
        -> ([Expr], SourceSpan)
    {
        var items: [Expr] = []
        if !isSymbol(closing) {
            while true {
                items.append(try expression())
                guard isSymbol(.comma) else { break }
                _ = advance()
            }
        }
        let close = current
        if !isSymbol(closing), startsValue(current.token) {
            // `[1 2 3]`, `rgb(1 2 3)`: a comma is missing.
            let help =
                closing == .closeBracket
                ? "separate the elements with commas" + (ExpressionParser.listText(attribute.value).map { ": \($0)" } ?? "")
                : "separate the arguments with commas"
            throw unexpected("; expected '\(closing.rawValue)' \(context())", help: help)
        }
        try expect(closing, context())
        return (items, span(close.range))
    }
}

extension ExpressionLexer.Symbol {
    /// The binary operator this symbol spells, if any (by case: the parser asks for every operator).
    var binaryOperator: BinaryOperator? {
        switch self {
        case .or: return .or
        case .and: return .and
        case .equal: return .equal
        case .notEqual: return .notEqual
        case .less: return .less
        case .lessEqual: return .lessEqual
        case .greater: return .greater
        case .greaterEqual: return .greaterEqual
        case .plus: return .add
        case .minus: return .subtract
        case .star: return .multiply
        case .slash: return .divide
        case .doubleSlash: return .integerDivide
        case .percent: return .remainder
        case .not, .openParen, .closeParen, .openBracket, .closeBracket, .comma, .question, .colon: return nil
        }
    }
}
