#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneCompiler
import SceneEvaluator
import SceneIO
import SceneProject
import SceneSource

/// A whole review: every variant compared, each side named, the problems that kept a side from
/// being planned. What `scenec diff` prints, as text or JSON, and what the review page shows.
public struct ReviewResult: Sendable, Codable {
    /// "main (1a2b3c4d5e6f)", "working tree", or a file's path.
    public let oldLabel: String
    public let newLabel: String
    public let variants: [VariantDiff]
    /// Problems planning a side (a broken manifest, an unreadable scene), in the short form.
    public let oldProblems: [String]
    public let newProblems: [String]

    public init(oldLabel: String, newLabel: String, variants: [VariantDiff], oldProblems: [String], newProblems: [String]) {
        self.oldLabel = oldLabel; self.newLabel = newLabel; self.variants = variants
        self.oldProblems = oldProblems; self.newProblems = newProblems
    }

    public func count(_ status: VariantDiff.Status) -> Int { variants.filter { $0.status == status }.count }

    /// Whether anything visible differs (or could not be compared).
    public var hasDifferences: Bool { variants.contains { $0.status != .unchanged } }
}

/// The images of each compared variant, by name, for diff images and review pages.
public typealias ReviewImages = [String: PixelImages]

/// Plans and runs reviews through the front door and the build's own planner.
public enum Review {
    /// Compares two scene files with the same parameter values and size. A file with a `home` is
    /// compiled as if it lay there (a temporary copy git made of a project file).
    public static func files(
        old: String, new: String, oldHome: String? = nil, newHome: String? = nil,
        assignments: [String], size: SceneSize?,
        comparer: VariantComparer
    ) throws(UsageError) -> (ReviewResult, ReviewImages) {
        func job(_ path: String, home: String?, label: String) throws(UsageError) -> BuildJob {
            var compiler = comparer.compiler
            let at = home ?? path
            if compiler.projectRoot == nil { compiler.projectRoot = FilePath.parent(of: at) }
            let loaded: LoadedScene
            do {
                let contents = try InputFile.read(path, maxBytes: compiler.limits.parser.maxBytes)
                let over = contents.bytes.count > compiler.limits.parser.maxBytes
                loaded = compiler.load(path: at, bytes: contents.bytes, fileSize: over ? contents.fileSize : nil)
            } catch {
                throw UsageError(error.message)
            }
            var arguments: [String: Value] = [:]
            if !loaded.hasErrors {
                do { arguments = try compiler.arguments(assignments, for: loaded) } catch {
                    throw UsageError(
                        "\(label): \(error.description)",
                        details: loaded.parameterList.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
                }
            }
            let name = FilePath.baseName(of: at, dropping: ".scene")
            return BuildJob(name: name, scenePath: at, scene: loaded, arguments: arguments, size: size, outputs: [])
        }
        let a = try job(old, home: oldHome, label: "the old scene"), b = try job(new, home: newHome, label: "the new scene")
        let pair = VariantPair(name: b.name, old: a, new: b, reasons: ["\(old) → \(new)"])
        let (diff, images) = comparer.compare(pair)
        return (
            ReviewResult(oldLabel: old, newLabel: new, variants: [diff], oldProblems: [], newProblems: []),
            images.map { [diff.name: $0] } ?? [:]
        )
    }

    /// Compares every variant under `paths` whose drawing a change between two revisions can
    /// reach: scenes that changed, scenes that use a changed component (directly or through
    /// others), and variants whose manifest entry changed. `commits` are the range's, resolved
    /// (`RevisionRange.commits(in:)`); a `new` of nil is the working tree. `RevisionReview` is
    /// the whole of `scenec diff --rev` around this.
    static func revisions(
        repository: GitRepository, range: RevisionRange, commits: (old: String, new: String?), paths: [String],
        manifest: String? = nil, comparer: VariantComparer,
        workers: Int = WorkQueue.defaultWorkers
    ) throws(ProjectError) -> (ReviewResult, ReviewImages) {
        let (old, new) = (range.old, range.new)
        let (oldCommit, newCommit) = commits
        for path in paths where repository.repositoryPath(path) == nil {
            throw ProjectError(
                .usage, "'\(path)' is outside the git repository \(repository.root)",
                help: outsideHelp(repository))
        }
        // The working tree side reads files from disk: a committed link out of the repository is not followed.
        if newCommit == nil, let link = paths.lazy.compactMap(repository.linkLeavingRepository).first {
            throw ProjectError(
                .usage,
                "'\(link)' is a link to a place outside the git repository \(repository.root); a review reads "
                    + "only files inside it (compare two revisions with --rev OLD..NEW, which never follows links)",
                help: "compare two commits with --rev OLD..NEW, or name a folder inside the repository that is not "
                    + "reached through '\(link)'")
        }
        // A path at neither side (a typo, or scenes kept elsewhere than the default Scenes) would
        // find nothing changed and pass the review: it is a mistake, as for build, check and test.
        // A path at one side only is a folder or scene added or removed.
        // A path that is a link at a revision exists there: planning that side reports the link.
        func exists(_ path: String, at commit: String?) -> Bool {
            guard let commit else { return FileManager.default.fileExists(atPath: path) }
            guard let inRepository = repository.repositoryPath(path) else { return false }
            if !((try? repository.files(at: commit, under: inRepository)) ?? []).isEmpty { return true }
            let links = (try? repository.links(at: commit, under: "")) ?? []
            return links.contains { $0 == inRepository || inRepository.hasPrefix($0 + "/") }
        }
        let newPaths = paths.filter { exists($0, at: newCommit) }
        for path in paths where !newPaths.contains(path) && !exists(path, at: oldCommit) {
            let sides = new.map { "\(old) nor at \($0)" } ?? "\(old) nor in the working tree"
            // Where the scenes are, to name instead: the folders holding .scene files at a side.
            let files = (try? repository.files(at: newCommit ?? oldCommit, under: "")) ?? []
            var folders: [String] = []
            for file in files where file.path.hasSuffix(".scene") {
                let parent = FilePath.parent(of: file.path)
                let folder = repository.userPath(parent == "." ? "" : parent)
                if !folders.contains(folder) { folders.append(folder) }
            }
            let example =
                folders.isEmpty
                ? ""
                : "; scenes are in "
                    + folders.prefix(3).map { "'\($0.isEmpty ? "." : $0)'" }
                    .joined(separator: ", ") + (folders.count > 3 ? " and \(folders.count - 3) more folders" : "")
            throw ProjectError(
                .usage,
                "'\(path)' exists neither at \(sides): nothing to review there; name the folders or scene files "
                    + "to review after the revision (`scenec diff --rev \(range) FOLDER…`)\(example)",
                help: "check the spelling of '\(path)', or name the folders that hold the scenes: "
                    + "`scenec diff --rev \(range) \(folders.first.map { $0.isEmpty ? "." : $0 } ?? "FOLDER")`")
        }
        let changedInRepository: [String]
        do {
            changedInRepository = try repository.changedFiles(
                from: oldCommit, to: newCommit,
                under: paths.compactMap(repository.repositoryPath))
        } catch {
            throw ProjectError(.usage, error.description, help: error.help)
        }
        let changed = Set(changedInRepository.map { FilePath.normalize(repository.userPath($0)) ?? $0 })

        let oldFiles = RevisionFiles(repository: repository, commit: oldCommit)
        let newFiles: any BuildFiles = newCommit.map { RevisionFiles(repository: repository, commit: $0) } ?? WorkingTreeFiles()
        // A side where the paths do not exist yet (or any more) simply has no variants.
        let oldPlan =
            (try? BuildInputs.plan(
                paths: paths, manifest: manifest, compiler: comparer.compiler, workers: workers,
                files: oldFiles)) ?? BuildPlan()
        let newPlan: BuildPlan
        do {
            newPlan =
                newPaths.isEmpty
                ? BuildPlan()
                : try BuildInputs.plan(
                    paths: newPaths, manifest: manifest, compiler: comparer.compiler, workers: workers,
                    files: newFiles)
        } catch {
            throw ProjectError(.usage, error.message, help: error.help)
        }
        let pairs = changed.isEmpty ? [] : ReviewPlanner.pairs(old: oldPlan, new: newPlan, changed: changed)

        let results = Locked([(VariantDiff, PixelImages?)?](repeating: nil, count: pairs.count))
        WorkQueue.run(
            count: pairs.count, workers: workers, work: { comparer.compare(pairs[$0]) },
            deliver: { index, result in results.withLock { $0[index] = result } })
        let done = results.withLock { $0 }.compactMap { $0 }
        var images: ReviewImages = [:]
        for (diff, pictures) in done { if let pictures { images[diff.name] = pictures } }
        let label = { (rev: String, commit: String) in "\(rev) (\(commit.prefix(12)))" }
        return (
            ReviewResult(
                oldLabel: label(old, oldCommit), newLabel: new.map { label($0, newCommit!) } ?? "working tree",
                variants: done.map(\.0),
                oldProblems: problems(oldPlan), newProblems: problems(newPlan)), images
        )
    }

    /// What to do about a path outside the repository the review runs in.
    static func outsideHelp(_ repository: GitRepository) -> String {
        "name folders or scene files inside \(repository.root), or run `scenec diff --rev` in the repository that holds them"
    }

    static func problems(_ plan: BuildPlan) -> [String] {
        plan.renderProblems(style: .short).split(separator: "\n").map(String.init)
    }
}
