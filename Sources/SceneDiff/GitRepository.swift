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
///
/// The repository may be hostile (a downloaded one, with its own `.git/config`): every git run gets
/// `GitRepository.hardening`, so that git runs none of the commands a configuration can name
/// (`core.fsmonitor`, hooks, external diff, transports). A revision's files are read only from
/// git's trees, by git's own paths (never through the working tree, and `-z` for names with line
/// breaks), and a link in a tree is a link: never followed, and reported when it is a scene.
public struct GitRepository: Sendable {
    /// The repository's top folder (absolute).
    public let root: String
    /// The folder the paths given to this value are relative to (absolute), inside `root`.
    public let folder: String

    /// Why git could not answer. Messages say what to do; `git`'s own words are kept when it spoke.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let description: String
        /// What to do about it, when the message does not say it already.
        public let help: String?
        init(_ message: String, help: String? = nil) {
            description = message
            self.help = help
        }
    }

    /// The repository that holds `folder`.
    public init(at folder: String = ".") throws(Problem) {
        let absolute = FilePath.absolute(folder)
        let result = try Self.git(["rev-parse", "--show-toplevel"], in: absolute)
        guard result.status == 0, let top = result.line, !top.isEmpty else {
            throw Problem(
                "'\(folder)' is not inside a git repository; `scenec diff --rev` compares revisions of one "
                    + "(compare two files with `scenec diff OLD.scene NEW.scene`)",
                help: "run `scenec diff --rev` in a folder of the repository's working tree (cd there first), "
                    + "or compare two scene files with `scenec diff OLD.scene NEW.scene`")
        }
        self.root = FilePath.resolved(top) ?? top
        self.folder = FilePath.resolved(absolute) ?? absolute
    }

    /// The repository's own folder (`.git`, shared by its worktrees), where scenec keeps what
    /// git never shows as untracked: `scenec diff --rev`'s render cache. nil if git does not say.
    public func gitFolder() -> String? {
        guard let result = try? Self.git(["rev-parse", "--path-format=absolute", "--git-common-dir"], in: root),
            result.status == 0, let line = result.line, !line.isEmpty
        else { return nil }
        return line
    }

    /// The commit a revision names (`main`, `HEAD~2`, a hash), or a problem saying it names none.
    public func commit(_ revision: String) throws(Problem) -> String {
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw Problem(
                "'\(revision)' is not a revision; name a branch, a tag or a commit, such as main or HEAD~1",
                help: Self.revisionHelp)
        }
        let result = try Self.git(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"], in: root)
        guard result.status == 0, let hash = result.text.split(separator: "\n").first else {
            throw Problem(
                "unknown revision '\(revision)': no branch, tag or commit of that name in \(root)",
                help: Self.revisionHelp)
        }
        return String(hash)
    }

    /// What to do about a revision git does not know.
    static let revisionHelp =
        "name a branch, a tag or a commit of this repository (`git branch --all` and `git log --oneline` list them)"

    /// The path of a file (given relative to `folder`, or absolute) relative to the repository's
    /// top, or nil when it lies outside the repository. Inside the repository the path is taken as
    /// written, as git names files: a link in the working tree is not followed (it would make a
    /// revision's file be read under another name). Only a path that reaches the repository
    /// through a link above its top (a working tree opened through a link) is resolved, up to the top.
    public func repositoryPath(_ path: String) -> String? {
        let absolute = path.hasPrefix("/") ? FilePath.absolute(path) : FilePath.absolute(FilePath.join(folder, path))
        if let relative = FilePath.relative(absolute, to: root) { return relative == "." ? "" : relative }
        var prefix = absolute, rest: [String] = []
        while prefix != "/" {
            if FilePath.resolved(prefix) == root { return rest.reversed().joined(separator: "/") }
            rest.append(FilePath.fileName(of: prefix))
            prefix = FilePath.parent(of: prefix)
        }
        return nil
    }

    /// The first link on the way from the repository's top to `path` in the working tree that
    /// leads outside the repository (a committed `Scenes → /somewhere` checked out), as the user
    /// would write it; nil when there is none. A review of the working tree refuses such a path.
    public func linkLeavingRepository(_ path: String) -> String? {
        guard let inside = repositoryPath(path) else { return nil }
        var current = root
        for part in inside.split(separator: "/") {
            current = FilePath.join(current, String(part))
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: current)) != nil else { continue }
            if let real = FilePath.resolved(current), FilePath.isInside(real, folder: root) { continue }
            return userPath(String(current.dropFirst(root.count + 1)))
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
        // Against the working tree git runs the configured filter drivers on changed files: off.
        var arguments =
            try (new == nil ? filtersOff() : [])
            + ["diff", "--name-only", "--no-renames", "-z", "--no-ext-diff", "--no-textconv", old]
        if let new { arguments.append(new) }
        arguments.append("--")
        arguments += paths.isEmpty ? ["."] : paths.map { ":(top,literal)" + $0 }
        let result = try Self.git(arguments, in: root)
        guard result.status == 0 else {
            throw Problem("git diff failed: \(result.error.trimming(.spacesAndNewlines))", help: gitHelp)
        }
        var files = result.text.split(separator: "\0").map(String.init)
        if new == nil {
            // Files git does not track yet are changes of the working tree too (a scene just made).
            let untracked = try Self.git(
                ["ls-files", "--others", "--exclude-standard", "-z", "--"]
                    + (paths.isEmpty ? ["."] : paths.map { ":(top,literal)" + $0 }), in: root)
            if untracked.status == 0 { files += untracked.text.split(separator: "\0").map(String.init) }
        }
        return Array(Set(files)).sorted()
    }

    /// What to do when git itself failed: its own words, in the message, say why.
    var gitHelp: String {
        "run `git -C \(root) status` to see what git reports and repair the repository (`git fsck` finds missing objects)"
    }

    /// `-c filter.NAME.clean=` and the like for every filter driver the configuration defines:
    /// git would run a driver's command on each working-tree file it compares (a repository's own
    /// `.gitattributes` names the driver, its `.git/config` the command). An empty command is no
    /// filter; `required` is turned off so that git does not stop for want of one.
    func filtersOff() throws(Problem) -> [String] {
        let result = try Self.git(
            ["config", "-z", "--name-only", "--get-regexp", #"^filter\..*\.(clean|smudge|process|required)$"#],
            in: root)
        var options: [String] = []
        for name in result.text.split(separator: "\0").map(String.init) where !name.isEmpty {
            guard !name.contains("="), !name.contains("\n") else {
                throw Problem(
                    "the repository's configuration names a filter driver '\(name)' that cannot be turned off; "
                        + "compare two revisions with --rev OLD..NEW instead of the working tree",
                    help: "compare two commits with --rev OLD..NEW (commit the working tree's changes first), "
                        + "or rename the filter driver in the repository's .git/config")
            }
            options += ["-c", name.hasSuffix(".required") ? "\(name)=false" : "\(name)="]
        }
        return options
    }

    /// A regular file of a revision's tree, or a link (`isLink`, never read).
    struct TreeEntry: Sendable {
        let path: String
        let size: Int
        let object: String
        var isLink = false
    }

    /// Each revision's whole tree, listed once (`git ls-tree -r`) however many files are asked for:
    /// a review reads dozens of scenes and components from one revision.
    private let trees = TreeCache()
    private let blobs = BlobReader()

    private func tree(_ commit: String) throws(Problem) -> [TreeEntry] {
        if let known = trees.entries(commit) { return known }
        let result = try Self.git(["ls-tree", "-r", "-z", "--long", "--full-tree", commit], in: root)
        guard result.status == 0 else {
            throw Problem("git ls-tree failed: \(result.error.trimming(.spacesAndNewlines))", help: gitHelp)
        }
        var found: [TreeEntry] = []
        for entry in result.text.split(separator: "\0") {
            // "<mode> <type> <object> <size>\t<path>"
            guard let tab = entry.firstIndex(of: "\t") else { continue }
            let fields = entry[..<tab].split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 4, fields[1] == "blob", let size = Int(fields[3]) else { continue }
            let path = String(entry[entry.index(after: tab)...])
            if fields[0] == "120000" {
                found.append(TreeEntry(path: path, size: size, object: String(fields[2]), isLink: true))
            } else if fields[0] == "100644" || fields[0] == "100755" {
                found.append(TreeEntry(path: path, size: size, object: String(fields[2])))
            }
        }
        trees.store(found, for: commit)
        return found
    }

    /// Regular files at a revision under a repository path (a folder or a file), with their size.
    /// Links and submodules are left out: a review reads only files the revision holds.
    public func files(at commit: String, under path: String) throws(Problem) -> [(path: String, size: Int)] {
        try entries(at: commit, under: path).filter { !$0.isLink }.map { ($0.path, $0.size) }
    }

    /// The links of a revision's tree at or under a repository path: never followed.
    public func links(at commit: String, under path: String) throws(Problem) -> [String] {
        try entries(at: commit, under: path).filter(\.isLink).map(\.path)
    }

    private func entries(at commit: String, under path: String) throws(Problem) -> [TreeEntry] {
        let all = try tree(commit)
        return path.isEmpty || path == "." ? all : all.filter { $0.path == path || $0.path.hasPrefix(path + "/") }
    }

    /// A file's bytes at a revision: at most `maxBytes + 1` (so a file over a limit is known to be
    /// over it), with its full size. nil when the revision has no regular file there.
    public func read(_ path: String, at commit: String, maxBytes: Int) throws(Problem) -> (bytes: [UInt8], size: Int)? {
        guard let entry = try tree(commit).first(where: { $0.path == path && !$0.isLink }) else { return nil }
        // Files within the limit come from one long-running `git cat-file --batch` (a review reads
        // dozens; a process each cost more than the rest of the review).
        if entry.size <= maxBytes, let bytes = blobs.read(entry.object, size: entry.size, root: root) {
            return (bytes, entry.size)
        }
        // Over the limit only the first bytes are needed to report it: git is stopped past them.
        let result = try Self.git(["cat-file", "blob", entry.object], in: root, limit: maxBytes + 1)
        guard result.status == 0 || result.bytes.count > maxBytes else {
            throw Problem("git cat-file failed for \(path) at \(commit.prefix(12)): \(result.error)", help: gitHelp)
        }
        return (result.bytes, entry.size)
    }

    struct Output {
        let status: Int32
        let bytes: [UInt8]
        let error: String
        var text: String { String(decoding: bytes, as: UTF8.self) }
        /// The output without its final line break: one path, which may itself hold line breaks.
        var line: String? {
            guard bytes.last == 10 else { return nil }
            return String(decoding: bytes.dropLast(), as: UTF8.self)
        }
    }

    /// Given to every git run, before the command: git may not run any command the repository's
    /// configuration names (`core.fsmonitor` would run at every `git diff` of the working tree;
    /// hooks; an external diff; a transport for a lazy fetch), as tools that read untrusted
    /// repositories do. Paths are printed raw (`core.quotepath=off`).
    static let hardening = [
        "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "core.quotepath=off",
        "-c", "diff.external=", "-c", "core.pager=cat", "-c", "protocol.allow=never",
        "-c", "core.untrackedCache=false", "--no-replace-objects",
    ]

    /// The environment of every git run: no optional locks, no lazy fetch, no terminal prompt.
    static let environment = [
        "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C", "GIT_NO_LAZY_FETCH": "1", "GIT_TERMINAL_PROMPT": "0",
        "GIT_NO_REPLACE_OBJECTS": "1",
    ]

    /// Runs git with the optional index locks off, reading at most `limit` bytes of its output
    /// (the process is stopped past that).
    static func git(_ arguments: [String], in folder: String, limit: Int = 64 << 20) throws(Problem) -> Output {
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(
                "/usr/bin/git", ["-C", folder] + hardening + arguments,
                environment: environment, limit: limit)
        } catch {
            throw Problem(
                "cannot run git (/usr/bin/git): \(error.description); install git to compare revisions",
                help: "install git so that /usr/bin/git runs (such as `apt-get install git`), or compare two scene files "
                    + "with `scenec diff OLD.scene NEW.scene`")
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
                let bytes = exactly(size + 1), bytes.last == 10
            else {
                broken = true
                process?.terminate()
                return nil
            }
            return Array(bytes.dropLast())
        }
    }

    private func start(_ root: String) -> Bool {
        guard
            let process = PipedChild.start(
                "/usr/bin/git", ["-C", root] + GitRepository.hardening + ["cat-file", "--batch"],
                environment: GitRepository.environment)
        else { return false }
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
