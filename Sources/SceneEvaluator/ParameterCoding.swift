import DisplayList
import ResolvedProgram
import SceneSource

/// Parameter declarations as JSON, for `scenec params --json`, the preview's inspector and the
/// review page: `{"name", "type", "default", "min", "max", "description", "span"}`. The default is
/// written as the value a user would give (a number, `true`, a string, a color as `#rrggbbaa`, a
/// list as an array), so it reads naturally; decoding reads it back as the declared type.
extension ParameterDeclaration: Codable {
    enum CodingKeys: String, CodingKey {
        case name, type, `default`, min, max, description, span
    }

    enum SpanKeys: String, CodingKey {
        case file, start, end
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(type.name, forKey: .type)
        try encodeValue(defaultValue, into: &c, forKey: .default)
        try c.encodeIfPresent(minimum, forKey: .min)
        try c.encodeIfPresent(maximum, forKey: .max)
        try c.encodeIfPresent(description, forKey: .description)
        var s = c.nestedContainer(keyedBy: SpanKeys.self, forKey: .span)
        try s.encode(span.file.index, forKey: .file)
        try s.encode(span.start, forKey: .start)
        try s.encode(span.end, forKey: .end)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let typeName = try c.decode(String.self, forKey: .type)
        guard let type = ParameterType(keyword: typeName) else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "unknown parameter type '\(typeName)'")
        }
        let value: Value
        switch type {
        case .int: value = .int(try c.decode(Int.self, forKey: .default))
        case .number: value = .number(try c.decode(Double.self, forKey: .default))
        case .bool: value = .bool(try c.decode(Bool.self, forKey: .default))
        case .string, .date: value = .string(try c.decode(String.self, forKey: .default))
        case .color:
            let text = try c.decode(String.self, forKey: .default)
            guard let color = Color(hex: text) else {
                throw DecodingError.dataCorruptedError(forKey: .default, in: c, debugDescription: "expected #rrggbbaa, got '\(text)'")
            }
            value = .color(color)
        case .list(let ints):
            value = .list(
                ints
                    ? try c.decode([Int].self, forKey: .default).map(Value.int)
                    : try c.decode([Double].self, forKey: .default).map(Value.number))
        case .stringList:
            value = .list(try c.decode([String].self, forKey: .default).map(Value.string))
        case .colorList:
            var colors: [Value] = []
            for text in try c.decode([String].self, forKey: .default) {
                guard let color = Color(hex: text) else {
                    throw DecodingError.dataCorruptedError(forKey: .default, in: c, debugDescription: "expected #rrggbbaa, got '\(text)'")
                }
                colors.append(.color(color))
            }
            value = .list(colors)
        }
        var span = SourceSpan(file: FileID(0), start: 0, end: 0)
        if c.contains(.span) {
            let s = try c.nestedContainer(keyedBy: SpanKeys.self, forKey: .span)
            span = SourceSpan(
                file: FileID(try s.decode(Int.self, forKey: .file)), start: try s.decode(Int.self, forKey: .start),
                end: try s.decode(Int.self, forKey: .end))
        }
        self.init(
            name: try c.decode(String.self, forKey: .name), type: type, defaultValue: value,
            minimum: try c.decodeIfPresent(Double.self, forKey: .min),
            maximum: try c.decodeIfPresent(Double.self, forKey: .max),
            description: try c.decodeIfPresent(String.self, forKey: .description), span: span)
    }

    private func encodeValue(_ value: Value, into c: inout KeyedEncodingContainer<CodingKeys>, forKey key: CodingKeys) throws {
        switch value {
        case .int(let v): try c.encode(v, forKey: key)
        case .number(let v): try c.encode(v, forKey: key)
        case .bool(let v): try c.encode(v, forKey: key)
        case .string(let v): try c.encode(v, forKey: key)
        case .color(let v): try c.encode(v.hexRGBA, forKey: key)
        case .list(let items) where type == .stringList:
            try c.encode(items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }, forKey: key)
        case .list(let items) where type == .colorList:
            try c.encode(items.compactMap { if case .color(let v) = $0 { return v.hexRGBA } else { return nil } }, forKey: key)
        case .list(let items):
            if items.allSatisfy({ if case .int = $0 { return true } else { return false } }) {
                try c.encode(items.compactMap { if case .int(let i) = $0 { return i } else { return nil } }, forKey: key)
            } else {
                try c.encode(items.compactMap(\.numeric), forKey: key)
            }
        default: try c.encodeNil(forKey: key)
        }
    }
}
