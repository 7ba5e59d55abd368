/// Every attribute name of the schema (SceneSyntax's `Schema`), closed: the checked tree keeps a
/// node's attributes by this ID, and the evaluator asks for them by case, never by a string.
/// Raw values are the names as written in a scene. The cases are in the byte order of their names
/// (a test keeps it so, and keeps every case used by the schema): a node's attributes sorted by ID
/// are sorted by name, as they were when they were kept by name.
public enum AttributeID: String, CaseIterable, Sendable {
    case a, align, angle, b, baseline, blend, bottomLeftRadius, bottomRightRadius, c, clockwise, color, component, cx
    case cx1, cx2, cy, cy1, cy2, d, dash, dashPhase, `default`, description, endAngle, extend, fill, fillRule
    case font, from, height, `in`, index, justify, lineCap, lineHeight, lineJoin, lineWidth, max, maxLines, message, min, miterLimit, mode, name
    case offset, opacity, pivotX, pivotY, radius, rotate, scale, scaleX, scaleY, shadowBlur, shadowColor
    case shadowOffsetX, shadowOffsetY, size, spacing, src, startAngle, step, stroke, test, through, to, topLeftRadius
    case topRightRadius, tx, ty, type, value, `var`, weight, width, x, y
}

extension AttributeID {
    /// The case's place in the declaration, below 128 (`AttributeSet` holds two words of bits).
    @inlinable public var caseNumber: UInt8 { unsafeBitCast(self, to: UInt8.self) }
    @inlinable public static func == (a: AttributeID, b: AttributeID) -> Bool { a.caseNumber == b.caseNumber }
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(caseNumber) }
}

/// A set of attributes as two words of bits, one per case number (`AttributeTable.present`).
/// Two UInt64 rather than one UInt128, so that a node keeps the 8-byte alignment of its other fields.
public struct AttributeSet: Hashable, Sendable {
    public var low: UInt64, high: UInt64

    @inlinable public init() { low = 0; high = 0 }

    @inlinable public init(_ ids: AttributeID...) {
        low = 0; high = 0
        for id in ids { insert(id) }
    }

    @inlinable public func contains(_ id: AttributeID) -> Bool {
        let n = id.caseNumber
        return n < 64 ? low & (1 &<< UInt64(n)) != 0 : high & (1 &<< UInt64(n &- 64)) != 0
    }

    @inlinable public mutating func insert(_ id: AttributeID) {
        let n = id.caseNumber
        if n < 64 { low |= 1 &<< UInt64(n) } else { high |= 1 &<< UInt64(n &- 64) }
    }

    /// Whether the two sets share an attribute.
    @inlinable public func intersects(_ other: AttributeSet) -> Bool { low & other.low != 0 || high & other.high != 0 }
}
