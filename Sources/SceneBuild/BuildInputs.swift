import Foundation
import SceneCompiler
import SceneSource

/// The file-system half of planning: find the scenes and manifests, read them, load every scene
/// once (on all cores: a large library has many), then plan.
public enum BuildInputs {
    /// - Parameters:
    ///   - paths: folders and scene files; folders are searched recursively for `*.scene`.
    ///   - manifest: a manifest named with `--manifest`, used instead of the `scenes.json` files
    ///     beside the scenes.
    /// - Throws: a usage error for a path or manifest that cannot be read.
    public static func plan(paths: [String], manifest: String? = nil,
                            workers: Int = WorkQueue.defaultWorkers) throws(UsageError) -> BuildPlan {
        let refs = try SceneDiscovery.scenes(in: paths)
        var sources = SourceMap()
        var manifests: [LoadedManifest] = []
        var problems: [PlanProblem] = []
        let manifestPaths: [String]
        if let manifest {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: manifest, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw UsageError("cannot read the manifest '\(manifest)': no such file")
            }
            manifestPaths = [manifest]
        } else {
            manifestPaths = SceneDiscovery.manifests(for: paths)
        }
        for path in manifestPaths {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw UsageError("cannot read the manifest '\(path)': permission denied or unreadable")
            }
            let folder = SceneDiscovery.absolute(SceneDiscovery.parent(of: path))
            switch ManifestLoader.load(path: path, bytes: [UInt8](data), folder: folder, sources: &sources) {
            case .success(let loaded): manifests.append(loaded)
            case .failure(let error): problems += error.diagnostics.map(PlanProblem.init)
            }
        }

        // Parse and check each scene once, on every core.
        let loaded = Locked([InputScene?](repeating: nil, count: refs.count))
        WorkQueue.run(count: refs.count, workers: workers, work: { index -> InputScene? in
            let ref = refs[index]
            guard let data = FileManager.default.contents(atPath: ref.path) else { return nil }
            return InputScene(ref: ref, loaded: SceneCompiler.load(path: ref.path, bytes: [UInt8](data)))
        }, deliver: { index, scene in loaded.withLock { $0[index] = scene } })
        var scenes: [InputScene] = []
        for (index, scene) in loaded.withLock({ $0 }).enumerated() {
            if let scene { scenes.append(scene) } else {
                problems.append(PlanProblem(message: "cannot read '\(refs[index].path)': permission denied or unreadable"))
            }
        }

        var plan = BuildPlanner.plan(scenes: scenes, manifests: manifests, sources: sources, sceneExists: { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        })
        plan.problems = problems + plan.problems
        return plan
    }
}

