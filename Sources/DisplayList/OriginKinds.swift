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

    /// For each first byte, the codes of the names that begin with it, as bits (a name's code is
    /// its place in `names`; there are fewer than 64). An element drawn in a loop's body looks its
    /// kind up here once per iteration: a dictionary hashed the kind (SipHash, about 300
    /// instructions per shape), where this leaves one name, at most a few, to compare.
    private static let byFirstByte: [UInt64] = {
        var table = [UInt64](repeating: 0, count: 256)
        for (code, name) in names.enumerated() { table[Int(name.utf8.first!)] |= 1 << UInt64(code) }
        return table
    }()

    static func code(of kind: String) -> UInt8? {
        guard let first = kind.utf8.first else { return nil }
        var candidates = byFirstByte[Int(first)]
        while candidates != 0 {
            let code = candidates.trailingZeroBitCount
            if names[code].utf8.count == kind.utf8.count && names[code] == kind { return UInt8(code) }
            candidates &= candidates - 1
        }
        return nil
    }
}
