import SceneSyntax

/// Attribute lookups for evaluation: `Node.expression(_:)` and `Node.word(_:)` with names
/// compared by length before content. Every element asks for each attribute it could have (a
/// `<rect>` about twenty names, most of them absent) every time it is evaluated, and two Strings
/// that differ take a call into the standard library's comparison: a tenth of the time of a large
/// scene. The names asked for are the schema's (ASCII), and a name the checker let into a table
/// equals one of them as a String; a name whose length no entry has is absent at once (see
/// `AttributeTable.nameLengths`). The characters that Unicode makes equal to an ASCII one of
/// another length (U+212A KELVIN SIGN to K, U+1FEF, U+037E to ` and ;) are in no schema name, so
/// equal names have equal lengths.
extension Node {
    @inline(__always)
    func attributeExpression(_ name: String) -> Expr? { expressions.named(name) }

    @inline(__always)
    func attributeWord(_ name: String) -> Word? { words.named(name) }
}

extension AttributeTable {
    @inline(__always)
    func named(_ name: String) -> Value? {
        let length = name.utf8.count
        guard nameLengths & Self.lengthBit(length) != 0 else { return nil }
        for entry in entries where entry.name.utf8.count == length && entry.name == name { return entry.value }
        return nil
    }
}
