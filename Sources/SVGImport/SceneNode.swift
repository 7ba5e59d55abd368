import DisplayList

/// An element of the scene being written: its name, attributes in the order written, children, and
/// an optional comment line above it. `text` serializes it indented, two spaces a level.
struct SceneNode {
    var name: String
    var attributes: [(String, String)] = []
    var children: [SceneNode] = []
    var comment: String?

    init(_ name: String, _ attributes: [(String, String)] = [], children: [SceneNode] = [], comment: String? = nil) {
        self.name = name; self.attributes = attributes; self.children = children; self.comment = comment
    }

    /// The node and its descendants.
    var count: Int { 1 + children.reduce(0) { $0 + $1.count } }

    /// The levels of elements from this node down (1 for a leaf).
    var depth: Int { 1 + (children.map(\.depth).max() ?? 0) }

    func write(into out: inout String, depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        if let comment { out += indent + "<!-- " + Self.commentText(comment) + " -->\n" }
        out += indent + "<" + name
        for (key, value) in attributes { out += " \(key)=\"\(Self.escaped(value))\"" }
        if children.isEmpty { out += "/>\n"; return }
        out += ">\n"
        for child in children { child.write(into: &out, depth: depth + 1) }
        out += indent + "</" + name + ">\n"
    }

    static func escaped(_ value: String) -> String {
        var out = ""
        for c in value {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    /// Text safe inside a comment: no `--`.
    static func commentText(_ text: String) -> String {
        var out = ""
        for c in text { if c == "-" && out.hasSuffix("-") { out += " -" } else { out.append(c) } }
        return out.hasSuffix("-") ? out + " " : out
    }
}

/// Numbers as the scene is written: at most 4 decimals (NumberFormat, as the dump), never `-0`.
func num(_ value: Double) -> String { NumberFormat.format(value) }
