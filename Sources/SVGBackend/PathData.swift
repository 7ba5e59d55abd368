import DisplayList

/// Path data (`d`) for a display-list path: absolute commands `M L Q C A Z` separated by single
/// spaces, e.g. `M 0 0 L 10 0 A 5 5 0 0 1 20 0 Z`.
///
/// Arcs. A display-list arc is centre, radii, start angle and a signed sweep (positive = increasing
/// angle = clockwise on screen, y down), and the pen is at its start point when it begins. SVG's `A`
/// is endpoint-parameterized, so the sweep is split into n = max(1, ⌈|sweep|/π⌉) equal pieces, each
/// `A |rx| |ry| 0 0 sweepFlag x y`: every piece is at most π, so large-arc is always 0, a full circle
/// is two half arcs and several turns are drawn as several turns (which matters for fill rules).
/// - sweep-flag is 1 when the arc runs clockwise on screen: a positive sweep, unless exactly one
///   radius is negative (a negative radius mirrors the ellipse and reverses its direction; the
///   points themselves are computed with the signed radii, as `Arc.point(at:)` does);
/// - a zero sweep emits nothing (the pen is already at the start point);
/// - a zero radius is a degenerate ellipse, a segment: it is drawn with `L` commands through the
///   segment's extreme points that the sweep reaches (at most one turn's worth) and then to the end
///   point; with both radii zero that is a single `L` to the centre;
/// - more than 64 turns are reduced to 64 or 63 turns (keeping the parity of the winding number)
///   plus the remainder, so output stays bounded.
///
/// A segment other than a move or an arc with no current point (a path that does not begin with a
/// move) is left out; an arc with no current point first moves to its start point (as Core
/// Graphics' `addArc` does).
enum PathData {
    static let maxTurns: Double = 64

    /// The `d` text, or "" when the path draws nothing at all.
    static func make(_ path: Path) -> String {
        var d: [UInt8] = []
        write(path, into: &d)
        return String(decoding: d, as: UTF8.self)
    }

    /// Appends the `d` text to `d`, which must be empty: nothing is appended when the path draws
    /// nothing at all. The writer reuses one buffer for every shape, and numbers go into it as
    /// bytes, so a shape's path data costs no allocation.
    ///
    /// Moves, lines, curves and closes are written into a buffer on the stack and appended to `d`
    /// when it is nearly full, before an arc (which appends its own) and at the end: a rectangle's
    /// five commands with one append.
    static func write(_ path: Path, into d: inout [UInt8]) {
        d.reserveCapacity(path.segmentCount * 20)
        var hasCurrent = false
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchCapacity) { buffer in
            let start = buffer.baseAddress!
            var n = 0
            func flush() {
                guard n > 0 else { return }
                d.append(contentsOf: UnsafeBufferPointer(start: start, count: n))
                n = 0
            }
            func command(_ letter: Unicode.Scalar, _ p: Point, _ q: Point? = nil, _ r: Point? = nil) {
                if scratchCapacity - n < maxCommandLength { flush() }
                n = writeCommand(letter, p, q, r, separated: n > 0 || !d.isEmpty, at: start, n)
            }
            path.forEachSegment { segment in
                switch segment {
                case .move(let p):
                    command("M", p)
                    hasCurrent = true
                case .line(let p):
                    guard hasCurrent else { return }
                    command("L", p)
                case .quad(let c, let p):
                    guard hasCurrent else { return }
                    command("Q", c, p)
                case .cubic(let c1, let c2, let p):
                    guard hasCurrent else { return }
                    command("C", c1, c2, p)
                case .arc(let arc):
                    let a = sanitized(arc)
                    if !hasCurrent {
                        command("M", a.startPoint)
                        hasCurrent = true
                    }
                    flush()
                    appendArc(a, to: &d)
                case .close:
                    guard hasCurrent else { return }
                    if scratchCapacity - n < 2 { flush() }
                    if n > 0 || !d.isEmpty {
                        start[n] = UInt8(ascii: " ")
                        n += 1
                    }
                    start[n] = UInt8(ascii: "Z")
                    n += 1
                }
            }
            flush()
        }
    }

    /// The most bytes `command` writes: a space and the letter, then per point (at most three)
    /// two spaces and two numbers.
    private static let maxCommandLength = 2 + 3 * 2 * (1 + NumberFormat.maxWrittenLength)
    /// `write`'s buffer: a few commands.
    private static let scratchCapacity = 512

    /// The `d` text of a closed polygon: `M p0 L p1 … Z`.
    static func polygon(_ points: [Point]) -> String {
        var d: [UInt8] = []
        d.reserveCapacity(points.count * 16)
        for (i, p) in points.enumerated() {
            command(&d, i == 0 ? "M" : "L", p)
        }
        if !points.isEmpty { d.append(contentsOf: " Z".utf8) }
        return String(decoding: d, as: UTF8.self)
    }

    /// A command and its points (one to three, without an array: this runs once per segment).
    /// Written into a buffer on the stack and appended to `d` at once: one check of the array's
    /// uniqueness and capacity for the command, not one for each byte.
    private static func command(_ d: inout [UInt8], _ letter: Unicode.Scalar, _ p: Point, _ q: Point? = nil, _ r: Point? = nil) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxCommandLength) { buffer in
            let start = buffer.baseAddress!
            let n = writeCommand(letter, p, q, r, separated: !d.isEmpty, at: start, 0)
            d.append(contentsOf: UnsafeBufferPointer(start: start, count: n))
        }
    }

    /// A command written at `start + n` (a space first when it follows another), at most
    /// `maxCommandLength` bytes; the new end.
    @inline(__always)
    private static func writeCommand(
        _ letter: Unicode.Scalar, _ p: Point, _ q: Point?, _ r: Point?, separated: Bool,
        at start: UnsafeMutablePointer<UInt8>, _ n: Int
    ) -> Int {
        var n = n
        if separated {
            start[n] = UInt8(ascii: " ")
            n += 1
        }
        start[n] = UInt8(ascii: letter)
        n += 1
        n = write(p, at: start, n)
        if let q { n = write(q, at: start, n) }
        if let r { n = write(r, at: start, n) }
        return n
    }

    /// A point's ` x y` written at `start + n`; the new end.
    @inline(__always)
    private static func write(_ p: Point, at start: UnsafeMutablePointer<UInt8>, _ n: Int) -> Int {
        var n = n
        start[n] = UInt8(ascii: " ")
        n += 1
        n += NumberFormat.write(Num.finite(p.x), to: start + n)
        start[n] = UInt8(ascii: " ")
        n += 1
        n += NumberFormat.write(Num.finite(p.y), to: start + n)
        return n
    }

    private static func append(_ d: inout [UInt8], _ p: Point) {
        d.append(UInt8(ascii: " "))
        number(&d, p.x)
        d.append(UInt8(ascii: " "))
        number(&d, p.y)
    }

    /// `Num.text(v)`'s bytes.
    @inline(__always)
    private static func number(_ d: inout [UInt8], _ v: Double) {
        NumberFormat.append(Num.finite(v), to: &d)
    }

    private static func sanitized(_ a: Arc) -> Arc {
        Arc(
            center: Num.point(a.center), radiusX: Num.finite(a.radiusX), radiusY: Num.finite(a.radiusY),
            startAngle: Num.finite(a.startAngle), sweep: Num.finite(a.sweep))
    }

    /// Appends the commands for an arc whose start point is the current point.
    static func appendArc(_ arc: Arc, to d: inout [UInt8]) {
        var arc = arc
        if arc.sweep == 0 { return }
        let twoPi = 2 * Double.pi
        let magnitude = abs(arc.sweep)
        if magnitude > twoPi * maxTurns {
            let turns = (magnitude / twoPi).rounded(.down)
            let odd = turns.truncatingRemainder(dividingBy: 2) != 0
            let kept = (odd ? maxTurns - 1 : maxTurns) * twoPi + magnitude.truncatingRemainder(dividingBy: twoPi)
            arc = Arc(
                center: arc.center, radiusX: arc.radiusX, radiusY: arc.radiusY, startAngle: arc.startAngle,
                sweep: arc.sweep < 0 ? -kept : kept)
        }
        let rx = abs(arc.radiusX), ry = abs(arc.radiusY)
        if rx == 0 || ry == 0 {
            appendDegenerateArc(arc, to: &d)
            return
        }
        let clockwise = (arc.sweep > 0) != ((arc.radiusX < 0) != (arc.radiusY < 0))
        let head = "A " + Num.text(rx) + " " + Num.text(ry) + " 0 0 " + (clockwise ? "1" : "0")
        let n = max(1, Int((abs(arc.sweep) / Double.pi).rounded(.up)))
        for i in 1...n {
            let angle = i == n ? arc.startAngle + arc.sweep : arc.startAngle + arc.sweep * Double(i) / Double(n)
            let p = arc.point(at: angle)
            d.append(UInt8(ascii: " "))
            d.append(contentsOf: head.utf8)
            append(&d, p)
        }
    }

    /// A zero radius: the ellipse is a segment (or a point). Visit the extreme points the sweep
    /// passes, then the end point.
    private static func appendDegenerateArc(_ arc: Arc, to d: inout [UInt8]) {
        let quarter = Double.pi / 2
        let start = arc.startAngle, end = arc.startAngle + arc.sweep
        let xFixed = arc.radiusX == 0, yFixed = arc.radiusY == 0
        if xFixed != yFixed {
            // Multiples k·π/2 strictly between start and end, in the direction of the sweep, at most
            // four (one full turn covers both extremes). Extremes: odd k when x is fixed (sin = ±1),
            // even k when y is fixed (cos = ±1).
            let forward = arc.sweep > 0
            var k = forward ? (start / quarter).rounded(.down) + 1 : (start / quarter).rounded(.up) - 1
            for _ in 0..<4 {
                let angle = k * quarter
                if forward ? angle >= end : angle <= end { break }
                let odd = k.truncatingRemainder(dividingBy: 2) != 0
                if odd == xFixed {
                    command(&d, "L", arc.point(at: angle))
                }
                k += forward ? 1 : -1
            }
        }
        command(&d, "L", arc.point(at: end))
    }
}
