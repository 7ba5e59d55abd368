import DisplayList
import SceneSource
import Testing
import VectorDrawableBackend

/// What the VectorDrawable writer makes of each kind of display item, and what it refuses.
/// (Tests/render/check_vector_drawable.py compares whole scenes with the SVG, pixel by pixel.)
struct VectorDrawableTests {
    static func span(_ n: Int) -> SourceSpan { SourceSpan(file: FileID(0), start: n, end: n + 1) }
    static let square = Path.rect(x: 10, y: 10, width: 20, height: 20)

    func render(_ items: [DisplayItem], width: Double = 40, height: Double = 40) -> String {
        switch VectorDrawableBackend.render(DisplayList(width: width, height: height, items: items)) {
        case .success(let text): return text
        case .failure(let problems): Issue.record("refused: \(problems.problems)"); return ""
        }
    }

    func refusal(_ items: [DisplayItem]) -> [VectorDrawableProblem] {
        if case .failure(let problems) = VectorDrawableBackend.render(DisplayList(width: 40, height: 40, items: items)) {
            return problems.problems
        }
        Issue.record("not refused")
        return []
    }

    @Test func aDocumentWithAFilledAndAStrokedPath() {
        let fill = DisplayItem.fill(
            Fill(
                path: Self.square, paint: .color(.rgb255(255, 0, 0, alpha: 0.5)), rule: .evenodd, opacity: 0.5,
                source: Self.span(0)))
        let stroke = DisplayItem.stroke(
            Stroke(
                path: Path([.move(Point(0, 0)), .line(Point(40, 40))]), paint: .color(.rgb255(0, 128, 255)),
                style: StrokeStyle(width: 3, cap: .round, join: .bevel, miterLimit: 10), source: Self.span(1)))
        #expect(
            render([fill, stroke]) == """
                <?xml version="1.0" encoding="utf-8"?>
                <vector xmlns:android="http://schemas.android.com/apk/res/android"
                    xmlns:aapt="http://schemas.android.com/aapt"
                    android:width="40dp"
                    android:height="40dp"
                    android:viewportWidth="40"
                    android:viewportHeight="40">
                  <path android:pathData="M 10 10 L 30 10 L 30 30 L 10 30 Z"
                        android:fillColor="#FF0000"
                        android:fillAlpha="0.25"
                        android:fillType="evenOdd"/>
                  <path android:pathData="M 0 0 L 40 40"
                        android:strokeColor="#0080FF"
                        android:strokeWidth="3"
                        android:strokeLineCap="round"
                        android:strokeLineJoin="bevel"
                        android:strokeMiterLimit="10"/>
                </vector>

                """)
    }

    /// A transform without skew is a group's rotation, scale and translation; a mirror a negative scale.
    @Test func groupTransforms() {
        let inner = [DisplayItem.fill(Fill(path: Self.square, paint: .color(.black), source: Self.span(0)))]
        let turned = AffineTransform.rotation(Double.pi / 2).concatenating(.translation(40, 0))
        let text = render([
            .group(Group(transform: turned, items: inner, source: Self.span(1))),
            .group(Group(transform: .scale(-2, 2), items: inner, source: Self.span(2))),
        ])
        #expect(text.contains("<group android:rotation=\"90\"\n         android:translateX=\"40\">"), "\(text)")
        #expect(text.contains("<group android:rotation=\"180\"\n         android:scaleX=\"2\"\n         android:scaleY=\"-2\">"), "\(text)")
        // A skew has no group form.
        let skew = AffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0)
        #expect(refusal([.group(Group(transform: skew, items: inner, source: Self.span(7)))]).map(\.what) == ["a skewed transform"])
    }

    @Test func aClipIsAGroupWithAClipPath() {
        let inner = [DisplayItem.fill(Fill(path: Self.square, paint: .color(.black), source: Self.span(0)))]
        let text = render([.clip(Clip(path: Path.rect(x: 0, y: 0, width: 20, height: 20), items: inner, source: Self.span(1)))])
        #expect(
            text.contains(
                """
                  <group>
                    <clip-path android:pathData="M 0 0 L 20 0 L 20 20 L 0 20 Z"/>
                    <path android:pathData="M 10 10 L 30 10 L 30 30 L 10 30 Z"
                """), "\(text)")
        #expect(refusal([.clip(Clip(path: Self.square, rule: .evenodd, items: inner, source: Self.span(3)))]).map(\.what) == ["an even-odd clip"])
    }

    /// A linear gradient through `aapt:attr`; unless it extends both ways, cut to its band.
    @Test func linearGradients() {
        let stops = [GradientStop(offset: 0, color: .rgb255(255, 0, 0)), GradientStop(offset: 1, color: .rgb255(0, 0, 255, alpha: 0.5))]
        let both = LinearGradient(stops: stops, start: Point(0, 0), end: Point(40, 0), extend: .both)
        let text = render([.fill(Fill(path: Self.square, paint: .linearGradient(both), source: Self.span(0)))])
        #expect(
            text.contains(
                """
                    <aapt:attr name="android:fillColor">
                      <gradient android:type="linear" android:startX="0" android:startY="0" android:endX="40" android:endY="0" android:tileMode="clamp">
                        <item android:offset="0" android:color="#FFFF0000"/>
                        <item android:offset="1" android:color="#800000FF"/>
                      </gradient>
                    </aapt:attr>
                """), "\(text)")
        #expect(!text.contains("clip-path"))
        let band = LinearGradient(stops: stops, start: Point(10, 0), end: Point(20, 0), extend: .none)
        let cut = render([.fill(Fill(path: Self.square, paint: .linearGradient(band), source: Self.span(0)))])
        #expect(cut.contains("<clip-path android:pathData=\"M 10 "), "\(cut)")
        let degenerate = LinearGradient(stops: stops, start: Point(10, 0), end: Point(10, 0))
        #expect(
            refusal([.fill(Fill(path: Self.square, paint: .linearGradient(degenerate), source: Self.span(4)))]).map(\.what)
                == ["a gradient whose start and end are the same point"])
    }

    @Test func radialGradientsFromTheirCenter() {
        let stops = [GradientStop(offset: 0, color: .white), GradientStop(offset: 1, color: .black)]
        let centered = RadialGradient(
            stops: stops, startCenter: Point(20, 20), startRadius: 0, endCenter: Point(20, 20), endRadius: 15, extend: .after)
        let text = render([.fill(Fill(path: Self.square, paint: .radialGradient(centered), source: Self.span(0)))])
        #expect(
            text.contains(
                "<gradient android:type=\"radial\" android:centerX=\"20\" android:centerY=\"20\" android:gradientRadius=\"15\" android:tileMode=\"clamp\">"
            ), "\(text)")
        #expect(!text.contains("clip-path"))
        let focal = RadialGradient(stops: stops, startCenter: Point(15, 20), startRadius: 0, endCenter: Point(20, 20), endRadius: 15)
        #expect(
            refusal([.fill(Fill(path: Self.square, paint: .radialGradient(focal), source: Self.span(5)))]).map(\.what)
                == ["a radial gradient that does not grow from its center point"])
    }

    /// A conic gradient is a sweep gradient, which starts at 3 o'clock: the start angle is folded
    /// into the stops (a quarter turn back here: offset 0 lands at 0.25 of the sweep).
    @Test func conicGradientsAreSweepGradientsTurnedByTheirStops() {
        let stops = [GradientStop(offset: 0, color: .white), GradientStop(offset: 1, color: .black)]
        let conic = ConicGradient(stops: stops, center: Point(20, 20), startAngle: -Double.pi / 2)
        let text = render([.fill(Fill(path: Self.square, paint: .conicGradient(conic), source: Self.span(0)))])
        #expect(text.contains("<gradient android:type=\"sweep\" android:centerX=\"20\" android:centerY=\"20\">"), "\(text)")
        #expect(
            text.contains(
                """
                <item android:offset="0" android:color="#FFBFBFBF"/>
                """), "\(text)")
        let offsets = text.split(separator: "\n").filter { $0.contains("<item") }.map { $0.split(separator: "\"")[1] }
        #expect(offsets == ["0", "0.75", "0.75", "1"], "\(text)")
        #expect(!text.contains("clip-path"))
    }

    /// Everything VectorDrawable cannot draw is named, at its element, in drawing order.
    @Test func whatItCannotDrawIsNamedAtItsElement() {
        let shape = DisplayItem.fill(Fill(path: Self.square, paint: .color(.black), source: Self.span(0)))
        let problems = refusal([
            .text(
                TextRun(
                    string: "3", position: Point(0, 10), anchor: .start, fontFamily: "DejaVu Sans", fontSize: 10, fontWeight: 400,
                    color: .black, source: Self.span(10))),
            .layer(Layer(shadow: Shadow(offsetX: 0, offsetY: 2, blur: 4, color: Shadow.defaultColor), items: [shape], source: Self.span(11))),
            .layer(Layer(opacity: 0.5, items: [shape, shape], source: Self.span(12))),
            .fill(Fill(path: Self.square, paint: .color(.black), blend: .multiply, source: Self.span(13))),
            .stroke(Stroke(path: Self.square, paint: .color(.black), style: StrokeStyle(dash: [2, 2]), source: Self.span(14))),
            .group(
                Group(
                    transform: .scale(2, 1),
                    items: [
                        .stroke(Stroke(path: Self.square, paint: .color(.black), style: StrokeStyle(), source: Self.span(15)))
                    ], source: Self.span(16))),
        ])
        #expect(
            problems.map(\.what) == [
                "text", "a shadow", "a layer with opacity", "a blend mode (multiply)", "a dashed stroke",
                "a stroke under a non-uniform scale",
            ])
        #expect(problems.map(\.source) == [10, 11, 12, 13, 14, 15].map(Self.span))
        // A faded layer of one shape is that shape, faded.
        let one = render([.layer(Layer(opacity: 0.5, items: [shape], source: Self.span(0)))])
        #expect(one.contains("android:fillColor=\"#000000\"\n        android:fillAlpha=\"0.5\""), "\(one)")
        // An opaque layer without shadow is plain drawing; so is a fill under a non-uniform scale.
        let plain = render([
            .layer(Layer(items: [shape], source: Self.span(0))),
            .group(Group(transform: .scale(2, 1), items: [shape], source: Self.span(1))),
        ])
        #expect(plain.contains("android:scaleX=\"2\""))
    }

    @Test func aMaskIsRefusedAtItsElement() {
        let shape = DisplayItem.fill(Fill(path: Self.square, paint: .color(.black), source: Self.span(0)))
        let problems = refusal([.mask(Mask(mode: .alpha, content: [shape], items: [shape], source: Self.span(20)))])
        #expect(problems.map(\.what) == ["a mask"])
        #expect(problems.map(\.source) == [Self.span(20)])
    }
}
