import SceneCompiler
import SceneIO
import SceneProject

/// A build's inputs as they are at a git revision: the same scenes, manifests and components a
/// build of that revision would see, read with `git` (never checked out). Paths are the user's
/// (relative to the folder `scenec` runs in), as for the working tree, so both sides of a review
/// name every file alike. A link in the revision's tree is never followed: a path that is one is
/// refused, and a scene under a path that is one is reported and not built.
public struct RevisionFiles: BuildFiles {
    public let repository: GitRepository
    public let commit: String

    public init(repository: GitRepository, commit: String) {
        self.repository = repository
        self.commit = commit
    }

    public func scenes(in paths: [String], projectRoot: String?) throws(UsageError) -> SceneDiscovery.Found {
        var found = SceneDiscovery.Found()
        for path in paths {
            guard let inRepository = repository.repositoryPath(path) else {
                throw UsageError(
                    "'\(path)' is outside the git repository \(repository.root)", help: Review.outsideHelp(repository))
            }
            let files: [(path: String, size: Int)]
            let links: [String]
            do {
                files = try repository.files(at: commit, under: inRepository)
                links = try repository.links(at: commit, under: "")
            } catch {
                throw UsageError(error.description, help: error.help)
            }
            if let link = links.first(where: { $0 == inRepository || inRepository.hasPrefix($0 + "/") }) {
                throw UsageError(
                    "'\(repository.userPath(link))' is a link at \(commit.prefix(12)); a review reads only the files "
                        + "git holds and does not follow links (name the folder the link points to, if it is in the repository)",
                    help: "name the folder '\(repository.userPath(link))' points to instead, if it is in the repository")
            }
            found.refused += links.filter { $0.hasSuffix(".scene") && (inRepository.isEmpty || $0.hasPrefix(inRepository + "/")) }
                .map(repository.userPath)
            if files.count == 1, files[0].path == inRepository {
                found.scenes.append(SceneFileRef(path: path, projectRoot: projectRoot))
                continue
            }
            for file in files where file.path.hasSuffix(".scene") {
                let name = FilePath.fileName(of: file.path)
                // Hidden files and folders are skipped, as when building.
                if name.hasPrefix(".") || file.path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
                found.scenes.append(SceneFileRef(path: repository.userPath(file.path), projectRoot: projectRoot ?? path))
            }
        }
        var seen = Set<String>()
        found.scenes = found.scenes.filter { seen.insert($0.absolutePath).inserted }.sorted { $0.path < $1.path }
        return found
    }

    public func manifests(for paths: [String]) -> [String] {
        var found: [String] = []
        for path in paths {
            guard let inRepository = repository.repositoryPath(path),
                let files = try? repository.files(at: commit, under: inRepository)
            else { continue }
            let isFile = files.count == 1 && files[0].path == inRepository
            let folder = isFile ? FilePath.parent(of: path) : path
            let candidate = FilePath.join(folder, SceneDiscovery.manifestName)
            if let repoPath = repository.repositoryPath(candidate),
                (try? repository.files(at: commit, under: repoPath))?.contains(where: { $0.path == repoPath }) == true,
                !found.contains(candidate)
            {
                found.append(candidate)
            }
        }
        return found
    }

    public func manifest(_ path: String, maxBytes: Int) throws(InputError) -> [UInt8] {
        try bytes(path, maxBytes: maxBytes).bytes
    }

    public func load(_ scene: SceneFileRef, with compiler: SceneCompiler) throws(InputError) -> LoadedScene {
        var atRevision = compiler
        atRevision.reader = RevisionReader(repository: repository, commit: commit, root: scene.projectRoot)
        let maxBytes = compiler.limits.parser.maxBytes
        let (bytes, size) = try bytes(scene.path, maxBytes: maxBytes)
        return atRevision.load(path: scene.path, bytes: bytes, fileSize: bytes.count > maxBytes ? size : nil)
    }

    public func sceneExists(_ absolutePath: String) -> Bool {
        guard let inRepository = repository.repositoryPath(absolutePath) else { return false }
        return (try? repository.files(at: commit, under: inRepository))?.contains { $0.path == inRepository } ?? false
    }

    private func bytes(_ path: String, maxBytes: Int) throws(InputError) -> (bytes: [UInt8], size: Int) {
        guard let inRepository = repository.repositoryPath(path) else {
            throw InputError(.missing, "'\(path)' is outside the git repository \(repository.root)", path: path)
        }
        let found: (bytes: [UInt8], size: Int)?
        do { found = try repository.read(inRepository, at: commit, maxBytes: maxBytes) } catch {
            throw InputError(.other, error.description, path: path)
        }
        guard let found else {
            throw InputError(.missing, "cannot read '\(path)' at \(commit.prefix(12)): no such file in that revision", path: path)
        }
        return found
    }
}

/// Component files (`<use src=…>`) as they are at a revision, inside the project folder.
public struct RevisionReader: SceneReader {
    public let repository: GitRepository
    public let commit: String
    public let root: String

    public func read(_ path: String, maxBytes: Int) throws(ReadProblem) -> [UInt8] {
        guard let inRepository = repository.repositoryPath(path) else {
            throw ReadProblem(.unreadableComponent, "'\(path)' is outside the git repository", help: "components must live inside the project")
        }
        do {
            guard let found = try repository.read(inRepository, at: commit, maxBytes: maxBytes) else {
                throw ReadProblem(
                    .unreadableComponent, "cannot read '\(path)' at \(commit.prefix(12)): no such file in that revision",
                    help: "the path is relative to the file that uses it")
            }
            return found.bytes
        } catch let problem as ReadProblem {
            throw problem
        } catch {
            throw ReadProblem(.unreadableComponent, "\(error)")
        }
    }

    public func identity(of path: String) -> String { repository.repositoryPath(path) ?? path }
}
