/// A number of bytes as ccache and du write it (1024-based): `1G`, `1.5M`, `300 bytes`.
public enum ByteCount {
    public static func text(_ bytes: Int) -> String {
        for (unit, size) in [("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)] where bytes >= size {
            let value = Double(bytes) / Double(size)
            return (value == value.rounded() ? String(Int(value)) : FixedDecimal.text(value, places: 1)) + unit
        }
        return "\(bytes) bytes"
    }
}
