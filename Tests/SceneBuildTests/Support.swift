import Foundation
import SceneBuild
import SceneCompiler
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
        return InputScene(ref: SceneFileRef(path: path), loaded: SceneCompiler.load(path: path, bytes: bytes))
    }

    static func scene(_ text: String, at path: String) -> InputScene {
        InputScene(ref: SceneFileRef(path: path), loaded: SceneCompiler.load(path: path, bytes: Array(text.utf8)))
    }

    /// Loads a manifest from text, or returns its diagnostics rendered short.
    static func manifest(_ text: String, folder: String = folder, sources: inout SourceMap) -> Result<LoadedManifest, DiagnosticError> {
        ManifestLoader.load(path: "\(folder)/scenes.json", bytes: Array(text.utf8), folder: folder, sources: &sources)
    }

    static func errors(_ text: String) -> String {
        var sources = SourceMap()
        switch manifest(text, sources: &sources) {
        case .success: return ""
        case .failure(let error): return DiagnosticRenderer(sources: sources, style: .short).render(error.diagnostics)
        }
    }

    /// Plans the seeds (or the given scenes) with a manifest text; `exists` names extra scene files on "disk".
    static func plan(_ manifestText: String?, scenes: [InputScene]? = nil, exists: Set<String> = []) throws -> BuildPlan {
        let scenes = try scenes ?? ["counter", "face", "graph", "push-button"].map { try seed($0) }
        var sources = SourceMap()
        var manifests: [LoadedManifest] = []
        if let manifestText { manifests = [try manifest(manifestText, sources: &sources).get()] }
        return BuildPlanner.plan(scenes: scenes, manifests: manifests, sources: sources, sceneExists: { exists.contains($0) })
    }

    static func problems(_ plan: BuildPlan) -> String { plan.renderProblems(style: .short) }

    static func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenebuild-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
