import SceneSource
import SceneVocabulary

/// The static rules of `<row>` and `<column>` (Grammar.md "Rows and columns"): a layout places
/// each child by the child's size, so every child must have one that is known before it is placed
/// (E0560), and none may give its own position, which the layout would override (E0561).
/// `justify` distributes the children in a given length, so it needs one (E0562).
enum LayoutChecking {
    /// Elements a layout can size: shapes with a width and height, text (measured), components
    /// (their size) and nested layouts; and control flow, which repeats or chooses them.
    static let sized: Set<ElementKind> = [.rect, .oval, .text, .use, .row, .column]
    static let control: Set<ElementKind> = [.let, .assert, .if, .elseif, .else, .for]

    /// The attributes that would position a child, which its layout decides instead. A wrapped
    /// text's `align` places its lines within its own width, not the text in the layout.
    static func positioning(_ element: LocatedStartTag, kind: ElementKind) -> [String] {
        guard kind == .text else { return ["x", "y"] }
        return element.attribute("width") == nil ? ["x", "y", "align", "baseline"] : ["x", "y", "baseline"]
    }

    /// Problems of `element` (a `kind`) standing in the body of the layout `layout`.
    static func childProblems(_ element: LocatedStartTag, kind: ElementKind, in layout: ElementKind) -> [Diagnostic] {
        if control.contains(kind) { return [] }
        guard sized.contains(kind) else {
            let help =
                kind == .circle
                ? "draw it as an <oval width=\"…\" height=\"…\"/> (a circle of radius r is an oval of width and height 2r): an oval has a size"
                : "a <\(layout.rawValue)> places <rect>, <oval>, <text>, <use>, <row> and <column>; draw <\(kind.rawValue)> in a <component> and place it with <use>"
            return [
                .error(
                    .unsizedLayoutChild, "<\(kind.rawValue)> has no size a <\(layout.rawValue)> can place it by", at: element.nameSpan,
                    help: help)
            ]
        }
        return positioning(element, kind: kind).compactMap { name in
            guard let attribute = element.attribute(name) else { return nil }
            return .error(
                .positionedLayoutChild, "'\(name)' on a child of a <\(layout.rawValue)>: the \(layout.rawValue) places its children",
                at: attribute.nameSpan,
                help:
                    "remove it; space the children with the \(layout.rawValue)'s spacing, align them with its align, and place the \(layout.rawValue) itself with its x and y"
            )
        }
    }

    /// Problems of the layout element itself.
    static func layoutProblems(_ element: LocatedStartTag, kind: ElementKind) -> [Diagnostic] {
        let length = kind == .row ? "width" : "height"
        guard let justify = element.attribute("justify"), element.attribute(length) == nil else { return [] }
        return [
            .error(
                .justifyWithoutLength, "justify on a <\(kind.rawValue)> without a \(length) has nothing to distribute in",
                at: justify.nameSpan,
                help: "give the \(kind.rawValue) the \(length) to place its children in, for example \(length)=\"200\"; or remove justify")
        ]
    }
}
