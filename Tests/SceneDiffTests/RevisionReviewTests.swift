import Foundation
import SceneDiff
import SceneProject
import Testing

/// `scenec diff --rev` as a module: `--rev` read, the repository found, the render cache chosen
/// and checked, the review run; every failure a usage error that says what to do.
struct RevisionReviewTests {
    static let scene = #"<scene width="20" height="20"><rect x="0" y="0" width="10" height="10" fill="red"/></scene>"#

    /// A repository whose `main` holds `Scenes/a.scene`.
    static func repository() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-rev-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/Scenes", withIntermediateDirectories: true)
        try scene.write(toFile: folder + "/Scenes/a.scene", atomically: true, encoding: .utf8)
        try GitRepositoryTests.run(["init", "-q", "-b", "main"], in: folder)
        try GitRepositoryTests.run(["add", "."], in: folder)
        try GitRepositoryTests.run(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "first"], in: folder)
        return folder
    }

    /// A review of `folder`'s scenes (absolute: the working tree is read from the current folder).
    static func review(
        _ range: RevisionRange, _ folder: String, cache: RevisionReview.Cache = .inGitFolder, pixels: Bool = false
    ) -> RevisionReview {
        var options = RevisionReview.Options(range: range)
        options.paths = [folder + "/Scenes"]
        options.cache = cache
        options.workers = 1
        options.review.pixels = pixels
        return RevisionReview(options)
    }

    @Test func readsOneRevisionOrTwo() throws {
        #expect(try RevisionRange(parsing: "main") == RevisionRange(old: "main"))
        #expect(try RevisionRange(parsing: "main~1..feature") == RevisionRange(old: "main~1", new: "feature"))
        #expect(RevisionRange(old: "a", new: "b").description == "a..b")
        #expect(RevisionRange(old: "HEAD~2").description == "HEAD~2")
    }

    @Test("a malformed --rev is a usage error with an example", arguments: ["", "main..", "..main", "a..b..c"])
    func malformedRange(_ text: String) throws {
        let error = try #require(throws: ProjectError.self) { try RevisionRange(parsing: text) }
        #expect(error.kind == .usage)
        #expect(error.message == "--rev expects REV or A..B, such as main or main..feature; got '\(text)'")
        #expect(error.help?.contains("--rev OLD..NEW") == true, "\(String(describing: error.help))")
    }

    @Test func outsideARepositoryTheErrorSaysWhatToCompareInstead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-norepo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let error = try #require(throws: ProjectError.self) { try Self.review(RevisionRange(old: "main"), folder).run(in: folder) }
        #expect(error.kind == .usage)
        #expect(error.message.contains("is not inside a git repository"), "\(error.message)")
        #expect(error.message.contains("compare two files with `scenec diff OLD.scene NEW.scene`"), "\(error.message)")
        #expect(error.help?.contains("working tree") == true, "\(String(describing: error.help))")
    }

    @Test("a revision git does not know is named, with how to list the known ones", arguments: ["nope", "main..nope"])
    func unknownRevision(_ text: String) throws {
        let folder = try Self.repository()
        let error = try #require(throws: ProjectError.self) { try Self.review(RevisionRange(parsing: text), folder).run(in: folder) }
        #expect(error.kind == .usage)
        #expect(error.message.hasPrefix("unknown revision 'nope': no branch, tag or commit of that name"), "\(error.message)")
        #expect(error.help?.contains("git branch --all") == true, "\(String(describing: error.help))")
    }

    @Test func comparesTheWorkingTreeAndKeepsRendersInTheGitFolder() throws {
        let folder = try Self.repository()
        try Self.scene.replacingOccurrences(of: "red", with: "blue").write(toFile: folder + "/Scenes/a.scene", atomically: true, encoding: .utf8)
        // Renders are what the cache keeps: compared in pixels here.
        let (result, _) = try Self.review(RevisionRange(old: "main"), folder, pixels: true).run(in: folder)
        #expect(result.oldLabel.hasPrefix("main (") && result.newLabel == "working tree", "\(result.oldLabel) \(result.newLabel)")
        #expect(result.variants.map(\.name) == ["a"] && result.variants.first?.status == .changed)
        // The default cache is made below .git, where git never lists it; --no-cache makes none.
        #expect(FileManager.default.fileExists(atPath: folder + "/.git/scenec-cache"))
        let other = try Self.repository()
        try Self.scene.replacingOccurrences(of: "red", with: "blue").write(toFile: other + "/Scenes/a.scene", atomically: true, encoding: .utf8)
        _ = try Self.review(RevisionRange(old: "main"), other, cache: .none, pixels: true).run(in: other)
        #expect(!FileManager.default.fileExists(atPath: other + "/.git/scenec-cache"))
    }

    @Test func aLinkWhereTheDefaultCacheBelongsIsAnErrorBeforeAnyRender() throws {
        let folder = try Self.repository()
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-elsewhere-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/.git/scenec-cache", withDestinationPath: elsewhere)
        let error = try #require(throws: ProjectError.self) { try Self.review(RevisionRange(old: "main"), folder).run(in: folder) }
        #expect(error.kind == .usage)
        #expect(error.message.contains("scenec-cache"), "\(error.message)")
        #expect(error.help != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty, "nothing written through the link")
    }

    // MARK: every error of the revision road says what to do (a help line)

    /// The usage error a review of `paths` (relative to the repository `folder`) raises.
    static func reviewError(
        _ range: String, _ folder: String, paths: [String] = ["Scenes"], manifest: String? = nil
    ) throws -> ProjectError {
        var options = RevisionReview.Options(range: try RevisionRange(parsing: range))
        options.paths = paths.map { $0.hasPrefix("/") ? $0 : folder + "/" + $0 }
        options.manifest = manifest
        options.cache = .none
        options.workers = 1
        options.review.pixels = false
        let error = try #require(throws: ProjectError.self) { try RevisionReview(options).run(in: folder) }
        #expect(error.kind == .usage)
        return error
    }

    @Test func aRevisionThatLooksLikeAnOptionSaysWhatToName() throws {
        let folder = try Self.repository()
        let error = try Self.reviewError("-x", folder)
        #expect(error.message.hasPrefix("'-x' is not a revision"), "\(error.message)")
        #expect(error.help?.contains("git branch --all") == true, "\(String(describing: error.help))")
    }

    @Test func aPathOutsideTheRepositorySaysWhatToName() throws {
        let folder = try Self.repository()
        let error = try Self.reviewError("main", folder, paths: ["/etc"])
        #expect(error.message.hasPrefix("'/etc' is outside the git repository"), "\(error.message)")
        #expect(error.help?.contains("name folders or scene files inside") == true, "\(String(describing: error.help))")
    }

    @Test func aLinkOutOfTheRepositorySaysWhatToCompare() throws {
        let folder = try Self.repository()
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-out-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/Out", withDestinationPath: elsewhere)
        let error = try Self.reviewError("main", folder, paths: ["Out"])
        #expect(error.message.contains("is a link to a place outside the git repository"), "\(error.message)")
        #expect(error.help?.contains("--rev OLD..NEW") == true, "\(String(describing: error.help))")
    }

    @Test func aPathAtNeitherSideSaysWhereTheScenesAre() throws {
        let folder = try Self.repository()
        let error = try Self.reviewError("main", folder, paths: ["Scenez"])
        #expect(error.message.contains("exists neither at main nor in the working tree"), "\(error.message)")
        #expect(error.help?.contains("`scenec diff --rev main Scenes`") == true, "\(String(describing: error.help))")
    }

    @Test func aFilterDriverThatCannotBeTurnedOffSaysWhatToCompare() throws {
        let folder = try Self.repository()
        try GitRepositoryTests.run(["config", "filter.a=b.clean", "cat"], in: folder)
        let error = try Self.reviewError("main", folder)
        #expect(error.message.contains("filter driver"), "\(error.message)")
        #expect(error.help?.contains("--rev OLD..NEW") == true, "\(String(describing: error.help))")
    }

    @Test func aGitThatFailsSaysHowToSeeWhy() throws {
        let folder = try Self.repository()
        // The commit is there, its tree is not: `git diff` cannot read it.
        let tree = try GitRepositoryTests.run(["rev-parse", "main^{tree}"], in: folder).trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.removeItem(atPath: folder + "/.git/objects/" + tree.prefix(2) + "/" + tree.dropFirst(2))
        let error = try Self.reviewError("main", folder)
        #expect(error.message.hasPrefix("git diff failed"), "\(error.message)")
        #expect(error.help?.contains("git -C") == true, "\(String(describing: error.help))")
    }

    @Test func aManifestThatCannotBeReadSaysWhatToName() throws {
        let folder = try Self.repository()
        let error = try Self.reviewError("main", folder, manifest: folder + "/nope.json")
        #expect(error.message.hasPrefix("cannot read the manifest"), "\(error.message)")
        #expect(error.help?.contains("--manifest") == true, "\(String(describing: error.help))")
    }

    @Test func aPathThatIsALinkAtARevisionSaysWhatToName() throws {
        let folder = try Self.repository()
        try GitRepositoryTests.run(["checkout", "-q", "-b", "linked"], in: folder)
        try FileManager.default.removeItem(atPath: folder + "/Scenes")
        try FileManager.default.createSymbolicLink(atPath: folder + "/Scenes", withDestinationPath: "Real")
        try GitRepositoryTests.run(["add", "-A"], in: folder)
        try GitRepositoryTests.run(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "link"], in: folder)
        let error = try Self.reviewError("main..linked", folder)
        #expect(error.message.contains("is a link at"), "\(error.message)")
        #expect(error.help?.contains("points to") == true, "\(String(describing: error.help))")
    }
}
