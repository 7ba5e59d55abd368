import DisplayList
import Testing

/// The one digit writer, against the standard library's `String(describing:)`, on the edges (zero,
/// powers of ten and their neighbours, the ends of each type) and on random values of every length.
struct DecimalDigitsTests {
    /// A fixed sequence (SplitMix64), so that a failure is seen again on the next run.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func edgeCases() -> [UInt64] {
        var values: [UInt64] = [0, 1, 9, 10, 11, 99, 100, 101, UInt64(Int64.max), UInt64(Int64.max) + 1, .max, .max - 1]
        var power: UInt64 = 1
        for _ in 0..<19 {
            power *= 10
            values += [power - 1, power, power + 1]
        }
        return values
    }

    static func randomValues() -> [UInt64] {
        var generator = SeededGenerator(state: 24)
        // Every length: a random value shifted right by 0 to 63 bits.
        return (0..<4000).map { k in generator.next() >> UInt64(k % 64) }
    }

    static func bytes(_ write: (UnsafeMutablePointer<UInt8>) -> Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DecimalDigits.maxLength + 40) { buffer in
            let count = write(buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    @Test func unsignedFacesWriteWhatTheStandardLibraryWrites() {
        for value in Self.edgeCases() + Self.randomValues() {
            let expected = String(describing: value)
            #expect(DecimalDigits.string(value) == expected)
            #expect(Self.bytes { DecimalDigits.write(value, to: $0) } == expected)
            #expect(DecimalDigits.count(value) == expected.count)
        }
    }

    @Test func signedFacesWriteWhatTheStandardLibraryWrites() {
        var values: [Int64] = [.min, .min + 1, .max, -1, 0, 1, -10, -9]
        for value in Self.edgeCases() + Self.randomValues() {
            values += [Int64(truncatingIfNeeded: value), -Int64(truncatingIfNeeded: value >> 1)]
        }
        for value in values {
            let expected = String(describing: value)
            #expect(DecimalDigits.string(value) == expected)
            #expect(Self.bytes { DecimalDigits.write(value, to: $0) } == expected)
        }
    }

    @Test func aFixedCountOfDigitsPadsWithZeros() {
        for value in Self.edgeCases() + Self.randomValues() {
            let plain = String(describing: value)
            let digits = plain.count + Int(value % 5)
            let expected = String(repeating: "0", count: digits - plain.count) + plain
            #expect(Self.bytes { DecimalDigits.write(value, digits: digits, to: $0) } == expected)
        }
    }

    /// Whole doubles past 2⁶⁴ are written exactly: against UInt128's description up to 2¹²⁸, and
    /// beyond by their known value (2¹⁰²³, the largest double).
    @Test func wholeDoublesOfAnySize() {
        var generator = SeededGenerator(state: 7)
        var values: [Double] = [0, 1, 9, 10, 1e15, 9e15, 9e18, 1e19, 0x1p64 - 2048, 0x1p64, 1e20, 1e30, 0x1p127]
        for k in 0..<2000 {
            let significand = Double(generator.next() >> 11) // 53 bits, exact
            values.append((significand * Double(sign: .plus, exponent: k % 75, significand: 1)).rounded(.down))
        }
        for value in values where value < 0x1p128 {
            #expect(DecimalDigits.string(whole: value) == String(describing: UInt128(value)), "\(value)")
        }
        // Past 2¹²⁸: powers of two, against digits doubled one by one on paper.
        var doubled: [UInt8] = [1] // little-endian decimal digits
        for exponent in 1...1023 {
            var carry: UInt8 = 0
            for i in doubled.indices {
                let d = doubled[i] * 2 + carry
                doubled[i] = d % 10
                carry = d / 10
            }
            if carry > 0 { doubled.append(carry) }
            guard exponent >= 128 else { continue }
            let expected = String(doubled.reversed().map { Character(String($0)) })
            #expect(DecimalDigits.string(whole: Double(sign: .plus, exponent: exponent, significand: 1)) == expected, "2^\(exponent)")
        }
        #expect(DecimalDigits.string(whole: Double.greatestFiniteMagnitude).count == 309)
    }
}
