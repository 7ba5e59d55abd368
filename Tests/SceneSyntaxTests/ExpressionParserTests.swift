import SceneSource
import SceneSyntax
import Testing

/// An attribute whose value starts at byte 10 of a fictional file, so spans are easy to check.
func attribute(_ text: String, name: String = "x") -> Attribute {
    let file = FileID(0)
    return Attribute(
        name: name, nameSpan: SourceSpan(file: file, start: 0, end: name.utf8.count), value: text,
        valueSpan: SourceSpan(file: file, start: 10, end: 10 + text.utf8.count))
}

/// A compact rendering of the tree: fully parenthesized, so precedence is visible.
func show(_ e: Expr) -> String {
    switch e.kind {
    case .int(let v): return "\(v)"
    case .number(let v): return "\(v)"
    case .string(let s): return "'\(s)'"
    case .bool(let b): return "\(b)"
    case .color(let r, let g, let b, let a): return "#(\(Int(r * 255)),\(Int(g * 255)),\(Int(b * 255)),\(Int(a * 255)))"
    case .name(let n): return n
    case .list(let items): return "[" + items.map(show).joined(separator: ",") + "]"
    case .unary(let op, let x): return "(\(op.rawValue) \(show(x)))"
    case .binary(let op, let l, let r): return "(\(show(l)) \(op.rawValue) \(show(r)))"
    case .conditional(let t, let a, let b): return "(\(show(t)) ? \(show(a)) : \(show(b)))"
    case .call(let f, let args): return "\(f)(" + args.map(show).joined(separator: ",") + ")"
    case .index(let b, let i): return "\(show(b))[\(show(i))]"
    }
}

func parse(_ text: String) -> String {
    switch ExpressionParser.parse(attribute(text)) {
    case .success(let e): return show(e)
    case .failure(let d): return "error[\(d.code.rawValue)] \(d.span.start - 10)..<\(d.span.end - 10): \(d.message)"
    }
}

struct ExpressionParserTests {
    @Test func precedence() {
        #expect(parse("1 + 2 * 3") == "(1 + (2 * 3))")
        #expect(parse("(1 + 2) * 3") == "((1 + 2) * 3)")
        #expect(parse("a - b - c") == "((a - b) - c)")
        #expect(parse("-a * b") == "((- a) * b)")
        #expect(parse("a // b % c") == "((a // b) % c)")
        #expect(parse("a or b and not c") == "(a or (b and (not c)))")
        #expect(parse("a lt b and c ge d") == "((a < b) and (c >= d))")
        #expect(parse("x > 0 ? 1 : y ? 2 : 3") == "((x > 0) ? 1 : (y ? 2 : 3))")
        #expect(parse("not a == b") == "(not (a == b))")
    }

    @Test func readableComparisonsForXML() {
        #expect(parse("a le b") == "(a <= b)")
        #expect(parse("a gt b") == "(a > b)")
        #expect(parse("a ≤ b") == "(a <= b)")
        #expect(parse("a≥b") == "(a >= b)")
        #expect(parse("a ≠ b") == "(a != b)")
        #expect(parse("a && b || !c") == "((a and b) or (not c))")
        #expect(parse("3 × π ÷ 4") == "((3 * π) / 4)")
    }

    @Test func literals() {
        #expect(parse("42") == "42")
        #expect(parse("0.5") == "0.5")
        #expect(parse(".5") == "0.5")
        #expect(parse("1e3") == "1000.0")
        #expect(parse("'hi'") == "'hi'")
        #expect(parse("\"it\\'s\"") == "'it's'")
        #expect(parse("true") == "true")
        #expect(parse("#fff") == "#(255,255,255,255)")
        #expect(parse("#57dad580") == "#(87,218,213,128)")
        #expect(parse("[1, 2.5, x]") == "[1,2.5,x]")
        #expect(parse("[]") == "[]")
    }

    @Test func callsAndIndexing() {
        #expect(parse("max(width, height) / 2") == "(max(width,height) / 2)")
        #expect(parse("points[count(points) - 1]") == "points[(count(points) - 1)]")
        #expect(parse("f()") == "f()")
        #expect(parse("[1,2][0][1]") == "[1,2][0][1]")
    }

    @Test func spansPointIntoTheValue() throws {
        let e = try ExpressionParser.parse(attribute("width / 2 + margin")).get()
        guard case .binary(_, _, let right) = e.kind else { Issue.record("not binary"); return }
        #expect(right.span.start == 10 + 12)
        #expect(right.span.end == 10 + 18)
        #expect(e.span.start == 10 && e.span.end == 28)
    }

    @Test func errorsAreLocated() {
        #expect(parse("1 +") == "error[E0401] 2..<3: unexpected end of expression; an operand is missing")
        #expect(parse("(1 + 2") == "error[E0401] 5..<6: unexpected end of expression; expected ')' to close '('")
        #expect(parse("3 * * 4") == "error[E0401] 4..<5: unexpected '*'; expected a value, a name or '('")
        #expect(parse("2pi") == "error[E0403] 0..<3: a number cannot be followed directly by 'pi'")
        #expect(parse("a = b") == "error[E0407] 2..<3: '=' is not an operator")
        #expect(parse("a < b < c") == "error[E0401] 6..<7: unexpected '<'; comparisons do not chain")
        #expect(parse("#ggg") == "error[E0405] 0..<4: '#ggg' is not a color")
        #expect(parse("'open") == "error[E0406] 0..<5: unterminated string")
        #expect(parse("a b") == "error[E0401] 2..<3: unexpected name 'b' after the expression")
        #expect(parse("") == "error[E0402] 0..<0: 'x' is empty; it needs an expression")
        #expect(parse("99999999999999999999") == "error[E0404] 0..<20: integer 99999999999999999999 is too large")
        #expect(parse("a @ b") == "error[E0407] 2..<3: unexpected character '@' in expression")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000)
        #expect(parse(deep).hasPrefix("error"))
        let negations = String(repeating: "-", count: 5000) + "1"
        #expect(parse(negations).hasPrefix("error"))
    }

    @Test func entitiesMapBackToTheSource() throws {
        // `a &lt; b`: the decoded value is `a < b`; `b` sits at raw offset 8 inside the quotes.
        let raw = "a &lt; b"
        var offsets: [Int] = []
        offsets += [0, 1, 2, 6, 7] // a, space, <, space, b
        offsets.append(8) // end
        let attr = Attribute(
            name: "test", nameSpan: SourceSpan(file: FileID(0), start: 0, end: 4), value: "a < b",
            valueSpan: SourceSpan(file: FileID(0), start: 10, end: 10 + raw.utf8.count),
            sourceOffsets: offsets.map { 10 + $0 })
        let e = try ExpressionParser.parse(attr).get()
        guard case .binary(_, _, let right) = e.kind else { Issue.record("not binary"); return }
        #expect(right.span.start == 17 && right.span.end == 18)
    }
}
