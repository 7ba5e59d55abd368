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
public struct Path: Hashable, Sendable {
    public let segments: [PathSegment]
    public init(_ segments: [PathSegment] = []) { self.segments = segments }
    public var isEmpty: Bool { segments.isEmpty }
}
