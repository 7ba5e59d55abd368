import DisplayList
import SceneSource
import SceneSyntax
import SceneVocabulary

/// `<use>`: a component (another scene file, or a <component> of this file) drawn at a position and
/// size. The component sees only its own parameters (the values passed, else its defaults) and its
/// width and height; nothing of the caller's scope leaks in. Its operations keep their own source
/// spans, so errors and the inspector point into the component's file.
extension Evaluation {
    func use(_ node: Node, opacity: Double) -> [DisplayItem] {
        guard let target = program.target(of: node, sources: sources) else {
            // The loader reports unresolved components; nothing more to say here.
            return []
        }
        let body = target.body
        guard let (declarations, declared) = component(body) else { return [] }
        guard let v = numbers(node, [(.x, 0), (.y, 0), (.width, declared.width), (.height, declared.height)]),
              let useOpacity = unitNumber(node, .opacity, 1) else { return [] }
        let (x, y, width, height) = (v[0], v[1], v[2], v[3])
        for (id, value) in [(AttributeID.width, width), (.height, height)] where !(value > 0) || !value.isFinite {
            report(.error(.invalidSize, "'\(id.rawValue)' of a placed component must be a positive number, not \(NumberFormat.readable(value))",
                          at: node.expression(id)?.span ?? node.span))
            return []
        }

        // Arguments are evaluated here, in the caller's scope, and typed against the parameters.
        var values: [String: Value] = [:]
        var failed = false
        for argument in node.arguments {
            guard let declaration = declarations.first(where: { $0.name == argument.name }) else {
                // Unknown names are reported by the loader, with "did you mean".
                failed = true
                continue
            }
            guard let value = attempt({ try expressions.evaluate(argument.value) }), value != .invalid else {
                failed = true
                continue
            }
            do {
                let typed = try ParameterDeclaration.convert(value, to: declaration.type, at: argument.value.span)
                if let problem = declaration.rangeProblem(typed) {
                    report(.error(.outsideParameterRange, "the value for '\(argument.name)' \(problem)", at: argument.value.span,
                                  notes: [.init("'\(argument.name)' is declared here", at: declaration.span)]))
                    failed = true
                    continue
                }
                values[argument.name] = typed
            } catch let d as Diagnostic {
                var located = d.withMessage("'\(argument.name)': " + d.message)
                located.notes.append(.init("'\(argument.name)' is declared here", at: declaration.span))
                report(located)
                failed = true
            } catch {
                failed = true
            }
        }
        guard !failed else { return [] }

        guard componentDepth < limits.maxComponentDepth else {
            report(.error(.componentsTooDeep, "components are nested more than \(limits.maxComponentDepth) deep", at: node.span,
                          help: "a component placing a component … this deep is almost certainly a mistake"))
            stopped = true
            return []
        }

        // A fresh scope: the component's size and parameters only.
        let savedScope = scope, savedNames = sceneNames
        scope = Scope()
        scope.define("width", .number(width), at: nil)
        scope.define("height", .number(height), at: nil)
        sceneNames = ["width", "height"]
        for declaration in declarations {
            scope.define(declaration.name, values[declaration.name] ?? declaration.defaultValue, at: declaration.span)
            sceneNames.insert(declaration.name)
        }
        componentDepth += 1
        trace.append(.component(label: target.label, use: node.span))
        let useOrigin = origin
        origin = Origin(parent: useOrigin, step: .component(target.label))
        let items = drawingBlock(body.children, opacity: opacity * useOpacity)
        origin = useOrigin
        trace.removeLast()
        componentDepth -= 1
        scope = savedScope
        sceneNames = savedNames

        guard !items.isEmpty else { return [] }
        if x == 0 && y == 0 { return items }
        guard countOperation(at: node.span) else { return [] }
        return [.group(Group(transform: .translation(x, y), items: items, source: node.span, origin: origin))]
    }

    /// A component's parameters and declared size, worked out at its first use in this evaluation
    /// (a <use> in a loop does not redo them); nil, reported once, when the size is not a positive
    /// constant.
    private func component(_ body: Node) -> ([ParameterDeclaration], (width: Double, height: Double))? {
        if let known = components[body.span] { return known }
        guard let size = SceneEvaluator.declaredSize(of: body, limits: limits) else {
            report(.error(.invalidSize, "the component's width and height must be positive constant numbers", at: body.span))
            return nil
        }
        let entry = (SceneEvaluator.parameters(of: body, limits: limits).parameters, size)
        components[body.span] = entry
        return entry
    }
}
