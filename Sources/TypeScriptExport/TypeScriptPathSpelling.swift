import CodeGeneration

/// The runtime's path calls as the generated module makes them (`PathDataLines` walks the
/// interpolated path data); a segment from nowhere is skipped, as the evaluator skips it.
struct TypeScriptPathSpelling: PathSpelling {
    func number(_ value: Double) -> String { TypeScriptNames.number(value) }

    func move(_ path: String, x: String, y: String) -> String { "\(path).move(\(x), \(y));" }

    func line(_ path: String, x: String, y: String, at location: String) -> String { "\(path).lineIfAny(\(x), \(y));" }

    func cubic(_ path: String, x1: String, y1: String, x2: String, y2: String, x: String, y: String, at location: String) -> String {
        "\(path).curveIfAny(\(x1), \(y1), \(x2), \(y2), \(x), \(y));"
    }

    func quad(_ path: String, x1: String, y1: String, x: String, y: String, at location: String) -> String {
        "\(path).quadIfAny(\(x1), \(y1), \(x), \(y));"
    }

    func close(_ path: String, at location: String) -> String { "\(path).closeIfAny();" }

    func svgArc(
        _ path: String, fromX: String, fromY: String, rx: String, ry: String, rotation: String, largeArc: Bool, sweep: Bool,
        x: String, y: String, at location: String
    ) -> String {
        "\(path).svgArc(\(fromX), \(fromY), \(rx), \(ry), \(rotation), \(largeArc), \(sweep), \(x), \(y), \(location));"
    }

    func checkedCoordinate(_ value: String, at location: String) -> String { "$coord(\(value), \(location))" }
}
