#if canImport(CoreGraphics)
    import CoreGraphics
#else
    import CoreGraphicsRecorder
#endif
import Foundation
import SwiftExportRuntime

// MARK: embedded from here (the generator copies what follows, without the imports above)

// Transforms as the evaluator composes them (Evaluation+Drawing.swift): exact quarter turns, a
// group's translate · rotate about the pivot · scale, in that order from the parent's side.
extension SceneRuntime {
    static func product(_ t1: CGAffineTransform, _ t2: CGAffineTransform) -> CGAffineTransform {
        // t1 applied first, then t2 (the evaluator's `concatenating`, term for term).
        CGAffineTransform(
            a: t1.a * t2.a + t1.b * t2.c, b: t1.a * t2.b + t1.b * t2.d,
            c: t1.c * t2.a + t1.d * t2.c, d: t1.c * t2.b + t1.d * t2.d,
            tx: t1.tx * t2.a + t1.ty * t2.c + t2.tx, ty: t1.tx * t2.b + t1.ty * t2.d + t2.ty)
    }

    public static func translation(_ x: Double, _ y: Double) -> CGAffineTransform {
        CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: CGFloat(x), ty: CGFloat(y))
    }

    public static func rotation(_ angle: Double, pivotX: Double = 0, pivotY: Double = 0) -> CGAffineTransform {
        let (s, c) = exactSinCos(angle)
        let turn = CGAffineTransform(a: CGFloat(c), b: CGFloat(s), c: CGFloat(-s), d: CGFloat(c), tx: 0, ty: 0)
        if pivotX == 0 && pivotY == 0 { return turn }
        return product(product(translation(-pivotX, -pivotY), turn), translation(pivotX, pivotY))
    }

    public static func scale(_ x: Double, _ y: Double) -> CGAffineTransform {
        CGAffineTransform(a: CGFloat(x), b: 0, c: 0, d: CGFloat(y), tx: 0, ty: 0)
    }

    /// `<concatenate a b c d tx ty>`: any affine matrix, as `context.concatenate(_:)` takes it.
    public static func concatenation(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) -> CGAffineTransform {
        CGAffineTransform(a: CGFloat(a), b: CGFloat(b), c: CGFloat(c), d: CGFloat(d), tx: CGFloat(tx), ty: CGFloat(ty))
    }

    /// `<group x y rotate pivotX pivotY scaleX scaleY>`.
    public static func groupTransform(
        x: Double, y: Double, rotate: Double, pivotX: Double, pivotY: Double, scaleX: Double,
        scaleY: Double
    ) -> CGAffineTransform {
        product(product(scale(scaleX, scaleY), rotation(rotate, pivotX: pivotX, pivotY: pivotY)), translation(x, y))
    }

    /// The transform statements of a block (`<translate>`, `<rotate>`, `<scale>`, `<concatenate>`) as the evaluator
    /// groups what follows them: consecutive ones compose into one run, and a run that holds
    /// something and is not the identity is one operation (a group), counted when the block ends.
    public struct TransformRuns {
        private var runs: [(transform: CGAffineTransform, start: Int, site: String)] = []
        public init() {}

        /// A transform statement, with the operations counted so far.
        public mutating func add(_ t: CGAffineTransform, operations: Int, at site: String) {
            let accumulated = product(t, runs.last?.transform ?? .identity)
            if let last = runs.last, last.start == operations {
                runs[runs.count - 1].transform = accumulated
            } else {
                runs.append((accumulated, operations, site))
            }
        }

        public func finish(_ budget: inout EvaluationBudget) throws {
            for (index, run) in runs.enumerated() {
                let end = index + 1 < runs.count ? runs[index + 1].start : budget.operations
                if end > run.start && run.transform != .identity { try budget.operation(at: run.site) }
            }
        }
    }

    /// The shadow attributes: nil for none (`shadowColor="none"`).
    public static func shadow(offsetX: Double, offsetY: Double, blur: Double, color: Color?) -> Shadow? {
        color.map { Shadow(offsetX: offsetX, offsetY: offsetY, blur: blur, color: $0) }
    }
}
