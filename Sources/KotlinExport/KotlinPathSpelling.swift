import CodeGeneration

/// The runtime's `ScenePath` calls as generated Kotlin makes them (`PathDataLines` walks the path data).
struct KotlinPathSpelling: ConvertedArcSpelling {
    func number(_ value: Double) -> String { KotlinNames.doubleLiteral(value) }

    func move(_ path: String, x: String, y: String) -> String { "\(path).move(\(x), \(y))" }

    func line(_ path: String, x: String, y: String, at location: String) -> String { "\(path).line(\(x), \(y), \(location))" }

    func cubic(_ path: String, x1: String, y1: String, x2: String, y2: String, x: String, y: String, at location: String) -> String {
        "\(path).curve(\(x), \(y), \(x1), \(y1), \(x2), \(y2), \(location))"
    }

    func quad(_ path: String, x1: String, y1: String, x: String, y: String, at location: String) -> String {
        "\(path).quad(\(x), \(y), \(x1), \(y1), \(location))"
    }

    func close(_ path: String, at location: String) -> String { "\(path).close(\(location))" }

    func svgArc(
        _ path: String, fromX: String, fromY: String, rx: String, ry: String, rotation: String, largeArc: Bool, sweep: Bool,
        x: String, y: String, at location: String
    ) -> String {
        "\(path).svgArc(\(fromX), \(fromY), \(rx), \(ry), \(rotation), \(largeArc), \(sweep), \(x), \(y), \(location))"
    }

    func checkedCoordinate(_ value: String, at location: String) -> String { "SceneRuntime.coordinate(SceneValue.N(\(value)), \"'d'\", \(location))" }

    /// The path's current point is where the arc ends already: Kotlin's `continueArc` takes no end point.
    func continueArc(
        _ path: String, cx: String, cy: String, rx: String, ry: String, startAngle: String, sweep: String, toX: String, toY: String
    ) -> String {
        "\(path).continueArc(\(cx), \(cy), \(rx), \(ry), \(startAngle), \(sweep))"
    }

    func failingCoordinate(_ value: String, at location: String) -> String { checkedCoordinate(value, at: location) }
}
