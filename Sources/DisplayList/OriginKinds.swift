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

    private static let codes: [String: UInt8] = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, UInt8($0)) })

    static func code(of kind: String) -> UInt8? { codes[kind] }
}
