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

/// `NumberFormat.append` (the SVG writer's path data) writes exactly `format`'s text.
struct NumberAppendTests {
    @Test func appendWritesTheFormattedText() {
        var values: [Double] = [
            0, -0.0, 1, -1, 0.5, 0.8, 1.23456, -0.00004, -0.00005, 1e-5, 123456789, 2.5e-4, 100.10, 999.99995,
            9.0e11, -9.0e11, 1e15, 1e300, -1e300, .nan, .infinity, -.infinity, .ulpOfOne, .greatestFiniteMagnitude,
        ]
        var v = 1e-9
        while v < 1e17 { values += [v, -v, v * 1.000049, v + 0.5]; v *= 3.7 }
        // Every fraction length and both signs, around the integers and powers of ten.
        for k in 0..<2000 { values += [Double(k) * 0.00137 - 1.3, Double(k * k) * 7.0001, -Double(k) / 3] }
        for decimals in [0, 1, 4, 6, 15, 16] {
            for value in values {
                var bytes: [UInt8] = Array("x".utf8) // appends after what is there
                NumberFormat.append(value, decimals: decimals, to: &bytes)
                #expect(
                    String(decoding: bytes, as: UTF8.self) == "x" + NumberFormat.format(value, decimals: decimals),
                    "\(value) with \(decimals) decimals")
                guard decimals <= 15 else { continue }
                // `write`, into a buffer of its longest length.
                let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberFormat.maxWrittenLength) { buffer in
                    let count = NumberFormat.write(value, decimals: decimals, to: buffer.baseAddress!)
                    return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
                }
                #expect(written == NumberFormat.format(value, decimals: decimals), "write: \(value) with \(decimals) decimals")
            }
        }
    }
}

/// A path visits the same segments whether it keeps them or only a rectangle's four numbers.
struct PathSegmentVisitTests {
    @Test func forEachSegmentVisitsTheSegments() {
        let paths = [Path.rect(x: 1, y: 2, width: 3, height: -4), Path([.move(Point(0, 0)), .line(Point(1, 1)), .close]), Path()]
        for path in paths {
            var visited: [PathSegment] = []
            path.forEachSegment { visited.append($0) }
            #expect(visited == path.segments)
        }
    }
}

/// Origins built separately are equal, with equal hashes, when their steps are; the hash is
/// computed from the steps, not stored.
struct OriginEqualityTests {
    @Test func equalStepsMakeEqualOrigins() {
        let steps: [Origin.Step] = [
            .element(kind: .scene, index: 0), .element(kind: .`for`, index: 0),
            .iteration(variable: "i", value: "3"), .element(kind: .rect, index: 1),
        ]
        let a = Origin.path(steps)!, b = Origin.path(steps)!
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
        var other = steps
        other[2] = .iteration(variable: "i", value: "4")
        #expect(a != Origin.path(other)!)
        #expect(a != Origin.path(Array(steps.dropLast()))!)
        let shared = Origin(parent: a.parent, step: .element(kind: .rect, index: 1))
        #expect(shared == a && shared.hashValue == a.hashValue)
    }

    /// An iteration's step and the step after it, made at once, make the origin the two steps
    /// made one after the other do: for elements one node holds with its iteration, for an index
    /// past 32 bits (which it does not), and for a step that is no element.
    @Test func anIterationAndItsNextStepMadeAtOnce() {
        let loop = Origin.path([.element(kind: .scene, index: 0), .element(kind: .`for`, index: 2)])
        for next: Origin.Step in [
            .element(kind: .rect, index: 1), .element(kind: .text, index: 0), .component("c.scene"),
            .element(kind: .oval, index: Int(Int32.max) + 1),
        ] {
            for parent in [loop, nil] {
                let stepwise = Origin(parent: Origin(parent: parent, step: .iteration(variable: "i", value: "3")), step: next)
                let atOnce = Origin(parent: parent, iteration: "i", value: "3", then: next)
                #expect(atOnce == stepwise && atOnce.hashValue == stepwise.hashValue)
                #expect(atOnce.steps == stepwise.steps && atOnce.depth == stepwise.depth && atOnce.description == stepwise.description)
                #expect(atOnce.parent == stepwise.parent && atOnce.step == stepwise.step)
            }
        }
    }
}
