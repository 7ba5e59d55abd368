import DisplayList
import SceneEvaluator

/// `scenec params`: a scene's Attributes Inspector, as a table for people or JSON for tools.
extension SceneCompiler {
    public static func parametersTable(_ loaded: LoadedScene) -> String {
        guard !loaded.parameters.isEmpty else { return "no parameters\n" }
        let rows = loaded.parameters.map { p -> [String] in
            [p.name, p.type.name, defaultText(p), rangeColumn(p), p.description ?? ""]
        }
        let header = ["NAME", "TYPE", "DEFAULT", "RANGE", "DESCRIPTION"]
        let all = [header] + rows
        let widths = (0..<header.count).map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n") + "\n"
    }

    /// A date reads as written on the command line (2026-11-21), other values as in messages.
    private static func defaultText(_ p: ParameterDeclaration) -> String {
        if p.type == .date, case .string(let text) = p.defaultValue { return text }
        return p.defaultValue.description
    }

    private static func rangeColumn(_ p: ParameterDeclaration) -> String {
        switch (p.minimum, p.maximum) {
        case let (lo?, hi?): return "\(NumberFormat.format(lo, decimals: 6))…\(NumberFormat.format(hi, decimals: 6))"
        case let (lo?, nil): return "≥ \(NumberFormat.format(lo, decimals: 6))"
        case let (nil, hi?): return "≤ \(NumberFormat.format(hi, decimals: 6))"
        default: return "-"
        }
    }

    /// JSON with a fixed key order and fixed number formatting, so it diffs and tests byte for byte.
    public static func parametersJSON(_ loaded: LoadedScene) -> String {
        let objects = loaded.parameters.map { p -> String in
            var fields = ["\"name\": \(jsonString(p.name))", "\"type\": \(jsonString(p.type.name))",
                          "\"default\": \(jsonValue(p.defaultValue))"]
            if let lo = p.minimum { fields.append("\"min\": \(NumberFormat.format(lo, decimals: 6))") }
            if let hi = p.maximum { fields.append("\"max\": \(NumberFormat.format(hi, decimals: 6))") }
            if let d = p.description { fields.append("\"description\": \(jsonString(d))") }
            return "  {" + fields.joined(separator: ", ") + "}"
        }
        return objects.isEmpty ? "[]\n" : "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    static func jsonValue(_ value: Value) -> String {
        switch value {
        case .int(let v): return String(v)
        case .number(let v): return NumberFormat.format(v, decimals: 6)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return jsonString(s)
        case .color(let c): return jsonString(c.hexRGBA)
        case .list(let items): return "[" + items.map(jsonValue).joined(separator: ", ") + "]"
        default: return "null"
        }
    }

    static func jsonString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }

}
