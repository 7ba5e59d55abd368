#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A number with a fixed count of decimals, as `String(format: "%.2f", value)` writes it (the C
/// library's own formatting, through `vsnprintf`), without Foundation's `String(format:)`, which
/// FoundationEssentials does not have.
public enum FixedDecimal {
    public static func text(_ value: Double, places: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        let written = withVaList([value]) { arguments in
            buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress!, $0.count, "%.\(places)f", arguments) }
        }
        // 512 bytes hold any double with a few decimals (the largest, 1.8e308, has 309 digits).
        guard written >= 0 && Int(written) < buffer.count else { return String(value) }
        return String(decoding: buffer[0..<Int(written)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
