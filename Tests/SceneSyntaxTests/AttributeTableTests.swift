import SceneSyntax
import Testing

/// `AttributeTable.nameLengths` only answers "absent" sooner: every lookup gives what a walk of
/// the entries gives, for names present, absent with a length some entry has, and absent with
/// a length none has.
@Suite struct AttributeTableTests {
    @Test func lookupsMatchAWalkOfTheEntries() {
        var table: AttributeTable<Int> = ["x": 1, "width": 2, "height": 3, "fill": 4]
        table.set("x", 5)  // replaced, not added
        let asked = ["x", "y", "width", "height", "fill", "dash", "radius", "stroke", "topLeftRadius", "", "X",
                     String(repeating: "a", count: 63), String(repeating: "a", count: 80)]
        for name in asked {
            #expect(table[name] == table.entries.first { $0.name == name }?.value, "\(name)")
        }
        #expect(table["x"] == 5 && table["dash"] == nil && table["topLeftRadius"] == nil)
        #expect(table.count == 4)
    }

    @Test func namesOfEveryLengthAreFound() {
        var table = AttributeTable<Int>()
        for length in [1, 2, 62, 63, 64, 100] { table.set(String(repeating: "n", count: length), length) }
        for length in [1, 2, 62, 63, 64, 100] { #expect(table[String(repeating: "n", count: length)] == length) }
        for length in [3, 61, 65, 99] { #expect(table[String(repeating: "n", count: length)] == nil) }
        #expect(table.nameLengths & AttributeTable<Int>.lengthBit(3) == 0)
    }

    @Test func equalTablesHaveEqualMasks() {
        let a: AttributeTable<Int> = ["x": 1, "width": 2]
        var b = AttributeTable<Int>()
        b.set("width", 2)
        b.set("x", 1)
        #expect(a == b && a.hashValue == b.hashValue)
    }
}
