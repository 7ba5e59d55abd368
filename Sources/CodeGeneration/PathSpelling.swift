/// How one language spells the calls generated code makes on a path it builds from `<path d=…>`:
/// each function returns one statement. Coordinates come already written (`x`, `y`, …), and
/// `location` is the source position the runtime reports a failure at.
public protocol PathSpelling {
    /// A constant number.
    func number(_ value: Double) -> String
    func move(_ path: String, x: String, y: String) -> String
    func line(_ path: String, x: String, y: String, at location: String) -> String
    func cubic(_ path: String, x1: String, y1: String, x2: String, y2: String, x: String, y: String, at location: String) -> String
    func quad(_ path: String, x1: String, y1: String, x: String, y: String, at location: String) -> String
    func close(_ path: String, at location: String) -> String
    /// SVG's endpoint arc, converted when drawn.
    func svgArc(
        _ path: String, fromX: String, fromY: String, rx: String, ry: String, rotation: String, largeArc: Bool, sweep: Bool,
        x: String, y: String, at location: String
    ) -> String
    /// A coordinate computed when drawn, checked against the evaluator's limit as it is used.
    func checkedCoordinate(_ value: String, at location: String) -> String
}

/// A language whose generated code gets constant arcs converted already (`SVGArc`, the
/// evaluator's own conversion), as the Swift and Kotlin generators do.
public protocol ConvertedArcSpelling: PathSpelling {
    /// An arc in SVGArc's centre form, continuing from the current point to (`toX`, `toY`).
    func continueArc(
        _ path: String, cx: String, cy: String, rx: String, ry: String, startAngle: String, sweep: String, toX: String, toY: String
    ) -> String
    /// A statement that fails when drawn: a constant past the evaluator's limit on coordinates.
    func failingCoordinate(_ value: String, at location: String) -> String
}
