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
        case arc(fromX: Double, fromY: Double, rx: Double, ry: Double, rotation: Double,
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

    public static func parse(_ attribute: Attribute) -> Result<PathData, Diagnostic> {
        var parser = PathDataParser(bytes: Array(attribute.value.utf8), attribute: attribute)
        do { return .success(try parser.commands()) } catch let error as PathDataError { return .failure(error.diagnostic) } catch {
            return .failure(.error(.pathDataSyntax, "invalid path data", at: attribute.valueSpan))
        }
    }

    private init(bytes: [UInt8], attribute: Attribute) { self.bytes = bytes; self.attribute = attribute }

    private struct PathDataError: Error { let diagnostic: Diagnostic }

    private static let commandLetters = Set("MmLlHhVvCcSsQqTtAaZz".utf8)

    private func fail(_ message: String, at offset: Int, length: Int = 1, help: String? = nil) -> PathDataError {
        let end = min(bytes.count, offset + length)
        // A lone UTF-8 lead byte would cut a character in half: widen to the whole character.
        var upper = end
        while upper < bytes.count, bytes[upper] & 0xC0 == 0x80 { upper += 1 }
        return PathDataError(diagnostic: .error(.pathDataSyntax, message, at: attribute.span(ofValueBytes: offset..<upper), help: help))
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
    }

    /// A number: sign? (digits ('.' digits?)? | '.' digits) exponent?. It ends where the grammar
    /// says, so `.5.5` is two numbers and `-1-2` too.
    private mutating func number(_ what: String) throws -> Double {
        let start = i
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
        return value == 0 ? 0 : value
    }

    /// An arc flag: a single `0` or `1`, which needs no separator after it (`a1 1 0 0110 10`).
    private mutating func flag(_ what: String) throws -> Bool {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "0") || bytes[i] == UInt8(ascii: "1") else {
            throw fail("expected \(what) (0 or 1), found \(here)", at: i, length: i < bytes.count ? 1 : 0)
        }
        defer { i += 1 }
        return bytes[i] == UInt8(ascii: "1")
    }

    private mutating func commands() throws -> PathData {
        var result: [PathDataCommand] = []
        var current = (x: 0.0, y: 0.0), subpathStart = (x: 0.0, y: 0.0)
        // The last control point of a C/S (for S) or of a Q/T (for T), absolute.
        var lastCubic: (x: Double, y: Double)?, lastQuad: (x: Double, y: Double)?
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
            } else if command == 0 {
                throw fail("path data must start with a move (M or m), not \(here)", at: i)
            } else if !startsNumber(i) {
                throw fail("expected a path command (M L H V C S Q T A Z, or lower case for relative) or a number, found \(here)", at: i)
            } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw fail("expected a path command after Z, found \(here)", at: i, help: "Z takes no numbers")
            } else if command == UInt8(ascii: "M") {
                command = UInt8(ascii: "L")  // numbers after a move are implicit lines
            } else if command == UInt8(ascii: "m") {
                command = UInt8(ascii: "l")
            }
            if result.isEmpty && command != UInt8(ascii: "M") && command != UInt8(ascii: "m") {
                throw fail("path data must start with a move (M or m), not '\(Character(Unicode.Scalar(command)))'", at: commandStart)
            }
            let relative = command >= UInt8(ascii: "a")
            let (ox, oy) = relative ? current : (0.0, 0.0)
            if i > commandStart { skipSpace() }  // after the letter
            var operation: PathDataCommand.Operation
            var cubicControl: (x: Double, y: Double)?, quadControl: (x: Double, y: Double)?
            switch command | 0x20 {  // lower case
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
                if rx < 0 { throw fail("an arc radius cannot be negative", at: rxStart, length: ryStart - rxStart) }
                if ry < 0 { throw fail("an arc radius cannot be negative", at: ryStart, length: i - ryStart) }
                let rotation = try number("the arc's x-axis rotation (degrees)"); skipSeparator()
                let large = try flag("the large-arc flag"); skipSeparator()
                let sweep = try flag("the sweep flag"); skipSeparator()
                let x = try number("the x of the arc's end") + ox; skipSeparator()
                let y = try number("the y of the arc's end") + oy
                operation = .arc(fromX: current.x, fromY: current.y, rx: rx, ry: ry, rotation: rotation,
                                 largeArc: large, sweep: sweep, x: x, y: y)
                current = (x, y)
            default:  // z
                operation = .close
                current = subpathStart
            }
            lastCubic = cubicControl; lastQuad = quadControl
            result.append(PathDataCommand(operation: operation, span: attribute.span(ofValueBytes: commandStart..<i)))
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
        return PathData(commands: result)
    }
}
