/// A node's attributes by name (`Node.expressions`, `Node.words`): a handful of entries, looked up
/// for every element each time it is evaluated. A dictionary hashed every name on every lookup
/// (SipHash: the largest single cost of a compile in the callgrind profile, docs/performance.md);
/// comparing a few short names is cheaper. Kept sorted (by the names' UTF-8 bytes) so that equality
/// does not depend on the order the attributes were written in, as with the dictionary it replaces.
/// `@inlinable` so that other modules get code specialized for `Expr` and `Word`, not generic code.
public struct AttributeTable<Value: Hashable & Sendable>: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    public struct Entry: Hashable, Sendable {
        public let name: String
        public let value: Value

        init(name: String, value: Value) { self.name = name; self.value = value }
    }

    /// The entries, sorted by name.
    public private(set) var entries: [Entry]
    /// Bit `n` (`lengthBit`) is set when an entry's name is `n` UTF-8 bytes long (63 or more share
    /// the last bit). Most lookups are for attributes that are absent (a `<rect>` is asked for a
    /// dozen it rarely has) and most of those have a length no entry has: they end on one test of
    /// this mask, without walking the entries.
    public private(set) var nameLengths: UInt64 = 0

    public init() { entries = [] }

    public init(dictionaryLiteral elements: (String, Value)...) {
        entries = []
        for (name, value) in elements { set(name, value) }
    }

    /// The bit of `nameLengths` for a name of `length` UTF-8 bytes.
    @inlinable public static func lengthBit(_ length: Int) -> UInt64 { 1 &<< UInt64(min(length, 63)) }

    @inlinable public var isEmpty: Bool { entries.isEmpty }
    @inlinable public var count: Int { entries.count }
    /// The names, sorted.
    @inlinable public var keys: [String] { entries.map { $0.name } }

    @inlinable public subscript(name: String) -> Value? {
        // Lengths first: most entries differ in length from the name asked for, and comparing two
        // lengths is cheaper than the string comparison it spares.
        let length = name.utf8.count
        guard nameLengths & Self.lengthBit(length) != 0 else { return nil }
        for entry in entries where entry.name.utf8.count == length && entry.name == name { return entry.value }
        return nil
    }

    /// Adds or replaces the entry for `name`.
    public mutating func set(_ name: String, _ value: Value) {
        let index = entries.firstIndex { !Self.precedes($0.name, name) } ?? entries.endIndex
        if index < entries.endIndex && entries[index].name == name {
            entries[index] = Entry(name: name, value: value)
        } else {
            entries.insert(Entry(name: name, value: value), at: index)
        }
        nameLengths |= Self.lengthBit(name.utf8.count)
    }

    /// Whether `a`'s UTF-8 bytes sort before `b`'s: an index loop over the contiguous bytes (the
    /// generic `lexicographicallyPrecedes` over two UTF-8 views cost about a thousand instructions a
    /// call in the profile, for names of a few letters).
    static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                for k in 0..<min(x.count, y.count) where x[k] != y[k] { return x[k] < y[k] }
                return x.count < y.count
            }
        }
    }
}
