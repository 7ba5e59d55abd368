import SceneSource

/// Reads the canonical dump (Grammar.md §17) back into a display list: what `scenec test` does
/// with a committed reference, so that a reference is compared with a new drawing operation by
/// operation, not line by line. Numbers come back as the dump wrote them (4 decimals), so compare
/// a parsed reference with a parsed dump of the new list: both are quantized alike. `@line:col`
/// locations are skipped; the parsed operations carry an empty span and no origin.
public enum DisplayListDumpParser {
    public struct Problem: Error, Sendable, CustomStringConvertible, Equatable {
        /// 1-based line of the dump.
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    public static func parse(_ text: String) throws(Problem) -> DisplayList {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { (number: $0.offset + 1, text: $0.element) }
        if lines.last?.text.isEmpty == true { lines.removeLast() }
        guard let header = lines.first else { throw Problem(line: 1, message: "the dump is empty") }
        var scanner = Scanner(header.text, line: header.number)
        try scanner.expect("scene")
        let width = try scanner.number(), height = try scanner.number()
        try scanner.end()
        var position = 1
        let items = try block(lines, &position, indent: 2, closing: nil)
        guard position == lines.count else {
            throw Problem(line: lines[position].number, message: "unexpected indentation")
        }
        return DisplayList(width: width, height: height, items: items)
    }

    private static let nowhere = SourceSpan(file: FileID(0), start: 0, end: 0)

    private static func block(
        _ lines: [(number: Int, text: Substring)], _ position: inout Int, indent: Int,
        closing: String?
    ) throws(Problem) -> [DisplayItem] {
        var items: [DisplayItem] = []
        let prefix = String(repeating: " ", count: indent)
        while position < lines.count {
            let (number, text) = lines[position]
            // A block's closing line stands at its opening line's indentation, two less than its children.
            if let closing, text == String(repeating: " ", count: indent - 2) + closing {
                position += 1
                return items
            }
            guard text.hasPrefix(prefix), !text.dropFirst(indent).hasPrefix(" ") else {
                if closing != nil { throw Problem(line: number, message: "expected '\(closing!)' at this indentation") }
                return items
            }
            let body = text.dropFirst(indent)
            position += 1
            var s = Scanner(body, line: number)
            let word = try s.word()
            switch word {
            case "fill":
                let paint = try s.paint()
                var rule = FillRule.nonzero, opacity = 1.0
                if s.take("rule=") { rule = try s.keyword(FillRule.self) }
                if s.take("opacity=") { opacity = try s.number() }
                let blend = try s.blend()
                try s.expect("path")
                let path = try s.path()
                s.skipLocation()
                try s.end()
                items.append(.fill(Fill(path: path, paint: paint, rule: rule, opacity: opacity, blend: blend, source: nowhere)))
            case "stroke":
                let paint = try s.paint()
                guard s.take("width=") else { throw Problem(line: number, message: "expected width=") }
                let width = try s.number()
                var cap = LineCap.butt, join = LineJoin.miter, miter = 10.0, dash: [Double] = [], phase = 0.0, opacity = 1.0
                if s.take("cap=") { cap = try s.keyword(LineCap.self) }
                if s.take("join=") { join = try s.keyword(LineJoin.self) }
                if s.take("miterLimit=") { miter = try s.number() }
                if s.take("dash=") { dash = try s.numberList() }
                if s.take("dashPhase=") { phase = try s.number() }
                if s.take("opacity=") { opacity = try s.number() }
                let blend = try s.blend()
                try s.expect("path")
                let path = try s.path()
                s.skipLocation()
                try s.end()
                let style = StrokeStyle(width: width, cap: cap, join: join, miterLimit: miter, dash: dash, dashPhase: phase)
                items.append(.stroke(Stroke(path: path, paint: paint, style: style, opacity: opacity, blend: blend, source: nowhere)))
            case "paint":
                let paint = try s.paint()
                var opacity = 1.0
                if s.take("opacity=") { opacity = try s.number() }
                let blend = try s.blend()
                s.skipLocation()
                try s.end()
                items.append(.paint(PaintRegion(paint: paint, opacity: opacity, blend: blend, source: nowhere)))
            case "group":
                guard s.take("matrix(") else { throw Problem(line: number, message: "expected matrix(") }
                let m = try (0..<6).map { _ throws(Problem) in try s.number() }
                guard s.take(")") else { throw Problem(line: number, message: "expected ')'") }
                let blend = try s.blend()
                s.skipLocation()
                try s.end()
                let children = try block(lines, &position, indent: indent + 2, closing: "end group")
                let transform = AffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
                items.append(.group(Group(transform: transform, items: children, blend: blend, source: nowhere)))
            case "clip":
                var rule = FillRule.nonzero
                if s.take("rule=") { rule = try s.keyword(FillRule.self) }
                try s.expect("path")
                let path = try s.path()
                s.skipLocation()
                try s.end()
                let children = try block(lines, &position, indent: indent + 2, closing: "end clip")
                items.append(.clip(Clip(path: path, rule: rule, items: children, source: nowhere)))
            case "layer":
                var opacity = 1.0, shadow: Shadow?
                if s.take("opacity=") { opacity = try s.number() }
                if s.take("shadow=") {
                    let dx = try s.number()
                    guard s.take(",") else { throw Problem(line: number, message: "expected ',' between the shadow's offsets") }
                    let dy = try s.number()
                    guard s.take("blur=") else { throw Problem(line: number, message: "expected blur=") }
                    let blur = try s.number()
                    shadow = Shadow(offsetX: dx, offsetY: dy, blur: blur, color: try s.color())
                }
                let blend = try s.blend()
                s.skipLocation()
                try s.end()
                let children = try block(lines, &position, indent: indent + 2, closing: "end layer")
                items.append(.layer(Layer(opacity: opacity, shadow: shadow, blend: blend, items: children, source: nowhere)))
            case "mask":
                guard s.take("mode=") else { throw Problem(line: number, message: "expected mode=") }
                let mode = try s.keyword(MaskMode.self)
                s.skipLocation()
                try s.end()
                let contentPrefix = String(repeating: " ", count: indent + 2) + "content"
                guard position < lines.count, lines[position].text == contentPrefix else {
                    throw Problem(line: position < lines.count ? lines[position].number : number, message: "expected 'content' after 'mask'")
                }
                position += 1
                let content = try block(lines, &position, indent: indent + 4, closing: "end content")
                let children = try block(lines, &position, indent: indent + 2, closing: "end mask")
                items.append(.mask(Mask(mode: mode, content: content, items: children, source: nowhere)))
            case "text":
                let string = try s.quoted()
                try s.expect("at")
                let position = Point(try s.number(), try s.number())
                guard s.take("anchor=") else { throw Problem(line: number, message: "expected anchor=") }
                let anchor = try s.keyword(TextAnchor.self)
                guard s.take("font=") else { throw Problem(line: number, message: "expected font=") }
                let font = try s.quoted()
                guard s.take("size=") else { throw Problem(line: number, message: "expected size=") }
                let size = try s.number()
                guard s.take("weight=") else { throw Problem(line: number, message: "expected weight=") }
                let weight = Int(try s.number())
                let color = try s.color()
                var opacity = 1.0
                if s.take("opacity=") { opacity = try s.number() }
                s.skipLocation()
                try s.end()
                items.append(
                    .text(
                        TextRun(
                            string: string, position: position, anchor: anchor, fontFamily: font, fontSize: size,
                            fontWeight: weight, color: color, opacity: opacity, source: nowhere)))
            default:
                throw Problem(line: number, message: "unknown operation '\(word)'")
            }
        }
        if let closing { throw Problem(line: lines.last?.number ?? 1, message: "missing '\(closing)'") }
        return items
    }

    /// Reads one line of the dump, token by token.
    private struct Scanner {
        var rest: Substring
        let line: Int

        init(_ text: Substring, line: Int) {
            rest = text
            self.line = line
        }

        mutating func skipSpaces() { while rest.first == " " { rest.removeFirst() } }

        func problem(_ message: String) -> Problem { Problem(line: line, message: message) }

        mutating func word() throws(Problem) -> String {
            skipSpaces()
            let end = rest.firstIndex(of: " ") ?? rest.endIndex
            guard end != rest.startIndex else { throw problem("expected a word") }
            defer { rest = rest[end...] }
            return String(rest[..<end])
        }

        mutating func expect(_ word: String) throws(Problem) {
            skipSpaces()
            guard rest.hasPrefix(word), rest.dropFirst(word.count).first.map({ $0 == " " }) ?? true else {
                throw problem("expected '\(word)'")
            }
            rest = rest.dropFirst(word.count)
        }

        /// Consumes `text` when the line continues with it.
        mutating func take(_ text: String) -> Bool {
            skipSpaces()
            guard rest.hasPrefix(text) else { return false }
            rest = rest.dropFirst(text.count)
            return true
        }

        /// An optional ` blend=MODE`; `normal` when absent.
        mutating func blend() throws(Problem) -> BlendMode {
            take("blend=") ? try keyword(BlendMode.self) : .normal
        }

        mutating func number() throws(Problem) -> Double {
            skipSpaces()
            let end = rest.firstIndex { $0 == " " || $0 == ")" || $0 == "," || $0 == "]" } ?? rest.endIndex
            guard let value = Double(rest[..<end]), value.isFinite else { throw problem("expected a number, found '\(rest[..<end])'") }
            rest = rest[end...]
            return value
        }

        mutating func numberList() throws(Problem) -> [Double] {
            var values = [try number()]
            while rest.first == "," {
                rest.removeFirst()
                values.append(try number())
            }
            return values
        }

        mutating func keyword<K: RawRepresentable>(_: K.Type) throws(Problem) -> K where K.RawValue == String {
            let end = rest.firstIndex(of: " ") ?? rest.endIndex
            guard let value = K(rawValue: String(rest[..<end])) else { throw problem("unknown keyword '\(rest[..<end])'") }
            rest = rest[end...]
            return value
        }

        mutating func quoted() throws(Problem) -> String {
            skipSpaces()
            guard rest.first == "\"" else { throw problem("expected a quoted string") }
            rest.removeFirst()
            var out = ""
            while let c = rest.first {
                rest.removeFirst()
                switch c {
                case "\"": return out
                case "\\":
                    guard let next = rest.first else { throw problem("unfinished escape") }
                    rest.removeFirst()
                    out.append(next == "n" ? "\n" : next)
                default:
                    out.append(c)
                }
            }
            throw problem("unfinished string")
        }

        /// `#rrggbbaa` or `#rrggbb/alpha`.
        mutating func color() throws(Problem) -> Color {
            skipSpaces()
            let end = rest.firstIndex { $0 == " " || $0 == "@" || $0 == "]" } ?? rest.endIndex
            let text = rest[..<end]
            rest = rest[end...]
            if let slash = text.firstIndex(of: "/") {
                guard let base = Color(hex: text[..<slash]), let alpha = Double(text[text.index(after: slash)...]) else {
                    throw problem("expected a color such as #57dad5/0.5, found '\(text)'")
                }
                return base.with(alpha: alpha)
            }
            guard let color = Color(hex: text) else { throw problem("expected a color such as #57dad5ff, found '\(text)'") }
            return color
        }

        mutating func paint() throws(Problem) -> Paint {
            skipSpaces()
            if take("radial(") { return try radial() }
            if take("conic(") { return try conic() }
            guard take("linear(") else { return .color(try color()) }
            let start = Point(try number(), try number())
            guard take("->") else { throw problem("expected '->'") }
            let end = Point(try number(), try number())
            let (extend, stops) = try gradientTail()
            return .linearGradient(LinearGradient(stops: stops, start: start, end: end, extend: extend))
        }

        /// `radial(X0 Y0 r=R0 -> X1 Y1 r=R1 extend=E [stops])`, after `radial(`.
        mutating func radial() throws(Problem) -> Paint {
            let startCenter = Point(try number(), try number())
            guard take("r=") else { throw problem("expected r=") }
            let startRadius = try number()
            guard take("->") else { throw problem("expected '->'") }
            let endCenter = Point(try number(), try number())
            guard take("r=") else { throw problem("expected r=") }
            let endRadius = try number()
            let (extend, stops) = try gradientTail()
            return .radialGradient(
                RadialGradient(
                    stops: stops, startCenter: startCenter, startRadius: startRadius,
                    endCenter: endCenter, endRadius: endRadius, extend: extend))
        }

        /// `conic(X Y angle=A [stops])`, after `conic(`: no extend (a conic gradient paints every angle).
        mutating func conic() throws(Problem) -> Paint {
            let center = Point(try number(), try number())
            guard take("angle=") else { throw problem("expected angle=") }
            let angle = try number()
            return .conicGradient(ConicGradient(stops: try gradientStops(), center: center, startAngle: angle))
        }

        /// `extend=E [color@offset …])`, shared by the linear and radial gradients.
        mutating func gradientTail() throws(Problem) -> (GradientExtend, [GradientStop]) {
            guard take("extend=") else { throw problem("expected extend=") }
            let extend = try keyword(GradientExtend.self)
            return (extend, try gradientStops())
        }

        /// `[color@offset …])`, the stops every gradient ends with.
        mutating func gradientStops() throws(Problem) -> [GradientStop] {
            guard take("[") else { throw problem("expected '['") }
            var stops: [GradientStop] = []
            while !take("])") {
                let color = try color()
                guard take("@") else { throw problem("expected '@' after a stop's color") }
                stops.append(GradientStop(offset: try number(), color: color))
                guard !rest.isEmpty else { throw problem("unfinished gradient") }
            }
            return stops
        }

        mutating func path() throws(Problem) -> Path {
            var segments: [PathSegment] = []
            while true {
                skipSpaces()
                guard let first = rest.first, first != "@" else { break }
                let command = try word()
                switch command {
                case "M": segments.append(.move(Point(try number(), try number())))
                case "L": segments.append(.line(Point(try number(), try number())))
                case "Q": segments.append(.quad(control: Point(try number(), try number()), to: Point(try number(), try number())))
                case "C":
                    segments.append(
                        .cubic(
                            control1: Point(try number(), try number()), control2: Point(try number(), try number()),
                            to: Point(try number(), try number())))
                case "ARC":
                    let center = Point(try number(), try number())
                    guard take("r=") else { throw problem("expected r=") }
                    let rx = try number()
                    var ry = rx
                    if rest.first == "," {
                        rest.removeFirst()
                        ry = try number()
                    }
                    guard take("start=") else { throw problem("expected start=") }
                    let start = try number()
                    guard take("sweep=") else { throw problem("expected sweep=") }
                    segments.append(.arc(Arc(center: center, radiusX: rx, radiusY: ry, startAngle: start, sweep: try number())))
                case "Z": segments.append(.close)
                default: throw problem("unknown path segment '\(command)'")
                }
            }
            return Path(segments)
        }

        mutating func skipLocation() {
            skipSpaces()
            if rest.first == "@" { rest = rest[rest.endIndex...] }
        }

        mutating func end() throws(Problem) {
            skipSpaces()
            guard rest.isEmpty else { throw problem("unexpected '\(rest)'") }
        }
    }
}

extension Color {
    /// Parses `#rrggbbaa` or `#rrggbb` (what `hexRGBA` and `hexRGB` write).
    public init?(hex text: some StringProtocol) {
        let digits = Array(text.utf8.dropFirst())
        guard text.hasPrefix("#"), digits.count == 6 || digits.count == 8 else { return nil }
        var channels: [Double] = []
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[i..<i + 2], as: UTF8.self), radix: 16) else { return nil }
            channels.append(Double(byte) / 255)
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1)
    }
}
