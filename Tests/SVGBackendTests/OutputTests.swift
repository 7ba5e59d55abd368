import DisplayList
import Foundation
import SVGBackend
import Testing

@Suite("Numbers, ids, determinism, robustness")
struct OutputTests {
    @Test func numbersInContext() {
        let path = Path([
            .move(Point(1.0 / 3, -0.00001)), .line(Point(2.00005, -1e-9)), .line(Point(1e20, -2.5)),
            .line(Point(.nan, .infinity)), .line(Point(1e305, -1e305)),
        ])
        #expect(pathData(path) == "M 0.3333 0 L 2.0001 0 L 1000000000000000 -2.5 L 0 0 L 1000000000000000 -1000000000000000")
        let svg = render(10, 10, [fill(rect(0, 0, 1, 1), red, opacity: 1.0 / 3), fill(rect(0, 0, 1, 1), red, opacity: 0.99999)])
        #expect(
            body(svg) == """
                  <path d="M 0 0 L 1 0 L 1 1 L 0 1 Z" fill="#ff0000" fill-opacity="0.3333"/>
                  <path d="M 0 0 L 1 0 L 1 1 L 0 1 Z" fill="#ff0000"/>
                """)
        let t = AffineTransform(a: 1, b: -0.00001, c: 0.123456, d: 1, tx: -0.0, ty: 1e-7)
        #expect(
            body(render(10, 10, [group(t, [fill(rect(0, 0, 1, 1), red)])])).hasPrefix(
                #"  <g transform="matrix(1 0 0.1235 1 0 0)">"#))
    }

    @Test func idsInDocumentOrderAndReused() {
        let gradientA = redToBlue(.both)
        let gradientB = redToBlue(.both, from: Point(0, 0), to: Point(0, 100))
        let svg = render(
            100, 100,
            [
                fill(rect(0, 0, 10, 10), gradientA),
                clip(
                    rect(0, 0, 50, 50),
                    [
                        fill(rect(0, 0, 10, 10), gradientB),
                        fill(rect(0, 0, 10, 10), gradientA),
                    ]),
                group(
                    .translation(10, 10),
                    [
                        // Same clip path text: the definition is reused (it is interpreted in this group's space).
                        clip(rect(0, 0, 50, 50), [fill(rect(0, 0, 10, 10), gradientB)]),
                        clip(rect(0, 0, 50, 50), rule: .evenodd, [fill(rect(0, 0, 10, 10), red)]),
                    ]),
                // Same gradient as A but a different extend: same definition, new band clip.
                fill(rect(0, 0, 10, 10), redToBlue(.none)),
            ])
        let ids = svg.split(separator: "\n").compactMap { line -> String? in
            guard let r = line.range(of: #"id=""#) else { return nil }
            return String(line[r.upperBound...].prefix { $0 != "\"" })
        }
        #expect(ids == ["g1", "clip1", "g2", "clip2", "clip3"])
        #expect(svg.components(separatedBy: "url(#g1)").count - 1 == 3)
        #expect(svg.components(separatedBy: "url(#g2)").count - 1 == 2)
        #expect(svg.components(separatedBy: "url(#clip1)").count - 1 == 2)
    }

    @Test func deterministic() {
        let list = RandomScene.make(seed: 7, count: 2000)
        let first = SVGBackend.render(list)
        let second = SVGBackend.render(list)
        #expect(first == second)
        #expect(first.hasSuffix("</svg>\n"))
        #expect(first != SVGBackend.render(RandomScene.make(seed: 8, count: 2000)))
    }

    @Test func oneElementPerLineAndBalancedGroups() {
        let svg = SVGBackend.render(RandomScene.make(seed: 3, count: 3000))
        var depth = 1
        for line in svg.split(separator: "\n").dropFirst(2).dropLast() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("</") { depth -= 1 }
            #expect(line.count - trimmed.count == 2 * depth, "\(line)")
            if trimmed.hasPrefix("<g") || trimmed.hasPrefix("<linearGradient") { depth += 1 }
        }
        #expect(depth == 1)
    }

    @Test func neverTraps() {
        let nan = Double.nan, inf = Double.infinity
        // The initializer clamps what cannot be a channel (the display list's invariants).
        let weird = Color(red: nan, green: inf, blue: 1, alpha: -inf)
        #expect([weird.red, weird.green, weird.blue, weird.alpha] == [0, 1, 1, 0])
        let bad = Arc(center: Point(nan, inf), radiusX: inf, radiusY: -nan, startAngle: inf, sweep: nan)
        let badSweep = Arc(center: Point(1, 1), radiusX: 1e300, radiusY: 1, startAngle: 1e300, sweep: -1e308)
        let gradient = Paint.linearGradient(
            LinearGradient(
                stops: [GradientStop(offset: nan, color: weird), GradientStop(offset: -inf, color: .black)],
                start: Point(nan, 1), end: Point(inf, 1e308), extend: .none))
        let items: [DisplayItem] = [
            fill(Path([.arc(bad), .arc(badSweep), .close, .line(Point(nan, nan))]), .color(weird), opacity: nan),
            fill(Path([.line(Point(1, 1)), .quad(control: .zero, to: .zero), .close]), red),
            stroke(
                Path([.move(.zero), .line(Point(1e308, -1e308))]), gradient,
                StrokeStyle(width: nan, miterLimit: -inf, dash: [nan, -1, inf], dashPhase: nan), opacity: inf),
            paint(gradient, opacity: -1),
            paint(.color(weird)),
            group(AffineTransform(a: nan, b: inf, c: 1, d: 1, tx: nan, ty: 1e308), [paint(red), group(.scale(1e-300, 1e-300), [paint(red)])]),
            group(.scale(1e-3, 1e-3), [paint(redToBlue(.after))]),
            clip(Path([.move(Point(inf, inf))]), [paint(blue)]),
        ]
        for (w, h) in [(100.0, 100.0), (nan, inf), (-5, 0), (1e308, 1e308)] {
            let svg = SVGBackend.render(DisplayList(width: w, height: h, items: items))
            #expect(svg.hasSuffix("</svg>\n"))
            #expect(!svg.contains("nan") && !svg.contains("inf") && !svg.contains("e+") && !svg.contains("-0 ") && !svg.contains("-0\""))
        }
    }

    @Test func colorsMatchTheDisplayListsHexForm() {
        for value in stride(from: 0.0, through: 1.0, by: 1.0 / 1021) {
            let color = Color(red: value, green: 1 - value, blue: (value * 7).truncatingRemainder(dividingBy: 1))
            #expect(render(1, 1, [fill(rect(0, 0, 1, 1), .color(color))]).contains("fill=\"\(color.hexRGB)\""))
        }
    }

    @Test func deepNesting() {
        var items = [fill(rect(0, 0, 1, 1), red)]
        for i in 0..<2000 {
            items = [i % 2 == 0 ? group(.translation(0.5, 0), items) : clip(rect(-1e6, -1e6, 2e6, 2e6), items)]
        }
        let svg = render(10, 10, items)
        let innermost = svg.split(separator: "\n").first { $0.hasSuffix(##"<path d="M 0 0 L 1 0 L 1 1 L 0 1 Z" fill="#ff0000"/>"##) }
        #expect(innermost.map { $0.prefix { $0 == " " }.count } == 2 * 2001)
        #expect(svg.components(separatedBy: "<clipPath").count == 2) // one definition, reused 1000 times
    }
}

/// A reproducible pseudo-random display list with every kind of item.
enum RandomScene {
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func coordinate() -> Double { (unit() * 2000).rounded() / 10 }
        mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }
    }

    static func make(seed: UInt64, count: Int) -> DisplayList {
        var g = Generator(state: seed)
        var budget = count
        return DisplayList(width: 200, height: 150, items: items(&g, &budget, depth: 0))
    }

    private static func items(_ g: inout Generator, _ budget: inout Int, depth: Int) -> [DisplayItem] {
        var out: [DisplayItem] = []
        while budget > 0 {
            budget -= 1
            let kind = g.next() % 8
            switch kind {
            case 0 where depth < 6:
                let t = AffineTransform.rotation(g.unit() * 6).concatenating(.translation(g.coordinate(), g.coordinate()))
                out.append(group(t, items(&g, &budget, depth: depth + 1)))
            case 1 where depth < 6:
                out.append(clip(path(&g), rule: g.pick(FillRule.allCases), items(&g, &budget, depth: depth + 1)))
            case 2:
                out.append(paint(paintValue(&g), opacity: g.pick([1, 0.5])))
            case 3, 4:
                out.append(
                    stroke(
                        path(&g), paintValue(&g),
                        StrokeStyle(
                            width: g.coordinate() / 20, cap: g.pick(LineCap.allCases),
                            join: g.pick(LineJoin.allCases), dash: g.pick([[], [3, 1]]))))
            case 7:
                return out
            default:
                out.append(fill(path(&g), paintValue(&g), rule: g.pick(FillRule.allCases)))
            }
        }
        return out
    }

    private static func paintValue(_ g: inout Generator) -> Paint {
        if g.next() % 3 == 0 {
            return .linearGradient(
                LinearGradient(
                    stops: [
                        GradientStop(offset: 0, color: Color(red: g.unit(), green: g.unit(), blue: g.unit())),
                        GradientStop(offset: 1, color: Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: 0.5)),
                    ],
                    start: Point(g.coordinate(), g.coordinate()), end: Point(g.coordinate(), g.coordinate()),
                    extend: g.pick(GradientExtend.allCases)))
        }
        return .color(Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.pick([1, 0.75])))
    }

    private static func path(_ g: inout Generator) -> Path {
        let start = Point(g.coordinate(), g.coordinate())
        var segments: [PathSegment] = [.move(start)]
        for _ in 0..<(1 + g.next() % 4) {
            switch g.next() % 4 {
            case 0: segments.append(.line(Point(g.coordinate(), g.coordinate())))
            case 1: segments.append(.quad(control: Point(g.coordinate(), g.coordinate()), to: Point(g.coordinate(), g.coordinate())))
            case 2:
                segments.append(
                    .cubic(
                        control1: Point(g.coordinate(), g.coordinate()), control2: Point(g.coordinate(), g.coordinate()),
                        to: Point(g.coordinate(), g.coordinate())))
            default:
                let arc = Arc(
                    center: Point(g.coordinate(), g.coordinate()), radiusX: g.coordinate() / 4, radiusY: g.coordinate() / 4,
                    startAngle: g.unit() * 6, sweep: (g.unit() - 0.5) * 20)
                segments.append(.line(arc.startPoint))
                segments.append(.arc(arc))
            }
        }
        segments.append(.close)
        return Path(segments)
    }
}
