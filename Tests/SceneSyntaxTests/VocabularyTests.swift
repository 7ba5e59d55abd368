import SceneSyntax
import Testing

/// `AttributeID` (SceneVocabulary) names exactly the schema's attributes, in the byte order of
/// their names: a node's attributes kept by ID are then sorted as they were when kept by name.
struct VocabularyTests {
    static var schemaAttributes: [AttributeSpec] {
        ElementKind.allCases.flatMap { Schema.spec($0).allAttributes(in: .drawing) }
    }

    @Test func everyAttributeIDIsAnAttributeOfTheSchema() {
        let used = Set(Self.schemaAttributes.map(\.id))
        for id in AttributeID.allCases {
            #expect(used.contains(id), "'\(id.rawValue)' is on no element of the schema")
        }
        for spec in Self.schemaAttributes {
            #expect(spec.name == spec.id.rawValue)
        }
    }

    @Test func attributeIDsAreInTheByteOrderOfTheirNames() {
        let names = AttributeID.allCases.map(\.rawValue)
        let sorted = names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(names == sorted)
        #expect(Set(names).count == names.count)
    }

    /// Case numbers index the two words of an `AttributeSet`; each ID is its own member.
    @Test func attributeIDsFitTheSet() {
        for (number, id) in AttributeID.allCases.enumerated() {
            #expect(Int(id.caseNumber) == number)
            var set = AttributeSet()
            set.insert(id)
            #expect(set.contains(id) && set.low.nonzeroBitCount + set.high.nonzeroBitCount == 1)
            #expect(AttributeID.allCases.filter { set.contains($0) } == [id])
        }
        #expect(AttributeID.allCases.count <= 128)
        for (number, kind) in ElementKind.allCases.enumerated() { #expect(Int(kind.caseNumber) == number) }
    }
}
