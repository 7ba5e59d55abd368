/// The exact decimal digits of a whole Double of any size: `format(1e20, 2)` is
/// `100000000000000000000.00`, as printf's `%.2f` and JavaScript's `toFixed` write it, where a
/// conversion through Int (which stops at 9.2e18) would have to clamp or trap.
enum IntegerDigits {
    /// `value` must be whole, finite and not negative.
    static func of(_ value: Double) -> String {
        if value < 9e18 { return String(UInt64(value)) }
        // value = significand × 2^shift, with a 53-bit significand and shift ≥ 10 here.
        let significand = value.significandBitPattern | (1 << 52)
        let shift = Int(value.exponent) - 52
        // Little-endian limbs of nine decimal digits each.
        let base: UInt64 = 1_000_000_000
        var limbs: [UInt64] = [significand % base, (significand / base) % base, significand / (base * base)]
        for _ in 0..<shift {
            var carry: UInt64 = 0
            for i in limbs.indices {
                let doubled = limbs[i] * 2 + carry
                limbs[i] = doubled % base
                carry = doubled / base
            }
            if carry > 0 { limbs.append(carry) }
        }
        while limbs.count > 1 && limbs.last == 0 { limbs.removeLast() }
        var text = String(limbs.last!)
        for limb in limbs.dropLast().reversed() {
            let digits = String(limb)
            text += String(repeating: "0", count: 9 - digits.count) + digits
        }
        return text
    }
}
