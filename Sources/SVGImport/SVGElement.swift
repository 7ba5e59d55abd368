/// One element of an SVG file as the importer sees it: its local name, its attributes by name
/// (`xlink:href` keeps its prefix; every other prefixed name is metadata of an editor), where it
/// starts, its children and the text directly inside it (a `<style>` sheet).
public struct SVGElement: Sendable {
    public let name: String
    /// The namespace prefix of the element's name (`sodipodi`, `inkscape`, `rdf`): such elements
    /// belong to editors, not to the drawing.
    public let prefix: String?
    public let attributes: [String: String]
    /// The 1-based line and column of the `<` that starts the element.
    public let line: Int
    public let column: Int
    public var children: [SVGElement]
    public var text: String

    public init(
        name: String, prefix: String? = nil, attributes: [String: String], line: Int, column: Int,
        children: [SVGElement] = [], text: String = ""
    ) {
        self.name = name; self.prefix = prefix; self.attributes = attributes
        self.line = line; self.column = column; self.children = children; self.text = text
    }

    public subscript(_ name: String) -> String? { attributes[name] }

    /// `href`, or SVG 1.1's `xlink:href`.
    public var href: String? { attributes["href"] ?? attributes["xlink:href"] }

    /// `<path>` at line 12, as warnings name it.
    public var label: String { "<\(name)> at line \(line)" }
}
