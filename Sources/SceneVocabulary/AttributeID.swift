/// Every attribute name of the schema (SceneSyntax's `Schema`), closed: the checked tree keeps a
/// node's attributes by this ID, and the evaluator asks for them by case, never by a string.
/// Raw values are the names as written in a scene. The cases are in the byte order of their names
/// (a test keeps it so, and keeps every case used by the schema): a node's attributes sorted by ID
/// are sorted by name, as they were when they were kept by name.
public enum AttributeID: String, CaseIterable, Sendable {
    case align, angle, baseline, blend, bottomLeftRadius, bottomRightRadius, clockwise, color, component, cx
    case cx1, cx2, cy, cy1, cy2, d, dash, dashPhase, `default`, description, endAngle, extend, fill, fillRule
    case font, from, height, `in`, index, lineCap, lineJoin, lineWidth, max, message, min, miterLimit, name
    case offset, opacity, pivotX, pivotY, radius, rotate, scale, scaleX, scaleY, shadowBlur, shadowColor
    case shadowOffsetX, shadowOffsetY, size, src, startAngle, step, stroke, test, through, to, topLeftRadius
    case topRightRadius, type, value, `var`, weight, width, x, y
}

extension AttributeID {
    /// The case's place in the declaration, below 128.
    @inlinable public var caseNumber: UInt8 { unsafeBitCast(self, to: UInt8.self) }
    @inlinable public static func == (a: AttributeID, b: AttributeID) -> Bool { a.caseNumber == b.caseNumber }
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(caseNumber) }
    /// The bit of this attribute in a presence mask (`AttributeTable.present`).
    @inlinable public var bit: UInt128 { 1 &<< UInt128(caseNumber) }
}
