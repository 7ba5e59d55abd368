import SceneSource

/// Splits an attribute value into tokens. Offsets are byte offsets into the decoded value; the
/// attribute maps them back to the file.
struct ExpressionLexer {
    enum Token: Hashable {
        case int(Int)
        case number(Double)
        case string(String)
        case color(Double, Double, Double, Double)
        case identifier(String)
        /// Operators and punctuation, spelled canonically (`≤` and `le` both become `<=`).
        case symbol(Symbol)
        case end
    }

    /// An operator or punctuation mark, by its canonical spelling. A case rather than a string: the
    /// parser compares the current token with several symbols for every operand of every expression.
    enum Symbol: String, Hashable {
        case or, and, not
        case equal = "==", notEqual = "!=", less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
        case plus = "+", minus = "-", star = "*", slash = "/", doubleSlash = "//", percent = "%"
        case openParen = "(", closeParen = ")", openBracket = "[", closeBracket = "]"
        case comma = ",", question = "?", colon = ":"
    }

    struct Located {
        let token: Token
        let range: Range<Int>
    }

    struct LexError: Error {
        let code: DiagnosticCode
        let message: String
        let range: Range<Int>
        var help: String? = nil
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    mutating func tokenize() throws(LexError) -> [Located] {
        var tokens: [Located] = []
        // At most one token per byte, and the end: one allocation instead of one per doubling for
        // an attribute's expression (a long one grows from there, not from a reservation of its length).
        tokens.reserveCapacity(min(bytes.count + 1, 64))
        while true {
            skipSpace()
            let start = index
            guard index < bytes.count else {
                tokens.append(Located(token: .end, range: start..<start))
                return tokens
            }
            let token = try next()
            tokens.append(Located(token: token, range: start..<index))
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }

    private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private static func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
    private static func isIdentStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
    }

    private mutating func next() throws(LexError) -> Token {
        let start = index
        let b = bytes[index]
        if ExpressionLexer.isDigit(b) || (b == UInt8(ascii: ".") && ExpressionLexer.isDigit(peek(1))) {
            return try number()
        }
        if b == UInt8(ascii: "#") { return try color() }
        if b == UInt8(ascii: "'") || b == UInt8(ascii: "\"") { return try string(quote: b) }
        // Unicode operators first: they are non-ASCII like identifier letters.
        if b >= 0x80, let (length, canonical) = ExpressionLexer.unicodeOperator(in: bytes, at: index) {
            index += length
            return .symbol(canonical)
        }
        if ExpressionLexer.isIdentStart(b) {
            while index < bytes.count,
                ExpressionLexer.isIdentStart(bytes[index]) || ExpressionLexer.isDigit(bytes[index]),
                !(index > start && startsUnicodeOperator(at: index))
            {
                index += 1
            }
            if let op = ExpressionLexer.wordOperator(bytes, start..<index) { return .symbol(op) }
            return .identifier(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        // Byte comparisons, not strings: this runs for every operator of every expression.
        let second = peek(1)
        switch (b, second) {
        case (UInt8(ascii: "<"), UInt8(ascii: "=")): index += 2; return .symbol(.lessEqual)
        case (UInt8(ascii: ">"), UInt8(ascii: "=")): index += 2; return .symbol(.greaterEqual)
        case (UInt8(ascii: "="), UInt8(ascii: "=")): index += 2; return .symbol(.equal)
        case (UInt8(ascii: "!"), UInt8(ascii: "=")): index += 2; return .symbol(.notEqual)
        case (UInt8(ascii: "/"), UInt8(ascii: "/")): index += 2; return .symbol(.doubleSlash)
        case (UInt8(ascii: "&"), UInt8(ascii: "&")): index += 2; return .symbol(.and)
        case (UInt8(ascii: "|"), UInt8(ascii: "|")): index += 2; return .symbol(.or)
        default: break
        }
        let single: Symbol?
        switch b {
        case UInt8(ascii: "!"): single = .not
        case UInt8(ascii: "+"): single = .plus
        case UInt8(ascii: "-"): single = .minus
        case UInt8(ascii: "*"): single = .star
        case UInt8(ascii: "/"): single = .slash
        case UInt8(ascii: "%"): single = .percent
        case UInt8(ascii: "("): single = .openParen
        case UInt8(ascii: ")"): single = .closeParen
        case UInt8(ascii: "["): single = .openBracket
        case UInt8(ascii: "]"): single = .closeBracket
        case UInt8(ascii: ","): single = .comma
        case UInt8(ascii: "?"): single = .question
        case UInt8(ascii: ":"): single = .colon
        case UInt8(ascii: "<"): single = .less
        case UInt8(ascii: ">"): single = .greater
        default: single = nil
        }
        if let single {
            index += 1
            return .symbol(single)
        }
        if b == UInt8(ascii: "=") {
            index += 1
            throw LexError(code: .unexpectedCharacter, message: "'=' is not an operator", range: start..<index, help: "compare with '=='")
        }
        // Skip one whole UTF-8 character for the error span.
        index += 1
        while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let help: String?
        switch text {
        case "^": help = "write powers as pow(x, y)"
        case "&": help = "write the operator as 'and'"
        case "|": help = "write the operator as 'or'"
        case "°": help = "angles are in radians: convert degrees with radians(…)"
        default: help = nil
        }
        throw LexError(
            code: .unexpectedCharacter, message: "unexpected character '\(text)' in expression", range: start..<index,
            help: help)
    }

    private static let unicodeOperators: [(String, Symbol)] =
        [("≤", .lessEqual), ("≥", .greaterEqual), ("≠", .notEqual), ("×", .star), ("÷", .slash), ("−", .minus)]
    /// The same spellings as UTF-8, made once.
    private static let unicodeOperatorBytes: [([UInt8], Symbol)] = unicodeOperators.map { (Array($0.0.utf8), $0.1) }

    /// The length and canonical symbol of the Unicode operator at `i`, if one starts there.
    private static func unicodeOperator(in bytes: [UInt8], at i: Int) -> (Int, Symbol)? {
        for (utf8, canonical) in unicodeOperatorBytes where bytes.count - i >= utf8.count {
            var match = true
            for k in 0..<utf8.count where bytes[i + k] != utf8[k] {
                match = false
                break
            }
            if match { return (utf8.count, canonical) }
        }
        return nil
    }

    /// A Unicode operator glued to a name (`a≤b`) ends the name.
    private func startsUnicodeOperator(at i: Int) -> Bool {
        bytes[i] >= 0x80 && ExpressionLexer.unicodeOperator(in: bytes, at: i) != nil
    }

    /// The word operator spelled by `bytes[range]`, if any: `and`, `or`, `not`, and `lt` `le` `gt` `ge`
    /// for `<` `<=` `>` `>=`. Compared byte by byte: every name of every expression is asked, and
    /// hashing each into a dictionary of the words cost more than the comparison.
    private static func wordOperator(_ bytes: [UInt8], _ range: Range<Int>) -> Symbol? {
        guard range.count == 2 || range.count == 3 else { return nil }
        let a = bytes[range.lowerBound], b = bytes[range.lowerBound + 1]
        if range.count == 3 {
            let c = bytes[range.lowerBound + 2]
            if a == UInt8(ascii: "a") && b == UInt8(ascii: "n") && c == UInt8(ascii: "d") { return .and }
            if a == UInt8(ascii: "n") && b == UInt8(ascii: "o") && c == UInt8(ascii: "t") { return .not }
            return nil
        }
        switch (a, b) {
        case (UInt8(ascii: "o"), UInt8(ascii: "r")): return .or
        case (UInt8(ascii: "l"), UInt8(ascii: "t")): return .less
        case (UInt8(ascii: "l"), UInt8(ascii: "e")): return .lessEqual
        case (UInt8(ascii: "g"), UInt8(ascii: "t")): return .greater
        case (UInt8(ascii: "g"), UInt8(ascii: "e")): return .greaterEqual
        default: return nil
        }
    }

    private mutating func number() throws(LexError) -> Token {
        let start = index
        var isInteger = true
        while ExpressionLexer.isDigit(peek()) { index += 1 }
        if peek() == UInt8(ascii: "."), ExpressionLexer.isDigit(peek(1)) || !(peek(1).map(ExpressionLexer.isIdentStart) ?? false) {
            isInteger = false
            index += 1
            while ExpressionLexer.isDigit(peek()) { index += 1 }
        }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            var look = 1
            if let sign = peek(1), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { look = 2 }
            if ExpressionLexer.isDigit(peek(look)) {
                isInteger = false
                index += look
                while ExpressionLexer.isDigit(peek()) { index += 1 }
            }
        }
        if let b = peek(), ExpressionLexer.isIdentStart(b), !startsUnicodeOperator(at: index) {
            // `2pi` or `3px`: say what is wrong instead of "unexpected name".
            var end = index
            while end < bytes.count, ExpressionLexer.isIdentStart(bytes[end]) || ExpressionLexer.isDigit(bytes[end]) { end += 1 }
            let unit = String(decoding: bytes[index..<end], as: UTF8.self)
            let numberText = String(decoding: bytes[start..<index], as: UTF8.self)
            if let hint = ExpressionLexer.unitHint(unit, number: numberText) {
                throw LexError(
                    code: .numberWithUnit, message: "numbers have no units ('\(unit)' in '\(numberText)\(unit)')",
                    range: start..<end, help: hint)
            }
            throw LexError(
                code: .numberWithUnit, message: "a number cannot be followed directly by '\(unit)'", range: start..<end,
                help: "write '\(numberText) * \(unit)' to multiply; lengths are plain numbers in points")
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger {
            guard let value = Int(text) else {
                throw LexError(
                    code: .numberLiteralRange, message: "integer \(text) is too large", range: start..<index,
                    help: "integers range from \(Int.min) to \(Int.max); write \(text).0 for a number")
            }
            return .int(value)
        }
        guard let value = Double(text), value.isFinite else {
            throw LexError(
                code: .numberLiteralRange, message: "number \(text) is out of range", range: start..<index,
                help: "numbers range to about ±1.8e308; drawing needs far less")
        }
        return .number(value)
    }

    /// What to write instead of a number with a unit from CSS, SVG, UIKit or Android (`10px`,
    /// `45deg`): lengths are points and angles radians, so the fix is the bare number or a
    /// conversion. Nil for other letters (`2pi` is a missing `*`).
    static func unitHint(_ unit: String, number: String) -> String? {
        switch unit.lowercased() {
        case "px", "pt", "dp", "dip", "sp":
            return "lengths are plain numbers in points: write \(number)"
        case "em", "rem", "ex", "ch", "in", "cm", "mm", "pc", "q":
            return "there are no units: write the length as a plain number of points"
        case "vw": return "there are no units: write a fraction of the scene's width, such as width * \(percent(number))"
        case "vh": return "there are no units: write a fraction of the scene's height, such as height * \(percent(number))"
        case "deg", "°": return "angles are in radians: write radians(\(number))"
        case "rad": return "angles are already in radians: write \(number)"
        case "turn": return "angles are in radians: write \(number) * 2 * pi"
        default: return nil
        }
    }

    /// `50` → `0.5`: a percentage as the fraction to write instead.
    static func percent(_ number: String) -> String {
        guard let value = Double(number) else { return "0.5" }
        var text = String(value / 100)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    private mutating func color() throws(LexError) -> Token {
        let start = index
        index += 1
        var digits: [UInt8] = []
        while let b = peek(), ExpressionLexer.isIdentStart(b) || ExpressionLexer.isDigit(b) {
            digits.append(b)
            index += 1
        }
        func hex(_ b: UInt8) -> Int? {
            switch b {
            case 0x30...0x39: return Int(b - 0x30)
            case 0x61...0x66: return Int(b - 0x61 + 10)
            case 0x41...0x46: return Int(b - 0x41 + 10)
            default: return nil
            }
        }
        let values = digits.compactMap(hex)
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard values.count == digits.count, [3, 6, 8].contains(values.count) else {
            throw LexError(
                code: .invalidColorLiteral, message: "'\(text)' is not a color", range: start..<index,
                help: "write colors as #RGB, #RRGGBB or #RRGGBBAA with hexadecimal digits")
        }
        if values.count == 3 {
            return .color(Double(values[0] * 17) / 255, Double(values[1] * 17) / 255, Double(values[2] * 17) / 255, 1)
        }
        func pair(_ i: Int) -> Double { Double(values[i] * 16 + values[i + 1]) / 255 }
        return .color(pair(0), pair(2), pair(4), values.count == 8 ? pair(6) : 1)
    }

    private mutating func string(quote: UInt8) throws(LexError) -> Token {
        let start = index
        index += 1
        var out: [UInt8] = []
        while index < bytes.count {
            let b = bytes[index]
            if b == quote {
                index += 1
                return .string(String(decoding: out, as: UTF8.self))
            }
            if b == UInt8(ascii: "\\"), index + 1 < bytes.count {
                out.append(bytes[index + 1])
                index += 2
                continue
            }
            out.append(b)
            index += 1
        }
        throw LexError(
            code: .unterminatedString, message: "unterminated string", range: start..<index,
            help: "close the string with \(String(UnicodeScalar(quote)))")
    }
}
