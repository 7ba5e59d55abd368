/// A circular or elliptical arc, stored as UIBezierPath describes it: centre, radii, start angle,
/// and a signed sweep. Positive sweep runs clockwise on screen (angles increasing, y down).
/// The sweep is already normalized the way UIKit and cairo do it (see Grammar.md, "Arcs"), and the
/// path's current point is always the arc's start point when the arc begins.
public struct Arc: Hashable, Sendable {
    public let center: Point
    public let radiusX: Double
    public let radiusY: Double
    public let startAngle: Double
    public let sweep: Double

    public init(center: Point, radiusX: Double, radiusY: Double, startAngle: Double, sweep: Double) {
        self.center = center; self.radiusX = radiusX; self.radiusY = radiusY
        self.startAngle = startAngle; self.sweep = sweep
    }

    public func point(at angle: Double) -> Point {
        let (s, c) = exactSinCos(angle)
        return Point(center.x + radiusX * c, center.y + radiusY * s)
    }

    public var startPoint: Point { point(at: startAngle) }
    public var endPoint: Point { point(at: startAngle + sweep) }
}

public enum PathSegment: Hashable, Sendable {
    case move(Point)
    case line(Point)
    case quad(control: Point, to: Point)
    case cubic(control1: Point, control2: Point, to: Point)
    case arc(Arc)
    case close
}

/// A resolved path: absolute coordinates in the enclosing group's space.
///
/// A path that is exactly one `UIBezierPath(rect:)` (move, three lines, close: most shapes of a
/// chart or a generated pattern) keeps only its four numbers and makes its segments when asked;
/// any other path keeps its segments. Both are the same value: equality and hashing go by the
/// segments. (A rectangle's array of five segments would be most of what a display list holds per
/// rectangle: docs/performance.md.)
public struct Path: Hashable, Sendable {
    @usableFromInline
    enum Storage: Sendable {
        case segments([PathSegment])
        case rect(x: Double, y: Double, width: Double, height: Double)
    }

    @usableFromInline
    let storage: Storage

    public init(_ segments: [PathSegment] = []) { storage = .segments(segments) }

    /// UIBezierPath(rect:): clockwise on screen from (x, y), the top-left corner when the sizes
    /// are positive: move, line, line, line, close.
    public static func rect(x: Double, y: Double, width: Double, height: Double) -> Path {
        Path(storage: .rect(x: x, y: y, width: width, height: height))
    }

    private init(storage: Storage) { self.storage = storage }

    public var segments: [PathSegment] {
        switch storage {
        case .segments(let segments): return segments
        case .rect(let x, let y, let width, let height):
            return [
                .move(Point(x, y)), .line(Point(x + width, y)), .line(Point(x + width, y + height)),
                .line(Point(x, y + height)), .close,
            ]
        }
    }

    /// Calls `body` with each segment in order, `segments` without the array: a rectangle's five
    /// segments are made one by one (writers visit every path of a large scene once).
    @inlinable
    public func forEachSegment(_ body: (PathSegment) -> Void) {
        switch storage {
        case .segments(let segments):
            for segment in segments { body(segment) }
        case .rect(let x, let y, let width, let height):
            body(.move(Point(x, y)))
            body(.line(Point(x + width, y)))
            body(.line(Point(x + width, y + height)))
            body(.line(Point(x, y + height)))
            body(.close)
        }
    }

    public var segmentCount: Int {
        switch storage {
        case .segments(let segments): return segments.count
        case .rect: return 5
        }
    }

    public var isEmpty: Bool { segmentCount == 0 }

    public static func == (a: Path, b: Path) -> Bool {
        if case .segments(let x) = a.storage, case .segments(let y) = b.storage { return x == y }
        return a.segments == b.segments
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(segments) }
}
