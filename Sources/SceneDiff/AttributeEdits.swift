import SceneCompiler
import SceneSource
import SceneSyntax

/// Locates each changed operation at the attribute that was edited, not only at its element: an
/// element written over several lines (`<rect x="…"` then `fill="…"` below) showed its first line
/// as both "old" and "new" when the edit was on the second.
///
/// An operation's element is found on each side by its location (the element name in the start
/// tag, where the syntax tree's `Node.span` starts); its attributes' values are compared as written
/// (the text of each value's span, path commands inside a `<path>` and a `<text>`'s content
/// included), and the first that differs, in the order of the new file, becomes the location of
/// each side (its value's span) with its name in `OperationRef.attribute`. When no attribute of
/// the element itself was edited (the change came through a parameter, a variable, a component)
/// the element's location stays.
public enum AttributeEdits {
    public static func locate(_ report: StructuralReport, old: LoadedScene, new: LoadedScene) -> StructuralReport {
        guard report.changes.contains(where: { $0.kind == .changed || $0.kind == .moved }) else { return report }
        let before = Elements(old), after = Elements(new)
        let changes = report.changes.map { change -> OperationChange in
            guard change.kind == .changed || change.kind == .moved,
                let oldRef = change.old, let newRef = change.new,
                let x = before.node(at: oldRef.location), let y = after.node(at: newRef.location),
                let edited = firstEdit(x, y, old: before, new: after)
            else { return change }
            return OperationChange(
                kind: change.kind, old: before.relocate(oldRef, to: edited.old, attribute: edited.name),
                new: after.relocate(newRef, to: edited.new, attribute: edited.name), fields: change.fields)
        }
        return StructuralReport(
            oldSize: report.oldSize, newSize: report.newSize, sizeChanged: report.sizeChanged,
            changes: changes, unchanged: report.unchanged)
    }

    /// The first attribute whose value is written differently: its name and each side's value span
    /// (nil on a side that does not have it).
    static func firstEdit(_ x: Node, _ y: Node, old: Elements, new: Elements) -> (name: String, old: SourceSpan?, new: SourceSpan?)? {
        let a = attributes(x), b = attributes(y)
        let oldByName = Dictionary(a.map { ($0.name, $0.span) }, uniquingKeysWith: { first, _ in first })
        let newNames = Set(b.map(\.name))
        for (name, span) in b.sorted(by: { $0.span.start < $1.span.start }) {
            let was = oldByName[name]
            if was == nil || old.text(was!) != new.text(span) { return (name, was, span) }
        }
        // An attribute removed: the old side shows it, the new side the element.
        if let gone = a.sorted(by: { $0.span.start < $1.span.start }).first(where: { !newNames.contains($0.name) }) {
            return (gone.name, gone.span, nil)
        }
        return nil
    }

    /// The element's attributes with their values' spans, the content of a `<text>`, and the
    /// attributes of the path commands inside it (`line#1 x`: the second `<line>`'s x).
    static func attributes(_ node: Node) -> [(name: String, span: SourceSpan)] {
        var out: [(name: String, span: SourceSpan)] = []
        for entry in node.expressions.entries { out.append((entry.name, entry.value.span)) }
        for entry in node.words.entries { out.append((entry.name, entry.value.span)) }
        if let text = node.text { out.append(("text", text.span)) }
        var seen: [String: Int] = [:]
        for child in node.children where child.context == .path {
            let kind = child.kind.rawValue
            let index = seen[kind, default: 0]
            seen[kind] = index + 1
            for (name, span) in attributes(child) { out.append(("\(kind)#\(index) \(name)", span)) }
        }
        return out
    }

    /// One side's elements by where they start, in every file of its program.
    struct Elements {
        let scene: LoadedScene
        let byStart: [String: [Int: Node]]

        init(_ scene: LoadedScene) {
            self.scene = scene
            var index: [String: [Int: Node]] = [:]
            func walk(_ node: Node, _ path: String) {
                index[path, default: [:]][node.span.start] = node
                for child in node.children { walk(child, path) }
                for other in node.alternatives { walk(other, path) }
            }
            for (file, checked) in scene.program?.scenes ?? [:] where file.index < scene.sources.files.count {
                walk(checked.root, scene.sources[file].path)
            }
            byStart = index
        }

        func node(at location: SourceLocation?) -> Node? {
            guard let location, let file = scene.sources.files.first(where: { $0.path == location.file }) else { return nil }
            return byStart[location.file]?[file.offset(line: location.line, column: location.column)]
        }

        func text(_ span: SourceSpan) -> String? {
            guard span.file.index < scene.sources.files.count else { return nil }
            let bytes = scene.sources[span.file].bytes
            guard span.start >= 0, span.start <= span.end, span.end <= bytes.count else { return nil }
            return String(decoding: bytes[span.start..<span.end], as: UTF8.self)
        }

        /// The reference located at the value's span (the element's, when nil), naming the attribute.
        func relocate(_ ref: OperationRef, to span: SourceSpan?, attribute: String) -> OperationRef {
            var moved = ref
            moved.attribute = attribute
            guard let span, span.file.index < scene.sources.files.count else { return moved }
            moved = OperationRef(
                operation: ref.operation, element: ref.element, origin: ref.origin,
                location: SourceLocation(span, in: scene.sources),
                sourceLine: SourceLocation.lineText(span, in: scene.sources),
                index: ref.index, bounds: ref.bounds, iteration: ref.iteration)
            moved.attribute = attribute
            return moved
        }
    }
}
