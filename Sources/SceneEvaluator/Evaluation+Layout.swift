import DisplayList
import ResolvedProgram
import SceneSource
import SceneVocabulary

/// `<row>` and `<column>` (Grammar.md "Rows and columns"): children placed one after another by
/// their sizes, in one pass. Each child is drawn at its own origin (a child of a layout has no
/// position of its own: the static checker refused one), its box measured, and then moved into
/// its slot by a translation group. Nothing is solved: a child's size never depends on its place.
extension Evaluation {
    /// A child drawn at its own origin, and the box (in its own coordinates) the layout places.
    struct LaidOutChild {
        var items: [DisplayItem]
        var minX: Double, minY: Double
        var width: Double, height: Double
        var span: SourceSpan
        var origin: Origin?
        /// How far below the box's top its baseline is, for `align="baseline"`: a text's (first) line's;
        /// nil for anything else, whose baseline is its bottom (as in SwiftUI).
        var baseline: Double? = nil

        var baselineOffset: Double { baseline ?? height }
    }

    /// A row's common baseline below its top with `align="baseline"`: the lowest of its children's,
    /// so that every child's top is at or below the row's; and the height the children then take.
    static func commonBaseline(_ children: [LaidOutChild]) -> (line: Double, extent: Double) {
        let line = children.map(\.baselineOffset).max() ?? 0
        return (line, children.map { line - $0.baselineOffset + $0.height }.max() ?? 0)
    }

    /// A `<row>` or `<column>` in a drawing block: placed at its `x`, `y`.
    func layout(_ node: ElementStatement, opacity: Double) -> [DisplayItem] {
        guard let v = numbers(node, [(.x, 0), (.y, 0)]), let laid = laidOut(node, opacity: opacity) else { return [] }
        return place(laid.children, of: node, size: laid.size, spacing: laid.spacing, at: (v[0], v[1]))
    }

    /// The layout's children, measured, and its own size: `width`/`height` where given, else what the
    /// children take (along the axis: their sizes plus the spacing between; across: the largest).
    private func laidOut(_ node: ElementStatement, opacity: Double)
        -> (children: [LaidOutChild], size: (along: Double, across: Double), spacing: Double)?
    {
        let isRow = node.kind == .row
        let (alongID, acrossID): (AttributeID, AttributeID) = isRow ? (.width, .height) : (.height, .width)
        var children: [LaidOutChild] = []
        collectChildren(node.children, opacity: opacity, into: &children)
        guard let spacing = number(node, .spacing, default: 0) else { return nil }
        let alongSizes = children.map { isRow ? $0.width : $0.height }
        let acrossSizes = children.map { isRow ? $0.height : $0.width }
        let content = alongSizes.reduce(0, +) + spacing * Double(max(0, children.count - 1))
        // On a common baseline, children reach from the lowest-hanging top to the lowest bottom.
        let onBaseline = isRow && node.word(.align)?.text == "baseline"
        let largest = onBaseline ? Self.commonBaseline(children).extent : acrossSizes.max() ?? 0
        guard let along = extent(node, alongID, default: content),
            let across = extent(node, acrossID, default: largest)
        else { return nil }
        return (children, (along, across), spacing)
    }

    /// A given `width` or `height` of a layout: a number ≥ 0. Without one, the children's extent,
    /// which negative spacing can take below 0.
    private func extent(_ node: ElementStatement, _ id: AttributeID, default fallback: Double) -> Double? {
        guard let n = number(node, id, default: fallback) else { return nil }
        guard n >= 0 || node.expression(id) == nil else {
            report(
                .error(
                    .valueOutOfRange, "'\(id.rawValue)' of a <\(node.kind.rawValue)> must not be negative, not \(NumberFormat.readable(n))",
                    at: node.expression(id)!.span, help: "give the length the children are placed in, 0 or more"))
            return nil
        }
        return n
    }

    /// The children's items, each moved so that its box starts at its slot; the layout's box
    /// starts at `position`.
    private func place(
        _ children: [LaidOutChild], of node: ElementStatement, size: (along: Double, across: Double), spacing: Double,
        at position: (x: Double, y: Double)
    ) -> [DisplayItem] {
        let isRow = node.kind == .row
        let alongSizes = children.map { isRow ? $0.width : $0.height }
        let total = alongSizes.reduce(0, +)
        let content = total + spacing * Double(max(0, children.count - 1))
        var cursor = 0.0, gap = spacing
        switch node.word(.justify)?.text ?? "start" {
        case "center": cursor = (size.along - content) / 2
        case "end": cursor = size.along - content
        case "space-between" where children.count > 1: gap = (size.along - total) / Double(children.count - 1)
        default: break
        }
        let alignWord = node.word(.align)?.text ?? (isRow ? "top" : "leading")
        let baseline = Self.commonBaseline(children).line
        var out: [DisplayItem] = []
        for (child, along) in zip(children, alongSizes) {
            let across = isRow ? child.height : child.width
            let offset: Double
            switch alignWord {
            case "center": offset = (size.across - across) / 2
            case "bottom", "trailing": offset = size.across - across
            case "baseline": offset = baseline - child.baselineOffset
            default: offset = 0
            }
            // The slot's corner, less the box's own corner (a rect of negative width starts left of 0).
            let dx = position.x + (isRow ? cursor : offset) - child.minX
            let dy = position.y + (isRow ? offset : cursor) - child.minY
            cursor += along + gap
            guard !child.items.isEmpty else { continue }
            if dx == 0 && dy == 0 { out += child.items; continue }
            guard countOperation(at: child.span) else { return out }
            out.append(.group(Group(transform: .translation(dx, dy), items: child.items, source: child.span, origin: child.origin)))
        }
        return out
    }

    /// Every sized child of a layout's block, through its `<if>`s and `<for>`s.
    private func collectChildren(_ statements: [ProgramStatement], opacity: Double, into children: inout [LaidOutChild]) {
        walk(
            statements,
            visit: { statement in
                if let child = sizedChild(statement, opacity: opacity) { children.append(child) }
            },
            nested: { body in
                collectChildren(body, opacity: opacity, into: &children)
            })
    }

    /// A child drawn at its origin with its box; nil when it failed (reported). The kinds are the
    /// ones the static checker lets into a layout (E0560).
    private func sizedChild(_ statement: ProgramStatement, opacity: Double) -> LaidOutChild? {
        func child(
            _ items: [DisplayItem], _ minX: Double, _ minY: Double, _ width: Double, _ height: Double, baseline: Double? = nil
        ) -> LaidOutChild {
            LaidOutChild(
                items: items, minX: minX, minY: minY, width: width, height: height, span: statement.span, origin: origin, baseline: baseline)
        }
        if case .use(let use) = statement {
            guard let target = use.target, let (_, declared) = component(target) else {
                _ = self.use(use, opacity: opacity) // reports why
                return nil
            }
            guard let v = numbers(use, [(.width, declared.width), (.height, declared.height)]) else { return nil }
            let items = self.use(use, opacity: opacity)
            return child(items, 0, 0, max(0, v[0]), max(0, v[1]))
        }
        // The static checker let nothing else in (E0560).
        guard case .element(let node) = statement else { return nil }
        switch node.kind {
        case .rect, .oval:
            // The geometry's box (a stroke's outer half is not part of it, as in a view's frame).
            guard let v = numbers(node, [(.width, nil), (.height, nil)]) else { return nil }
            let items = shape(node, opacity: opacity)
            return child(items, min(0, v[0]), min(0, v[1]), abs(v[0]), abs(v[1]))
        case .text where node.expression(.width) != nil:
            // A wrapped text: its width by its block's height, its first baseline an ascent below the top.
            lastWrappedBlock = nil
            let items = text(node, opacity: opacity)
            guard let block = lastWrappedBlock, block.lines > 0, let run = Self.firstTextRun(items) else { return nil }
            let height = TextWrapping.blockHeight(lines: block.lines, size: run.fontSize, lineHeight: block.lineHeight)
            return child(items, 0, -Self.fontAscent * run.fontSize, block.width, height, baseline: Self.fontAscent * run.fontSize)
        case .text:
            let items = text(node, opacity: opacity)
            guard let run = Self.firstTextRun(items), let size = textBox(run, at: node) else { return nil }
            // The line box: from the ascent above the baseline (drawn at y = 0) to the descent below.
            return child(items, 0, -Self.fontAscent * run.fontSize, size.width, size.height, baseline: Self.fontAscent * run.fontSize)
        case .row, .column:
            guard let laid = laidOut(node, opacity: opacity) else { return nil }
            let items = place(laid.children, of: node, size: laid.size, spacing: laid.spacing, at: (0, 0))
            let (w, h) = node.kind == .row ? (laid.size.along, laid.size.across) : (laid.size.across, laid.size.along)
            return child(items, 0, 0, w, h)
        default:
            return nil
        }
    }

    /// A text line's box: the width `textWidth` gives, and the line's height (ascent + descent).
    private func textBox(_ run: TextRun, at node: ElementStatement) -> (width: Double, height: Double)? {
        guard let measurer else {
            report(
                .error(
                    .textNotMeasurable, "a <text> in a <\(node.kind.rawValue)> must be measured, and nothing measures text here",
                    at: node.span, help: "give the row a known size with a <rect> or <use> instead of text"))
            return nil
        }
        guard let width = measurer.width(of: run.string, family: run.fontFamily, size: run.fontSize, weight: run.fontWeight) else {
            report(
                .error(
                    .textNotMeasurable, "the pinned fonts could not be loaded to measure this text", at: node.span,
                    help: "run `make deps` (it installs Debian's fonts-dejavu-core and fonts-dejavu-extra)"))
            return nil
        }
        return (width, (Self.fontAscent + Self.fontDescent) * run.fontSize)
    }

    /// The text a `<text>` drew (inside the layer of its shadow, if it casts one).
    private static func firstTextRun(_ items: [DisplayItem]) -> TextRun? {
        for item in items {
            switch item {
            case .text(let run): return run
            case .layer(let l): if let run = firstTextRun(l.items) { return run }
            case .group(let g): if let run = firstTextRun(g.items) { return run }
            default: continue
            }
        }
        return nil
    }
}
