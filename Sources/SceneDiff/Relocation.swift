import DisplayList
import SceneSource

extension StructuralReport {
    /// The same report with the new side's operations located in `live`, the display list they
    /// were dumped from. A snapshot test compares a committed reference dump with a dump of the
    /// new drawing (both parsed, so both are rounded alike); the parsed side knows no source
    /// lines, but each of its operations sits at the same index path as in the list it came from.
    public func relocated(to live: DisplayList, sources: SourceMap) -> StructuralReport {
        func item(at index: [Int]) -> DisplayItem? {
            var items = live.items
            var found: DisplayItem?
            for (depth, i) in index.enumerated() {
                guard i >= 0, i < items.count else { return nil }
                found = items[i]
                if depth < index.count - 1 { items = items[i].children }
            }
            return found
        }
        func relocate(_ ref: OperationRef?) -> OperationRef? {
            guard let ref, let original = item(at: ref.index) else { return ref }
            let span = original.sourceSpan
            let known = span.file.index < sources.files.count
            return OperationRef(
                operation: ref.operation, element: original.origin?.elementKind ?? ref.element,
                origin: original.origin?.description ?? ref.origin,
                location: known ? SourceLocation(span, in: sources) : ref.location,
                sourceLine: known ? SourceLocation.lineText(span, in: sources) : ref.sourceLine,
                index: ref.index, bounds: ref.bounds, iteration: original.origin?.iterationText ?? ref.iteration)
        }
        let moved = changes.map { OperationChange(kind: $0.kind, old: $0.old, new: relocate($0.new), fields: $0.fields) }
        return StructuralReport(oldSize: oldSize, newSize: newSize, sizeChanged: sizeChanged, changes: moved, unchanged: unchanged)
    }
}
