import DisplayList
import SceneSource
import ResolvedProgram

/// `<path d="…">`: the parsed path data into the same PathBuilder the child elements use, so a
/// pasted icon and the same shape written with <move>/<line>/… give the same display list.
extension Evaluation {
    /// nil when a command failed (after reporting it).
    func pathDataBuilder(_ data: PathData, at span: SourceSpan) -> PathBuilder? {
        // Each command is visited once: a step each, as a list element a function goes through
        // (the <path> element itself was charged as any element).
        guard step(data.commands.count, at: span) else { return nil }
        var builder = PathBuilder()
        for command in data.commands {
            let before = builder.count
            guard add(command, to: &builder) else { return nil }
            guard countOutput(builder.count - before, at: command.span) else { return nil }
        }
        return builder
    }

    private func add(_ command: PathDataCommand, to builder: inout PathBuilder) -> Bool {
        // Relative coordinates add up, so the limit is checked on the absolute values.
        func within(_ values: Double...) -> Bool {
            guard let big = values.first(where: { abs($0) > limits.maxCoordinate }) else { return true }
            report(tooLarge(big, at: command.span))
            return false
        }
        switch command.operation {
        case .move(let x, let y):
            guard within(x, y) else { return false }
            builder.move(Point(x, y))
        case .line(let x, let y):
            guard within(x, y) else { return false }
            _ = builder.line(Point(x, y))
        case .cubic(let x1, let y1, let x2, let y2, let x, let y):
            guard within(x1, y1, x2, y2, x, y) else { return false }
            _ = builder.cubic(Point(x1, y1), Point(x2, y2), to: Point(x, y))
        case .quad(let x1, let y1, let x, let y):
            guard within(x1, y1, x, y) else { return false }
            _ = builder.quad(control: Point(x1, y1), to: Point(x, y))
        case .close:
            _ = builder.close()
        case .arc(let fromX, let fromY, let rx, let ry, let rotation, let largeArc, let sweep, let x, let y):
            guard within(x, y, rx, ry) else { return false }
            switch SVGArc.centerArc(
                from: Point(fromX, fromY), to: Point(x, y), rx: rx, ry: ry, rotationDegrees: rotation,
                largeArc: largeArc, sweep: sweep)
            {
            case .nothing:
                break
            case .line:
                _ = builder.line(Point(x, y))
            case .arc(let arc):
                guard within(arc.center.x, arc.center.y, arc.radiusX, arc.radiusY) else { return false }
                builder.continueArc(arc, to: Point(x, y))
            case .cubics(let curves):
                for curve in curves {
                    guard within(curve.c1.x, curve.c1.y, curve.c2.x, curve.c2.y) else { return false }
                    _ = builder.cubic(curve.c1, curve.c2, to: curve.to)
                }
            }
        }
        return true
    }
}
