/// What a variant may be called. Its name becomes file names in one flat folder (`name@2x.png`),
/// so it must be one plain file name and must not look like a scale suffix.
public enum OutputName {
    public static let rule = "use letters, digits, '-', '_' and '.', not starting with '.', such as \"plus-button\""

    /// Why a name cannot be used, or nil when it can.
    public static func problem(_ name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.hasPrefix(".") { return "starts with '.' (the file would be hidden)" }
        if name.utf8.count > 200 { return "is longer than 200 bytes" }
        if name.contains("@") { return "contains '@', which the outputs' scale suffixes use (name@2x.png)" }
        if name.contains("/") || name.contains("\\") { return "contains a slash; outputs are written into one folder" }
        // C0 and C1 controls (U+0085 NEL is a line break to many tools), and the Unicode line and
        // paragraph separators: none belongs in a file name, a Contents.json or a resource name.
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029 }) {
            return "contains a control character"
        }
        return nil
    }
}
