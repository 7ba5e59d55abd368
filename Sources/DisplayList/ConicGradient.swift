/// A conic (angular) gradient: Core Graphics' `drawConicGradient(_:centerPoint:angle:)`, SwiftUI's
/// `AngularGradient`, Canvas 2D's `createConicGradient`, Android's `SweepGradient`. The color at a
/// point is the gradient's color at t = (θ − startAngle) / 2π, wrapped into 0…1, where θ is the
/// point's angle around `center` (0 along +x, increasing towards +y: clockwise on a y-down screen).
/// Before the first stop the first color is drawn, after the last stop the last color. It paints
/// the whole plane: there is no extend (the center itself takes the color at t = 0).
public struct ConicGradient: Hashable, Sendable {
    /// As `LinearGradient.stops`: at least one, offsets in 0…1 and non-decreasing.
    public let stops: [GradientStop]
    public let center: Point
    /// Radians, finite; any value (a whole turn more or less draws the same).
    public let startAngle: Double

    public init(stops: [GradientStop], center: Point, startAngle: Double) {
        // The same stop rules as a linear gradient's (one initializer applies them).
        self.stops = LinearGradient(stops: stops, start: .zero, end: .zero).stops
        self.center = Point(Invariant.finite(center.x), Invariant.finite(center.y))
        self.startAngle = Invariant.finite(startAngle)
    }

    /// The color at t (0…1 around the turn from the start angle): the stops' non-premultiplied
    /// components interpolated linearly, as SVG and Core Graphics interpolate a gradient's stops.
    /// Where two stops share an offset the later one wins from that offset on.
    public func color(at t: Double) -> Color {
        ConicGradient.color(stops, at: t)
    }

    /// `color(at:)` for any stops (ordered as `LinearGradient.stops` orders them).
    public static func color(_ stops: [GradientStop], at t: Double) -> Color {
        guard let first = stops.first, let last = stops.last else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        if t < first.offset { return first.color }
        if t >= last.offset { return last.color }
        var i = 0
        while i + 1 < stops.count, stops[i + 1].offset <= t { i += 1 }
        let a = stops[i], b = stops[i + 1]
        let span = b.offset - a.offset
        let f = span > 0 ? (t - a.offset) / span : 1
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        return Color(
            red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green),
            blue: mix(a.color.blue, b.color.blue), alpha: mix(a.color.alpha, b.color.alpha))
    }
}

/// One wedge of a conic gradient drawn as flat colors: the turn from `from` to `to` (fractions of
/// a turn from the start angle) in one color.
public struct ConicWedge: Hashable, Sendable {
    public let from: Double, to: Double
    public let color: Color
}

extension ConicGradient {
    /// The widest wedge, as a fraction of a turn (π/8): so that a wedge drawn as a polygon around the
    /// center stays close to its arc and never wraps past half a turn.
    public static let maxWedge = 1.0 / 16

    /// The gradient as flat wedges in order around the turn, fine enough that neighbours differ by
    /// at most 1/255 in every channel once written as 8-bit values (alpha included): a stop-to-stop
    /// span whose largest channel change is k/255 is cut into ⌊k⌋ + 1 equal wedges colored at their
    /// middles, so that neighbouring colors are less than 1/255 apart before rounding (with k
    /// wedges they would be exactly 1/255 apart, halfway between bytes, and rounding could put
    /// them 2 apart); neighbours whose 8-bit colors are equal are merged. This is how the SVG (which has
    /// no conic gradient) and the generated code's fallback draw it.
    public var wedges: [ConicWedge] {
        var cuts: [(from: Double, to: Double, color: Color)] = []
        func constant(_ a: Double, _ b: Double, _ color: Color) {
            if b > a { cuts.append((a, b, color)) }
        }
        guard let first = stops.first, let last = stops.last else { return [] }
        constant(0, first.offset, first.color)
        for (a, b) in zip(stops, stops.dropFirst()) where b.offset > a.offset {
            let change =
                [
                    b.color.red - a.color.red, b.color.green - a.color.green, b.color.blue - a.color.blue,
                    b.color.alpha - a.color.alpha,
                ].map { abs($0) * 255 }.max() ?? 0
            let n = Int(change.rounded(.down)) + 1
            let width = (b.offset - a.offset) / Double(n)
            for i in 0..<n {
                let from = a.offset + width * Double(i), to = i == n - 1 ? b.offset : a.offset + width * Double(i + 1)
                cuts.append((from, to, color(at: (from + to) / 2)))
            }
        }
        constant(last.offset, 1, last.color)
        var merged: [ConicWedge] = []
        for cut in cuts {
            if let previous = merged.last, previous.color.bytes == cut.color.bytes {
                merged[merged.count - 1] = ConicWedge(from: previous.from, to: cut.to, color: previous.color)
            } else {
                merged.append(ConicWedge(from: cut.from, to: cut.to, color: cut.color))
            }
        }
        return merged
    }
}

extension Color {
    /// The four channels as written in 8 bits (rounded half up).
    public var bytes: [Int] { [red, green, blue, alpha].map(Color.byte) }
}

extension ConicGradient {
    /// The same gradient with its start angle turned to 0 (+x): the stops shifted by the start
    /// angle and wrapped around the turn, with a hard edge (two stops at one offset) where the
    /// gradient starts. For platforms whose sweep gradient always starts along +x (Android's
    /// VectorDrawable `sweep` type) and to compare drawings.
    public var stopsFromZero: [GradientStop] {
        let turns = startAngle / (2 * Double.pi)
        let s = turns - turns.rounded(.down) // where offset 0 lies, 0..<1 of the turn from +x
        guard s > 0, s < 1, !stops.isEmpty else { return stops }
        let wrap = 1 - s // the offset that lands on +x
        var out = [GradientStop(offset: 0, color: color(at: wrap))]
        out += stops.filter { $0.offset >= wrap }.map { GradientStop(offset: $0.offset - wrap, color: $0.color) }
        out.append(GradientStop(offset: s, color: color(at: 1)))
        out.append(GradientStop(offset: s, color: color(at: 0)))
        out += stops.filter { $0.offset < wrap }.map { GradientStop(offset: $0.offset + s, color: $0.color) }
        out.append(GradientStop(offset: 1, color: color(at: wrap)))
        // A stop repeated (the same offset and color twice in a row) says nothing more.
        return out.enumerated().filter { i, stop in i == 0 || stop != out[i - 1] }.map(\.element)
    }
}
