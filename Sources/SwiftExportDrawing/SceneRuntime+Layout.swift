#if canImport(CoreGraphics)
    import CoreGraphics
#else
    import CoreGraphicsRecorder
#endif
import Foundation
import SwiftExportRuntime

// MARK: embedded from here (the generator copies what follows, without the imports above)

extension SceneRuntime {
    /// One child of a `<row>` or `<column>`: its box in its own coordinates (a rect of negative
    /// width starts left of 0; a text's box starts at the ascent above its baseline), and the code
    /// that draws it at its own origin, run when the layout knows where the child goes.
    public struct LayoutChild {
        public let minX: Double, minY: Double, width: Double, height: Double
        /// How far below the box's top its baseline is, for `align="baseline"`: a text's (first)
        /// line's; nil for anything else, whose baseline is its bottom (Evaluation+Layout.swift).
        public let baseline: Double?
        /// Where the child stands in the scene, for the operation that moves it.
        public let site: String
        public let draw: (CGContext?, inout EvaluationBudget) throws -> Void

        public init(
            minX: Double = 0, minY: Double = 0, width: Double, height: Double, baseline: Double? = nil, at site: String,
            draw: @escaping (CGContext?, inout EvaluationBudget) throws -> Void
        ) {
            self.minX = minX; self.minY = minY; self.width = width; self.height = height; self.baseline = baseline
            self.site = site; self.draw = draw
        }

        var baselineOffset: Double { baseline ?? height }
    }

    /// A `<row>` or `<column>` whose children have been measured: its box (`width` and `height`
    /// where the scene gives them, else what the children take) and where each child goes, as the
    /// evaluator places them (Evaluation+Layout.swift). Nothing is solved: one pass.
    public struct Layout {
        public let isRow: Bool
        public let children: [LayoutChild]
        public let spacing: Double
        /// The box's length along the axis (a row's width, a column's height) and across it.
        public let along: Double, across: Double
        /// `start`, `center`, `end` or `space-between`.
        public let justify: String
        /// `top`, `center`, `bottom`, `baseline` for a row; `leading`, `center`, `trailing` for a column.
        public let align: String

        public var width: Double { isRow ? along : across }
        public var height: Double { isRow ? across : along }

        /// `width` and `height` are the scene's, already checked (`layoutLength`), or nil.
        public init(
            row isRow: Bool, _ children: [LayoutChild], spacing: Double, width: Double?, height: Double?, justify: String, align: String
        ) {
            self.isRow = isRow; self.children = children; self.spacing = spacing; self.justify = justify; self.align = align
            let alongSizes = children.map { isRow ? $0.width : $0.height }
            let acrossSizes = children.map { isRow ? $0.height : $0.width }
            let content = alongSizes.reduce(0, +) + spacing * Double(Swift.max(0, children.count - 1))
            // On a common baseline, children reach from the lowest-hanging top to the lowest bottom.
            let largest = isRow && align == "baseline" ? Self.commonBaseline(children).extent : acrossSizes.max() ?? 0
            along = (isRow ? width : height) ?? content
            across = (isRow ? height : width) ?? largest
        }

        /// A row's common baseline below its top with `align="baseline"`: the lowest of its
        /// children's, so that every child's top is at or below the row's; and the height they take.
        static func commonBaseline(_ children: [LayoutChild]) -> (line: Double, extent: Double) {
            let line = children.map(\.baselineOffset).max() ?? 0
            return (line, children.map { line - $0.baselineOffset + $0.height }.max() ?? 0)
        }

        /// The children drawn with the layout's box at (x, y): each one moved into its slot (a
        /// translation, as `<group x y>`; none when it stays where it is).
        public func draw(x: Double, y: Double, in context: CGContext?, budget: inout EvaluationBudget) throws {
            let alongSizes = children.map { isRow ? $0.width : $0.height }
            let total = alongSizes.reduce(0, +)
            let content = total + spacing * Double(Swift.max(0, children.count - 1))
            var cursor = 0.0, gap = spacing
            switch justify {
            case "center": cursor = (along - content) / 2
            case "end": cursor = along - content
            case "space-between" where children.count > 1: gap = (along - total) / Double(children.count - 1)
            default: break
            }
            let baseline = Self.commonBaseline(children).line
            for (child, size) in zip(children, alongSizes) {
                let childAcross = isRow ? child.height : child.width
                let offset: Double
                switch align {
                case "center": offset = (across - childAcross) / 2
                case "bottom", "trailing": offset = across - childAcross
                case "baseline": offset = baseline - child.baselineOffset
                default: offset = 0
                }
                // The slot's corner, less the box's own corner.
                let dx = x + (isRow ? cursor : offset) - child.minX
                let dy = y + (isRow ? offset : cursor) - child.minY
                cursor += size + gap
                context?.saveGState()
                defer { context?.restoreGState() }
                let moved = dx != 0 || dy != 0
                if moved { context?.translateBy(x: CGFloat(dx), y: CGFloat(dy)) }
                let before = budget.operations
                try child.draw(context, &budget)
                // Moved: one group, when the child drew something (Evaluation+Layout.swift, place).
                if moved && budget.operations > before { try budget.operation(at: child.site) }
            }
        }
    }
}
