extension Path {
    /// Points whose bounding box contains the whole path: the end and control points of lines and
    /// curves (a Bézier curve stays inside the hull of its control points) and the four corners of
    /// each arc's ellipse. For bounds that must never be too small (the painting budget, the
    /// regions a diff highlights), not for exact ones.
    public var hullPoints: [Point] {
        var points: [Point] = []
        for segment in segments {
            switch segment {
            case .move(let p), .line(let p): points.append(p)
            case .quad(let c, let p): points += [c, p]
            case .cubic(let c1, let c2, let p): points += [c1, c2, p]
            case .arc(let a):
                let rx = abs(a.radiusX), ry = abs(a.radiusY)
                points += [
                    Point(a.center.x - rx, a.center.y - ry), Point(a.center.x + rx, a.center.y + ry),
                    Point(a.center.x - rx, a.center.y + ry), Point(a.center.x + rx, a.center.y - ry),
                ]
            case .close: break
            }
        }
        return points
    }
}
