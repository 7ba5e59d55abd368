/// One attribute of an element: an expression or a word, by `AttributeID`.
public enum ProgramAttributeValue: Hashable, Sendable {
    case expression(ProgramExpression)
    case word(ProgramWord)
}

/// An element's attributes in slots by `AttributeID` (never by name): sorted by ID, which is the
/// byte order of the names, so the order they were written in does not matter.
public struct ProgramAttributes: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public let id: AttributeID
        public let value: ProgramAttributeValue

        public init(id: AttributeID, value: ProgramAttributeValue) { self.id = id; self.value = value }
    }

    /// Sorted by `id`; each ID at most once.
    public let entries: [Entry]
    /// The IDs present.
    public let present: AttributeSet

    public init(_ entries: [Entry]) {
        var byID: [Entry] = []
        for entry in entries.sorted(by: { $0.id.caseNumber < $1.id.caseNumber }) {
            if let last = byID.last, last.id == entry.id { byID[byID.count - 1] = entry } else { byID.append(entry) }
        }
        self.entries = byID
        var present = AttributeSet()
        for entry in byID { present.insert(entry.id) }
        self.present = present
    }

    public static let empty = ProgramAttributes([])

    public subscript(id: AttributeID) -> ProgramAttributeValue? {
        guard present.contains(id) else { return nil }
        return entries.first { $0.id == id }?.value
    }

    /// The expression of attribute `id`, nil when it is absent or a word.
    public func expression(_ id: AttributeID) -> ProgramExpression? {
        if case .expression(let e)? = self[id] { return e }
        return nil
    }

    /// The word of attribute `id`, nil when it is absent or an expression.
    public func word(_ id: AttributeID) -> ProgramWord? {
        if case .word(let w)? = self[id] { return w }
        return nil
    }
}
