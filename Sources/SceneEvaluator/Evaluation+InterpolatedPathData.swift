import DisplayList
import ResolvedProgram
import SceneSource

/// `<path d="M {x} {y} …">`: the interpolated numbers evaluated, checked where they stand in the
/// attribute, then the path data built as a constant `d` is (`pathDataBuilder`).
extension Evaluation {
    /// nil when an interpolation failed (after reporting every failing one).
    func interpolatedPathBuilder(_ data: InterpolatedPathData<ProgramExpression>, at span: SourceSpan) -> PathBuilder? {
        let radii = data.radiusSlots
        var values: [Double] = []
        values.reserveCapacity(data.slots.count)
        var failed = false
        for (index, expr) in data.slots.enumerated() {
            values.append(0)
            guard let v = attempt({ try expressions.evaluate(expr) }), v != .invalid else { failed = true; continue }
            guard let n = v.numeric else {
                report(
                    .error(
                        .typeMismatch, "a number in 'd' must be a number, not \(article(v.typeName)) (\(v.brief))", at: expr.span,
                        help: "only numbers (coordinates, radii, angles) can be interpolated in path data"))
                failed = true
                continue
            }
            guard abs(n) <= limits.maxCoordinate else { report(tooLarge(n, at: expr.span)); failed = true; continue }
            // A literal negative radius is a syntax error; a computed one is found only here.
            if radii.contains(index), n < 0 {
                report(
                    .error(
                        .negativeArcRadius, "an arc radius cannot be negative; this one is \(NumberFormat.readable(n, decimals: 6))",
                        at: expr.span, help: "keep it at 0 or more, for example {max(0, r)} (a radius of 0 draws a straight line)"))
                failed = true
                continue
            }
            values[index] = n
        }
        guard !failed else { return nil }
        return pathDataBuilder(data.resolved(values), at: span)
    }
}
