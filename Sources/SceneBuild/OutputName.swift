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
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "contains a control character" }
        return nil
    }
}
