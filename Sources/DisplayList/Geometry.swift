/// A point in the coordinate space of the enclosing group (points, y pointing down).
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = Point(0, 0)
}

/// An affine transform in Core Graphics' convention: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
/// It is the same matrix as SVG's `matrix(a b c d tx ty)`.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// Rotation by `angle` radians; positive turns +x towards +y (clockwise on screen, as in UIKit).
    public static func rotation(_ angle: Double) -> AffineTransform {
        let (s, c) = exactSinCos(angle)
        return AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    public static func scale(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// `self` applied first, then `other` (CGAffineTransformConcat order).
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The transform a child space gets when `local` is applied inside `self`
    /// (what `context.translateBy` etc. do to the current transform).
    public func prepending(_ local: AffineTransform) -> AffineTransform {
        local.concatenating(self)
    }

    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    public var determinant: Double { a * d - b * c }

    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public var isIdentity: Bool { self == .identity }
}

/// sin and cos with exact values at multiples of π/2, so that `rotate="pi/2"` gives a clean
/// matrix (0 1 -1 0) rather than 6.1e-17 residues that would make output noisy.
public func exactSinCos(_ angle: Double) -> (sin: Double, cos: Double) {
    let quarter = angle / (Double.pi / 2)
    let rounded = quarter.rounded()
    if abs(quarter - rounded) < 1e-12, abs(rounded) < 1e15 {
        switch Int(rounded) & 3 {
        case 0: return (0, 1)
        case 1: return (1, 0)
        case 2: return (0, -1)
        default: return (-1, 0)
        }
    }
    return (sin(angle), cos(angle))
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
