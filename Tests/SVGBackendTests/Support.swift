import DisplayList
import SVGBackend
import SceneSource

let span = SourceSpan(file: FileID(0), start: 0, end: 0)

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path {
    Path([.move(Point(x, y)), .line(Point(x + w, y)), .line(Point(x + w, y + h)), .line(Point(x, y + h)), .close])
}

func fill(_ path: Path, _ paint: Paint, rule: FillRule = .nonzero, opacity: Double = 1) -> DisplayItem {
    .fill(Fill(path: path, paint: paint, rule: rule, opacity: opacity, source: span))
}

func stroke(_ path: Path, _ paint: Paint, _ style: StrokeStyle = StrokeStyle(), opacity: Double = 1) -> DisplayItem {
    .stroke(Stroke(path: path, paint: paint, style: style, opacity: opacity, source: span))
}

func paint(_ paint: Paint, opacity: Double = 1) -> DisplayItem {
    .paint(PaintRegion(paint: paint, opacity: opacity, source: span))
}

func group(_ t: AffineTransform, _ items: [DisplayItem]) -> DisplayItem {
    .group(Group(transform: t, items: items, source: span))
}

func clip(_ path: Path, rule: FillRule = .nonzero, _ items: [DisplayItem]) -> DisplayItem {
    .clip(Clip(path: path, rule: rule, items: items, source: span))
}

let red = Paint.color(.rgb255(255, 0, 0))
let blue = Paint.color(.rgb255(0, 0, 255))

func redToBlue(_ extend: GradientExtend, from start: Point = Point(20, 0), to end: Point = Point(80, 0)) -> Paint {
    .linearGradient(
        LinearGradient(
            stops: [GradientStop(offset: 0, color: .rgb255(255, 0, 0)), GradientStop(offset: 1, color: .rgb255(0, 0, 255))],
            start: start, end: end, extend: extend))
}

/// The lines between the `<svg>` start tag and `</svg>`, joined with newlines.
func body(_ svg: String) -> String {
    var lines = svg.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // "<?xml…", "<svg…", …, "</svg>", ""
    guard lines.count >= 4 else { return svg }
    lines.removeFirst(2)
    lines.removeLast(2)
    return lines.joined(separator: "\n")
}

func render(_ width: Double, _ height: Double, _ items: [DisplayItem]) -> String {
    SVGBackend.render(DisplayList(width: width, height: height, items: items))
}

/// The `d` of the only path of a one-fill document.
func pathData(_ path: Path) -> String {
    let svg = render(100, 100, [fill(path, red)])
    guard let start = svg.range(of: "d=\""), let end = svg[start.upperBound...].firstIndex(of: "\"") else { return "" }
    return String(svg[start.upperBound..<end])
}
