import DisplayList
import SceneSource

/// Bounds on what reaches a renderer (issue 13). The evaluation limits stop at the display list,
/// but librsvg, Pango and cairo have costs of their own that a small display list can still
/// explode: Pango's time grows with the square of one text's length (16 000 characters took 6.7 s,
/// 60 000 more than 120 s) and with the text drawn in all, and cairo keeps every dash of a dashed
/// stroke (a dashed circle of radius 10⁶ with `[0.5, 0.5]` took 716 MB). These are checked on the
/// display list of every compilation, whatever output is asked for, so an SVG that scenec writes can
/// always be rendered by scenec (and by the preview's browser) within the time and memory promised.
public struct RenderLimits: Sendable, Hashable, Codable {
    /// Characters (Unicode scalars) in one `<text>`.
    public var maxTextLength = 1_000
    /// Characters in all the texts of a scene together; each text counts at least `textOverhead`.
    public var maxText = 20_000
    /// Dashes and gaps of all dashed strokes together: each stroke's length divided by its pattern's
    /// length, times the lengths in the pattern.
    public var maxDashSegments = 1_000_000

    /// What a text costs beyond its characters (Pango lays out each text on its own).
    public static let textOverhead = 20

    public init() {}

    /// The first text too long, the text that takes the scene past the total, and the stroke that
    /// takes it past the dash limit: each a located error.
    func check(_ list: DisplayList) -> [Diagnostic] {
        var walker = Walker(limits: self)
        walker.visit(list.items)
        return walker.diagnostics
    }

    private struct Walker {
        let limits: RenderLimits
        var text = 0
        var dashes = 0.0
        var diagnostics: [Diagnostic] = []
        var reportedLength = false, reportedText = false, reportedDashes = false

        mutating func visit(_ items: [DisplayItem]) {
            for (_, item, _) in PreOrder(items) {
                switch item {
                case .text(let t): check(t)
                case .stroke(let s): check(s)
                case .fill, .paint, .group, .clip, .layer, .mask: continue
                }
            }
        }

        mutating func check(_ t: TextRun) {
            let length = t.string.unicodeScalars.count
            if length > limits.maxTextLength, !reportedLength {
                reportedLength = true
                diagnostics.append(
                    .error(
                        .textTooLongToDraw,
                        "this text is \(length) characters long, over the limit of \(limits.maxTextLength) characters in one text (max-text-length)",
                        at: t.source, help: "split it into several texts; the time to lay out one text grows with the square of its length"))
            }
            text += max(length, RenderLimits.textOverhead)
            if text > limits.maxText, !reportedText {
                reportedText = true
                diagnostics.append(
                    .error(
                        .tooMuchText,
                        "the scene draws more than \(limits.maxText) characters of text in all (max-text; each text counts at least \(RenderLimits.textOverhead))",
                        at: t.source, help: "draw less text; the limit keeps rendering fast"))
            }
        }

        mutating func check(_ s: Stroke) {
            let dash = s.style.dash
            guard !dash.isEmpty, !reportedDashes else { return }
            let pattern = dash.reduce(0, +)
            guard pattern > 0, pattern.isFinite else { return }
            let count = RenderLimits.length(of: s.path) / pattern * Double(dash.count)
            dashes += count
            if dashes > Double(limits.maxDashSegments) {
                reportedDashes = true
                let what =
                    count > Double(limits.maxDashSegments)
                    ? "this dashed stroke has about \(NumberFormat.readable(count.rounded(.up), decimals: 0)) dashes and gaps"
                    : "this dashed stroke takes the scene past"
                diagnostics.append(
                    .error(
                        .tooManyDashes,
                        "\(what), over the limit of \(limits.maxDashSegments) dashes and gaps in all (max-dash-segments): the stroke's length divided by the dash pattern's",
                        at: s.source, help: "use longer dash lengths or a shorter path; every dash costs memory when the image is drawn"))
            }
        }
    }

    /// The length of a path, never less than the length drawn: lines exactly, curves by their
    /// control polygons, arcs by their sweep times their larger radius.
    static func length(of path: Path) -> Double {
        var total = 0.0
        var current: Point?
        var start: Point?
        func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        for segment in path.segments {
            switch segment {
            case .move(let p):
                current = p; start = p
            case .line(let p):
                if let c = current { total += distance(c, p) }
                current = p
            case .quad(let c1, let p):
                if let c = current { total += distance(c, c1) + distance(c1, p) }
                current = p
            case .cubic(let c1, let c2, let p):
                if let c = current { total += distance(c, c1) + distance(c1, c2) + distance(c2, p) }
                current = p
            case .arc(let arc):
                if let c = current { total += distance(c, arc.startPoint) }
                total += abs(arc.sweep) * max(abs(arc.radiusX), abs(arc.radiusY))
                current = arc.endPoint
                if start == nil { start = arc.startPoint }
            case .close:
                if let c = current, let s = start { total += distance(c, s) }
                current = start
            }
        }
        return total.isFinite ? total : .greatestFiniteMagnitude
    }
}
