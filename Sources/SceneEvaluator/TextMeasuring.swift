/// Measures text as the renderer will draw it. The evaluator links no font library: the front door
/// (SceneCompiler) supplies a measurer that lays text out with Pango under the pinned fonts, the
/// stack librsvg draws with, so `textWidth(…)` is the width the PNG and PDF show.
public protocol TextMeasuring: Sendable {
    /// The families text may use: the pinned DejaVu families, then the project's own (README
    /// "Project fonts"). `<text font>` and `textWidth` accept only these.
    var families: [String] { get }
    /// The advance width, in points, of one line of `string` in `family` at `size` points and
    /// `weight` (100…900); nil when the font library cannot lay text out (no fonts).
    func width(of string: String, family: String, size: Double, weight: Int) -> Double?
    /// The characters of `string` that no pinned font has a glyph for (they draw as boxes), each
    /// once, in the order they first occur.
    func missingCharacters(in string: String, family: String, weight: Int) -> [Unicode.Scalar]
}
