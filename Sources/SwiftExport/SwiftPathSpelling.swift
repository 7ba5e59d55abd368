import CodeGeneration

/// The runtime's `ScenePath` calls as generated Swift makes them (`PathDataLines` walks the path data).
struct SwiftPathSpelling: ConvertedArcSpelling {
    func number(_ value: Double) -> String { SwiftNames.doubleLiteral(value) }

    func move(_ path: String, x: String, y: String) -> String { "\(path).move(\(x), \(y))" }

    func line(_ path: String, x: String, y: String, at location: String) -> String { "try \(path).line(\(x), \(y), at: \(location))" }

    func cubic(_ path: String, x1: String, y1: String, x2: String, y2: String, x: String, y: String, at location: String) -> String {
        "try \(path).curve(\(x), \(y), cx1: \(x1), cy1: \(y1), cx2: \(x2), cy2: \(y2), at: \(location))"
    }

    func quad(_ path: String, x1: String, y1: String, x: String, y: String, at location: String) -> String {
        "try \(path).quad(\(x), \(y), cx: \(x1), cy: \(y1), at: \(location))"
    }

    func close(_ path: String, at location: String) -> String { "try \(path).close(at: \(location))" }

    func svgArc(
        _ path: String, fromX: String, fromY: String, rx: String, ry: String, rotation: String, largeArc: Bool, sweep: Bool,
        x: String, y: String, at location: String
    ) -> String {
        "try \(path).svgArc(fromX: \(fromX), fromY: \(fromY), rx: \(rx), ry: \(ry), rotation: \(rotation), "
            + "largeArc: \(largeArc), sweep: \(sweep), toX: \(x), toY: \(y), at: \(location))"
    }

    func checkedCoordinate(_ value: String, at location: String) -> String { "try R.coordinate(.number(\(value)), \"'d'\", at: \(location))" }

    func continueArc(
        _ path: String, cx: String, cy: String, rx: String, ry: String, startAngle: String, sweep: String, toX: String, toY: String
    ) -> String {
        "\(path).continueArc(cx: \(cx), cy: \(cy), rx: \(rx), ry: \(ry), startAngle: \(startAngle), sweep: \(sweep), toX: \(toX), toY: \(toY))"
    }

    func failingCoordinate(_ value: String, at location: String) -> String { "_ = try R.coordinate(V.number(\(value)), \"'d'\", at: \(location))" }
}
