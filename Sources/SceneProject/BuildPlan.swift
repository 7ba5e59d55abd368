import SceneCompiler
import SceneSource

/// What a build will do: every job, sorted by name, or the problems in the manifests that stop it.
/// A plan with problems builds nothing: a half-understood manifest must not overwrite images.
public struct BuildPlan: Sendable {
    /// The manifests' texts, for rendering the problems' diagnostics.
    public var sources: SourceMap
    public var problems: [PlanProblem]
    /// Sorted by name, so a shard is the same slice on every machine.
    public var jobs: [BuildJob]
    /// How the outputs are laid out in the output folder.
    public var layout: OutputLayout = .flat

    public init(sources: SourceMap = SourceMap(), problems: [PlanProblem] = [], jobs: [BuildJob] = []) {
        self.sources = sources
        self.problems = problems
        self.jobs = jobs
    }

    /// The problems as text, located in the manifests where they can be.
    public func renderProblems(style: DiagnosticRenderer.Style) -> String {
        let renderer = DiagnosticRenderer(sources: sources, style: style)
        return problems.map { problem in
            problem.diagnostic.map(renderer.render) ?? DiagnosticRenderer.visible("scenec: error: \(problem.message)") + "\n"
        }.joined()
    }
}

/// A problem with what a build was asked to do. Located in a manifest when it comes from one;
/// otherwise (two scene files with the same name, say) a plain message.
public struct PlanProblem: Sendable, CustomStringConvertible {
    public let diagnostic: Diagnostic?
    public let message: String

    public init(_ diagnostic: Diagnostic) {
        self.diagnostic = diagnostic
        self.message = diagnostic.message
    }

    public init(message: String) {
        self.diagnostic = nil
        self.message = message
    }

    public var description: String { message }
}

/// A scene of the build, loaded (parsed and checked) once and shared by all its variants.
public struct InputScene: Sendable {
    public let ref: SceneFileRef
    public let loaded: LoadedScene

    public init(ref: SceneFileRef, loaded: LoadedScene) {
        self.ref = ref
        self.loaded = loaded
    }
}
