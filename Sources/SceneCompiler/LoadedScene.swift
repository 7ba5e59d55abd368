import ResolvedProgram
import SceneEvaluator
import SceneSource
import SceneSyntax

/// A scene read, parsed, checked and linked with its components: everything that does not depend
/// on parameter values. Compile it as often as needed (`SceneCompiler.compile`); it is immutable
/// and can be shared between threads.
public struct LoadedScene: Sendable {
    public let sources: SourceMap
    public let file: FileID
    /// nil when the file could not be parsed or checked; `diagnostics` says why.
    public let scene: CheckedScene?
    /// The scene with the components it uses, linked; nil when anything failed to load.
    public let program: SceneProgram?
    /// The scene's own parameters (a composed scene's, not its components').
    public let parameters: [ParameterDeclaration]
    /// The size the scene declares (`<scene width=… height=…>`), when it is a valid constant.
    public let declaredSize: SceneSize?
    /// The files the scene is made of, the main one first: what an output must never overwrite,
    /// and what a watcher or a cache key must follow.
    public let files: [String]
    public let diagnostics: [Diagnostic]
    /// What the static checker (SceneAnalysis) found in every branch, loop body and component,
    /// whatever the parameter values: part of each compilation's diagnostics, before evaluation's,
    /// which never repeat them (`SceneCompiler.compile`). Empty when the scene did not load.
    public let staticDiagnostics: [Diagnostic]
    /// The linked scene lowered by the static checker (names resolved, calls to builtins, types):
    /// what code generators read. nil when the scene did not load; when `staticDiagnostics` has
    /// errors, it holds `.unresolved` expressions where they are.
    public let resolvedProgram: Program?
    /// The project's own fonts (docs/text.md, "Project fonts"): their families and their bytes' identity.
    public internal(set) var fonts = ProjectFonts.none

    init(
        sources: SourceMap, file: FileID, scene: CheckedScene? = nil, program: SceneProgram? = nil,
        parameters: [ParameterDeclaration] = [], declaredSize: SceneSize? = nil, diagnostics: [Diagnostic],
        staticDiagnostics: [Diagnostic] = [], resolvedProgram: Program? = nil
    ) {
        self.sources = sources; self.file = file; self.scene = scene; self.program = program
        self.parameters = parameters; self.declaredSize = declaredSize; self.diagnostics = diagnostics
        self.staticDiagnostics = staticDiagnostics
        self.resolvedProgram = resolvedProgram
        self.files = sources.files.map(\.path)
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The main file's path as it was given.
    public var path: String { sources[file].path }
}

/// A `<use src=…>` of a loaded scene or of one of its components: where it is written and which
/// file it places. A review follows these to say through which `<use>` a component's change
/// reaches a scene.
public struct ComponentUse: Sendable, Hashable {
    /// The `<use>` element.
    public let span: SourceSpan
    /// The file it is written in.
    public let fromFile: String
    /// The file it places.
    public let file: String
}

extension LoadedScene {
    /// Every `<use src=…>` in the scene and its components, in file and source order.
    public var componentUses: [ComponentUse] {
        guard let program else { return [] }
        return program.fileTargets
            .map { ComponentUse(span: $0.key, fromFile: sources[$0.key.file].path, file: sources[$0.value].path) }
            .sorted { ($0.span.file, $0.span.start) < ($1.span.file, $1.span.start) }
    }
}
