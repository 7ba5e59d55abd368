import DisplayList
import SceneAnalysis
import SceneEvaluator
import TextMeasurement
import SceneIO
import ResolvedProgram
import SceneParser
@_exported import struct SceneParser.ParserLimits
import SceneSource
import SceneSyntax

/// The front door: the one road from a scene file to its outputs. Every command (`render`, `dump`,
/// `check`, `params`, `build`, and whatever comes after them) reads, loads, compiles and renders
/// through a value of this type, so every check happens exactly once and the same way for all:
/// size-limited reads of regular files only, the project boundary for components, the evaluation
/// limits, and (in `Compilation`) the pinned fonts and the PNG limits.
///
///     let compiler = SceneCompiler(limits: limits)
///     let loaded = try compiler.load(file: "Scenes/counter.scene")   // parse, check, link
///     let compilation = compiler.compile(loaded, arguments: try compiler.arguments(["counter=3"], for: loaded))
///     compilation.svg?.text; try compilation.png(scale: 2); compilation.dump()
public struct SceneCompiler: Sendable {
    public var limits: CompilerLimits
    /// The folder components must stay inside. nil: the folder of each scene loaded.
    public var projectRoot: String?
    /// Where component files come from. nil: the file system, inside the project folder.
    public var reader: (any SceneReader)?
    /// Parsed files kept between loads (a long-lived process sets one); nil parses every file.
    public var parseCache: ParseCache?

    /// The most diagnostics the XML and structure stages report for one file; the last one shown
    /// then says how many more there are. (Evaluation stops at `EvaluationLimits.maxDiagnostics`.)
    public static let maxLoadDiagnostics = 100

    /// scenec's version (`scenec --version`; part of the build cache's keys).
    public static let version = "0.3.0"

    public init(
        limits: CompilerLimits = .init(), projectRoot: String? = nil, reader: (any SceneReader)? = nil,
        parseCache: ParseCache? = nil
    ) {
        self.limits = limits
        self.projectRoot = projectRoot
        self.reader = reader
        self.parseCache = parseCache
    }

    /// Reads a scene file (at most the size limit, a regular file only) and loads it. A file over
    /// the limit is not an error here: it loads with the located "file too large" diagnostic.
    public func load(file path: String) throws(InputError) -> LoadedScene {
        let contents = try InputFile.read(path, maxBytes: limits.parser.maxBytes)
        let over = contents.bytes.count > limits.parser.maxBytes
        return load(path: path, bytes: contents.bytes, fileSize: over ? max(contents.fileSize, contents.bytes.count) : nil)
    }

    /// Parses and checks a scene given as bytes, and links the component files it places
    /// (`<use src=…>`). A scene without `<use src>` reads nothing.
    ///
    /// `fileSize`: the size of the file when only its first bytes were read (see `SceneParser.parse`).
    public func load(path: String, bytes: [UInt8], fileSize: Int? = nil) -> LoadedScene {
        var sources = SourceMap()
        let file = sources.add(SourceFile(path: path, bytes: bytes))
        let parsed: ParsedFile
        if let parseCache, fileSize == nil {
            parsed = parseCache.parsed(sources[file], id: file, identity: FilePath.absolute(path), limits: limits.parser) {
                ParsedFile.make(sources[file], id: file, limits: limits.parser)
            }
        } else {
            parsed = ParsedFile.make(sources[file], id: file, limits: limits.parser, fileSize: fileSize)
        }
        var diagnostics = parsed.parseDiagnostics.map(Self.explainXMLError)
        guard parsed.parsedRoot else {
            return LoadedScene(sources: sources, file: file, diagnostics: Self.capped(diagnostics))
        }
        diagnostics += parsed.checkDiagnostics
        guard let checked = parsed.checked, !diagnostics.contains(where: { $0.severity == .error }) else {
            return LoadedScene(sources: sources, file: file, diagnostics: Self.capped(diagnostics))
        }
        var constants = BodyConstantTable()
        let rootConstants = constants.constants(of: checked.root)
        let (parameters, parameterDiagnostics) = SceneEvaluator.parameters(of: rootConstants.parameters, limits: limits.evaluation)
        diagnostics += parameterDiagnostics
        diagnostics += Self.localComponentParameterProblems(checked, limits: limits.evaluation, constants: &constants)
        let declared = SceneEvaluator.declaredSize(of: rootConstants.attributes, limits: limits.evaluation)
            .map { SceneSize(width: $0.width, height: $0.height) }

        let folder = projectRoot ?? ComponentPath.folder(of: path)
        // The project's own fonts (Fonts/ in the project folder), added before anything renders.
        let fonts = ProjectFonts.load(projectFolder: folder)
        for problem in fonts.problems {
            let fontFile = sources.add(SourceFile(path: problem.file, bytes: []))
            diagnostics.append(
                .error(
                    .unusableFont, "\(problem.file) \(problem.message)", at: SourceSpan(file: fontFile, start: 0, end: 0),
                    help: "put TrueType or OpenType font files (.ttf, .otf, .ttc) in \(ProjectFonts.folderName)/, or remove this one"))
        }
        var loader = ComponentLoader(
            reader: reader ?? FileSystemReader(root: folder), root: folder,
            limits: limits.evaluation, parserLimits: limits.parser, sources: sources,
            cache: parseCache)
        loader.constants = constants
        loader.link(main: checked)
        diagnostics += loader.diagnostics.map(Self.explainXMLError)
        let failed = diagnostics.contains(where: { $0.severity == .error })
        let program = failed ? nil : SceneProgram(main: checked, scenes: loader.scenes, fileTargets: loader.fileTargets)
        let lowered = program.map { StaticAnalysis.lower($0, sources: loader.sources, constants: loader.constants) }
        var loaded = LoadedScene(
            sources: loader.sources, file: file, scene: checked, program: program, parameters: parameters,
            declaredSize: declared, diagnostics: Self.capped(diagnostics),
            staticDiagnostics: lowered?.diagnostics ?? [], resolvedProgram: lowered?.program)
        loaded.fonts = fonts
        return loaded
    }

    /// Evaluates a loaded scene with typed parameter values (missing ones take their defaults) and
    /// optionally another size. `isCancelled` is asked as evaluation goes (every 32 768
    /// steps): once it says true, evaluation stops with the error "evaluation was cancelled".
    /// With `origins` false the display list's operations carry no `Origin` (nil): for a caller
    /// that only renders it, as no backend reads one; the drawing is the same.
    public func compile(
        _ loaded: LoadedScene, arguments: [String: Value] = [:], size: SceneSize? = nil,
        isCancelled: EvaluationCancellation? = nil, origins: Bool = true
    ) -> Compilation {
        guard let resolved = loaded.resolvedProgram, !loaded.hasErrors else {
            return Compilation(
                scene: loaded, arguments: arguments, size: size, list: nil,
                diagnostics: loaded.diagnostics, limits: limits)
        }
        var (list, evaluated) = SceneEvaluator.evaluate(
            resolved, sources: loaded.sources, arguments: arguments,
            size: size.map { ($0.width, $0.height) },
            limits: limits.evaluation, isCancelled: isCancelled,
            measurer: ProjectMeasurer(families: loaded.fonts.allFamilies), origins: origins)
        // What reaches a renderer is bounded too, for every output (RenderLimits).
        if let drawn = list {
            let problems = limits.render.check(drawn)
            if !problems.isEmpty {
                evaluated += problems
                list = nil
            }
        }
        // Each diagnostic has one owner: the analysis (names, arity, sure type errors, in every
        // branch; warnings) and evaluation (what depends on the values), never both.
        var analysis = loaded.staticDiagnostics
        let failed = list == nil || evaluated.contains { $0.severity == .error } || analysis.contains { $0.severity == .error }
        if failed {
            // An error often leaves a name unused (a let whose value failed, a misspelled use):
            // unused names are reported for scenes that compile.
            analysis.removeAll { [.unusedLet, .unusedGradient, .unusedParameter].contains($0.code) }
            list = nil
        }
        return Compilation(
            scene: loaded, arguments: arguments, size: size, list: list,
            diagnostics: loaded.diagnostics + Self.limited(analysis + evaluated, errors: limits.evaluation.maxDiagnostics),
            limits: limits)
    }

    /// At most `errors` errors of the analysis and evaluation together (evaluation's limit holds
    /// for the two): the ones past it are dropped, and so are the warnings after them.
    static func limited(_ diagnostics: [Diagnostic], errors limit: Int) -> [Diagnostic] {
        var errors = 0
        return diagnostics.filter { d in
            guard errors < limit else { return false }
            if d.severity == .error { errors += 1 }
            return true
        }
    }

    /// The problems of the parameters of a file's `<component>`s (a duplicate, a default that does
    /// not fit its type), found when the file loads as those of its own `<param>`s are: the
    /// evaluator would drop such a parameter, the static checker and the program would not.
    static func localComponentParameterProblems(
        _ scene: CheckedScene, limits: EvaluationLimits, constants: inout BodyConstantTable
    ) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for component in scene.root.children where component.kind == .component {
            problems += SceneEvaluator.parameters(of: constants.constants(of: component).parameters, limits: limits).diagnostics
        }
        return problems
    }

    /// The first `maxLoadDiagnostics`, the last of them with a note saying how many more there are.
    static func capped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard diagnostics.count > maxLoadDiagnostics else { return diagnostics }
        var kept = Array(diagnostics.prefix(maxLoadDiagnostics))
        kept[kept.count - 1].notes.append(.init("\(diagnostics.count - maxLoadDiagnostics) more problems are not shown; fix these first"))
        return kept
    }

    /// A raw `<` inside an attribute is most often a comparison: say how to write one.
    private static func explainXMLError(_ diagnostic: Diagnostic) -> Diagnostic {
        var d = diagnostic
        if d.help == nil, d.code == .lessThanInAttribute {
            d.help = "write comparisons as 'lt' / 'le' (or '&lt;'): test=\"i lt count(points)\""
        }
        return d
    }
}
