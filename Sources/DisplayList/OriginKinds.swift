/// The element kinds an origin node can store as one byte (see `Origin.Storage`): every element of
/// the schema (`ElementKind` in SceneSyntax, which this module does not see; a test keeps the two
/// alike). A kind not listed still works: its step keeps its own node, with its name as text.
enum OriginKinds {
    static let names: [String] = [
        "scene", "param", "let", "assert",
        "if", "elseif", "else", "for",
        "component", "use",
        "group", "translate", "rotate", "scale", "clip", "shape",
        "layer",
        "gradient", "stop", "paint",
        "rect", "oval", "circle", "arc", "path", "text",
        "move", "line", "curve", "quad", "close",
    ]

    /// Each name's UTF-8 length and first byte (`signature`), in the order of `names`. An element
    /// drawn in a loop's body looks its kind up here once per iteration: a dictionary hashed the
    /// kind (SipHash, about 300 instructions per shape), where comparing these two bytes with
    /// every name's leaves one name, at most two, to compare as a String.
    private static let signatures: [UInt16] = names.map { signature($0) }

    private static func signature(_ name: String) -> UInt16 {
        UInt16(truncatingIfNeeded: min(name.utf8.count, 255)) << 8 | UInt16(name.utf8.first ?? 0)
    }

    static func code(of kind: String) -> UInt8? {
        let key = signature(kind)
        for (code, candidate) in signatures.enumerated() where candidate == key && names[code] == kind { return UInt8(code) }
        return nil
    }
}
