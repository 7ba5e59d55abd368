import DisplayList
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneSource

/// One difference between two display lists, as a reviewer reads it: an operation added, removed,
/// changed (with each field that changed, old → new) or moved, with where each side came from.
public struct OperationChange: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case added, removed, changed, moved
    }

    public let kind: Kind
    /// The operation in the old list (nil when added).
    public let old: OperationRef?
    /// The operation in the new list (nil when removed).
    public let new: OperationRef?
    /// For `changed` (and a `moved` operation that also changed): each field that differs.
    public let fields: [FieldChange]

    public init(kind: Kind, old: OperationRef?, new: OperationRef?, fields: [FieldChange] = []) {
        self.kind = kind
        self.old = old
        self.new = new
        self.fields = fields
    }
}

/// An operation of one side: what it is, which element drew it, where that element is written,
/// and where the operation sits in the list.
public struct OperationRef: Hashable, Sendable, Codable {
    /// `fill`, `stroke`, `paint`, `group`, `clip` or `text`.
    public let operation: String
    /// The element that drew it (`rect`, `arc`, `use`…), when the list knows its origin.
    public let element: String?
    /// The origin's text (`scene#0/group#1/for#0[i=3]/rect#0`), when known.
    public let origin: String?
    /// `counter.scene:42:5`, when the sources are known.
    public let location: SourceLocation?
    /// The text of that line, trimmed of surrounding white space and cut at `SourceLocation.maxLineText`
    /// characters (with "…"), when the sources are known: what the review page shows beside the location.
    public let sourceLine: String?
    /// The index of the operation at each level of groups and clips, from the top.
    public let index: [Int]
    /// The operation's bounds in canvas coordinates (points), when it has a shape.
    public let bounds: Rect?
    /// The loop iterations it was drawn in, outermost first (`row = 1, i = 2`): what tells apart
    /// the operations one element draws in a loop, which share its location.
    public var iteration: String? = nil
    /// The attribute of the element whose value changed (`fill`), when the change is an edit of
    /// the element's own attributes: `location` and `sourceLine` are then its value's, not the
    /// element's (`AttributeEdits`).
    public var attribute: String? = nil

    /// `fill <rect> (i = 2)`: the operation, its element and its loop iteration.
    public var name: String {
        operation + (element.map { " <\($0)>" } ?? "") + (iteration.map { " (\($0))" } ?? "")
    }
}

/// A position in a source file, resolved for people and tools.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public var description: String { "\(file):\(line):\(column)" }

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public init(_ span: SourceSpan, in sources: SourceMap) {
        let file = sources[span.file]
        let (line, column) = file.location(of: span.start)
        self.init(file: file.path, line: line, column: column)
    }

    /// The longest line text an `OperationRef` carries, in characters: a one-line scene of a
    /// megabyte must not repeat that megabyte for every change.
    public static let maxLineText = 300

    /// The text of the line at `span`'s start, trimmed and cut at `maxLineText` characters.
    public static func lineText(_ span: SourceSpan, in sources: SourceMap) -> String {
        let file = sources[span.file]
        let text = file.lineText(file.location(of: span.start).line).trimming(.spaces)
        return text.count > maxLineText ? String(text.prefix(maxLineText)) + "…" : text
    }
}

/// One field of an operation that changed: `paint #57dad5ff → #ff0000ff`, `radius 5.52 → 6`.
public struct FieldChange: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A stable identifier, the same in every review: `paint`, `opacity`, `geometry.radius`.
    public let field: String
    public let old: String
    public let new: String
    /// What a person reads for the field, when it is not the identifier: `radius`, `path segment 2 of 5`.
    public let label: String?
    /// The label, else the identifier.
    public var name: String { label ?? field }
    public var description: String { "\(name) \(old) → \(new)" }

    public init(field: String, old: String, new: String, label: String? = nil) {
        self.field = field
        self.old = old
        self.new = new
        self.label = label
    }
}

/// An axis-aligned rectangle in canvas points.
public struct Rect: Hashable, Sendable, Codable {
    public let x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}
