import DisplayList
import Testing

/// Every number in SVG and dumps goes through one formatter: fixed decimals, no `-0`, no exponent.
struct NumberFormatTests {
    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (1, "1"), (-1, "-1"), (0.5, "0.5"), (1.23456, "1.2346"), (-0.00004, "0"),
        (-0.00005, "-0.0001"), (1e-5, "0"), (123456789, "123456789"), (2.5e-4, "0.0003"), (100.10, "100.1"),
        (Double.nan, "0"), (Double.infinity, "0"), (1e300, "1000000000000000"), (-1e300, "-1000000000000000"),
    ])
    func defaultDecimals(_ value: Double, _ text: String) {
        #expect(NumberFormat.format(value) == text)
    }

    @Test func otherDecimals() {
        #expect(NumberFormat.format(1.23456789, decimals: 6) == "1.234568")
        #expect(NumberFormat.format(0.1 + 0.2, decimals: 6) == "0.3")
        #expect(NumberFormat.format(2.5, decimals: 0) == "3")
        #expect(NumberFormat.format(1e-7, decimals: 6) == "0")
        #expect(NumberFormat.format(123.4567891234, decimals: 16).hasPrefix("123.456789123"))
    }

    @Test func neverAnExponentOrANegativeZero() {
        var value = 1e-12
        while value < 1e16 {
            for v in [value, -value] {
                let text = NumberFormat.format(v)
                #expect(!text.contains("e") && text != "-0", "\(v) → \(text)")
            }
            value *= 7.3
        }
    }
}

/// Transforms compose as Core Graphics composes them, and rotations by quarter turns are exact.
struct TransformTests {
    @Test func concatenationAppliesSelfFirst() {
        let t = AffineTransform.translation(10, 0).concatenating(.scale(2, 2))
        #expect(t.apply(Point(1, 1)) == Point(22, 2))
        let u = AffineTransform.scale(2, 2).concatenating(.translation(10, 0))
        #expect(u.apply(Point(1, 1)) == Point(12, 2))
        #expect(AffineTransform.identity.prepending(.translation(1, 2)) == .translation(1, 2))
    }

    @Test func quarterTurnsAreExact() {
        #expect(AffineTransform.rotation(.pi / 2) == AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
        #expect(AffineTransform.rotation(.pi).apply(Point(1, 0)) == Point(-1, 0))
        #expect(AffineTransform.rotation(-.pi / 2).apply(Point(1, 0)) == Point(0, -1))
        let (s, c) = exactSinCos(0.3)
        #expect(abs(s * s + c * c - 1) < 1e-15)
    }

    @Test func inversesUndoAndSingularHasNone() throws {
        let t = AffineTransform.translation(3, -4).concatenating(.rotation(0.7)).concatenating(.scale(2, 0.5))
        let back = try #require(t.inverted)
        let p = back.apply(t.apply(Point(5, 6)))
        #expect(abs(p.x - 5) < 1e-12 && abs(p.y - 6) < 1e-12)
        #expect(AffineTransform.scale(0, 1).inverted == nil)
        #expect(AffineTransform.translation(1, 1).isIdentity == false)
    }
}
