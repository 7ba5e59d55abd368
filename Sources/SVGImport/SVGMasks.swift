/// `mask="url(#id)"` (SVG 1.1 §14.4, CSS Masking's `<mask>` element) as the language's `<mask>`
/// (Grammar.md §11, "Masks").
extension Converter {
    /// The element's nodes masked by the `<mask>` that `value` names: its `mask-type` (attribute or
    /// style; luminance unless it says alpha) as the mode, its children as the `<content>`, drawn
    /// with the properties they inherit from the `<mask>`'s own ancestors (not from the masked
    /// element), cut to the mask's region (`maskUnits`, `x`, `y`, `width`, `height`), and mapped
    /// onto the element's bounding box when `maskContentUnits="objectBoundingBox"`.
    mutating func masked(_ nodes: [SceneNode], by value: String, element: SVGElement) -> [SceneNode] {
        guard case .reference(let id, _)? = SVGValues.paint(value), let mask = ids[id], mask.name == "mask" else {
            warn(element, "mask=\"\(value)\" names no <mask> in this file: drawn without a mask", help: "fix the reference")
            return nodes
        }
        guard !maskStack.contains(id) else {
            warn(
                element, "mask=\"\(value)\" is used inside its own <mask> (directly or through other masks): left out",
                help: "break the cycle: a mask's content cannot be masked by the same mask")
            return []
        }
        let maskStyle = inheritedStyle(of: mask)
        if let nested = maskStyle["mask"], nested != "none" {
            warn(mask, "a mask of a <mask> is not imported: drawn with the outer mask only", help: "combine the masks in the editor")
        }
        let byBox = mask["maskUnits"] != "userSpaceOnUse"
        let contentByBox = mask["maskContentUnits"] == "objectBoundingBox"
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        if byBox || contentByBox {
            box = PathGeometry.bounds(boundsOfContent(element))
            guard let b = box else {
                warn(
                    element, "the bounding box the mask \"\(value)\" is measured by is not known for this element: drawn without the mask",
                    help: "give the <mask> maskUnits=\"userSpaceOnUse\" with x, y, width and height")
                return nodes
            }
            // A mask measured by an empty box hides the element (SVG: the element is not rendered).
            if b.maxX <= b.minX || b.maxY <= b.minY { return [] }
        }

        maskStack.append(id)
        var drawn = content(of: mask, style: maskStyle)
        maskStack.removeLast()
        if drawn.isEmpty { return [] } // a mask that draws nothing hides everything

        if contentByBox, let b = box {
            emitted += 1
            drawn = [
                SceneNode(
                    "group", [("x", num(b.minX)), ("y", num(b.minY)), ("scaleX", num(b.maxX - b.minX)), ("scaleY", num(b.maxY - b.minY))],
                    children: drawn, comment: "maskContentUnits=\"objectBoundingBox\": the content in the element's bounding box")
            ]
        }
        if let region = maskRegion(mask, box: byBox ? box : nil) {
            emitted += 3
            let rect = SceneNode(
                "rect", [("x", num(region.x)), ("y", num(region.y)), ("width", num(region.width)), ("height", num(region.height))])
            drawn = [SceneNode("clip", [], children: [SceneNode("shape", [], children: [rect])] + drawn, comment: "the mask's region")]
        } else {
            return [] // a region of no area shows nothing
        }
        emitted += 2
        let type = maskStyle["mask-type"] ?? "luminance"
        if type != "alpha" && type != "luminance" {
            warn(mask, "mask-type: \(type) is not alpha or luminance: imported as luminance", help: "write mask-type=\"alpha\" or \"luminance\"")
        }
        let mode: [(String, String)] = type == "alpha" ? [] : [("mode", "luminance")]
        return [SceneNode("mask", mode, children: [SceneNode("content", [], children: drawn)] + nodes)]
    }

    /// The mask's region in the masked element's user space: `x`, `y`, `width`, `height` (−10 %,
    /// −10 %, 120 %, 120 % by default) of the bounding box `box`, or (no `box`: userSpaceOnUse)
    /// lengths whose percentages are of the viewport. Nil when it has no area.
    func maskRegion(_ mask: SVGElement, box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?) -> (
        x: Double, y: Double, width: Double, height: Double
    )? {
        let x: Double, y: Double, width: Double, height: Double
        if let b = box {
            let w = b.maxX - b.minX, h = b.maxY - b.minY
            x = b.minX + (SVGValues.fraction(mask["x"]) ?? -0.1) * w
            y = b.minY + (SVGValues.fraction(mask["y"]) ?? -0.1) * h
            width = (SVGValues.fraction(mask["width"]) ?? 1.2) * w
            height = (SVGValues.fraction(mask["height"]) ?? 1.2) * h
        } else {
            x = SVGValues.length(mask["x"], percentOf: viewport.width) ?? -0.1 * viewport.width
            y = SVGValues.length(mask["y"], percentOf: viewport.height) ?? -0.1 * viewport.height
            width = SVGValues.length(mask["width"], percentOf: viewport.width) ?? 1.2 * viewport.width
            height = SVGValues.length(mask["height"], percentOf: viewport.height) ?? 1.2 * viewport.height
        }
        guard width > 0, height > 0, [x, y, width, height].allSatisfy({ abs($0) <= 1e9 }) else { return nil }
        return (x, y, width, height)
    }

    /// The style `target` has where it stands in the file: the cascade from the root down its
    /// ancestors (what a `<mask>`'s content inherits).
    func inheritedStyle(of target: SVGElement) -> SVGStyle {
        func walk(_ element: SVGElement, _ parent: SVGStyle) -> SVGStyle? {
            let style = SVGStyle.computed(element, parent: parent, sheet: sheet)
            if element.line == target.line && element.column == target.column && element.name == target.name { return style }
            for child in element.children { if let found = walk(child, style) { return found } }
            return nil
        }
        return walk(root, .initial) ?? SVGStyle.computed(target, parent: .initial, sheet: sheet)
    }
}
