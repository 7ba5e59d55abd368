import DisplayList
import SVGBackend
import SceneSource

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One pass over a display list, writing a `<vector>` document or collecting what it cannot hold.
///
/// It follows the SVG writer so that both draw the same pixels: the same path data (arcs as
/// half-turn `A` pieces), transforms rounded as the SVG prints them, a linear gradient's band (Core
/// Graphics paints only between its end lines unless told to extend) and a radial gradient's disc
/// cut with a clip path, a `.paint` item as the canvas in the current space.
///
/// Android's attributes (developer.android.com, "VectorDrawable"): `pathData`, `fillColor`,
/// `fillAlpha`, `fillType`, `strokeColor`, `strokeAlpha`, `strokeWidth`, `strokeLineCap`,
/// `strokeLineJoin`, `strokeMiterLimit`; a `<group>` applies translate(-pivot), scale, rotate
/// (degrees, clockwise on screen) and translate(translate + pivot), in that order; a `<clip-path>`
/// clips what follows it in its group; a `<gradient>` (inside `<aapt:attr name="android:fillColor">`)
/// has `type` linear (`startX`…`endY`), radial (`centerX`, `centerY`, `gradientRadius`) or sweep (`centerX`, `centerY`),
/// `tileMode` and `<item offset color>`.
struct VectorDrawableWriter: PreOrderVisitor {
    private let width: Double
    private let height: Double
    private var out = ""
    private var depth = 1
    /// From the current space to the canvas, composed of the transforms as written.
    private var ctm = AffineTransform.identity
    private(set) var problems: [VectorDrawableProblem] = []
    private(set) var problemCount = 0
    /// What ends each group, clip or layer being written, innermost last: how many `</group>` it
    /// opened (none for one drawn as plain drawing) and the transform around it.
    private var open: [(groups: Int, ctm: AffineTransform)] = []

    init(width: Double, height: Double) {
        self.width = max(0, Self.finite(width))
        self.height = max(0, Self.finite(height))
    }

    var text: String { out }

    mutating func writeDocument(_ items: [DisplayItem]) {
        out += "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        out += "<vector xmlns:android=\"http://schemas.android.com/apk/res/android\"\n"
        out += "    xmlns:aapt=\"http://schemas.android.com/aapt\"\n"
        out += "    android:width=\"\(Self.number(width))dp\"\n"
        out += "    android:height=\"\(Self.number(height))dp\"\n"
        out += "    android:viewportWidth=\"\(Self.number(width))\"\n"
        out += "    android:viewportHeight=\"\(Self.number(height))\">\n"
        PreOrder(items).walk(&self)
        out += "</vector>\n"
    }

    // MARK: - Items

    /// Writes an item, or a container's start: true when its items are to be written (then `leave`
    /// ends it), false for one that draws nothing or is refused.
    mutating func enter(_ item: DisplayItem, index: Int, depth _: Int) -> Bool {
        switch item {
        case .fill(let f):
            guard f.blend == .normal else {
                refuse("a blend mode (\(f.blend.rawValue))", "VectorDrawable draws every path normally over what is under it", f.source); return false
            }
            writeShape(f.path, .fill(f.rule), paint: f.paint, opacity: f.opacity, source: f.source)
        case .stroke(let s):
            guard s.blend == .normal else {
                refuse("a blend mode (\(s.blend.rawValue))", "VectorDrawable draws every path normally over what is under it", s.source); return false
            }
            guard !s.style.dash.contains(where: { Self.number($0) != "0" }) else {
                refuse("a dashed stroke", "VectorDrawable has no dashes", s.source)
                return false
            }
            writeShape(s.path, .stroke(s.style), paint: s.paint, opacity: s.opacity, source: s.source)
        case .paint(let p):
            guard p.blend == .normal else {
                refuse("a blend mode (\(p.blend.rawValue))", "VectorDrawable draws every path normally over what is under it", p.source); return false
            }
            writeRegion(p)
        case .group(let g):
            return openGroup(g)
        case .clip(let c):
            return openClip(c)
        case .text(let t):
            refuse("text", "VectorDrawable draws paths only, no text", t.source)
        case .layer(let l):
            return openLayer(l)
        case .mask(let m):
            refuse("a mask", "VectorDrawable has no masks, only clip paths", m.source)
        }
        return false
    }

    /// A container's end, after its items: its `</group>`s, and its transform undone.
    mutating func leave(_ container: DisplayItem, index: Int, depth _: Int) {
        let (groups, saved) = open.removeLast()
        for _ in 0..<groups {
            depth -= 1
            line("</group>")
        }
        ctm = saved
    }

    /// The items that follow drawn as they are, with nothing around them.
    private mutating func openPlain() -> Bool {
        open.append((0, ctm))
        return true
    }

    private mutating func refuse(_ what: String, _ why: String, _ source: SourceSpan) {
        problemCount += 1
        guard problems.count < VectorDrawableBackend.maxProblems,
            !problems.contains(where: { $0.source == source && $0.what == what })
        else { return }
        problems.append(VectorDrawableProblem(what: what, why: why, source: source))
    }

    /// A group: `rotation`, `scaleX`/`scaleY` and `translateX`/`translateY`, which make any transform
    /// without skew (the matrix as the SVG prints it, taken apart).
    private mutating func openGroup(_ g: Group) -> Bool {
        guard !g.items.isEmpty else { return false }
        guard g.blend == .normal else {
            refuse("a blend mode (\(g.blend.rawValue))", "VectorDrawable draws every path normally over what is under it", g.source)
            return false
        }
        let t = Self.printed(g.transform)
        let inner = t.concatenating(ctm)
        // A singular space draws nothing, as in the SVG.
        guard inner.inverted != nil else { return false }
        guard let parts = GroupTransform(t) else {
            refuse("a skewed transform", "a VectorDrawable group only rotates, scales and translates", g.source)
            return false
        }
        if t.isIdentity { return openPlain() }
        line("<group" + parts.attributes(indent: String(repeating: " ", count: 2 * depth + 7)) + ">")
        open.append((1, ctm))
        ctm = inner
        depth += 1
        return true
    }

    /// A transparency layer holds as plain drawing when it changes nothing (full opacity, no
    /// shadow, no blend mode), or when it fades one fill, stroke or paint: an image of one shape
    /// faded is that shape with its alpha multiplied.
    private mutating func openLayer(_ l: Layer) -> Bool {
        guard !l.items.isEmpty else { return false }
        if let shadow = l.shadow, Self.unit(shadow.color.alpha) > 0 {
            refuse("a shadow", "VectorDrawable has no shadows or blur", l.source)
            return false
        }
        guard l.blend == .normal else {
            refuse("a blend mode (\(l.blend.rawValue))", "VectorDrawable draws every path normally over what is under it", l.source)
            return false
        }
        let opacity = Self.unit(l.opacity)
        guard Self.number(opacity) != "1" else { return openPlain() }
        if l.items.count == 1, let faded = Self.faded(l.items[0], by: opacity) {
            _ = enter(faded, index: 0, depth: 0) // a fill, stroke or paint: its index and depth are not read
            return false
        }
        refuse("a layer with opacity", "VectorDrawable has no transparency layers (only each path's own alpha)", l.source)
        return false
    }

    /// One fill, stroke or paint with its opacity multiplied by `opacity`; nil for anything else.
    private static func faded(_ item: DisplayItem, by opacity: Double) -> DisplayItem? {
        switch item {
        case .fill(let f):
            return .fill(
                Fill(path: f.path, paint: f.paint, rule: f.rule, opacity: f.opacity * opacity, blend: f.blend, source: f.source, origin: f.origin))
        case .stroke(let s):
            return .stroke(
                Stroke(
                    path: s.path, paint: s.paint, style: s.style, opacity: s.opacity * opacity, blend: s.blend, source: s.source,
                    origin: s.origin))
        case .paint(let p):
            return .paint(PaintRegion(paint: p.paint, opacity: p.opacity * opacity, blend: p.blend, source: p.source, origin: p.origin))
        case .group, .clip, .text, .layer, .mask:
            return nil
        }
    }

    private mutating func openClip(_ c: Clip) -> Bool {
        guard !c.items.isEmpty else { return false }
        let d = SVGBackend.pathData(c.path)
        // An empty clip path clips everything away.
        guard !d.isEmpty else { return false }
        guard c.rule == .nonzero else {
            refuse("an even-odd clip", "a VectorDrawable clip path always uses the nonzero rule", c.source)
            return false
        }
        line("<group>")
        depth += 1
        line("<clip-path android:pathData=\"\(d)\"/>")
        open.append((1, ctm))
        return true
    }

    // MARK: - Shapes

    private enum ShapeKind {
        case fill(FillRule)
        case stroke(StrokeStyle)
    }

    private mutating func writeShape(_ path: Path, _ kind: ShapeKind, paint: Paint, opacity: Double, source: SourceSpan) {
        let d = SVGBackend.pathData(path)
        guard !d.isEmpty else { return }
        if case .stroke(let style) = kind {
            // Android draws a stroke of width 0 as a hairline; SVG draws nothing.
            guard Self.number(max(0, style.width)) != "0" else { return }
            // Android strokes with one width, the transform's smaller scale: exact only without a
            // non-uniform scale.
            guard GroupTransform.isUniform(ctm) else {
                return refuse(
                    "a stroke under a non-uniform scale", "Android strokes a scaled path with one width, where SVG stretches the stroke", source)
            }
        }
        let opacity = Self.unit(opacity)
        switch paint {
        case .color(let color):
            writePath(d, kind, color: color, alpha: Self.unit(color.alpha) * opacity, gradient: nil)
        case .linearGradient(let g):
            guard let gradient = linear(g, source: source) else { return }
            withBand(gradient.band) { $0.writePath(d, kind, color: nil, alpha: opacity, gradient: gradient.xml) }
        case .radialGradient(let g):
            guard let gradient = radial(g, source: source) else { return }
            withBand(gradient.band) { $0.writePath(d, kind, color: nil, alpha: opacity, gradient: gradient.xml) }
        case .conicGradient(let g):
            writePath(d, kind, color: nil, alpha: opacity, gradient: Self.sweep(g))
        }
    }

    /// A `.paint` item: the canvas, in the current space, filled with the paint; the enclosing clip
    /// paths limit it to the clip region.
    private mutating func writeRegion(_ p: PaintRegion) {
        guard let inverse = ctm.inverted else { return }
        let corners = [Point(0, 0), Point(width, 0), Point(width, height), Point(0, height)].map(inverse.apply)
        let d = Self.polygon(corners)
        let opacity = Self.unit(p.opacity)
        switch p.paint {
        case .color(let color):
            writePath(d, .fill(.nonzero), color: color, alpha: Self.unit(color.alpha) * opacity, gradient: nil)
        case .linearGradient(let g):
            guard let gradient = linear(g, source: p.source) else { return }
            withBand(gradient.band) { $0.writePath(d, .fill(.nonzero), color: nil, alpha: opacity, gradient: gradient.xml) }
        case .radialGradient(let g):
            guard let gradient = radial(g, source: p.source) else { return }
            withBand(gradient.band) { $0.writePath(d, .fill(.nonzero), color: nil, alpha: opacity, gradient: gradient.xml) }
        case .conicGradient(let g):
            writePath(d, .fill(.nonzero), color: nil, alpha: opacity, gradient: Self.sweep(g))
        }
    }

    /// `body` inside a group clipped to `band`, or as is when there is none.
    private mutating func withBand(_ band: String?, _ body: (inout VectorDrawableWriter) -> Void) {
        guard let band else { return body(&self) }
        line("<group>")
        depth += 1
        line("<clip-path android:pathData=\"\(band)\"/>")
        body(&self)
        depth -= 1
        line("</group>")
    }

    /// One `<path>`: a color, or a gradient (the `<gradient>` element's lines) in an `aapt:attr`.
    private mutating func writePath(_ d: String, _ kind: ShapeKind, color: Color?, alpha: Double, gradient: [String]?) {
        let indent = String(repeating: " ", count: 2 * depth + 6)
        var attributes = ["android:pathData=\"\(d)\""]
        let alphaText = Self.number(alpha)
        switch kind {
        case .fill(let rule):
            if let color { attributes.append("android:fillColor=\"\(Self.hexRGB(color))\"") }
            if alphaText != "1" { attributes.append("android:fillAlpha=\"\(alphaText)\"") }
            if rule == .evenodd { attributes.append("android:fillType=\"evenOdd\"") }
        case .stroke(let style):
            if let color { attributes.append("android:strokeColor=\"\(Self.hexRGB(color))\"") }
            if alphaText != "1" { attributes.append("android:strokeAlpha=\"\(alphaText)\"") }
            attributes.append("android:strokeWidth=\"\(Self.number(max(0, style.width)))\"")
            if style.cap != .butt { attributes.append("android:strokeLineCap=\"\(style.cap.rawValue)\"") }
            if style.join != .miter { attributes.append("android:strokeLineJoin=\"\(style.join.rawValue)\"") }
            // Android's default miter limit is 4, SVG's too; Core Graphics' 10 is written.
            let miter = Self.number(max(1, style.miterLimit))
            if miter != "4" { attributes.append("android:strokeMiterLimit=\"\(miter)\"") }
        }
        let head = "<path " + attributes.joined(separator: "\n" + indent)
        guard let gradient else { return line(head + "/>") }
        line(head + ">")
        depth += 1
        let attribute: String
        if case .fill = kind { attribute = "android:fillColor" } else { attribute = "android:strokeColor" }
        line("<aapt:attr name=\"\(attribute)\">")
        depth += 1
        for text in gradient { line(text) }
        depth -= 1
        line("</aapt:attr>")
        depth -= 1
        line("</path>")
    }

    // MARK: - Gradients

    /// A linear gradient's `<gradient>` lines (clamped: it pads as SVG does) and, unless it extends
    /// both ways, the band it paints (Core Graphics' `drawLinearGradient` options), in the current space.
    private mutating func linear(_ g: LinearGradient, source: SourceSpan) -> (xml: [String], band: String?)? {
        let start = Point(Self.rounded(g.start.x), Self.rounded(g.start.y))
        let end = Point(Self.rounded(g.end.x), Self.rounded(g.end.y))
        let ux = end.x - start.x, uy = end.y - start.y
        let length = (ux * ux + uy * uy).squareRoot()
        guard length > 0, length.isFinite else {
            refuse("a gradient whose start and end are the same point", "a VectorDrawable gradient needs a direction", source)
            return nil
        }
        let xml =
            [
                "<gradient android:type=\"linear\""
                    + " android:startX=\"\(Self.number(start.x))\" android:startY=\"\(Self.number(start.y))\""
                    + " android:endX=\"\(Self.number(end.x))\" android:endY=\"\(Self.number(end.y))\" android:tileMode=\"clamp\">"
            ]
            + Self.items(g.stops) + ["</gradient>"]
        guard g.extend != .both else { return (xml, nil) }
        // Far enough along the lines that the band covers the canvas in this space.
        let far = reach(from: start) + reach(from: end) + length
        let before = g.extend.extendsBefore ? -far / length : 0
        let after = g.extend.extendsAfter ? 1 + far / length : 1
        let nx = -uy / length * far, ny = ux / length * far
        let a = Point(start.x + before * ux, start.y + before * uy), b = Point(start.x + after * ux, start.y + after * uy)
        let band = Self.polygon([Point(a.x + nx, a.y + ny), Point(b.x + nx, b.y + ny), Point(b.x - nx, b.y - ny), Point(a.x - nx, a.y - ny)])
        return (xml, band)
    }

    /// A radial gradient VectorDrawable can draw: circles growing from one center point (Core
    /// Graphics' start circle of radius 0 at the end circle's center); past the end circle only when it
    /// extends after it, else the disc is cut out.
    private mutating func radial(_ g: RadialGradient, source: SourceSpan) -> (xml: [String], band: String?)? {
        let center = Point(Self.rounded(g.endCenter.x), Self.rounded(g.endCenter.y))
        let radius = Self.rounded(g.endRadius)
        guard Self.rounded(g.startRadius) == 0, Self.rounded(g.startCenter.x) == center.x, Self.rounded(g.startCenter.y) == center.y,
            radius > 0
        else {
            refuse(
                "a radial gradient that does not grow from its center point",
                "a VectorDrawable radial gradient has one center and one radius (a start circle of radius 0 at the end circle's center)",
                source)
            return nil
        }
        let xml =
            [
                "<gradient android:type=\"radial\""
                    + " android:centerX=\"\(Self.number(center.x))\" android:centerY=\"\(Self.number(center.y))\""
                    + " android:gradientRadius=\"\(Self.number(radius))\" android:tileMode=\"clamp\">"
            ]
            + Self.items(g.stops) + ["</gradient>"]
        guard !g.extend.extendsAfter else { return (xml, nil) }
        let disc = SVGBackend.pathData(
            Path([.arc(Arc(center: center, radiusX: radius, radiusY: radius, startAngle: 0, sweep: 2 * Double.pi)), .close]))
        return (xml, disc)
    }

    /// A conic gradient as a VectorDrawable `sweep` gradient (API 24), which always starts along +x
    /// and turns clockwise on screen, as scenec's angles do: the start angle is folded into the
    /// stops (`ConicGradient.stopsFromZero`). A sweep paints every angle, like a conic gradient.
    private static func sweep(_ g: ConicGradient) -> [String] {
        [
            "<gradient android:type=\"sweep\""
                + " android:centerX=\"\(number(g.center.x))\" android:centerY=\"\(number(g.center.y))\">"
        ]
            + items(g.stopsFromZero) + ["</gradient>"]
    }

    /// The largest distance from `point` to a corner of the canvas, in the current space.
    private func reach(from point: Point) -> Double {
        guard let inverse = ctm.inverted else { return 0 }
        return [Point(0, 0), Point(width, 0), Point(width, height), Point(0, height)].map(inverse.apply)
            .map { ((($0.x - point.x) * ($0.x - point.x)) + (($0.y - point.y) * ($0.y - point.y))).squareRoot() }
            .max() ?? 0
    }

    /// `<item>`s: the offset and the color with its alpha, `#AARRGGBB`.
    private static func items(_ stops: [GradientStop]) -> [String] {
        stops.map { "  <item android:offset=\"\(number($0.offset))\" android:color=\"\(hexARGB($0.color))\"/>" }
    }

    // MARK: - Text

    private mutating func line(_ text: String) {
        out += String(repeating: " ", count: 2 * depth)
        out += text
        out += "\n"
    }

    static func finite(_ v: Double) -> Double { v.isFinite ? min(1e15, max(-1e15, v)) : 0 }
    static func unit(_ v: Double) -> Double { v.isFinite ? min(1, max(0, v)) : 0 }
    static func number(_ v: Double) -> String { NumberFormat.format(finite(v)) }

    /// A value as the SVG prints it (4 decimals), so both documents hold the same geometry.
    static func rounded(_ v: Double) -> Double {
        let r = (finite(v) * 10_000).rounded() / 10_000
        return r == 0 ? 0 : r
    }

    static func printed(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(a: rounded(t.a), b: rounded(t.b), c: rounded(t.c), d: rounded(t.d), tx: rounded(t.tx), ty: rounded(t.ty))
    }

    static func polygon(_ points: [Point]) -> String {
        guard let first = points.first else { return "" }
        return "M " + number(first.x) + " " + number(first.y)
            + points.dropFirst().map { " L " + number($0.x) + " " + number($0.y) }.joined() + " Z"
    }

    /// `#RRGGBB` in upper case hex, Android's form.
    static func hexRGB(_ color: Color) -> String { Color(red: color.red, green: color.green, blue: color.blue).hexRGB.uppercased() }

    /// `#AARRGGBB`, Android's color with alpha.
    static func hexARGB(_ color: Color) -> String {
        let alpha = Color.byte(color.alpha)
        let digits = Array("0123456789ABCDEF")
        return "#" + String([digits[(alpha >> 4) & 15], digits[alpha & 15]]) + hexRGB(color).dropFirst()
    }
}
