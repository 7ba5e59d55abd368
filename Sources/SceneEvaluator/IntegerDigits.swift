import DisplayList

/// The exact decimal digits of a whole Double of any size: `format(1e20, 2)` is
/// `100000000000000000000.00`, as printf's `%.2f` and JavaScript's `toFixed` write it, where a
/// conversion through Int (which stops at 9.2e18) would have to clamp or trap. Written by
/// `DecimalDigits`, the one digit writer.
enum IntegerDigits {
    /// `value` must be whole, finite and not negative.
    static func of(_ value: Double) -> String { DecimalDigits.string(whole: value) }
}
