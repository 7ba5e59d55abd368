/// Every element of the scene language, closed. Raw values are the element names. The schema
/// (SceneSyntax's `Schema`) says what each one takes; the display list's origins store the kind
/// itself (`Origin.Step.element`).
public enum ElementKind: String, CaseIterable, Sendable {
    case scene, param, `let`, assert
    case `if`, elseif, `else`, `for`
    case component, use
    case group, translate, rotate, scale, concatenate, clip, shape
    case layer
    case mask, content
    case row, column
    case gradient, stop, paint
    case rect, oval, circle, arc, path, text
    case move, line, curve, quad, close
}

/// `ElementKind` is looked up in dictionaries and sets for every element checked and evaluated
/// (`Schema.spec`, the allowed contexts, the evaluator's element counts). As a `RawRepresentable`
/// type it would hash and compare its raw value, a String (SipHash over the name). It is a plain
/// enum of fewer than 256 cases, stored as a one-byte case number: comparing and hashing that
/// number gives the same equality, and no output depends on hash values (Swift seeds them per process).
extension ElementKind {
    /// The case's place in the declaration (0 for `scene`).
    @inlinable public var caseNumber: UInt8 { unsafeBitCast(self, to: UInt8.self) }
    @inlinable public static func == (a: ElementKind, b: ElementKind) -> Bool { a.caseNumber == b.caseNumber }
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(caseNumber) }
}
