import DisplayList
import PNGBackend
import SceneEvaluator
import SceneParser
@_exported import struct SceneParser.ParserLimits
import SceneSource
import SceneSyntax
import SVGBackend

/// The pipeline in one place: source text → located tree → checked scene → display list → SVG or PNG.
/// The command line, the tests and (later) the preview server all go through here.
public struct LoadedScene: Sendable {
    public let sources: SourceMap
    public let file: FileID
    /// nil when the file could not be parsed or checked; `diagnostics` says why.
    public let scene: CheckedScene?
    /// The scene with the components it uses, linked; nil when anything failed to load.
    public let program: SceneProgram?
    /// The scene's own parameters (a composed scene's, not its components').
    public let parameters: [ParameterDeclaration]
    public let diagnostics: [Diagnostic]

    init(sources: SourceMap, file: FileID, scene: CheckedScene? = nil, program: SceneProgram? = nil,
         parameters: [ParameterDeclaration] = [], diagnostics: [Diagnostic]) {
        self.sources = sources; self.file = file; self.scene = scene; self.program = program
        self.parameters = parameters; self.diagnostics = diagnostics
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// A problem with how the compiler was asked to do something (not with the scene's text):
/// an unknown `--set` name, a value of the wrong type, a bad size. The CLI exits with status 2.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

public enum SceneCompiler {
    /// The most diagnostics the XML and structure stages report for one file; the last one shown
    /// then says how many more there are. (Evaluation stops at `EvaluationLimits.maxDiagnostics`.)
    public static let maxLoadDiagnostics = 100

    /// Parses and checks a scene given as bytes, with the component files it places
    /// (`<use src=…>`), which `reader` provides: by default the file system, inside the folder of
    /// `path` (the project folder; `projectRoot` widens it). A scene without `<use src>` reads nothing.
    ///
    /// `fileSize`: see `SceneParser.parse` (for a caller that read only the first bytes of a file
    /// over the size limit).
    public static func load(path: String, bytes: [UInt8], reader: SceneReader? = nil, projectRoot: String? = nil,
                            limits: EvaluationLimits = .init(),
                            parserLimits: ParserLimits = .init(), fileSize: Int? = nil) -> LoadedScene {
        var sources = SourceMap()
        let file = sources.add(SourceFile(path: path, bytes: bytes))
        let (root, parseDiagnostics) = SceneParser.parse(sources[file], id: file, limits: parserLimits, fileSize: fileSize)
        var diagnostics = parseDiagnostics.map(explainXMLError)
        guard let root else {
            return LoadedScene(sources: sources, file: file, diagnostics: capped(diagnostics))
        }
        let (checked, checkDiagnostics) = SceneChecker.check(root, file: file)
        diagnostics += checkDiagnostics
        guard let checked, !diagnostics.contains(where: { $0.severity == .error }) else {
            return LoadedScene(sources: sources, file: file, diagnostics: capped(diagnostics))
        }
        let (parameters, parameterDiagnostics) = SceneEvaluator.parameters(of: checked, limits: limits)
        diagnostics += parameterDiagnostics

        let folder = projectRoot ?? ComponentPath.folder(of: path)
        var loader = ComponentLoader(reader: reader ?? FileSystemReader(root: folder), root: folder, limits: limits,
                                     parserLimits: parserLimits, sources: sources)
        loader.link(main: checked)
        diagnostics += loader.diagnostics.map(explainXMLError)
        let failed = diagnostics.contains(where: { $0.severity == .error })
        let program = failed ? nil : SceneProgram(main: checked, scenes: loader.scenes, fileTargets: loader.fileTargets)
        return LoadedScene(sources: loader.sources, file: file, scene: checked, program: program, parameters: parameters,
                           diagnostics: capped(diagnostics))
    }

    /// The first `maxLoadDiagnostics`, the last of them with a note saying how many more there are.
    static func capped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard diagnostics.count > maxLoadDiagnostics else { return diagnostics }
        var kept = Array(diagnostics.prefix(maxLoadDiagnostics))
        kept[kept.count - 1].notes.append(.init("\(diagnostics.count - maxLoadDiagnostics) more problems are not shown; fix these first"))
        return kept
    }

    /// libxml2's words for a raw `<` inside an attribute do not say what to write instead.
    private static func explainXMLError(_ diagnostic: Diagnostic) -> Diagnostic {
        var d = diagnostic
        if d.help == nil, d.message.contains("Unescaped '<'") || d.message.contains("'<' is not allowed in attribute") {
            d.help = "write comparisons as 'lt' / 'le' (or '&lt;'): test=\"i lt count(points)\""
        }
        return d
    }

    /// Turns `--set NAME=VALUE` texts into typed values, or a usage error that lists the parameters.
    public static func arguments(_ assignments: [String], for loaded: LoadedScene,
                                 limits: EvaluationLimits = .init()) throws -> [String: Value] {
        var values: [String: Value] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "=") else {
                throw UsageError("--set expects NAME=VALUE, got '\(assignment)'\n" + parameterList(loaded))
            }
            let name = String(assignment[..<equals]).trimmingSpaces()
            let text = String(assignment[assignment.index(after: equals)...])
            guard let declaration = loaded.parameters.first(where: { $0.name == name }) else {
                let suggestion = Suggestion.didYouMean(name, among: loaded.parameters.map(\.name)).map { " (\($0))" } ?? ""
                throw UsageError("unknown parameter '\(name)'\(suggestion)\n" + parameterList(loaded))
            }
            // A tiny source file of its own, so the value parser can locate errors in it.
            var sources = SourceMap()
            let file = sources.add(SourceFile(path: "--set \(name)", text: text))
            let span = SourceSpan(file: file, start: 0, end: text.utf8.count)
            let attribute = Attribute(name: name, nameSpan: span, value: text, valueSpan: span)
            do {
                let value = try ParameterDeclaration.parseValue(attribute, as: declaration.type, limits: limits)
                if let problem = declaration.rangeProblem(value) {
                    throw UsageError("invalid value for parameter '\(name)': \(problem)\n" + parameterList(loaded))
                }
                values[name] = value
            } catch let d as Diagnostic {
                let help = d.help.map { "; \($0)" } ?? ""
                throw UsageError("invalid value '\(text)' for parameter '\(name)' (\(declaration.type.name)): \(d.message)\(help)\n"
                                 + parameterList(loaded))
            }
        }
        return values
    }

    /// "the scene's parameters are: …", one per line.
    public static func parameterList(_ loaded: LoadedScene) -> String {
        guard !loaded.parameters.isEmpty else { return "the scene \(loaded.sources[loaded.file].path) declares no parameters" }
        var out = "the parameters of \(loaded.sources[loaded.file].path) are:"
        for p in loaded.parameters {
            out += "\n  \(p.name): \(p.type.name) = \(p.defaultValue.brief)"
            if !p.rangeText.isEmpty { out += " \(p.rangeText)" }
        }
        return out
    }

    /// Parses `WxH` (`300x200`, `100.5x80`).
    public static func parseSize(_ text: String) throws -> (width: Double, height: Double) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, w > 0, h > 0, w <= 1_000_000, h <= 1_000_000 else {
            throw UsageError("--size expects WIDTHxHEIGHT with positive numbers up to 1000000, such as 300x200; got '\(text)'")
        }
        return (w, h)
    }

    /// Evaluates a loaded scene to its display list.
    public static func evaluate(_ loaded: LoadedScene, arguments: [String: Value] = [:],
                                size: (width: Double, height: Double)? = nil,
                                limits: EvaluationLimits = .init()) -> (list: DisplayList?, diagnostics: [Diagnostic]) {
        guard let program = loaded.program, !loaded.hasErrors else { return (nil, loaded.diagnostics) }
        let (list, diagnostics) = SceneEvaluator.evaluate(program, sources: loaded.sources, arguments: arguments,
                                                          size: size, limits: limits)
        return (list, loaded.diagnostics + diagnostics)
    }

    public static func svg(_ list: DisplayList) -> String { SVGBackend.render(list) }

    /// PNG bytes: the SVG rendered by librsvg at `options.scale`. Throws a `RasterError` when the
    /// image would be too large or the scale is not a positive number.
    public static func png(_ list: DisplayList, options: RasterOptions = .init()) throws -> [UInt8] {
        try PNGBackend.render(list, options: options)
    }

    public static func dump(_ list: DisplayList, locations: SourceMap? = nil) -> String {
        DisplayListDump(sources: locations).render(list)
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
