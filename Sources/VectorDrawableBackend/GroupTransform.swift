import DisplayList

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An affine transform as a VectorDrawable `<group>` holds one: Android applies
/// translate(−pivot), scale(scaleX, scaleY), rotate(rotation), translate(translate + pivot), so with
/// the pivot at 0 a group is T(translate) · R(rotation) · S(scaleX, scaleY). That is every transform
/// whose two columns are perpendicular (no skew); a mirror is a negative `scaleY`.
struct GroupTransform: Equatable {
    /// Degrees, clockwise on screen (y down), as SVG's `rotate`.
    let rotation: Double
    let scaleX: Double
    let scaleY: Double
    let translateX: Double
    let translateY: Double

    /// The parts of `t`, or nil when it skews. The linear part [a c; b d] = R(θ) · S(sx, sy): the
    /// first column is sx · (cos θ, sin θ), the second sy · (−sin θ, cos θ).
    init?(_ t: AffineTransform) {
        let sx = (t.a * t.a + t.b * t.b).squareRoot()
        let second = (t.c * t.c + t.d * t.d).squareRoot()
        guard sx > 0, second > 0 else { return nil }
        // Perpendicular columns, to the precision the matrix is printed with.
        guard abs(t.a * t.c + t.b * t.d) <= 1e-4 * sx * second else { return nil }
        rotation = atan2(t.b, t.a) * 180 / Double.pi
        scaleX = sx
        scaleY = (t.a * t.d - t.b * t.c) / sx
        translateX = t.tx
        translateY = t.ty
    }

    /// The group's attributes (each on its own line after the first), leaving out the defaults.
    func attributes(indent: String) -> String {
        var parts: [String] = []
        // Degrees and scales with 6 decimals: they stand for matrix entries printed with 4, and
        // 4 decimals of a scale would move a point 1000 units away by a twentieth of a unit.
        let rotationText = NumberFormat.format(rotation, decimals: 6)
        if rotationText != "0" { parts.append("android:rotation=\"\(rotationText)\"") }
        let x = NumberFormat.format(scaleX, decimals: 6), y = NumberFormat.format(scaleY, decimals: 6)
        if x != "1" { parts.append("android:scaleX=\"\(x)\"") }
        if y != "1" { parts.append("android:scaleY=\"\(y)\"") }
        let tx = NumberFormat.format(translateX), ty = NumberFormat.format(translateY)
        if tx != "0" { parts.append("android:translateX=\"\(tx)\"") }
        if ty != "0" { parts.append("android:translateY=\"\(ty)\"") }
        return parts.isEmpty ? "" : " " + parts.joined(separator: "\n" + indent)
    }

    /// Whether `t` scales every direction alike (a rotation, a mirror, a uniform scale): then
    /// Android's stroke, one width times the transform's smaller scale, is SVG's.
    static func isUniform(_ t: AffineTransform) -> Bool {
        let first = (t.a * t.a + t.b * t.b).squareRoot()
        let second = (t.c * t.c + t.d * t.d).squareRoot()
        guard first > 0, second > 0 else { return true }
        return abs(first - second) <= 1e-4 * max(first, second) && abs(t.a * t.c + t.b * t.d) <= 1e-4 * first * second
    }
}
