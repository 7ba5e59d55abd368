/// `ElementKind` and `BlockContext` are looked up in dictionaries and sets for every element checked
/// and evaluated (`Schema.spec`, the allowed contexts, the evaluator's element counts). As
/// `RawRepresentable` types they would hash and compare their raw value, a String (SipHash over the
/// name: a visible cost in the callgrind profile, docs/performance.md). Both are plain enums of
/// fewer than 256 cases, stored as a one-byte case number: comparing and hashing that number gives
/// the same equality, and no output depends on hash values (Swift seeds them per process).
extension ElementKind {
    @inlinable var caseNumber: UInt8 { unsafeBitCast(self, to: UInt8.self) }
    @inlinable public static func == (a: ElementKind, b: ElementKind) -> Bool { a.caseNumber == b.caseNumber }
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(caseNumber) }
}

extension BlockContext {
    @inlinable var caseNumber: UInt8 { unsafeBitCast(self, to: UInt8.self) }
    @inlinable public static func == (a: BlockContext, b: BlockContext) -> Bool { a.caseNumber == b.caseNumber }
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(caseNumber) }
}
