#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneProject

/// The two sides of `scenec diff --rev`, as written: `REV` (that revision against the working
/// tree) or `OLD..NEW` (two revisions). Only the form is checked here; whether git knows the
/// names is asked of the repository (`commits(in:)`).
public struct RevisionRange: Sendable, Equatable, CustomStringConvertible {
    /// The old side: a branch, tag or commit as the user named it.
    public let old: String
    /// The new side, or nil for the working tree.
    public let new: String?

    public init(old: String, new: String? = nil) {
        self.old = old
        self.new = new
    }

    /// `REV` or `A..B`; anything else (an empty side, three dots, two ranges) is a usage error.
    public init(parsing text: String) throws(ProjectError) {
        let parts = text.components(separatedBy: "..")
        guard parts.count <= 2, !parts[0].isEmpty, parts.count == 1 || !parts[1].isEmpty else {
            throw ProjectError(
                .usage, "--rev expects REV or A..B, such as main or main..feature; got '\(text)'",
                help: "write --rev REV to compare a revision with the working tree, or --rev OLD..NEW to compare two "
                    + "revisions (a branch, a tag or a commit on each side of the two dots)")
        }
        self.init(old: parts[0], new: parts.count == 2 ? parts[1] : nil)
    }

    /// As the user writes it after `--rev`.
    public var description: String { new.map { "\(old)..\($0)" } ?? old }

    /// The commits the two sides name in `repository` (nil for the working tree), or a usage
    /// error naming the revision git does not know.
    public func commits(in repository: GitRepository) throws(ProjectError) -> (old: String, new: String?) {
        do {
            let oldCommit = try repository.commit(old)
            let newCommit = try new.map { (name) throws(GitRepository.Problem) in try repository.commit(name) }
            return (oldCommit, newCommit)
        } catch {
            throw ProjectError(.usage, error.description, help: error.help)
        }
    }
}
