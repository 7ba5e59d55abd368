import SceneVocabulary

/// The documentation of every element and attribute, as Grammar.md section 9 words it: what an
/// editor shows on hover (`scenec schema` puts it in the XML Schema as xs:documentation). One source
/// of truth with the schema table: SchemaDocumentationTests checks that every element and attribute
/// of `Schema` has its text here, and that Grammar.md's tables say the same (change both together).
extension Schema {
    /// Each element's paragraph in Grammar.md: what it is, where it may appear, what it contains.
    public static let elementDocumentation: [ElementKind: String] = [
        .scene: "The root element. Where: only as the root. Children: a drawing block.",
        .param: "Declares a parameter (section 8). Where: directly inside `<scene>` or `<component>`, anywhere among its children. Children: none.",
        .`let`: "Binds a name to a value for the rest of the block. Where: any block. Children: none.",
        .assert: "Reports an error when a condition is false (evaluation goes on; the scene fails). Where: any block. Children: none.",
        .`if`:
            "Where: any block. Children: a block of the enclosing kind, evaluated when `test` is true. May be followed by `<elseif>` elements and one `<else>` (section 13).",
        .elseif: "Where: right after an `<if>` or `<elseif>` (no other element in between). Children: a block of the enclosing kind.",
        .`else`: "Where: right after an `<if>` or `<elseif>`; ends the chain. Children: a block of the enclosing kind. No attributes.",
        .`for`: "Repeats its body (section 13). Where: any block. Children: a block of the enclosing kind, run once per iteration.",
        .component:
            "A component declared in this file: a drawing with its own size and parameters, placed with `<use component=\"NAME\">` (section 18). Where: directly in `<scene>`. Children: a drawing block (its `<param>`s first by convention). It draws nothing where it is declared. Its `<param>`s are checked when the file loads, as the scene's own are, whether the component is used or not: one declared twice (E0208) or a default that does not fit its type is an error.",
        .use:
            "Places a component: another scene file (`src`) or a `<component>` of this file (`component`), at a position and size, with values for its parameters (section 18). Where: drawing blocks. Children: none.",
        .group:
            "Draws its body in a transformed coordinate system and with a multiplied opacity. Where: drawing blocks. Children: a drawing block. A child point p appears at translate(x, y) · rotate(rotate about (pivotX, pivotY)) · scale(scaleX, scaleY) · p (section 12).",
        .layer:
            "Draws its body as one image (a transparency layer, `beginTransparencyLayer`), then composites that image with an opacity and a shadow: where its shapes overlap only the top one shows, and the shadow is the shadow of the whole. Where: drawing blocks. Children: a drawing block (section 11, \"Layers and shadows\").",
        .mask:
            "Draws its body as one image, masked by a drawing: the body shows where the mask's content is opaque (`mode=\"alpha\"`) or bright (`mode=\"luminance\"`), as Core Graphics' `clip(to:mask:)`. Where: drawing blocks. Children: first a `<content>` giving the mask, then a drawing block (section 11, \"Masks\").",
        .content:
            "The drawing that masks the body of a `<mask>`, drawn as an image of its own. Where: only as the first child element of a `<mask>`. Children: a drawing block. No attributes.",
        .row:
            "Places its children left to right, one after another by their sizes, with `spacing` between them and aligned by `align` (section 18, Rows and columns). Where: drawing blocks. Children: `<rect>`, `<oval>`, `<text>`, `<use>`, `<row>`, `<column>` without a position of their own, and control flow around them.",
        .column:
            "Places its children top to bottom, one after another by their sizes, with `spacing` between them and aligned by `align` (section 18, Rows and columns). Where: drawing blocks. Children: as `<row>`.",
        .translate:
            "Moves the origin for the following siblings, to the end of the block (`context.translateBy`). Where: drawing blocks. Children: none.",
        .rotate:
            "Rotates the coordinate system for the following siblings, to the end of the block (`context.rotate(by:)`). Where: drawing blocks. Children: none.",
        .scale:
            "Scales the coordinate system for the following siblings, to the end of the block (`context.scaleBy`). Where: drawing blocks. Children: none.",
        .concatenate:
            "Multiplies the coordinate system by any affine matrix for the following siblings, to the end of the block (`context.concatenate(_:)`): a point (x, y) of what follows is drawn at (a·x + c·y + tx, b·x + d·y + ty). Where: drawing blocks. Children: none.",
        .clip:
            "Draws its body clipped to a region (`saveGState` + `addClip` … `restoreGState`). Where: drawing blocks. Children: first a `<shape>` giving the region, then a drawing block. No attributes.",
        .shape: "The clip region of a `<clip>`. Where: only as the first child element of a `<clip>`. Children: a path block.",
        .gradient:
            "Declares a gradient (stops and extend mode) under a name in the current block (section 11). Where: drawing blocks. Children: a gradient block with at least one `<stop>`.",
        .stop: "One color stop. Where: gradient blocks. Children: none.",
        .paint:
            "Paints the whole current clip region (the canvas when there is no clip), like `drawLinearGradient` after `addClip`. Where: drawing blocks. Children: none.",
        .rect:
            "A rectangle, with optionally rounded corners (`UIBezierPath(rect:)`, `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`). Where: drawing and path blocks. Children: none. Geometry: section 10.",
        .oval: "The ellipse inscribed in a rectangle (`UIBezierPath(ovalIn:)`). Where: drawing and path blocks. Children: none.",
        .circle: "A circle: the oval in the square around it. Where: drawing and path blocks. Children: none.",
        .arc:
            "A circular arc (`UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`, `addArc`). Where: drawing and path blocks. Children: none. Exact semantics: section 10.",
        .path:
            "A path built from path commands and shapes, or from SVG path data in `d`, then filled and/or stroked as one (a `UIBezierPath` built step by step). Where: drawing blocks. Children: a path block, or none when `d` is given.",
        .text:
            "One line of text in a pinned font (section 19), or with `width` a block of wrapped lines. Where: drawing blocks. Children: none; the content between the tags is the text, with `{expression}` interpolation.",
        .move: "Starts a new subpath (`move(to:)`). Where: path blocks. Children: none.",
        .line: "A straight line from the current point (`addLine(to:)`). Where: path blocks. Children: none. Needs a current point.",
        .curve:
            "A cubic Bézier curve from the current point (`addCurve(to:controlPoint1:controlPoint2:)`). Where: path blocks. Children: none. Needs a current point.",
        .quad:
            "A quadratic Bézier curve from the current point (`addQuadCurve(to:controlPoint:)`). Where: path blocks. Children: none. Needs a current point.",
        .close:
            "Closes the current subpath with a straight line back to its start (`close()`); the current point becomes that start. Where: path blocks. Children: none. No attributes. Needs a current point.",
    ]

    /// Each attribute's meaning, as in the element's table in Grammar.md (the paint attributes of
    /// shapes are in `paintAttributeDocumentation`).
    public static let attributeDocumentation: [ElementKind: [String: String]] = [
        .scene: [
            "width": "canvas width in points; a constant expression > 0; `--size` overrides it",
            "height": "canvas height in points; a constant expression > 0; `--size` overrides it",
        ],
        .param: [
            "name": "the parameter's name",
            "type": "its type",
            "default": "the value when not `--set`",
            "min": "smallest allowed value (number, int, lists)",
            "max": "largest allowed value (number, int, lists)",
            "description": "shown by `scenec params`",
        ],
        .`let`: [
            "name": "the name; must not already be declared in this block",
            "value": "evaluated once, here",
        ],
        .assert: [
            "test": "the condition",
            "message": "the error message when `test` is false (reported at `test`)",
        ],
        .`if`: [
            "test": "the condition"
        ],
        .elseif: [
            "test": "tested when every earlier condition of the chain was false"
        ],
        .`for`: [
            "var": "the loop variable",
            "from": "first value (numeric loop)",
            "to": "end, **excluded**",
            "through": "end, **included**",
            "step": "increment, may be negative, not 0",
            "in": "loop over the elements of a list",
            "index": "with `in`: the 0-based position, an int",
        ],
        .component: [
            "name": "the component's name, unique in the file",
            "width": "its width in points (a positive constant), the default `width` of a `<use>`",
            "height": "its height in points (a positive constant)",
        ],
        .use: [
            "src": "a `.scene` file, relative to this file's folder, inside the project folder",
            "component": "the name of a `<component>` of this file",
            "x": "where the component's origin goes",
            "y": "",
            "width": "the size the component is drawn at: its `width` (it redraws at that size, like a view given a new frame; nothing is stretched)",
            "height": "its `height`",
            "opacity": "multiplies the opacity of everything the component draws, 0…1",
        ],
        .group: [
            "x": "translation along x",
            "y": "translation along y",
            "rotate": "rotation in radians, clockwise on screen",
            "pivotX": "x of the point the rotation turns about",
            "pivotY": "y of that point",
            "scale": "uniform scale",
            "scaleX": "horizontal scale",
            "scaleY": "vertical scale",
            "opacity": "0…1, multiplies the opacity of every operation inside",
            "blend": "blend mode of the group as one layer with what is drawn before it (section 11, Blend modes)",
        ],
        .layer: [
            "opacity": "0…1, the opacity of the layer's image as a whole"
        ].merging(shadowDocumentation) { a, _ in a },
        .mask: [
            "mode": "`alpha`: the body shows as opaque as the content is; `luminance`: as bright as it is (its luminance times its alpha)"
        ],
        .row: [
            "x": "left edge of the row",
            "y": "top edge of the row",
            "spacing": "space between neighbouring children (negative overlaps them)",
            "align":
                "where each child sits across the row: at its top, centered, at its bottom, or on one baseline (a text's first line's, else its bottom)",
            "width": "the length the children are placed in, for `justify`",
            "height": "the height children are aligned in",
            "justify":
                "where the children go along a given `width`: from its start, centered, against its end, or spread so that the first starts it and the last ends it",
        ],
        .column: [
            "x": "left edge of the column",
            "y": "top edge of the column",
            "spacing": "space between neighbouring children (negative overlaps them)",
            "align": "where each child sits across the column: at its left, centered in its width, or at its right",
            "width": "the width children are aligned in",
            "height": "the length the children are placed in, for `justify`",
            "justify":
                "where the children go along a given `height`: from its start, centered, against its end, or spread so that the first starts it and the last ends it",
        ],
        .translate: [
            "x": "offset along x",
            "y": "offset along y",
        ],
        .rotate: [
            "angle": "radians, clockwise on screen",
            "pivotX": "x of the fixed point, in the current coordinates",
            "pivotY": "y of the fixed point",
        ],
        .scale: [
            "x": "horizontal factor (negative mirrors)",
            "y": "vertical factor",
        ],
        .concatenate: [
            "a": "x' gains a·x",
            "b": "y' gains b·x",
            "c": "x' gains c·y (a shear along x: tan of the skew angle)",
            "d": "y' gains d·y",
            "tx": "x' gains tx",
            "ty": "y' gains ty",
        ],
        .shape: [
            "fillRule": "which points are inside the region"
        ],
        .gradient: [
            "name": "the name the gradient value is bound to",
            "extend": "whether the first/last color continues past the start/end line",
        ],
        .stop: [
            "offset": "position on the axis, 0…1, not less than the previous stop's",
            "color": "the color",
            "opacity": "0…1, multiplies the color's alpha",
        ],
        .paint: [
            "fill": "a color, a `linear(…)`, `radial(…)` or `conic(…)` paint, or `none` (nothing is drawn)",
            "opacity": "0…1",
            "blend": "blend mode with what is drawn before (section 11, Blend modes)",
        ],
        .rect: [
            "x": "left edge",
            "y": "top edge",
            "width": "width; a negative width extends to the left",
            "height": "height; a negative height extends upwards",
            "radius": "corner radius of every corner, ≥ 0",
            "topLeftRadius": "top-left corner radius, ≥ 0",
            "topRightRadius": "top-right corner radius, ≥ 0",
            "bottomRightRadius": "bottom-right corner radius, ≥ 0",
            "bottomLeftRadius": "bottom-left corner radius, ≥ 0",
        ],
        .oval: [
            "x": "left edge of the bounding rectangle",
            "y": "top edge",
            "width": "width (the sign does not matter)",
            "height": "height (the sign does not matter)",
        ],
        .circle: [
            "cx": "center x",
            "cy": "center y",
            "radius": "radius, ≥ 0",
        ],
        .arc: [
            "cx": "center x",
            "cy": "center y",
            "radius": "radius, ≥ 0",
            "startAngle": "radians",
            "endAngle": "radians",
            "clockwise": "`true`: towards increasing angles (clockwise on screen)",
        ],
        .path: [
            "d":
                "SVG path data (`M 10 10 L 20 20 Z`, section 10), numbers may be `{expression}`s (`M {x} {y}`); when given, the path takes no child elements"
        ],
        .text: [
            "x": "x of the anchor point",
            "y": "y of the anchor point, read as `baseline` says",
            "font": "the font family: one of these pinned families, or a family of the project's own fonts (its `Fonts/` folder, section 19)",
            "size": "the font size in points (UILabel's default), above 0 and at most 10000",
            "weight": "the weight; `normal` is 400, `bold` 700",
            "align": "where x is on the line: its start, its middle or its end (left, center, right)",
            "baseline":
                "what y is: the baseline; the top of the line box (ascent above the baseline); its middle (as a UILabel centers its text vertically); its bottom (descent below the baseline)",
            "width": "wrap the text into lines at most this wide, x being the lines' left edge (section 19, \"Wrapped text\"); above 0",
            "maxLines": "with `width`: at most this many lines, the last ending in `…` when the text goes on; at least 1",
            "lineHeight": "with `width`: the distance from one line's baseline to the next, in points; above 0",
            "fill": "the text's color (a color, not a gradient)",
            "opacity": "multiplies the color's alpha, 0…1",
        ].merging(shadowDocumentation) { a, _ in a },
        .move: [
            "x": "x of the new current point",
            "y": "y of the new current point",
        ],
        .line: [
            "x": "x of the end point",
            "y": "y of the end point",
        ],
        .curve: [
            "x": "x of the end point",
            "y": "y of the end point",
            "cx1": "x of the first control point",
            "cy1": "y of the first control point",
            "cx2": "x of the second control point",
            "cy2": "y of the second control point",
        ],
        .quad: [
            "x": "x of the end point",
            "y": "y of the end point",
            "cx": "x of the control point",
            "cy": "y of the control point",
        ],
    ]

    /// The paint attributes of shapes in a drawing block (Grammar.md, "Paint attributes").
    public static let paintAttributeDocumentation: [String: String] = [
        "fill": "fill color or `linear(…)`, `radial(…)` or `conic(…)` paint; a bare gradient name is an error",
        "stroke": "stroke color or `linear(…)`, `radial(…)` or `conic(…)` paint",
        "lineWidth": "stroke width, ≥ 0",
        "lineCap": "ends of open subpaths and dashes",
        "lineJoin": "corners",
        "miterLimit": "≥ 1 (Core Graphics' default)",
        "dash": "dash and gap lengths, each ≥ 0, not all 0; `[]` is solid",
        "dashPhase": "distance into the dash pattern at which the stroke starts",
        "fillRule": "which points the fill covers",
        "opacity": "0…1, multiplies the alpha of the fill and of the stroke",
        "blend": "blend mode of the fill and of the stroke with what is drawn before (section 11, Blend modes)",
    ].merging(shadowDocumentation) { a, _ in a }

    /// The shadow attributes of shapes, `<text>` and `<layer>` (Grammar.md, "Shadow attributes").
    public static let shadowDocumentation: [String: String] = [
        "shadowOffsetX": "how far right the shadow falls, in canvas points (transforms do not turn or scale it)",
        "shadowOffsetY": "how far down the shadow falls, in canvas points",
        "shadowBlur": "Core Graphics' blur, 0…1000 canvas points: a Gaussian of standard deviation `shadowBlur` / 2",
        "shadowColor": "the shadow's color (its alpha included), or `none` for no shadow",
    ]

    /// What `<use>` takes besides its own attributes (Grammar.md, the row "any other name").
    public static let componentArgumentDocumentation =
        "a value for the component's parameter of that name: an expression in this file's scope"
}
