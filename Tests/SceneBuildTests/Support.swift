import Foundation
import SceneCompiler
import SceneProject
import SceneSource

/// Scenes and manifests in memory, under a folder that does not exist: planning is pure.
enum Support {
    static let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let folder = "/virtual/Scenes"

    /// A seed scene from Scenes/, loaded as if it lived in `folder`.
    static func seed(_ name: String, at path: String? = nil) throws -> InputScene {
        let bytes = [UInt8](try Data(contentsOf: packageFolder.appendingPathComponent("Scenes/\(name).scene")))
        let path = path ?? "\(folder)/\(name).scene"
        return InputScene(ref: SceneFileRef(path: path), loaded: SceneCompiler().load(path: path, bytes: bytes))
    }

    static func scene(_ text: String, at path: String) -> InputScene {
        InputScene(ref: SceneFileRef(path: path), loaded: SceneCompiler().load(path: path, bytes: Array(text.utf8)))
    }

    /// Loads a manifest from text; fails with its problems when it has any.
    static func manifest(_ text: String, folder: String = folder, sources: inout SourceMap) -> Result<LoadedManifest, DiagnosticError> {
        let (loaded, problems) = ManifestLoader.load(
            path: "\(folder)/scenes.json", bytes: Array(text.utf8), folder: folder,
            sources: &sources)
        guard let loaded, problems.isEmpty else { return .failure(DiagnosticError(problems)) }
        return .success(loaded)
    }

    /// Every problem of a manifest text, rendered short ("" when none).
    static func errors(_ text: String) -> String {
        var sources = SourceMap()
        let (_, problems) = ManifestLoader.load(
            path: "\(folder)/scenes.json", bytes: Array(text.utf8), folder: folder,
            sources: &sources)
        return DiagnosticRenderer(sources: sources, style: .short).render(problems)
    }

    /// Plans the seeds (or the given scenes) with a manifest text; `exists` names extra scene files on "disk".
    static func plan(
        _ manifestText: String?, scenes: [InputScene]? = nil, exists: Set<String> = [],
        layout: OutputLayout? = nil
    ) throws -> BuildPlan {
        let scenes = try scenes ?? ["counter", "face", "graph", "push-button"].map { try seed($0) }
        var sources = SourceMap()
        var manifests: [LoadedManifest] = []
        var problems: [PlanProblem] = []
        if let manifestText {
            // As BuildInputs does: the decoder's problems first, then the planner's.
            let (loaded, found) = ManifestLoader.load(
                path: "\(folder)/scenes.json", bytes: Array(manifestText.utf8), folder: folder,
                sources: &sources)
            manifests = loaded.map { [$0] } ?? []
            problems = found.map(PlanProblem.init)
        }
        var plan = BuildPlanner.plan(
            scenes: scenes, manifests: manifests, sources: sources, layout: layout,
            sceneExists: { exists.contains($0) })
        plan.problems = problems + plan.problems
        return plan
    }

    static func problems(_ plan: BuildPlan) -> String { plan.renderProblems(style: .short) }

    static func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenebuild-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
