import SceneSource

/// One command of a `<path d="…">`, already made absolute: relative coordinates, H/V and the
/// reflected control points of S/T are resolved here, because they depend only on the string.
public struct PathDataCommand: Hashable, Sendable {
    public enum Operation: Hashable, Sendable {
        case move(x: Double, y: Double)
        case line(x: Double, y: Double)
        case cubic(x1: Double, y1: Double, x2: Double, y2: Double, x: Double, y: Double)
        case quad(x1: Double, y1: Double, x: Double, y: Double)
        /// SVG's endpoint arc, from the current point (`fromX`, `fromY`) to (x, y).
        case arc(
            fromX: Double, fromY: Double, rx: Double, ry: Double, rotation: Double,
            largeArc: Bool, sweep: Bool, x: Double, y: Double)
        case close
    }
    public let operation: Operation
    /// The command letter (or, for an implicit repeat, its first number) through its last number.
    public let span: SourceSpan
}

/// The parsed `d` attribute of a `<path>`.
public struct PathData: Hashable, Sendable {
    public let commands: [PathDataCommand]
}

/// SVG 2's path data grammar (https://www.w3.org/TR/SVG2/paths.html#PathDataBNF) over the decoded
/// attribute value, so a path copied from Sketch, Figma or an SVG file pastes in as it is. Errors
/// point at the offending character inside the attribute (through `Attribute.span(ofValueBytes:)`,
/// which also sees through entities) and say what was expected there.
public struct PathDataParser {
    private let bytes: [UInt8]
    private let attribute: Attribute
    private var i = 0

    /// Plain SVG path data (an imported SVG file's `d`): a `{` is an error like any other character.
    public static func parse(_ attribute: Attribute) -> Result<PathData, Diagnostic> {
        switch parse(attribute, interpolating: false) {
        case .success(.constant(let data)): return .success(data)
        case .success(.interpolated): return .failure(.error(.pathDataSyntax, "invalid path data", at: attribute.valueSpan))
        case .failure(let diagnostic): return .failure(diagnostic)
        }
    }

    /// A scene's `d`, where `{expression}` may stand for any number (Grammar.md §10 "Path data").
    /// Without a `{` the result is `.constant`, exactly what `parse` gives.
    public static func parseInterpolated(_ attribute: Attribute) -> Result<ParsedPathData, Diagnostic> {
        parse(attribute, interpolating: true)
    }

    private static func parse(_ attribute: Attribute, interpolating: Bool) -> Result<ParsedPathData, Diagnostic> {
        var parser = PathDataParser(bytes: Array(attribute.value.utf8), attribute: attribute, interpolating: interpolating)
        do {
            let commands = try parser.commands()
            if parser.slots.isEmpty {
                return .success(.constant(PathData(commands: commands.map { $0.resolved([]) })))
            }
            return .success(.interpolated(InterpolatedPathData(commands: commands, slots: parser.slots)))
        } catch let error as PathDataError { return .failure(error.diagnostic) } catch {
            return .failure(.error(.pathDataSyntax, "invalid path data", at: attribute.valueSpan))
        }
    }

    private init(bytes: [UInt8], attribute: Attribute, interpolating: Bool) {
        self.bytes = bytes; self.attribute = attribute; self.interpolating = interpolating
    }

    private let interpolating: Bool
    /// The `{expression}`s read so far, in source order.
    private var slots: [Expr] = []

    private struct PathDataError: Error { let diagnostic: Diagnostic }

    private static let commandLetters = Set("MmLlHhVvCcSsQqTtAaZz".utf8)

    private func fail(
        _ message: String, at offset: Int, length: Int = 1, code: DiagnosticCode = .pathDataSyntax,
        help: String? = nil
    ) -> PathDataError {
        let end = min(bytes.count, offset + length)
        // A lone UTF-8 lead byte would cut a character in half: widen to the whole character.
        var upper = end
        while upper < bytes.count, bytes[upper] & 0xC0 == 0x80 { upper += 1 }
        return PathDataError(diagnostic: .error(code, message, at: attribute.span(ofValueBytes: offset..<upper), help: help))
    }

    private var here: String {
        guard i < bytes.count else { return "the end of the path data" }
        var upper = i + 1
        while upper < bytes.count, bytes[upper] & 0xC0 == 0x80 { upper += 1 }
        return "'\(String(decoding: bytes[i..<upper], as: UTF8.self))'"
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }

    private mutating func skipSpace() { while i < bytes.count, PathDataParser.isSpace(bytes[i]) { i += 1 } }

    /// White space, then at most one comma and more white space: what may stand between numbers.
    private mutating func skipSeparator() {
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; skipSpace() }
    }

    private func startsNumber(_ at: Int) -> Bool {
        guard at < bytes.count else { return false }
        let b = bytes[at]
        return (0x30...0x39).contains(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
            || (interpolating && b == UInt8(ascii: "{"))
    }

    /// A number: sign? (digits ('.' digits?)? | '.' digits) exponent?. It ends where the grammar
    /// says, so `.5.5` is two numbers and `-1-2` too.
    private mutating func number(_ what: String) throws -> PathNumber {
        let start = i
        if interpolating, i < bytes.count, bytes[i] == UInt8(ascii: "{") { return try interpolation(what) }
        guard startsNumber(i) else {
            throw fail("expected \(what), found \(here)", at: i, length: i < bytes.count ? 1 : 0)
        }
        if bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
        var digits = 0
        while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1; digits += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1; digits += 1 }
        }
        if digits == 0, interpolating, i < bytes.count, bytes[i] == UInt8(ascii: "{") {
            throw fail(
                "a sign or point cannot stand before an interpolation", at: start, length: i - start, code: .pathDataInterpolation,
                help: "put the sign inside the braces: {-x}")
        }
        guard digits > 0 else { throw fail("expected \(what), found \(here)", at: i, length: i < bytes.count ? 1 : 0) }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            // An exponent needs digits; `1e` followed by something else is an error, not `1` and `e`.
            var j = i + 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") { j += 1 }
            guard j < bytes.count, (0x30...0x39).contains(bytes[j]) else {
                i = j
                throw fail("expected the digits of an exponent, found \(here)", at: j, length: j < bytes.count ? 1 : 0)
            }
            i = j
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw fail("the number \(text) is out of range", at: start, length: i - start)
        }
        if interpolating, i < bytes.count, bytes[i] == UInt8(ascii: "{") {
            throw fail(
                "an interpolation cannot continue the number \(text)", at: i, code: .pathDataInterpolation,
                help: "put a space between them, or compute the number inside the braces: {\(text == "-" ? "-…" : "…")}")
        }
        return PathNumber(value == 0 ? 0 : value)
    }

    /// `{expression}` standing for a whole number, parsed with its place in the source.
    private mutating func interpolation(_ what: String) throws -> PathNumber {
        let open = i
        guard let close = BracedExpression.closingBrace(bytes, from: open + 1) else {
            throw fail(
                "'{' without a matching '}' in the path data", at: open, code: .unbalancedBrace,
                help: "close the expression with '}'")
        }
        let emptyMessage = "'{}' is empty; put an expression for \(what) inside, such as {x}"
        switch BracedExpression.parse(attribute, open: open, close: close, emptyMessage: emptyMessage) {
        case .success(let expr): slots.append(expr)
        case .failure(let diagnostic): throw PathDataError(diagnostic: diagnostic)
        }
        i = close + 1
        if i < bytes.count, (0x30...0x39).contains(bytes[i]) || bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: "{") {
            throw fail(
                "a number cannot follow an interpolation without a separator", at: i, code: .pathDataInterpolation,
                help: "put a space after '}'")
        }
        return .slot(slots.count - 1)
    }

    /// An arc flag: a single `0` or `1`, which needs no separator after it (`a1 1 0 0110 10`).
    private mutating func flag(_ what: String) throws -> Bool {
        if interpolating, i < bytes.count, bytes[i] == UInt8(ascii: "{") {
            throw fail(
                "\(what) cannot be interpolated", at: i, code: .pathDataInterpolation,
                help: "write 0 or 1; to choose between two arcs, write two <path> elements inside <if> and <else>")
        }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "0") || bytes[i] == UInt8(ascii: "1") else {
            throw fail("expected \(what) (0 or 1), found \(here)", at: i, length: i < bytes.count ? 1 : 0)
        }
        defer { i += 1 }
        return bytes[i] == UInt8(ascii: "1")
    }

    private mutating func commands() throws -> [InterpolatedPathCommand] {
        var result: [InterpolatedPathCommand] = []
        typealias Point = (x: PathNumber, y: PathNumber)
        let origin: Point = (PathNumber(0), PathNumber(0))
        var current = origin, subpathStart = origin
        // The last control point of a C/S (for S) or of a Q/T (for T), absolute.
        var lastCubic: Point?, lastQuad: Point?
        skipSpace()
        guard i < bytes.count else {
            throw fail("empty path data", at: 0, length: 0, help: "write d=\"M x y …\", or leave out d and use child path commands")
        }
        var command: UInt8 = 0
        while true {
            skipSpace()
            if i >= bytes.count { break }
            let commandStart = i
            if PathDataParser.commandLetters.contains(bytes[i]) {
                command = bytes[i]
                i += 1
            } else if interpolating, bytes[i] == UInt8(ascii: "{"),
                command == 0 || command == UInt8(ascii: "Z") || command == UInt8(ascii: "z")
            {
                throw fail(
                    "a path command cannot be interpolated", at: i, code: .pathDataInterpolation,
                    help: "write the command letter (M L H V C S Q T A Z) and interpolate its numbers: M {x} {y}")
            } else if command == 0 {
                throw fail("path data must start with a move (M or m), not \(here)", at: i)
            } else if !startsNumber(i) {
                throw fail("expected a path command (M L H V C S Q T A Z, or lower case for relative) or a number, found \(here)", at: i)
            } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw fail("expected a path command after Z, found \(here)", at: i, help: "Z takes no numbers")
            } else if command == UInt8(ascii: "M") {
                command = UInt8(ascii: "L") // numbers after a move are implicit lines
            } else if command == UInt8(ascii: "m") {
                command = UInt8(ascii: "l")
            }
            if result.isEmpty && command != UInt8(ascii: "M") && command != UInt8(ascii: "m") {
                throw fail("path data must start with a move (M or m), not '\(Character(Unicode.Scalar(command)))'", at: commandStart)
            }
            let relative = command >= UInt8(ascii: "a")
            let (ox, oy) = relative ? current : origin
            if i > commandStart { skipSpace() } // after the letter
            var operation: InterpolatedPathCommand.Operation
            var cubicControl: Point?, quadControl: Point?
            switch command | 0x20 { // lower case
            case UInt8(ascii: "m"):
                let x = try number("the x of the move") + ox; skipSeparator()
                let y = try number("the y of the move") + oy
                operation = .move(x: x, y: y)
                current = (x, y); subpathStart = (x, y)
            case UInt8(ascii: "l"):
                let x = try number("the x of the line's end") + ox; skipSeparator()
                let y = try number("the y of the line's end") + oy
                operation = .line(x: x, y: y); current = (x, y)
            case UInt8(ascii: "h"):
                let x = try number("the x of the horizontal line's end") + ox
                operation = .line(x: x, y: current.y); current = (x, current.y)
            case UInt8(ascii: "v"):
                let y = try number("the y of the vertical line's end") + oy
                operation = .line(x: current.x, y: y); current = (current.x, y)
            case UInt8(ascii: "c"), UInt8(ascii: "s"):
                let smooth = command | 0x20 == UInt8(ascii: "s")
                var c1 = current
                if smooth {
                    if let last = lastCubic { c1 = (2 * current.x - last.x, 2 * current.y - last.y) }
                } else {
                    let x1 = try number("the x of the first control point") + ox; skipSeparator()
                    let y1 = try number("the y of the first control point") + oy; skipSeparator()
                    c1 = (x1, y1)
                }
                let x2 = try number("the x of the \(smooth ? "" : "second ")control point") + ox; skipSeparator()
                let y2 = try number("the y of the \(smooth ? "" : "second ")control point") + oy; skipSeparator()
                let x = try number("the x of the curve's end") + ox; skipSeparator()
                let y = try number("the y of the curve's end") + oy
                operation = .cubic(x1: c1.x, y1: c1.y, x2: x2, y2: y2, x: x, y: y)
                cubicControl = (x2, y2); current = (x, y)
            case UInt8(ascii: "q"), UInt8(ascii: "t"):
                var c = current
                if command | 0x20 == UInt8(ascii: "t") {
                    if let last = lastQuad { c = (2 * current.x - last.x, 2 * current.y - last.y) }
                } else {
                    let x1 = try number("the x of the control point") + ox; skipSeparator()
                    let y1 = try number("the y of the control point") + oy; skipSeparator()
                    c = (x1, y1)
                }
                let x = try number("the x of the curve's end") + ox; skipSeparator()
                let y = try number("the y of the curve's end") + oy
                operation = .quad(x1: c.x, y1: c.y, x: x, y: y)
                quadControl = c; current = (x, y)
            case UInt8(ascii: "a"):
                let rxStart = i
                let rx = try number("the arc's x radius"); skipSeparator()
                let ryStart = i
                let ry = try number("the arc's y radius"); skipSeparator()
                if let r = rx.constantValue, r < 0 { throw fail("an arc radius cannot be negative", at: rxStart, length: ryStart - rxStart) }
                if let r = ry.constantValue, r < 0 { throw fail("an arc radius cannot be negative", at: ryStart, length: i - ryStart) }
                let rotation = try number("the arc's x-axis rotation (degrees)"); skipSeparator()
                let large = try flag("the large-arc flag"); skipSeparator()
                let sweep = try flag("the sweep flag"); skipSeparator()
                let x = try number("the x of the arc's end") + ox; skipSeparator()
                let y = try number("the y of the arc's end") + oy
                operation = .arc(
                    fromX: current.x, fromY: current.y, rx: rx, ry: ry, rotation: rotation,
                    largeArc: large, sweep: sweep, x: x, y: y)
                current = (x, y)
            default: // z
                operation = .close
                current = subpathStart
            }
            lastCubic = cubicControl; lastQuad = quadControl
            result.append(InterpolatedPathCommand(operation: operation, span: attribute.span(ofValueBytes: commandStart..<i)))
            // Between this command's numbers and the next: white space and at most one comma, and
            // a comma must be followed by a number (SVG's grammar has no comma before a letter).
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: ",") {
                let comma = i
                i += 1
                skipSpace()
                guard startsNumber(i), command | 0x20 != UInt8(ascii: "z") else {
                    throw fail("unexpected ',' (a comma separates numbers, not commands)", at: comma)
                }
            }
        }
        return result
    }
}
