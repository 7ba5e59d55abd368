#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneCompiler
import SceneIO
import SceneSource

/// The file-system half of planning: find the scenes and manifests, read them (through the front
/// door's size-limited reads), load every scene once (on all cores: a large library has many),
/// then plan.
public enum BuildInputs {
    /// - Parameters:
    ///   - paths: folders and scene files; folders are searched recursively for `*.scene`.
    ///   - manifest: a manifest named with `--manifest`, used instead of the `scenes.json` files
    ///     beside the scenes.
    ///   - compiler: the front door every scene is loaded through. Its `projectRoot`, when set
    ///     (`--project`), is every scene's project folder; otherwise each scene's project is the
    ///     folder PATH it was found under, or the folder of a `--manifest` that contains it.
    /// - Throws: a usage error for a path or manifest that cannot be read.
    ///   - files: where the scenes and manifests are read: the file system, or a git revision.
    ///   - layout: `--layout`, over the manifests' `layout`.
    /// What to do when the manifest named cannot be read.
    static let manifestHelp =
        "name a readable manifest with --manifest FILE, or leave --manifest out to use the scenes.json files beside the scenes"

    public static func plan(
        paths: [String], manifest: String? = nil, compiler: SceneCompiler = SceneCompiler(),
        workers: Int = WorkQueue.defaultWorkers,
        files: any BuildFiles = WorkingTreeFiles(), layout: OutputLayout? = nil
    ) throws(UsageError) -> BuildPlan {
        var root = compiler.projectRoot
        if root == nil, let manifest {
            // A manifest above every PATH describes the project they belong to.
            let folder = FilePath.absolute(FilePath.parent(of: manifest))
            if paths.allSatisfy({ FilePath.isInside(FilePath.absolute($0), folder: folder) }) { root = FilePath.parent(of: manifest) }
        }
        let found = try files.scenes(in: paths, projectRoot: root)
        let refs = found.scenes
        var sources = SourceMap()
        var manifests: [LoadedManifest] = []
        var problems: [PlanProblem] =
            found.refused.map {
                PlanProblem(
                    message: "'\($0)' is a link to a file outside the folder it was found in; it is not built "
                        + "(a build reads only files inside the folders it is given)")
            } + found.notUTF8.map { PlanProblem(message: SceneDiscovery.Found.notUTF8Message($0) + "; " + SceneDiscovery.Found.notUTF8Help) }
        let manifestPaths: [String]
        if let manifest {
            manifestPaths = [manifest]
        } else {
            manifestPaths = files.manifests(for: paths)
        }
        for path in manifestPaths {
            let bytes: [UInt8]
            do {
                bytes = try files.manifest(path, maxBytes: ManifestLoader.maxBytes)
            } catch {
                switch error.kind {
                case .missing:
                    throw UsageError("cannot read the manifest '\(path)': no such file", help: Self.manifestHelp)
                default: throw UsageError("cannot use the manifest: \(error.message)", help: Self.manifestHelp)
                }
            }
            let folder = FilePath.absolute(FilePath.parent(of: path))
            let (loaded, found) = ManifestLoader.load(path: path, bytes: bytes, folder: folder, sources: &sources)
            if let loaded { manifests.append(loaded) }
            problems += found.map(PlanProblem.init)
        }

        // Parse and check each scene once, on every core, each in its own project folder.
        let loaded = Locked([Result<InputScene, InputError>?](repeating: nil, count: refs.count))
        WorkQueue.run(
            count: refs.count, workers: workers,
            work: { index -> Result<InputScene, InputError> in
                let ref = refs[index]
                var sceneCompiler = compiler
                sceneCompiler.projectRoot = ref.projectRoot
                return Result { () throws(InputError) in InputScene(ref: ref, loaded: try files.load(ref, with: sceneCompiler)) }
            }, deliver: { index, scene in loaded.withLock { $0[index] = scene } })
        var scenes: [InputScene] = []
        for result in loaded.withLock({ $0 }) {
            switch result {
            case .success(let scene)?: scenes.append(scene)
            case .failure(let error)?: problems.append(PlanProblem(message: error.message))
            case nil: break
            }
        }

        var plan = BuildPlanner.plan(
            scenes: scenes, manifests: manifests, sources: sources, compiler: compiler,
            layout: layout, sceneExists: files.sceneExists)
        plan.problems = problems + plan.problems
        return plan
    }
}
