import SceneVocabulary

/// A node's attributes by ID (`Node.expressions`, `Node.words`): a handful of entries, asked for
/// every element each time it is evaluated, nearly always for attributes it does not have (a
/// `<rect>` is asked for a dozen it rarely has). `present` answers those at once; a present one is
/// found by comparing one byte per entry. Kept sorted by ID, which is the byte order of the names
/// (`AttributeID`), so that equality does not depend on the order the attributes were written in.
/// `@inlinable` so that other modules get code specialized for `Expr` and `Word`, not generic code.
public struct AttributeTable<Value: Hashable & Sendable>: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    public struct Entry: Hashable, Sendable {
        public let id: AttributeID
        public let value: Value

        /// The attribute's name as written.
        public var name: String { id.rawValue }

        init(id: AttributeID, value: Value) { self.id = id; self.value = value }
    }

    /// The entries, sorted by ID (and so by name).
    public private(set) var entries: [Entry]
    /// The IDs of the entries.
    public private(set) var present = AttributeSet()

    public init() { entries = [] }

    public init(dictionaryLiteral elements: (AttributeID, Value)...) {
        entries = []
        for (id, value) in elements { set(id, value) }
    }

    @inlinable public var isEmpty: Bool { entries.isEmpty }
    @inlinable public var count: Int { entries.count }
    /// The names, sorted.
    @inlinable public var keys: [String] { entries.map { $0.name } }

    @inlinable public subscript(id: AttributeID) -> Value? {
        guard present.contains(id) else { return nil }
        for entry in entries where entry.id == id { return entry.value }
        return nil
    }

    /// Whether any of `ids` is present.
    @inlinable public func containsAny(of ids: AttributeSet) -> Bool { present.intersects(ids) }

    /// Adds or replaces the entry for `id`.
    public mutating func set(_ id: AttributeID, _ value: Value) {
        let index = entries.firstIndex { $0.id.caseNumber >= id.caseNumber } ?? entries.endIndex
        if index < entries.endIndex && entries[index].id == id {
            entries[index] = Entry(id: id, value: value)
        } else {
            entries.insert(Entry(id: id, value: value), at: index)
        }
        present.insert(id)
    }
}
