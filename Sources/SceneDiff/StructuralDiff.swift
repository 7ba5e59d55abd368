import DisplayList
import SceneSource

/// The structural half of `scenec diff`: two display lists compared as a person would compare
/// them. At each level (the top, and inside each pair of matched groups and clips) the operations
/// are aligned by a sequence alignment that maximizes their similarity (`Similarity`), not by a
/// line diff of dumps, so inserting one element reports one added operation and changing a color
/// reports one changed operation naming the field. Operations left over on both sides that draw
/// the same thing, or come from the same element, are reported as moved.
public struct StructuralDiff: Sendable {
    /// Numbers closer than this are equal (points, channels, opacities, matrix entries).
    public var tolerance: Double
    /// Alignments larger than this many cells (old × new operations at one level) are first cut
    /// into pieces at operations whose origin is unique on both sides; see `Aligner`.
    public var maxAlignmentCells: Int

    public static let defaultTolerance = 1e-4

    public init(tolerance: Double = StructuralDiff.defaultTolerance, maxAlignmentCells: Int = 250_000) {
        self.tolerance = tolerance
        self.maxAlignmentCells = maxAlignmentCells
    }

    /// The changes that turn `old` into `new`, in the order of the new list (removals where they
    /// were). `oldSources` and `newSources` locate each side's operations in their files.
    public func compare(
        _ old: DisplayList, _ new: DisplayList,
        oldSources: SourceMap? = nil, newSources: SourceMap? = nil
    ) -> StructuralReport {
        var walker = Walker(
            tolerance: Tolerance(epsilon: tolerance), maxCells: maxAlignmentCells,
            oldSources: oldSources, newSources: newSources,
            oldCanvas: Rect(x: 0, y: 0, width: old.width, height: old.height),
            newCanvas: Rect(x: 0, y: 0, width: new.width, height: new.height))
        walker.compare(old.items, new.items, oldIndex: [], newIndex: [], oldTransform: .identity, newTransform: .identity)
        let sizeChanged = !walker.tolerance.same(old.width, new.width) || !walker.tolerance.same(old.height, new.height)
        return StructuralReport(
            oldSize: SizeValue(width: old.width, height: old.height), newSize: SizeValue(width: new.width, height: new.height),
            sizeChanged: sizeChanged, changes: walker.changes, unchanged: walker.unchanged)
    }
}

/// What the structural comparison found.
public struct StructuralReport: Hashable, Sendable, Codable {
    public let oldSize: SizeValue
    public let newSize: SizeValue
    public let sizeChanged: Bool
    public let changes: [OperationChange]
    /// Operations (at any depth) found drawing exactly the same thing on both sides.
    public let unchanged: Int

    public var isEmpty: Bool { changes.isEmpty && !sizeChanged }

    public func count(_ kind: OperationChange.Kind) -> Int { changes.filter { $0.kind == kind }.count }
}

/// A canvas size in points.
public struct SizeValue: Hashable, Sendable, Codable {
    public let width: Double
    public let height: Double
}

/// One comparison's state: the changes found so far, walking both trees together.
private struct Walker {
    let tolerance: Tolerance
    let maxCells: Int
    let oldSources: SourceMap?
    let newSources: SourceMap?
    let oldCanvas: Rect
    let newCanvas: Rect
    var changes: [OperationChange] = []
    var unchanged = 0

    init(tolerance: Tolerance, maxCells: Int, oldSources: SourceMap?, newSources: SourceMap?, oldCanvas: Rect, newCanvas: Rect) {
        self.tolerance = tolerance
        self.maxCells = maxCells
        self.oldSources = oldSources
        self.newSources = newSources
        self.oldCanvas = oldCanvas
        self.newCanvas = newCanvas
    }

    mutating func compare(
        _ a: [DisplayItem], _ b: [DisplayItem], oldIndex: [Int], newIndex: [Int],
        oldTransform: AffineTransform, newTransform: AffineTransform
    ) {
        let aligner = Aligner(similarity: Similarity(tolerance: tolerance), tolerance: tolerance, maxCells: maxCells)
        let pairs = aligner.align(a, b)
        var removed: [Int] = [], added: [Int] = []
        let matchedOld = Set(pairs.map(\.0))
        let matchedNew = Set(pairs.map(\.1))
        for i in a.indices where !matchedOld.contains(i) { removed.append(i) }
        for j in b.indices where !matchedNew.contains(j) { added.append(j) }

        // Moves: left-over operations on both sides that draw the same thing, else that come from
        // the same element.
        var moves: [(Int, Int)] = []
        var stillAdded = added
        for i in removed {
            if let k = stillAdded.firstIndex(where: { tolerance.same(a[i], b[$0]) })
                ?? stillAdded.firstIndex(where: { a[i].origin != nil && a[i].origin == b[$0].origin && a[i].operationName == b[$0].operationName })
            {
                moves.append((i, stillAdded[k]))
                stillAdded.remove(at: k)
            }
        }
        let movedOld = Set(moves.map(\.0))
        removed = removed.filter { !movedOld.contains($0) }
        added = stillAdded

        // Walk the new list in order, with removals placed before the next kept operation.
        var removedQueue = removed[...]
        let pairByNew = Dictionary(uniqueKeysWithValues: pairs.map { ($0.1, $0.0) })
        let moveByNew = Dictionary(uniqueKeysWithValues: moves.map { ($0.1, $0.0) })
        for j in b.indices {
            if let i = pairByNew[j] {
                while let r = removedQueue.first, r < i { report(removed: a[r], at: oldIndex + [r], oldTransform); removedQueue.removeFirst() }
                compareMatched(
                    a[i], b[j], oldIndex: oldIndex + [i], newIndex: newIndex + [j],
                    oldTransform: oldTransform, newTransform: newTransform)
            } else if let i = moveByNew[j] {
                let fields = FieldDiff(tolerance: tolerance).changes(a[i], b[j])
                changes.append(
                    OperationChange(
                        kind: .moved, old: ref(a[i], oldIndex + [i], oldTransform, old: true),
                        new: ref(b[j], newIndex + [j], newTransform, old: false), fields: fields))
            } else {
                changes.append(OperationChange(kind: .added, old: nil, new: ref(b[j], newIndex + [j], newTransform, old: false)))
            }
        }
        for r in removedQueue { report(removed: a[r], at: oldIndex + [r], oldTransform) }
    }

    private mutating func report(removed item: DisplayItem, at index: [Int], _ transform: AffineTransform) {
        changes.append(OperationChange(kind: .removed, old: ref(item, index, transform, old: true), new: nil))
    }

    private mutating func compareMatched(
        _ x: DisplayItem, _ y: DisplayItem, oldIndex: [Int], newIndex: [Int],
        oldTransform: AffineTransform, newTransform: AffineTransform
    ) {
        if tolerance.same(x, y) {
            unchanged += PreOrder.count([x])
            return
        }
        let fields = FieldDiff(tolerance: tolerance).changes(x, y)
        switch (x, y) {
        case (.group(let g), .group(let h)):
            if !fields.isEmpty {
                changes.append(
                    OperationChange(
                        kind: .changed, old: ref(x, oldIndex, oldTransform, old: true),
                        new: ref(y, newIndex, newTransform, old: false), fields: fields))
            } else {
                unchanged += 1
            }
            compare(
                g.items, h.items, oldIndex: oldIndex, newIndex: newIndex,
                oldTransform: oldTransform.prepending(g.transform), newTransform: newTransform.prepending(h.transform))
        case (.clip(let c), .clip(let d)):
            if !fields.isEmpty {
                changes.append(
                    OperationChange(
                        kind: .changed, old: ref(x, oldIndex, oldTransform, old: true),
                        new: ref(y, newIndex, newTransform, old: false), fields: fields))
            } else {
                unchanged += 1
            }
            compare(c.items, d.items, oldIndex: oldIndex, newIndex: newIndex, oldTransform: oldTransform, newTransform: newTransform)
        case (.layer(let l), .layer(let m)):
            if !fields.isEmpty {
                changes.append(
                    OperationChange(
                        kind: .changed, old: ref(x, oldIndex, oldTransform, old: true),
                        new: ref(y, newIndex, newTransform, old: false), fields: fields))
            } else {
                unchanged += 1
            }
            compare(l.items, m.items, oldIndex: oldIndex, newIndex: newIndex, oldTransform: oldTransform, newTransform: newTransform)
        case (.mask(let m), .mask(let n)):
            if !fields.isEmpty {
                changes.append(
                    OperationChange(
                        kind: .changed, old: ref(x, oldIndex, oldTransform, old: true),
                        new: ref(y, newIndex, newTransform, old: false), fields: fields))
            } else {
                unchanged += 1
            }
            // The content's items then the masked ones, indexed as `children` (the pre-order walk) is.
            compare(m.children, n.children, oldIndex: oldIndex, newIndex: newIndex, oldTransform: oldTransform, newTransform: newTransform)
        default:
            changes.append(
                OperationChange(
                    kind: .changed, old: ref(x, oldIndex, oldTransform, old: true),
                    new: ref(y, newIndex, newTransform, old: false), fields: fields))
        }
    }

    private func ref(_ item: DisplayItem, _ index: [Int], _ transform: AffineTransform, old: Bool) -> OperationRef {
        let sources = (old ? oldSources : newSources).flatMap { $0.files.count > item.sourceSpan.file.index ? $0 : nil }
        return OperationRef(
            operation: item.operationName, element: item.origin?.elementKind,
            origin: item.origin?.description,
            location: sources.map { SourceLocation(item.sourceSpan, in: $0) },
            sourceLine: sources.map { SourceLocation.lineText(item.sourceSpan, in: $0) },
            index: index,
            bounds: Bounds.of(item, transform: transform, canvas: old ? oldCanvas : newCanvas),
            iteration: item.origin?.iterationText)
    }
}
