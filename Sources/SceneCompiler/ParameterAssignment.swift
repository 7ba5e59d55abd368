import SceneAnalysis
import SceneEvaluator
import SceneSource
import SceneSyntax

/// Why a parameter value given from outside the scene (`--set NAME=VALUE`, a manifest's
/// `parameters`, a preview control) cannot be used. Plain data: each front end phrases it with
/// its own words for where the value came from.
public struct ParameterProblem: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Not `NAME=VALUE`.
        case notAnAssignment
        /// The scene declares no parameter of that name.
        case unknownName
        /// The text is not a value of the parameter's type.
        case badValue
        /// A value of the right type outside the declared range.
        case outOfRange
    }

    public let kind: Kind
    /// The diagnostic code of the underlying problem (a type mismatch, a bad date, …), for front
    /// ends that report it as a diagnostic (a build manifest locates it in the JSON); nil for text
    /// that is not `NAME=VALUE`, a command-line problem only (a manifest names its parameters).
    public let code: DiagnosticCode?
    /// The parameter's name (for `notAnAssignment`, the whole text).
    public let name: String
    public let value: String?
    /// What is wrong, in one line: "unknown parameter 'cuonter' (did you mean 'counter'?)".
    public let message: String
    /// What to write instead, when there is more to say than the message.
    public let help: String?

    public var description: String { message + (help.map { "; " + $0 } ?? "") }
}

extension SceneCompiler {
    /// Turns `NAME=VALUE` texts into typed values, each parsed as its parameter's type (Grammar.md §8).
    public func arguments(_ assignments: [String], for loaded: LoadedScene) throws(ParameterProblem) -> [String: Value] {
        var values: [String: Value] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "=") else {
                throw ParameterProblem(
                    kind: .notAnAssignment, code: nil, name: assignment, value: nil,
                    message: "expected NAME=VALUE, got '\(assignment)'", help: nil)
            }
            let name = String(assignment[..<equals]).trimmingSpaces
            values[name] = try value(String(assignment[assignment.index(after: equals)...]), for: name, in: loaded)
        }
        return values
    }

    /// One parameter's value from its text, as `--set NAME=VALUE` parses it.
    public func value(_ text: String, for name: String, in loaded: LoadedScene) throws(ParameterProblem) -> Value {
        guard let declaration = loaded.parameters.first(where: { $0.name == name }) else {
            let suggestion = Suggestion.didYouMean(name, among: loaded.parameters.map(\.name)).map { " (\($0))" } ?? ""
            throw ParameterProblem(
                kind: .unknownName, code: .unknownManifestParameter, name: name, value: text,
                message: "unknown parameter '\(name)'\(suggestion)", help: nil)
        }
        // A tiny source file of its own, so the value parser can locate errors in it.
        var sources = SourceMap()
        let file = sources.add(SourceFile(path: "--set \(name)", text: text))
        let span = SourceSpan(file: file, start: 0, end: text.utf8.count)
        let attribute = Attribute(name: name, nameSpan: span, value: text, valueSpan: span)
        let value: Value
        do {
            value = try ParameterDeclaration.value(
                of: ConstantLowering.read(attribute, as: declaration.type), as: declaration.type, limits: limits.evaluation)
        } catch let d as Diagnostic {
            throw ParameterProblem(
                kind: .badValue, code: d.code, name: name, value: text,
                message: "invalid value '\(text)' for parameter '\(name)' (\(declaration.type.name)): \(d.message)",
                help: d.help)
        } catch {
            // Every problem reading the value finds is a located diagnostic; anything else is a value
            // not of the parameter's type.
            throw ParameterProblem(
                kind: .badValue, code: .typeMismatch, name: name, value: text,
                message: "invalid value '\(text)' for parameter '\(name)' (\(declaration.type.name))",
                help: "write \(declaration.type.example)")
        }
        if let problem = declaration.rangeProblem(value) {
            throw ParameterProblem(
                kind: .outOfRange, code: .outsideParameterRange, name: name, value: text,
                message: "invalid value for parameter '\(name)': \(problem)", help: nil)
        }
        return value
    }
}

extension LoadedScene {
    /// "the parameters of X are:" and one line per parameter (or "declares no parameters"): what a
    /// user needs after a wrong parameter name or value.
    public var parameterList: String {
        guard !parameters.isEmpty else { return "the scene \(path) declares no parameters" }
        var out = "the parameters of \(path) are:"
        for p in parameters {
            out += "\n  \(p.name): \(p.type.name) = \(p.defaultValue.brief)"
            if !p.rangeText.isEmpty { out += " \(p.rangeText)" }
        }
        return out
    }
}
