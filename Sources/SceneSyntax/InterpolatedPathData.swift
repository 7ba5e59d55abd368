import SceneSource

/// A number of path data with `{…}` interpolations: a constant plus multiples of the interpolated
/// values (the slots). Relative commands add up the numbers before them and S/T reflect control
/// points (2·current − last), so every absolute coordinate is such a sum: known when the scene is
/// checked, evaluated when it runs, and written as code by the exporters.
public struct PathNumber: Hashable, Sendable {
    public struct Term: Hashable, Sendable {
        /// The index into `InterpolatedPathData.slots`.
        public let slot: Int
        public let coefficient: Double
    }
    public let constant: Double
    /// Ascending by slot; no zero coefficient.
    public let terms: [Term]

    public init(_ constant: Double) { self.constant = constant; self.terms = [] }
    private init(_ constant: Double, _ terms: [Term]) { self.constant = constant; self.terms = terms }

    /// The value of slot `index`, as written: `{r}`.
    public static func slot(_ index: Int) -> PathNumber { PathNumber(0, [Term(slot: index, coefficient: 1)]) }

    /// The number when no interpolation reaches it.
    public var constantValue: Double? { terms.isEmpty ? constant : nil }

    /// Constants combine with the same operations as path data without slots, so a `d` without
    /// `{` gives the same numbers bit for bit.
    public static func + (a: PathNumber, b: PathNumber) -> PathNumber { combined(a, 1, b) }
    public static func - (a: PathNumber, b: PathNumber) -> PathNumber { combined(a, -1, b) }
    public static func * (k: Double, a: PathNumber) -> PathNumber {
        PathNumber(k * a.constant, a.terms.compactMap { k * $0.coefficient == 0 ? nil : Term(slot: $0.slot, coefficient: k * $0.coefficient) })
    }

    private static func combined(_ a: PathNumber, _ sign: Double, _ b: PathNumber) -> PathNumber {
        let constant = sign > 0 ? a.constant + b.constant : a.constant - b.constant
        var terms: [Term] = []
        var i = 0, j = 0
        while i < a.terms.count || j < b.terms.count {
            if j == b.terms.count || (i < a.terms.count && a.terms[i].slot < b.terms[j].slot) {
                terms.append(a.terms[i]); i += 1
            } else if i == a.terms.count || b.terms[j].slot < a.terms[i].slot {
                terms.append(Term(slot: b.terms[j].slot, coefficient: sign * b.terms[j].coefficient)); j += 1
            } else {
                let k = a.terms[i].coefficient + sign * b.terms[j].coefficient
                if k != 0 { terms.append(Term(slot: a.terms[i].slot, coefficient: k)) }
                i += 1; j += 1
            }
        }
        return PathNumber(constant, terms)
    }

    /// The number for the slots' values: the constant, then each term in order (the exporters
    /// write the same sum in the same order).
    public func value(_ slots: [Double]) -> Double {
        var total = constant
        for term in terms { total += term.coefficient == 1 ? slots[term.slot] : term.coefficient * slots[term.slot] }
        return total
    }
}

/// One command of an interpolated `d`, made absolute as `PathDataCommand` is.
public struct InterpolatedPathCommand: Hashable, Sendable {
    public enum Operation: Hashable, Sendable {
        case move(x: PathNumber, y: PathNumber)
        case line(x: PathNumber, y: PathNumber)
        case cubic(x1: PathNumber, y1: PathNumber, x2: PathNumber, y2: PathNumber, x: PathNumber, y: PathNumber)
        case quad(x1: PathNumber, y1: PathNumber, x: PathNumber, y: PathNumber)
        /// The flags are never interpolated: they choose which arc, not where it is.
        case arc(
            fromX: PathNumber, fromY: PathNumber, rx: PathNumber, ry: PathNumber, rotation: PathNumber,
            largeArc: Bool, sweep: Bool, x: PathNumber, y: PathNumber)
        case close
    }
    public let operation: Operation
    public let span: SourceSpan

    /// The command for the slots' values.
    public func resolved(_ slots: [Double]) -> PathDataCommand {
        func v(_ n: PathNumber) -> Double { n.value(slots) }
        switch operation {
        case .move(let x, let y): return PathDataCommand(operation: .move(x: v(x), y: v(y)), span: span)
        case .line(let x, let y): return PathDataCommand(operation: .line(x: v(x), y: v(y)), span: span)
        case .cubic(let x1, let y1, let x2, let y2, let x, let y):
            return PathDataCommand(operation: .cubic(x1: v(x1), y1: v(y1), x2: v(x2), y2: v(y2), x: v(x), y: v(y)), span: span)
        case .quad(let x1, let y1, let x, let y):
            return PathDataCommand(operation: .quad(x1: v(x1), y1: v(y1), x: v(x), y: v(y)), span: span)
        case .arc(let fromX, let fromY, let rx, let ry, let rotation, let largeArc, let sweep, let x, let y):
            return PathDataCommand(
                operation: .arc(
                    fromX: v(fromX), fromY: v(fromY), rx: v(rx), ry: v(ry), rotation: v(rotation),
                    largeArc: largeArc, sweep: sweep, x: v(x), y: v(y)), span: span)
        case .close: return PathDataCommand(operation: .close, span: span)
        }
    }
}

/// A `<path d="…">` with `{expression}` in number positions (`M {x} {y} h {w}`): the commands over
/// `PathNumber`s and the expressions they refer to, in source order. Generic over the expression
/// so the syntax tree (`Expr`) and the resolved program (`ProgramExpression`) carry the same shape.
public struct InterpolatedPathData<Expression: Hashable & Sendable>: Hashable, Sendable {
    public let commands: [InterpolatedPathCommand]
    /// The interpolated expressions; `PathNumber.Term.slot` indexes this.
    public let slots: [Expression]

    public init(commands: [InterpolatedPathCommand], slots: [Expression]) { self.commands = commands; self.slots = slots }

    public func map<T>(_ transform: (Expression) throws -> T) rethrows -> InterpolatedPathData<T> {
        InterpolatedPathData<T>(commands: commands, slots: try slots.map(transform))
    }

    /// The path data for the slots' values (one per slot, in order).
    public func resolved(_ values: [Double]) -> PathData {
        PathData(commands: commands.map { $0.resolved(values) })
    }

    /// The slots that stand for an arc radius (a negative value is an error once they are known).
    public var radiusSlots: Set<Int> {
        var slots: Set<Int> = []
        for command in commands {
            if case .arc(_, _, let rx, let ry, _, _, _, _, _) = command.operation {
                for term in rx.terms + ry.terms { slots.insert(term.slot) }
            }
        }
        return slots
    }
}

/// What `<path d="…">` parsed into: numbers only (as before interpolation existed), or with slots.
public enum ParsedPathData: Hashable, Sendable {
    case constant(PathData)
    case interpolated(InterpolatedPathData<Expr>)
}
