import DisplayList
import SwiftExportDrawing
import Testing

/// `ScenePath.centerArc`, the runtime's copy of DisplayList's `SVGArc.centerArc` (generated code
/// cannot import DisplayList), gives the same results bit for bit: arcs of interpolated path data
/// are converted by it when drawn, constant ones by SVGArc when generating.
struct SVGArcAgreesWithDisplayListTests {
    @Test func theRuntimesConversionIsSVGArcs() {
        var generator = SplitMix(state: 22)
        var cases: [(Double, Double, Double, Double, Double, Double, Double, Bool, Bool)] = [
            (0, 0, 10, 0, 5, 5, 0, false, true), // a half circle
            (0, 0, 10, 10, 0, 5, 0, false, true), // zero radius: a line
            (3, 4, 3, 4, 5, 5, 0, true, true), // end at start: nothing
            (0, 0, 10, 0, 1, 1, 0, false, false), // radii scaled up
            (0, 0, 10, 5, 8, 3, 90, true, false), // a quarter turn swaps the radii
            (0, 0, 10, 5, 8, 3, 30, true, true), // turned: cubic curves
            (0, 0, 10, 5, 8, 3, -270, false, true),
        ]
        for _ in 0..<500 {
            func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator).rounded() / 4 }
            cases.append(
                (
                    r(-400...400), r(-400...400), r(-400...400), r(-400...400), r(0...200), r(0...200),
                    [0, 90, 180, 45, r(-720...720)][Int.random(in: 0...4, using: &generator)],
                    Bool.random(using: &generator), Bool.random(using: &generator)
                ))
        }
        for (fx, fy, tx, ty, rx, ry, rotation, large, sweep) in cases {
            let runtime = ScenePath.centerArc(
                fromX: fx, fromY: fy, toX: tx, toY: ty, rx: rx, ry: ry, rotationDegrees: rotation,
                largeArc: large, sweep: sweep)
            let expected: ScenePath.SVGArcResult
            switch SVGArc.centerArc(from: Point(fx, fy), to: Point(tx, ty), rx: rx, ry: ry, rotationDegrees: rotation, largeArc: large, sweep: sweep)
            {
            case .nothing: expected = .nothing
            case .line: expected = .line
            case .arc(let a): expected = .arc(cx: a.center.x, cy: a.center.y, rx: a.radiusX, ry: a.radiusY, startAngle: a.startAngle, sweep: a.sweep)
            case .cubics(let curves): expected = .cubics(curves.map { [$0.c1.x, $0.c1.y, $0.c2.x, $0.c2.y, $0.to.x, $0.to.y] })
            }
            #expect(runtime == expected, "A \(rx) \(ry) \(rotation) \(large) \(sweep) from (\(fx), \(fy)) to (\(tx), \(ty))")
        }
    }
}

/// A seeded generator (SplitMix64), so every run checks the same cases.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
