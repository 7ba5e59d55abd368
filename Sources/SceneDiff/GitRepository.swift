#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SceneIO
import SceneSource
import Synchronization

/// A git repository, read through the `git` command: revisions, what changed between them, and
/// files as they are at a revision. Nothing here writes: no checkout, no index update (optional
/// index locks are turned off with `GIT_OPTIONAL_LOCKS=0`, so even `git diff` leaves the index
/// alone), so a review never disturbs the working tree a developer is editing.
public struct GitRepository: Sendable {
    /// The repository's top folder (absolute).
    public let root: String
    /// The folder the paths given to this value are relative to (absolute), inside `root`.
    public let folder: String

    /// Why git could not answer. Messages say what to do; `git`'s own words are kept when it spoke.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let description: String
        init(_ message: String) { description = message }
    }

    /// The repository that holds `folder`.
    public init(at folder: String = ".") throws(Problem) {
        let absolute = FilePath.absolute(folder)
        let result = try Self.git(["rev-parse", "--show-toplevel"], in: absolute)
        guard result.status == 0, let top = result.text.split(separator: "\n").first else {
            throw Problem("'\(folder)' is not inside a git repository; `scenec diff --rev` compares revisions of one "
                          + "(compare two files with `scenec diff OLD.scene NEW.scene`)")
        }
        self.root = FilePath.resolved(String(top)) ?? String(top)
        self.folder = FilePath.resolved(absolute) ?? absolute
    }

    /// The repository's own folder (`.git`, shared by its worktrees), where scenec keeps what
    /// git never shows as untracked: `scenec diff --rev`'s render cache. nil if git does not say.
    public func gitFolder() -> String? {
        guard let result = try? Self.git(["rev-parse", "--path-format=absolute", "--git-common-dir"], in: root),
              result.status == 0, let line = result.text.split(separator: "\n").first else { return nil }
        return String(line)
    }

    /// The commit a revision names (`main`, `HEAD~2`, a hash), or a problem saying it names none.
    public func commit(_ revision: String) throws(Problem) -> String {
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw Problem("'\(revision)' is not a revision; name a branch, a tag or a commit, such as main or HEAD~1")
        }
        let result = try Self.git(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"], in: root)
        guard result.status == 0, let hash = result.text.split(separator: "\n").first else {
            throw Problem("unknown revision '\(revision)': no branch, tag or commit of that name in \(root)")
        }
        return String(hash)
    }

    /// The path of a file (given relative to `folder`, or absolute) relative to the repository's
    /// top, or nil when it lies outside the repository.
    public func repositoryPath(_ path: String) -> String? {
        let absolute = path.hasPrefix("/") ? FilePath.absolute(path) : FilePath.absolute(FilePath.join(folder, path))
        // The working tree may be reached through a link; compare resolved forms where they exist.
        let resolved = FilePath.resolved(absolute) ?? absolute
        for candidate in [resolved, absolute] {
            if let relative = FilePath.relative(candidate, to: root) { return relative == "." ? "" : relative }
        }
        return nil
    }

    /// A repository path written relative to `folder` again (as the user would type it).
    public func userPath(_ repositoryPath: String) -> String {
        let absolute = FilePath.join(root, repositoryPath)
        if let inside = FilePath.relative(absolute, to: folder) { return inside == "." ? "" : inside }
        return absolute
    }

    /// Files that differ between `old` and `new` (a commit, or nil for the working tree), under
    /// the given repository paths (all when empty), with renames as a deletion and an addition.
    public func changedFiles(from old: String, to new: String?, under paths: [String]) throws(Problem) -> [String] {
        var arguments = ["diff", "--name-only", "--no-renames", "-z", "--no-ext-diff", "--no-textconv", old]
        if let new { arguments.append(new) }
        arguments.append("--")
        arguments += paths.isEmpty ? ["."] : paths.map { ":(top,literal)" + $0 }
        let result = try Self.git(arguments, in: root)
        guard result.status == 0 else { throw Problem("git diff failed: \(result.error.trimming(.spacesAndNewlines))") }
        var files = result.text.split(separator: "\0").map(String.init)
        if new == nil {
            // Files git does not track yet are changes of the working tree too (a scene just made).
            let untracked = try Self.git(["ls-files", "--others", "--exclude-standard", "-z", "--"]
                                         + (paths.isEmpty ? ["."] : paths.map { ":(top,literal)" + $0 }), in: root)
            if untracked.status == 0 { files += untracked.text.split(separator: "\0").map(String.init) }
        }
        return Array(Set(files)).sorted()
    }

    /// A regular file of a revision's tree.
    struct TreeEntry: Sendable {
        let path: String
        let size: Int
        let object: String
    }

    /// Each revision's whole tree, listed once (`git ls-tree -r`) however many files are asked for:
    /// a review reads dozens of scenes and components from one revision.
    private let trees = TreeCache()
    private let blobs = BlobReader()

    private func tree(_ commit: String) throws(Problem) -> [TreeEntry] {
        if let known = trees.entries(commit) { return known }
        let result = try Self.git(["ls-tree", "-r", "-z", "--long", "--full-tree", commit], in: root)
        guard result.status == 0 else { throw Problem("git ls-tree failed: \(result.error.trimming(.spacesAndNewlines))") }
        var found: [TreeEntry] = []
        for entry in result.text.split(separator: "\0") {
            // "<mode> <type> <object> <size>\t<path>"
            guard let tab = entry.firstIndex(of: "\t") else { continue }
            let fields = entry[..<tab].split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 4, fields[0] == "100644" || fields[0] == "100755", fields[1] == "blob",
                  let size = Int(fields[3]) else { continue }
            found.append(TreeEntry(path: String(entry[entry.index(after: tab)...]), size: size, object: String(fields[2])))
        }
        trees.store(found, for: commit)
        return found
    }

    /// Regular files at a revision under a repository path (a folder or a file), with their size.
    /// Links and submodules are left out: a review reads only files the revision holds.
    public func files(at commit: String, under path: String) throws(Problem) -> [(path: String, size: Int)] {
        let all = try tree(commit)
        let inside = path.isEmpty || path == "." ? all : all.filter { $0.path == path || $0.path.hasPrefix(path + "/") }
        return inside.map { ($0.path, $0.size) }
    }

    /// A file's bytes at a revision: at most `maxBytes + 1` (so a file over a limit is known to be
    /// over it), with its full size. nil when the revision has no regular file there.
    public func read(_ path: String, at commit: String, maxBytes: Int) throws(Problem) -> (bytes: [UInt8], size: Int)? {
        guard let entry = try tree(commit).first(where: { $0.path == path }) else { return nil }
        // Files within the limit come from one long-running `git cat-file --batch` (a review reads
        // dozens; a process each cost more than the rest of the review).
        if entry.size <= maxBytes, let bytes = blobs.read(entry.object, size: entry.size, root: root) {
            return (bytes, entry.size)
        }
        // Over the limit only the first bytes are needed to report it: git is stopped past them.
        let result = try Self.git(["cat-file", "blob", entry.object], in: root, limit: maxBytes + 1)
        guard result.status == 0 || result.bytes.count > maxBytes else {
            throw Problem("git cat-file failed for \(path) at \(commit.prefix(12)): \(result.error)")
        }
        return (result.bytes, entry.size)
    }

    struct Output {
        let status: Int32
        let bytes: [UInt8]
        let error: String
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// Runs git with the optional index locks off, reading at most `limit` bytes of its output
    /// (the process is stopped past that).
    static func git(_ arguments: [String], in folder: String, limit: Int = 64 << 20) throws(Problem) -> Output {
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run("/usr/bin/git", ["-C", folder, "-c", "core.quotepath=off"] + arguments,
                                          environment: ["GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"], limit: limit)
        } catch {
            throw Problem("cannot run git (/usr/bin/git): \(error.description); install git to compare revisions")
        }
        return Output(status: result.status, bytes: result.output, error: String(decoding: result.error, as: UTF8.self))
    }
}

/// Trees already listed, by commit; shared by the copies of a repository value.
private final class TreeCache: Sendable {
    private let known = Mutex<[String: [GitRepository.TreeEntry]]>([:])
    func entries(_ commit: String) -> [GitRepository.TreeEntry]? { known.withLock { $0[commit] } }
    func store(_ entries: [GitRepository.TreeEntry], for commit: String) { known.withLock { $0[commit] = entries } }
}

/// One `git cat-file --batch` process for the blobs of a review, started on first use and asked
/// for one object at a time (under a lock): "OBJECT\n" in, "OBJECT blob SIZE\n" and the bytes out.
/// Any surprise stops it for good, and reads fall back to one `git cat-file` each.
private final class BlobReader: @unchecked Sendable {
    private let lock = Mutex(())
    private var process: PipedChild?
    private var output: Int32 { process?.output ?? -1 }
    private var broken = false

    deinit {
        process?.finish()
    }

    func read(_ object: String, size: Int, root: String) -> [UInt8]? {
        lock.withLock { _ in
            guard !broken else { return nil }
            if process == nil && !start(root) { broken = true; return nil }
            // PipeWrite: a git that died must end this reader, not scenec (by SIGPIPE).
            guard let process, PipeWrite.all(Array((object + "\n").utf8), to: process.input),
                  let header = line(), header == "\(object) blob \(size)",
                  let bytes = exactly(size + 1), bytes.last == 10 else {
                broken = true
                process?.terminate()
                return nil
            }
            return Array(bytes.dropLast())
        }
    }

    private func start(_ root: String) -> Bool {
        guard let process = PipedChild.start("/usr/bin/git", ["-C", root, "cat-file", "--batch"],
                                             environment: ["GIT_OPTIONAL_LOCKS": "0"]) else { return false }
        self.process = process
        return true
    }

    private func line() -> String? {
        var bytes: [UInt8] = []
        while bytes.count < 512 {
            guard let byte = exactly(1)?.first else { return nil }
            if byte == 10 { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }

    private func exactly(_ count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress! + filled, count - filled) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            filled += n
        }
        return buffer
    }
}
