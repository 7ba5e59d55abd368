/// `BlockContext` is looked up in sets for every element checked (the allowed contexts). As a
/// `RawRepresentable` type it would hash and compare its raw value, a String (SipHash over the
/// name). It is a plain enum of a few cases, stored as a one-byte case number: comparing and
/// hashing that number gives the same equality, and no output depends on hash values (Swift seeds
/// them per process). `ElementKind` does the same (SceneVocabulary).
extension BlockContext {
    @inlinable var caseNumber: UInt8 { unsafeBitCast(self, to: UInt8.self) }
    @inlinable public static func == (a: BlockContext, b: BlockContext) -> Bool { a.caseNumber == b.caseNumber }
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(caseNumber) }
}
