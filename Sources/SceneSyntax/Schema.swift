import SceneVocabulary

/// Where an element stands decides what may be inside it.
public enum BlockContext: String, Sendable {
    /// Children of <scene>, <group>, <clip> (after its <shape>): things that draw.
    case drawing
    /// Children of <path> and <shape>: subpaths and path commands.
    case path
    /// Children of <gradient>: stops.
    case gradient
}

/// What an attribute's value is.
public enum AttributeType: Hashable, Sendable {
    /// An expression; the evaluator checks the value's type (named in `expected`).
    case expression(expected: String)
    /// One of a fixed set of words, written literally.
    case keyword([String])
    /// A name being declared.
    case identifier
    /// Literal text (a message or description).
    case text
    /// A parameter value, parsed as the parameter's type (see Grammar.md, "Parameters").
    case parameterValue
}

public struct AttributeSpec: Sendable {
    public let id: AttributeID
    /// `id`'s name, kept: the checker compares it with every attribute it checks.
    public let name: String
    public let type: AttributeType
    public let required: Bool
    /// The default in words, as Grammar.md documents it ("0", "none", "true").
    public let defaultDescription: String?

    init(_ id: AttributeID, _ type: AttributeType, required: Bool = false, default defaultDescription: String? = nil) {
        self.id = id
        self.name = id.rawValue
        self.type = type
        self.required = required
        self.defaultDescription = defaultDescription
    }
}

public struct ElementSpec: Sendable {
    public let kind: ElementKind
    /// Contexts the element may appear in.
    public let contexts: Set<BlockContext>
    public let attributes: [AttributeSpec]
    /// Attributes allowed only in the drawing context (paint and stroke), not inside a path.
    public let drawingAttributes: [AttributeSpec]
    /// The context of its children, or nil when it takes none.
    public let childContext: BlockContext?
    /// <use>: attributes outside `attributes` are arguments for the component's parameters.
    public let acceptsArguments: Bool
    /// <text>: the element's content is its text (with `{expression}` interpolation).
    public let hasTextContent: Bool

    public func attribute(_ name: String, in context: BlockContext) -> AttributeSpec? {
        // Lengths first, as in `AttributeTable`: this is asked for every attribute checked.
        let length = name.utf8.count
        func named(_ spec: AttributeSpec) -> Bool { spec.name.utf8.count == length && spec.name == name }
        return attributes.first(where: named) ?? (context == .drawing ? drawingAttributes.first(where: named) : nil)
    }

    /// `attribute(_:in:)` by ID.
    public func attribute(_ id: AttributeID, in context: BlockContext) -> AttributeSpec? {
        attributes.first { $0.id == id } ?? (context == .drawing ? drawingAttributes.first { $0.id == id } : nil)
    }

    public func allAttributes(in context: BlockContext) -> [AttributeSpec] {
        context == .drawing ? attributes + drawingAttributes : attributes
    }
}

public enum Schema {
    static let number = AttributeType.expression(expected: "number")
    static let int = AttributeType.expression(expected: "int")
    static let bool = AttributeType.expression(expected: "bool")
    static let color = AttributeType.expression(expected: "color")
    static let paintType = AttributeType.expression(expected: "paint")
    static let list = AttributeType.expression(expected: "list")
    static let any = AttributeType.expression(expected: "any")

    public static let parameterTypes = [
        "number", "int", "bool", "color", "string", "date", "list", "list<int>", "list<number>",
        "list<string>", "list<color>",
    ]

    /// The font families scenec renders with. Only pinned fonts, installed by the set-up, so the same
    /// scene gives the same pixels on every machine.
    public static let fontFamilies = FontFamilies.pinned
    public static let fontWeights = ["normal", "bold", "100", "200", "300", "400", "500", "600", "700", "800", "900"]

    /// Fill and stroke, allowed on shapes in the drawing context.
    public static let paintAttributes: [AttributeSpec] =
        [
            AttributeSpec(.fill, paintType, default: "none"),
            AttributeSpec(.stroke, paintType, default: "none"),
            AttributeSpec(.lineWidth, number, default: "1"),
            AttributeSpec(.lineCap, .keyword(["butt", "round", "square"]), default: "butt"),
            AttributeSpec(.lineJoin, .keyword(["miter", "round", "bevel"]), default: "miter"),
            AttributeSpec(.miterLimit, number, default: "10"),
            AttributeSpec(.dash, list, default: "[] (solid)"),
            AttributeSpec(.dashPhase, number, default: "0"),
            AttributeSpec(.fillRule, .keyword(["nonzero", "evenodd"]), default: "nonzero"),
            AttributeSpec(.opacity, number, default: "1"),
            AttributeSpec(.blend, .keyword(BlendModeWords.supported), default: "normal"),
        ] + shadowAttributes

    /// Core Graphics' `setShadow(offset:blur:color:)`, on shapes, `<text>` and `<layer>` (Grammar.md
    /// "Shadows"): any of them present casts a shadow.
    public static let shadowAttributes: [AttributeSpec] = [
        AttributeSpec(.shadowOffsetX, number, default: "0"),
        AttributeSpec(.shadowOffsetY, number, default: "0"),
        AttributeSpec(.shadowBlur, number, default: "0"),
        AttributeSpec(.shadowColor, color, default: "rgba(0, 0, 0, 1/3)"),
    ]

    static let anywhere: Set<BlockContext> = [.drawing, .path, .gradient]

    public static let elements: [ElementKind: ElementSpec] = {
        var specs: [ElementKind: ElementSpec] = [:]
        func add(
            _ kind: ElementKind, _ contexts: Set<BlockContext>, _ attributes: [AttributeSpec],
            drawing: [AttributeSpec] = [], children: BlockContext? = nil,
            arguments: Bool = false, text: Bool = false
        ) {
            specs[kind] = ElementSpec(
                kind: kind, contexts: contexts, attributes: attributes,
                drawingAttributes: drawing, childContext: children,
                acceptsArguments: arguments, hasTextContent: text)
        }
        add(
            .scene, [], [AttributeSpec(.width, number, required: true), AttributeSpec(.height, number, required: true)],
            children: .drawing)
        add(
            .param, [.drawing],
            [
                AttributeSpec(.name, .identifier, required: true),
                AttributeSpec(.type, .keyword(parameterTypes), required: true),
                AttributeSpec(.default, .parameterValue, required: true),
                AttributeSpec(.min, number), AttributeSpec(.max, number),
                AttributeSpec(.description, .text),
            ])
        add(.let, anywhere, [AttributeSpec(.name, .identifier, required: true), AttributeSpec(.value, any, required: true)])
        add(.assert, anywhere, [AttributeSpec(.test, bool, required: true), AttributeSpec(.message, .text, required: true)])
        add(.if, anywhere, [AttributeSpec(.test, bool, required: true)], children: nil)
        add(.elseif, anywhere, [AttributeSpec(.test, bool, required: true)], children: nil)
        add(.else, anywhere, [], children: nil)
        add(
            .for, anywhere,
            [
                AttributeSpec(.var, .identifier, required: true),
                AttributeSpec(.from, number), AttributeSpec(.to, number), AttributeSpec(.through, number),
                AttributeSpec(.step, number, default: "1"),
                AttributeSpec(.in, list), AttributeSpec(.index, .identifier),
            ], children: nil)
        add(
            .component, [.drawing],
            [
                AttributeSpec(.name, .identifier, required: true),
                AttributeSpec(.width, number, required: true), AttributeSpec(.height, number, required: true),
            ], children: .drawing)
        add(
            .use, [.drawing],
            [
                AttributeSpec(.src, .text), AttributeSpec(.component, .identifier),
                AttributeSpec(.x, number, default: "0"), AttributeSpec(.y, number, default: "0"),
                AttributeSpec(.width, number, default: "the component's width"),
                AttributeSpec(.height, number, default: "the component's height"),
                AttributeSpec(.opacity, number, default: "1"),
            ], arguments: true)
        add(
            .group, [.drawing],
            [
                AttributeSpec(.x, number, default: "0"), AttributeSpec(.y, number, default: "0"),
                AttributeSpec(.rotate, number, default: "0"),
                AttributeSpec(.pivotX, number, default: "0"), AttributeSpec(.pivotY, number, default: "0"),
                AttributeSpec(.scale, number, default: "1"),
                AttributeSpec(.scaleX, number, default: "scale"), AttributeSpec(.scaleY, number, default: "scale"),
                AttributeSpec(.opacity, number, default: "1"),
                AttributeSpec(.blend, .keyword(BlendModeWords.supported), default: "normal"),
            ], children: .drawing)
        add(.layer, [.drawing], [AttributeSpec(.opacity, number, default: "1")] + shadowAttributes, children: .drawing)
        add(.mask, [.drawing], [AttributeSpec(.mode, .keyword(MaskModeWords.all), default: "alpha")], children: .drawing)
        add(.content, [.drawing], [], children: .drawing)
        add(.translate, [.drawing], [AttributeSpec(.x, number, default: "0"), AttributeSpec(.y, number, default: "0")])
        // <row> and <column> (Grammar.md "Rows and columns"): the children's sizes place them.
        func layout(_ kind: ElementKind, along: AttributeID, across: AttributeID, align: [String]) {
            add(
                kind, [.drawing],
                [
                    AttributeSpec(.x, number, default: "0"), AttributeSpec(.y, number, default: "0"),
                    AttributeSpec(.spacing, number, default: "0"),
                    AttributeSpec(.align, .keyword(align), default: align[0]),
                    AttributeSpec(along, number, default: "the children's extent"),
                    AttributeSpec(across, number, default: "the largest child's"),
                    AttributeSpec(.justify, .keyword(LayoutWords.justify), default: "start"),
                ], children: .drawing)
        }
        layout(.row, along: .width, across: .height, align: LayoutWords.rowAlign)
        layout(.column, along: .height, across: .width, align: LayoutWords.columnAlign)
        add(
            .rotate, [.drawing],
            [
                AttributeSpec(.angle, number, required: true),
                AttributeSpec(.pivotX, number, default: "0"), AttributeSpec(.pivotY, number, default: "0"),
            ])
        add(.scale, [.drawing], [AttributeSpec(.x, number, required: true), AttributeSpec(.y, number, default: "x")])
        add(
            .concatenate, [.drawing],
            [
                AttributeSpec(.a, number, default: "1"), AttributeSpec(.b, number, default: "0"),
                AttributeSpec(.c, number, default: "0"), AttributeSpec(.d, number, default: "1"),
                AttributeSpec(.tx, number, default: "0"), AttributeSpec(.ty, number, default: "0"),
            ])
        add(.clip, [.drawing], [], children: .drawing)
        add(
            .shape, [.drawing], [AttributeSpec(.fillRule, .keyword(["nonzero", "evenodd"]), default: "nonzero")],
            children: .path)
        add(
            .gradient, [.drawing],
            [
                AttributeSpec(.name, .identifier, required: true),
                AttributeSpec(.extend, .keyword(GradientExtendWords.all), default: "none"),
            ], children: .gradient)
        add(
            .stop, [.gradient],
            [
                AttributeSpec(.offset, number, required: true), AttributeSpec(.color, color, required: true),
                AttributeSpec(.opacity, number, default: "1"),
            ])
        add(
            .paint, [.drawing],
            [
                AttributeSpec(.fill, paintType, required: true), AttributeSpec(.opacity, number, default: "1"),
                AttributeSpec(.blend, .keyword(BlendModeWords.supported), default: "normal"),
            ])
        let rectGeometry = [
            AttributeSpec(.x, number, default: "0"), AttributeSpec(.y, number, default: "0"),
            AttributeSpec(.width, number, required: true), AttributeSpec(.height, number, required: true),
        ]
        add(
            .rect, [.drawing, .path],
            rectGeometry + [
                AttributeSpec(.radius, number, default: "0"),
                AttributeSpec(.topLeftRadius, number, default: "radius"),
                AttributeSpec(.topRightRadius, number, default: "radius"),
                AttributeSpec(.bottomRightRadius, number, default: "radius"),
                AttributeSpec(.bottomLeftRadius, number, default: "radius"),
            ], drawing: paintAttributes)
        add(.oval, [.drawing, .path], rectGeometry, drawing: paintAttributes)
        add(
            .circle, [.drawing, .path],
            [
                AttributeSpec(.cx, number, required: true), AttributeSpec(.cy, number, required: true),
                AttributeSpec(.radius, number, required: true),
            ], drawing: paintAttributes)
        add(
            .arc, [.drawing, .path],
            [
                AttributeSpec(.cx, number, required: true), AttributeSpec(.cy, number, required: true),
                AttributeSpec(.radius, number, required: true),
                AttributeSpec(.startAngle, number, required: true), AttributeSpec(.endAngle, number, required: true),
                AttributeSpec(.clockwise, bool, default: "true"),
            ], drawing: paintAttributes)
        add(.path, [.drawing], [AttributeSpec(.d, .text)], drawing: paintAttributes, children: .path)
        add(
            .text, [.drawing],
            [
                AttributeSpec(.x, number, default: "0"), AttributeSpec(.y, number, default: "0"),
                AttributeSpec(.font, .keyword(fontFamilies), default: "DejaVu Sans"),
                AttributeSpec(.size, number, default: "17"),
                AttributeSpec(.weight, .keyword(fontWeights), default: "normal"),
                AttributeSpec(.align, .keyword(["start", "middle", "end"]), default: "start"),
                AttributeSpec(.baseline, .keyword(["alphabetic", "top", "middle", "bottom"]), default: "alphabetic"),
                // Wrapped text (Grammar.md section 19, "Wrapped text"): lines no wider than `width`.
                AttributeSpec(.width, number, default: "none (one line)"), AttributeSpec(.maxLines, int, default: "none (all lines)"),
                AttributeSpec(.lineHeight, number, default: "1.2 × size"),
                AttributeSpec(.fill, color, default: "black"),
                AttributeSpec(.opacity, number, default: "1"),
            ] + shadowAttributes, text: true)
        add(.move, [.path], [AttributeSpec(.x, number, required: true), AttributeSpec(.y, number, required: true)])
        add(.line, [.path], [AttributeSpec(.x, number, required: true), AttributeSpec(.y, number, required: true)])
        add(
            .curve, [.path],
            [
                AttributeSpec(.x, number, required: true), AttributeSpec(.y, number, required: true),
                AttributeSpec(.cx1, number, required: true), AttributeSpec(.cy1, number, required: true),
                AttributeSpec(.cx2, number, required: true), AttributeSpec(.cy2, number, required: true),
            ])
        add(
            .quad, [.path],
            [
                AttributeSpec(.x, number, required: true), AttributeSpec(.y, number, required: true),
                AttributeSpec(.cx, number, required: true), AttributeSpec(.cy, number, required: true),
            ])
        add(.close, [.path], [])
        return specs
    }()

    public static func spec(_ kind: ElementKind) -> ElementSpec { specsByCase[Int(kind.caseNumber)] }

    /// The type of attribute `name` on a `kind` element in `context`, nil when it has none: what
    /// `spec(kind).attribute(name, in: context)?.type` gives, read in place rather than through a
    /// copy of the element's spec (the static checker asks it for every attribute and element).
    public static func attributeType(_ name: String, on kind: ElementKind, in context: BlockContext) -> AttributeType? {
        specsByCase[Int(kind.caseNumber)].attribute(name, in: context)?.type
    }

    /// `attributeType` by ID.
    public static func attributeType(_ id: AttributeID, on kind: ElementKind, in context: BlockContext) -> AttributeType? {
        specsByCase[Int(kind.caseNumber)].attribute(id, in: context)?.type
    }

    /// `elements` by case number (declaration order): `spec` is asked for every element checked,
    /// and indexing an array costs less than hashing into the dictionary.
    private static let specsByCase: [ElementSpec] = ElementKind.allCases.map { elements[$0]! }

    /// Element names valid in a context, in declaration order (for "did you mean").
    public static func names(in context: BlockContext) -> [String] {
        ElementKind.allCases.filter { spec($0).contexts.contains(context) }.map(\.rawValue)
    }
}

/// The keywords of `<row>` and `<column>` (Grammar.md "Rows and columns").
public enum LayoutWords {
    public static let rowAlign = ["top", "center", "bottom", "baseline"]
    public static let columnAlign = ["leading", "center", "trailing"]
    public static let justify = ["start", "center", "end", "space-between"]
}

public enum GradientExtendWords {
    public static let all = ["none", "before", "after", "both"]
}
