import DisplayList
import SVGBackend
import Testing

@Suite("Arcs")
struct ArcTests {
    let center = Point(50, 50)

    func arcPath(rx: Double = 10, ry: Double = 10, start: Double = 0, sweep: Double, close: Bool = false) -> Path {
        let arc = Arc(center: center, radiusX: rx, radiusY: ry, startAngle: start, sweep: sweep)
        return Path([.move(arc.startPoint), .arc(arc)] + (close ? [.close] : []))
    }

    @Test func fullCircleIsTwoHalfArcs() {
        #expect(pathData(arcPath(sweep: 2 * .pi, close: true)) == "M 60 50 A 10 10 0 0 1 40 50 A 10 10 0 0 1 60 50 Z")
    }

    @Test func fullCircleCounterClockwise() {
        #expect(pathData(arcPath(sweep: -2 * .pi)) == "M 60 50 A 10 10 0 0 0 40 50 A 10 10 0 0 0 60 50")
    }

    @Test func quarterClockwise() {
        #expect(pathData(arcPath(sweep: .pi / 2)) == "M 60 50 A 10 10 0 0 1 50 60")
    }

    @Test func quarterCounterClockwise() {
        #expect(pathData(arcPath(sweep: -.pi / 2)) == "M 60 50 A 10 10 0 0 0 50 40")
    }

    @Test func threeQuartersClockwiseIsTwoPieces() {
        #expect(pathData(arcPath(sweep: 3 * .pi / 2)) == "M 60 50 A 10 10 0 0 1 42.9289 57.0711 A 10 10 0 0 1 50 40")
    }

    @Test func sweepOfThreePiIsThreeHalfTurns() {
        #expect(pathData(arcPath(sweep: 3 * .pi)) == "M 60 50 A 10 10 0 0 1 40 50 A 10 10 0 0 1 60 50 A 10 10 0 0 1 40 50")
    }

    @Test func twoTurnsAreDrawnTwice() {
        let d = pathData(arcPath(sweep: 4 * .pi))
        #expect(d.components(separatedBy: " A ").count - 1 == 4)
    }

    @Test func halfTurnIsOnePiece() {
        #expect(pathData(arcPath(start: .pi / 2, sweep: -.pi)) == "M 50 60 A 10 10 0 0 0 50 40")
    }

    @Test func zeroSweepDrawsNothing() {
        let arc = Arc(center: center, radiusX: 10, radiusY: 10, startAngle: 0, sweep: 0)
        #expect(pathData(Path([.move(arc.startPoint), .arc(arc), .line(Point(0, 0))])) == "M 60 50 L 0 0")
    }

    @Test func ellipse() {
        #expect(pathData(arcPath(rx: 20, ry: 10, sweep: .pi / 2)) == "M 70 50 A 20 10 0 0 1 50 60")
        #expect(pathData(arcPath(rx: 20, ry: 10, start: .pi, sweep: -2 * .pi)) == "M 30 50 A 20 10 0 0 0 70 50 A 20 10 0 0 0 30 50")
    }

    @Test func negativeRadiusMirrorsTheDirection() {
        // rx = -10: the start point is (40, 50) and increasing angles run counter-clockwise on screen.
        #expect(pathData(arcPath(rx: -10, sweep: .pi / 2)) == "M 40 50 A 10 10 0 0 0 50 60")
        // Both negative: a half-turn rotation, the direction is kept.
        #expect(pathData(arcPath(rx: -10, ry: -10, sweep: .pi / 2)) == "M 40 50 A 10 10 0 0 1 50 40")
    }

    @Test func zeroRadius() {
        #expect(pathData(arcPath(rx: 0, ry: 0, sweep: .pi)) == "M 50 50 L 50 50")
        // rx = 0: a vertical segment; the sweep 0...π passes the extreme at π/2.
        #expect(pathData(arcPath(rx: 0, ry: 10, sweep: .pi)) == "M 50 50 L 50 60 L 50 50")
        // ry = 0: a horizontal segment; 0...-3π/2 passes the extreme at -π, not the one at 0.
        #expect(pathData(arcPath(rx: 10, ry: 0, sweep: -3 * .pi / 2)) == "M 60 50 L 40 50 L 50 50")
        // Many turns visit each extreme once more at most.
        #expect(pathData(arcPath(rx: 0, ry: 10, sweep: 20 * .pi)) == "M 50 50 L 50 60 L 50 40 L 50 50")
    }

    @Test func arcWithoutCurrentPointMovesToItsStart() {
        let arc = Arc(center: center, radiusX: 10, radiusY: 10, startAngle: 0, sweep: .pi / 2)
        #expect(pathData(Path([.arc(arc)])) == "M 60 50 A 10 10 0 0 1 50 60")
    }

    @Test func hugeSweepsStayBounded() {
        let d = pathData(arcPath(sweep: 1e12))
        let pieces = d.components(separatedBy: " A ").count - 1
        #expect(pieces > 0 && pieces <= 130)
        // More than 64 turns: 63 or 64 turns (same parity) plus the remainder of 1 radian.
        let odd = pathData(arcPath(sweep: 2 * .pi * 1001 + 1))
        #expect(odd.components(separatedBy: " A ").count - 1 == 127)
        let even = pathData(arcPath(sweep: -(2 * .pi * 1000 + 1)))
        #expect(even.components(separatedBy: " A ").count - 1 == 129)
        #expect(even.hasSuffix(" A 10 10 0 0 0 " + pathData(arcPath(sweep: -1)).components(separatedBy: " A 10 10 0 0 0 ")[1]))
    }

    @Test func arcAfterOtherSegments() {
        // The pen is at the arc's start; commands keep following each other.
        let arc = Arc(center: Point(20, 0), radiusX: 10, radiusY: 10, startAngle: .pi, sweep: -.pi)
        let path = Path([
            .move(Point(0, 0)), .line(Point(10, 0)), .arc(arc), .quad(control: Point(40, 10), to: Point(50, 0)),
            .cubic(control1: Point(60, 10), control2: Point(70, -10), to: Point(80, 0)), .close,
        ])
        #expect(pathData(path) == "M 0 0 L 10 0 A 10 10 0 0 0 30 0 Q 40 10 50 0 C 60 10 70 -10 80 0 Z")
    }
}
