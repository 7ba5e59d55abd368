import ResolvedProgram
import SceneSource
import SceneSyntax
import SceneVocabulary

/// `componentWidth('Name')` and `componentHeight('Name')` (Grammar.md §18, "A component's size"):
/// the declared size of a `<component>` of the same file. It is a constant of the component, so the
/// call is checked here against the file's components and lowered to the component's own `width`
/// or `height` expression (a constant): the evaluator and the code generators see only that.
extension BodyChecker {
    /// The functions, and the attribute of the component each reads.
    static let componentSizeFunctions: [String: AttributeID] = ["componentWidth": .width, "componentHeight": .height]

    /// The call lowered when `name` is one of the functions; nil for any other name.
    func componentSize(_ name: String, _ arguments: [Expr], _ lowered: [ProgramExpression], _ expr: Expr)
        -> (ProgramExpression.Kind, StaticType)?
    {
        guard let id = Self.componentSizeFunctions[name] else { return nil }
        let unresolved = ProgramExpression.Kind.unresolved(.unknownFunction(name, lowered))
        // A body's constants (file nil) cannot read it: the evaluator says so (E0587).
        guard !full, let file else { return (unresolved, .unknown) }
        guard arguments.count == 1 else {
            report(
                .error(
                    .argumentCount, "\(name)() takes 1 argument, not \(arguments.count)", at: expr.span,
                    help: "write \(name)('Name'), Name being a <component> of this file"))
            return (unresolved, .unknown)
        }
        let argument = arguments[0]
        guard case .string(let wanted) = argument.kind else {
            report(
                .error(
                    .componentNameNotLiteral, "\(name)() takes a component's name written out, such as \(name)('Badge')",
                    at: argument.span,
                    help: "the size is declared on the <component>, known before anything is drawn: name the component in quotes"))
            return (unresolved, .unknown)
        }
        let components = links.program?.scenes[file]?.root.children.filter { $0.kind == .component } ?? []
        guard let component = components.first(where: { $0.word(.name)?.text == wanted }) else {
            let names = components.compactMap { $0.word(.name)?.text }
            let help =
                Suggestion.didYouMean(wanted, among: names)
                ?? (names.isEmpty
                    ? "declare it in this file: <component name=\"\(DiagnosticRenderer.visible(wanted))\" width=\"…\" height=\"…\">"
                    : "the components of this file: " + names.map { "'\($0)'" }.joined(separator: ", "))
            report(
                .error(
                    .unknownSizedComponent, "there is no <component> named '\(DiagnosticRenderer.visible(wanted))' in this file",
                    at: argument.span, help: help))
            return (unresolved, .unknown)
        }
        // A missing or wrong size is reported at the component itself.
        guard let size = ConstantLowering.attributes(of: component).expression(id) else { return (unresolved, .unknown) }
        // The declared size is a number (as `width` inside the component is), even when written as an int.
        switch size.kind {
        case .constant(.int(let v)): return (.constant(.number(Double(v))), .number)
        case .constant(.number): return (size.kind, .number)
        default: return (.call(BuiltinCall(function: .number, usage: 0, arguments: [size])), .number)
        }
    }
}
