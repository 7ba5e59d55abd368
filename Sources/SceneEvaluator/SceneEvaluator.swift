import DisplayList
import ResolvedProgram
import SceneSource
import SceneVocabulary

/// Evaluation is a pure function of (checked scene, parameter values): the same inputs give the
/// same display list, so a long-lived process (the preview server) can re-run it on every edit.
public enum SceneEvaluator {
    /// The parameters declared in a scene root or a <component> (`ProgramBody.parameters`, or
    /// `ConstantLowering.parameters` before the program is linked), with the problems found in
    /// their declarations; a parameter with a problem is left out.
    public static func parameters(of parameters: [ProgramParameter], limits: EvaluationLimits = .init())
        -> (parameters: [ParameterDeclaration], diagnostics: [Diagnostic])
    {
        var diagnostics: [Diagnostic] = []
        var declarations: [ParameterDeclaration] = []
        var seen: [String: SourceSpan] = [:]
        for parameter in parameters {
            let name = parameter.name
            guard parameter.attributes.word(.name) != nil, parameter.type != nil, let type = parameter.declaredType,
                let written = parameter.defaultValue
            else { continue }
            if let first = seen[name.text] {
                diagnostics.append(
                    .error(
                        .duplicateParameter, "parameter '\(name.text)' is declared twice", at: name.span,
                        notes: [.init("first declared here", at: first)]))
                continue
            }
            if SceneInput(rawValue: name.text) != nil {
                diagnostics.append(
                    .error(
                        .reservedParameterName, "'\(name.text)' is the scene's own size and cannot be a parameter",
                        at: name.span, help: "the size is set by <scene width=… height=…>; give the parameter another name"))
                continue
            }
            seen[name.text] = name.span
            var minimum: Double?, maximum: Double?
            for id in [AttributeID.min, .max] {
                guard let expr = parameter.attributes.expression(id) else { continue }
                switch type {
                case .number, .int, .list: break
                default:
                    diagnostics.append(
                        .error(
                            .rangeOnNonNumeric, "'\(id.rawValue)' applies only to number, int and list (of numbers) parameters",
                            at: expr.span))
                    continue
                }
                do {
                    let value = try ConstantEvaluation.value(of: expr, problems: parameter.problems, limits: limits)
                    guard let n = value.numeric else {
                        diagnostics.append(
                            .error(.typeMismatch, "'\(id.rawValue)' must be a number, not \(article(value.typeName))", at: expr.span))
                        continue
                    }
                    if id == .min { minimum = n } else { maximum = n }
                } catch let d as Diagnostic {
                    diagnostics.append(d)
                } catch {}
            }
            if let lo = minimum, let hi = maximum, lo > hi {
                diagnostics.append(.error(.invertedRange, "'min' is greater than 'max'", at: parameter.attributes.expression(.min)!.span))
                continue
            }
            do {
                let value = try ParameterDeclaration.value(of: written, as: type, limits: limits)
                let declaration = ParameterDeclaration(
                    name: name.text, type: type, defaultValue: value, minimum: minimum, maximum: maximum,
                    description: parameter.attributes.word(.description)?.text, span: name.span)
                if let problem = declaration.rangeProblem(value) {
                    diagnostics.append(.error(.outsideParameterRange, "the default \(problem)", at: written.span))
                    continue
                }
                declarations.append(declaration)
            } catch let d as Diagnostic {
                diagnostics.append(d)
            } catch {}
        }
        return (declarations, diagnostics)
    }

    /// Evaluates a resolved program (a scene with the components it uses, lowered by the static
    /// analysis: `StaticAnalysis.lower`) with the given parameter values (missing ones take their
    /// defaults; values must already have their parameter's type, see
    /// `ParameterDeclaration.value`) and optionally another size. `sources` names component
    /// files in notes. `isCancelled` is asked every thousand or so steps; once it says true,
    /// evaluation stops with the error "evaluation was cancelled" and no display list. `measurer`
    /// measures text for `textWidth(…)` and the missing-glyph warning (SceneCompiler gives Pango's).
    ///
    /// Name, arity and sure type errors are the static analysis's (`StaticAnalysis.lower`'s
    /// diagnostics, not repeated here): where the program holds what it reported (`.unresolved`),
    /// evaluation fails without a report. Evaluation reports what depends on the values.
    public static func evaluate(
        _ program: Program, sources: SourceMap?,
        arguments: [String: Value] = [:],
        size: (width: Double, height: Double)? = nil,
        limits: EvaluationLimits = .init(),
        isCancelled: EvaluationCancellation? = nil,
        measurer: (any TextMeasuring)? = nil,
        origins: Bool = true
    ) -> (list: DisplayList?, diagnostics: [Diagnostic]) {
        let run = Evaluation(
            program: program, sources: sources, limits: limits,
            isCancelled: isCancelled, measurer: measurer, recordsOrigins: origins)
        return run.evaluate(arguments: arguments, size: size)
    }

    /// The declared size of a scene root or a <component> (`ProgramBody.attributes`, or
    /// `ConstantLowering.attributes` before the program is linked): positive constants, or nil.
    public static func declaredSize(of attributes: ProgramAttributes, limits: EvaluationLimits = .init())
        -> (width: Double, height: Double)?
    {
        guard let w = attributes.expression(.width), let h = attributes.expression(.height),
            let width = try? ConstantEvaluation.value(of: w, limits: limits).numeric,
            let height = try? ConstantEvaluation.value(of: h, limits: limits).numeric,
            width.isFinite, height.isFinite, width > 0, height > 0
        else { return nil }
        return (width, height)
    }
}

extension SceneEvaluator {
    /// The expression language's functions, as `name` and a usage line, for documentation checks
    /// and editor tooling.
    public static var functions: [(name: String, signature: String)] { BuiltinFunction.allCases.map { ($0.rawValue, $0.signature) } }
}
