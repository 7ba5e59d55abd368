import ResolvedProgram
import SceneSource
import SceneSyntax
import SceneVocabulary

/// The constants written outside a body's statements, lowered where only the predefined names are
/// in scope (as the evaluator evaluates them): a body's own attributes (`width`, `height`), its
/// `<param>`s (`min`, `max`, and the `default` read as the declared type) and a `--set` value.
///
/// The name, function and argument-count errors found in them are phrased here and kept beside
/// the expression (`ProgramParameter.problems`, `WrittenValue.Reading.expression`): evaluation
/// raises one where it meets its `.unresolved` expression, so that when an error depending on
/// values comes first in the expression (`1/0 + nope`), it is still the one reported.
public enum ConstantLowering {
    /// A body's (or any element's) attributes: expressions lowered, words as written.
    public static func attributes(of node: Node) -> ProgramAttributes {
        lowered(node).attributes
    }

    /// The `<param>`s of a scene root or a `<component>`, in declaration order.
    public static func parameters(of body: Node) -> [ProgramParameter] {
        body.parameterNodes.map(parameter)
    }

    /// A body's attributes and parameters lowered together (`BodyConstants`).
    public static func constants(of body: Node) -> BodyConstants {
        BodyConstants(attributes: attributes(of: body), parameters: parameters(of: body))
    }

    /// A text read as a value of `type`, as a `default` is: `--set NAME=VALUE` reads its value so.
    /// Lists may omit their brackets (`4,2,6`) and strings their quotes.
    public static func read(_ attribute: Attribute, as type: ParameterType) -> WrittenValue {
        WrittenValue(written: ProgramWord(text: attribute.value, span: attribute.valueSpan), reading: reading(attribute, as: type))
    }

    // MARK: -

    private static func parameter(_ node: Node) -> ProgramParameter {
        let name = node.word(.name).map { ProgramWord(text: $0.text, span: $0.span) } ?? ProgramWord(text: "", span: node.span)
        let (attributes, problems) = lowered(node)
        let declaredType = node.word(.type).flatMap { ParameterType(keyword: $0.text) }
        let defaultValue = declaredType.flatMap { type in node.word(.default).map { read($0.attribute, as: type) } }
        return ProgramParameter(
            name: name, type: node.word(.type).map { ProgramWord(text: $0.text, span: $0.span) },
            attributes: attributes, span: node.span, declaredType: declaredType, defaultValue: defaultValue,
            problems: problems)
    }

    private static func lowered(_ node: Node) -> (attributes: ProgramAttributes, problems: [Diagnostic]) {
        let checker = BodyChecker(links: .none)
        let attributes = ProgramAttributes(
            node.expressions.entries.map { .init(id: $0.id, value: .expression(checker.infer($0.value))) }
                + node.words.entries.map { .init(id: $0.id, value: .word(ProgramWord(text: $0.value.text, span: $0.value.span))) })
        return (attributes, unresolvedProblems(checker.diagnostics))
    }

    /// The errors of what lowers to `.unresolved` (every error the checker finds in an
    /// expression: names, calls, types): the ones evaluation raises where it meets them.
    private static func unresolvedProblems(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.filter { $0.severity == .error }
    }

    private static func reading(_ attribute: Attribute, as type: ParameterType) -> WrittenValue.Reading {
        var source = attribute
        var bracketsAdded = false
        let trimmed = attribute.value.trimmingSpaces
        let quoted = trimmed.hasPrefix("'") || trimmed.hasPrefix("\"")
        switch type {
        case .date where !quoted:
            return .date(trimmed)
        case .string where !quoted:
            return .text
        case .stringList where !(trimmed.hasPrefix("[") || quoted):
            // `Mon, Tue, Wed`: each text between commas, trimmed of spaces, without quotes.
            return unquotedTexts(attribute)
        case .list, .stringList, .colorList:
            if !trimmed.hasPrefix("[") {
                // Parse `4,2,6` as `[4,2,6]`, keeping error positions on the user's text.
                let start = attribute.valueSpan.start
                var offsets = [start]
                offsets += (0...attribute.value.utf8.count).map { start + $0 }
                offsets.append(attribute.valueSpan.end)
                source = Attribute(
                    name: attribute.name, nameSpan: attribute.nameSpan, value: "[" + attribute.value + "]",
                    valueSpan: attribute.valueSpan, sourceOffsets: offsets)
                bracketsAdded = true
            }
        default:
            break
        }
        let expr: Expr
        switch ExpressionParser.parse(source) {
        case .success(let parsed): expr = parsed
        case .failure(let diagnostic) where bracketsAdded && diagnostic.code == .expressionSyntax:
            // The brackets are ours: "expected ']'" would point at something the user never wrote.
            if type == .colorList || type == .stringList {
                return .invalid(
                    .error(
                        .expressionSyntax, "expected \(type == .colorList ? "colors" : "quoted texts") separated by commas",
                        at: diagnostic.span, help: "write \(type.example)"))
            }
            let numbers = ExpressionParser.numbers(attribute.value)
            return .invalid(
                .error(
                    .expressionSyntax, "expected numbers separated by commas", at: diagnostic.span,
                    help: numbers.isEmpty
                        ? "write a list as 4,2,6 or [4, 2, 6]"
                        : "write \(numbers.joined(separator: ",")) or [\(numbers.joined(separator: ", "))]"))
        case .failure(let diagnostic):
            return .invalid(diagnostic)
        }
        // Values are constants: only literals, predefined names and functions are in scope.
        let checker = BodyChecker(links: .none)
        let lowered = checker.infer(expr)
        let undefined = undefinedNames(in: lowered)
        let problems = unresolvedProblems(checker.diagnostics).map { d -> Diagnostic in
            guard d.code == .undefinedName, let word = undefined[d.span] else { return d }
            if type == .colorList {
                // One word of a palette that is no color: name it, and the color it may have meant.
                return .error(
                    .typeMismatch, "'\(DiagnosticRenderer.visible(word))' in this list<color> is not a color", at: d.span,
                    help: Suggestion.didYouMean(word, among: PredefinedNames.colorNames) ?? "write \(type.example)")
            }
            // A bare word that is not a color or constant: say what the type expects instead.
            return .error(.typeMismatch, "expected \(type.nameWithArticle), found '\(trimmed)'", at: d.span, help: "write \(type.example)")
        }
        return .expression(lowered, problems: problems)
    }

    /// `Mon, Tue, Wed` as texts: split at commas, each trimmed of spaces; an empty value is no
    /// text, an empty text between commas a problem at its place.
    private static func unquotedTexts(_ attribute: Attribute) -> WrittenValue.Reading {
        if attribute.value.allSatisfy({ $0 == " " }) { return .texts([], problem: nil) }
        var items: [ProgramWord] = []
        var offset = 0
        for piece in attribute.value.split(separator: ",", omittingEmptySubsequences: false) {
            let text = String(piece).trimmingSpaces
            let at = attribute.span(ofValueBytes: offset..<(offset + piece.utf8.count))
            if text.isEmpty {
                let problem = Diagnostic.error(
                    .expressionSyntax, "an empty text between commas", at: at,
                    help: "remove the extra comma, or write '' for an empty text: ['a', '', 'b']")
                return .texts(items, problem: problem)
            }
            items.append(ProgramWord(text: text, span: at))
            offset += piece.utf8.count + 1
        }
        return .texts(items, problem: nil)
    }

    /// The names no scope declares, by where they are written.
    private static func undefinedNames(in expression: ProgramExpression) -> [SourceSpan: String] {
        var found: [SourceSpan: String] = [:]
        func walk(_ e: ProgramExpression) {
            switch e.kind {
            case .constant, .name: break
            case .list(let items): items.forEach(walk)
            case .unary(_, let operand): walk(operand)
            case .binary(_, let left, let right): walk(left); walk(right)
            case .conditional(let test, let then, let otherwise): walk(test); walk(then); walk(otherwise)
            case .call(let call): call.arguments.forEach(walk)
            case .index(let base, let index): walk(base); walk(index)
            case .unresolved(.undefinedName(let name)): found[e.span] = name
            case .unresolved(.functionAsValue): break
            case .unresolved(.unknownFunction(_, let arguments)), .unresolved(.argumentCount(_, let arguments)),
                .unresolved(.typeMismatch(let arguments, _)):
                arguments.forEach(walk)
            }
        }
        walk(expression)
        return found
    }
}

/// A body's constants lowered (`ConstantLowering`): what the load reads of a scene root or a
/// `<component>` before it is linked (its size, its parameters), and the program keeps.
public struct BodyConstants: Sendable {
    public let attributes: ProgramAttributes
    public let parameters: [ProgramParameter]
}

/// The bodies' constants of one load, each lowered once by the element's span: the load, the
/// component loader and the lowering into the program all read them (each parameter's default is
/// parsed, lowered and evaluated, about a fifth of loading a seed scene when it was done three
/// times). Lowering is a function of the element alone, so a kept one is the one made again.
public struct BodyConstantTable: Sendable {
    public private(set) var bySpan: [SourceSpan: BodyConstants] = [:]

    public init() {}

    /// The constants of `body`, lowered now or as they were.
    public mutating func constants(of body: Node) -> BodyConstants {
        if let known = bySpan[body.span] { return known }
        let made = ConstantLowering.constants(of: body)
        bySpan[body.span] = made
        return made
    }
}
