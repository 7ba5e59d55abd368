import SceneSyntax
import Testing

/// `AttributeTable.present` only answers "absent" sooner: every lookup gives what a walk of the
/// entries gives, for attributes present and absent, and the entries stay sorted by name.
@Suite struct AttributeTableTests {
    @Test func lookupsMatchAWalkOfTheEntries() {
        var table: AttributeTable<Int> = [.x: 1, .width: 2, .height: 3, .fill: 4]
        table.set(.x, 5) // replaced, not added
        for id in AttributeID.allCases {
            #expect(table[id] == table.entries.first { $0.id == id }?.value, "\(id.rawValue)")
        }
        #expect(table[.x] == 5 && table[.dash] == nil && table[.topLeftRadius] == nil)
        #expect(table.count == 4)
        #expect(table.keys == ["fill", "height", "width", "x"])
        #expect(table.containsAny(of: AttributeSet(.dash, .fill)) && !table.containsAny(of: AttributeSet(.dash, .y)))
    }

    @Test func everyAttributeIsFound() {
        var table = AttributeTable<Int>()
        for (n, id) in AttributeID.allCases.enumerated() where n % 2 == 0 { table.set(id, n) }
        for (n, id) in AttributeID.allCases.enumerated() { #expect(table[id] == (n % 2 == 0 ? n : nil), "\(id.rawValue)") }
        #expect(table.keys == table.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    @Test func equalTablesHaveEqualMasks() {
        let a: AttributeTable<Int> = [.x: 1, .width: 2]
        var b = AttributeTable<Int>()
        b.set(.width, 2)
        b.set(.x, 1)
        #expect(a == b && a.hashValue == b.hashValue && a.present == b.present)
    }
}
