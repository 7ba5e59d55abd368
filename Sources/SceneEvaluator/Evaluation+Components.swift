import DisplayList
import ResolvedProgram
import SceneSource
import SceneVocabulary

/// `<use>`: a component (another scene file, or a <component> of this file) drawn at a position and
/// size. The component sees only its own parameters (the values passed, else its defaults) and its
/// width and height; nothing of the caller's scope leaks in. Its operations keep their own source
/// spans, so errors and the inspector point into the component's file.
extension Evaluation {
    func use(_ node: UseStatement, opacity: Double) -> [DisplayItem] {
        guard let target = node.target else {
            // The loader reports unresolved components; nothing more to say here.
            return []
        }
        let body = program.bodies[target]
        guard let (declarations, declared) = component(target) else { return [] }
        guard let v = numbers(node, [(.x, 0), (.y, 0), (.width, declared.width), (.height, declared.height)]),
            let useOpacity = unitNumber(node, .opacity, 1)
        else { return [] }
        let (x, y, width, height) = (v[0], v[1], v[2], v[3])
        for (id, value) in [(AttributeID.width, width), (.height, height)] where !(value > 0) || !value.isFinite {
            report(
                .error(
                    .invalidSize, "'\(id.rawValue)' of a placed component must be a positive number, not \(NumberFormat.readable(value))",
                    at: node.expression(id)?.span ?? node.span))
            return []
        }

        // Arguments are evaluated here, in the caller's frame, and typed against the parameters.
        var values = declarations.map { $0?.defaultValue ?? .invalid }
        var failed = false
        for argument in node.arguments {
            let name = argument.name.text
            guard let parameter = argument.parameter, let declaration = declarations[parameter] else {
                // Unknown names are reported by the loader, with "did you mean".
                failed = true
                continue
            }
            guard let value = value(argument.value) else {
                failed = true
                continue
            }
            do {
                let typed = try ParameterDeclaration.convert(value, to: declaration.type, at: argument.value.span)
                if let problem = declaration.rangeProblem(typed) {
                    report(
                        .error(
                            .outsideParameterRange, "the value for '\(name)' \(problem)", at: argument.value.span,
                            notes: [.init("'\(name)' is declared here", at: declaration.span)]))
                    failed = true
                    continue
                }
                values[parameter] = typed
            } catch let d as Diagnostic {
                var located = d.withMessage("'\(name)': " + d.message)
                located.notes.append(.init("'\(name)' is declared here", at: declaration.span))
                report(located)
                failed = true
            } catch {
                failed = true
            }
        }
        guard !failed else { return [] }

        guard componentDepth < limits.maxComponentDepth else {
            report(
                .error(
                    .componentsTooDeep, "components are nested more than \(limits.maxComponentDepth) deep", at: node.span,
                    help: "a component placing a component … this deep is almost certainly a mistake"))
            stopped = true
            return []
        }

        // A frame of its own: the component's size and parameters only.
        let savedFrame = frame, savedBody = currentBody
        frame = SlotFrame(width: width, height: height, parameters: values, slotCount: body.slotCount)
        currentBody = target
        componentDepth += 1
        trace.append(.component(label: node.label, use: node.span))
        let useOrigin = origin
        if recordsOrigins { origin = Origin(parent: useOrigin, step: .component(node.label)) }
        let items = drawingBlock(body.statements, opacity: opacity * useOpacity)
        origin = useOrigin
        trace.removeLast()
        componentDepth -= 1
        frame = savedFrame
        currentBody = savedBody

        guard !items.isEmpty else { return [] }
        if x == 0 && y == 0 { return items }
        guard countOperation(at: node.span) else { return [] }
        return [.group(Group(transform: .translation(x, y), items: items, source: node.span, origin: origin))]
    }

    /// A body's parameters (by its parameter index, as its frame holds them) and declared size,
    /// worked out at its first use in this evaluation (a <use> in a loop does not redo them), as
    /// the loader did; nil, reported once, when the size is not a positive constant.
    func component(_ target: Int) -> ([ParameterDeclaration?], (width: Double, height: Double))? {
        if let known = components[target] { return known }
        let body = program.bodies[target]
        guard let size = SceneEvaluator.declaredSize(of: body.attributes, limits: limits) else {
            report(.error(.invalidSize, "the component's width and height must be positive constant numbers", at: body.span))
            return nil
        }
        let entry = (Self.declarations(SceneEvaluator.parameters(of: body.parameters, limits: limits).parameters, of: body), size)
        components[target] = entry
        return entry
    }
}
