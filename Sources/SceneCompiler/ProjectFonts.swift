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
import PNGBackend
import SceneIO
import SceneSource
import SceneSyntax
import Synchronization

/// A project's own fonts: the TTF, OTF and TTC files directly in the folder `Fonts` of the project
/// folder (the project root, or the scene's folder), added to the pinned fonts so that text in a
/// brand font renders the same on every machine (docs/text.md, "Project fonts"). Their bytes are part of
/// the build cache's keys (`identity`), and their family names are what `<text font>` and
/// `textWidth` accept besides the DejaVu families.
public struct ProjectFonts: Sendable, Hashable {
    /// The folder read, as written (`Fonts`, `Scenes/Fonts`); nil when the project has none.
    public let folder: String?
    /// The families of its fonts, in file order, each once, minus the pinned ones.
    public let families: [String]
    /// `name:sha256` of each font file, sorted by name: what the cache keys hold.
    public let identity: String
    /// Files that are not usable fonts, with why: reported as errors at the file.
    let problems: [(file: String, message: String)]

    public static let none = ProjectFonts(folder: nil, families: [], identity: "", problems: [])

    /// The folder's name inside the project folder.
    public static let folderName = "Fonts"
    static let extensions: Set<String> = ["ttf", "otf", "ttc"]
    /// A font file larger than this is refused (large CJK fonts are about 20 MB).
    static let maxFileBytes = 64 << 20
    static let maxFiles = 64

    /// Every family text may use in this project: the pinned ones, then the project's.
    public var allFamilies: [String] { Schema.fontFamilies + families }

    public static func == (a: ProjectFonts, b: ProjectFonts) -> Bool { a.folder == b.folder && a.identity == b.identity }
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

    /// The fonts of the project whose folder is `projectFolder` ("" for the current folder). Files
    /// are read and hashed again only when their size or modification time changed.
    static func load(projectFolder: String) -> ProjectFonts {
        let folder = FilePath.join(projectFolder.isEmpty ? "." : projectFolder, folderName)
        var info = stat()
        guard stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
        else { return .none }
        let fonts = names.filter { !$0.hasPrefix(".") && extensions.contains(($0.split(separator: ".").last ?? "").lowercased()) }.sorted()
        guard !fonts.isEmpty else { return .none }
        let shown = projectFolder.isEmpty ? folderName : FilePath.join(projectFolder, folderName)
        var problems: [(String, String)] = []
        var usable: [(name: String, path: String, digest: String)] = []
        for name in fonts.prefix(maxFiles) {
            let path = FilePath.join(folder, name)
            switch digest(of: path) {
            case .success(let digest): usable.append((name, FilePath.absolute(path), digest))
            case .failure(let failure): problems.append((FilePath.join(shown, name), failure.message))
            }
        }
        if fonts.count > maxFiles {
            problems.append((shown, "the folder has \(fonts.count) font files; at most \(maxFiles) are read"))
        }
        var families: [String] = []
        do {
            let added = try PNGBackend.addProjectFonts(usable.map(\.path))
            for font in usable {
                guard let names = added[font.path] ?? nil else {
                    problems.append((FilePath.join(shown, font.name), "fontconfig cannot read this file as a font"))
                    continue
                }
                for family in names where !families.contains(family) && !Schema.fontFamilies.contains(family) {
                    families.append(family)
                }
            }
        } catch {
            problems.append((shown, error.description))
        }
        let identity = usable.map { "\($0.name):\($0.digest)" }.joined(separator: ",")
        return ProjectFonts(folder: shown, families: families, identity: identity, problems: problems)
    }

    /// The SHA-256 of a font file, kept while its size and modification time stay the same.
    private static func digest(of path: String) -> Result<String, Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(Failure("cannot be read")) }
        let stamp = "\(info.st_size):\(info.st_mtim.tv_sec):\(info.st_mtim.tv_nsec):\(info.st_ino)"
        if let known = digests.withLock({ $0[path] }), known.stamp == stamp { return .success(known.digest) }
        guard info.st_size <= maxFileBytes else {
            return .failure(Failure("is \(info.st_size) bytes, over the limit of \(maxFileBytes) for a font file"))
        }
        let contents: InputFile.Contents
        do { contents = try InputFile.read(path, maxBytes: maxFileBytes, asSource: false) } catch {
            return .failure(Failure("cannot be read: \(error.description)"))
        }
        let digest = SHA256.hex(contents.bytes)
        digests.withLock { $0[path] = (stamp, digest) }
        return .success(digest)
    }

    struct Failure: Error { let message: String; init(_ m: String) { message = m } }
    private static let digests = Mutex<[String: (stamp: String, digest: String)]>([:])
}
