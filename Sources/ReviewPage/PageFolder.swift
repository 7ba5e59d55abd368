#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts a page's files in place as one folder, so that the folder is never seen half-written: the
/// files go to a hidden staging folder beside it, which then takes the folder's place and the
/// earlier page is removed (`StagedFolder`, as for asset folders). A failure or an interrupt
/// removes the staging folder and leaves DIR as it was.
///
/// Because the whole folder is replaced, an existing DIR must be empty or a page this module wrote
/// (`index.html` with the generator mark, and `images/`): a mistyped `--html` never empties a folder
/// of sources.
enum PageFolder {
    /// In every page's head: how an earlier page is recognized.
    static let generator = #"<meta name="generator" content="scenec diff --html">"#

    static func write(_ files: [PageFile], to folder: String) throws(OutputError) {
        var target = folder
        while target.count > 1 && target.hasSuffix("/") { target.removeLast() }
        guard !target.isEmpty, FilePath.fileName(of: target) != ".", FilePath.fileName(of: target) != ".." else {
            throw OutputError("'\(folder)' cannot be replaced by the review page", path: folder)
        }
        // A link to a folder: the page goes where it points.
        if isLink(target), let real = FilePath.resolved(target) { target = real }
        let replacing = try existingPage(target, as: folder)
        // The whole folder is replaced: never one that holds a file this command read.
        if replacing, let source = SourceFiles.source(inside: target) {
            throw OutputError("refusing to replace '\(folder)': it holds '\(source)', a file this command reads", path: folder)
        }

        let parent = FilePath.parent(of: target)
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw OutputError("cannot create the folder '\(parent)' for the review page", path: folder)
        }
        let staging = try StagedFolder(replacing: target, shown: folder)
        do throws(OutputError) {
            for file in files { try staging.write(file.bytes, to: file.path, shown: FilePath.join(folder, file.path)) }
            try staging.replaceTarget()
        } catch {
            staging.discard()
            throw error
        }
    }

    /// Whether `path` (which may not exist) is an earlier page to replace; throws when it is
    /// something else that the page must not replace.
    static func existingPage(_ path: String, as given: String) throws(OutputError) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return false }
            throw OutputError("cannot use '\(given)' for the review page: \(String(cString: strerror(errno)))", path: given)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw OutputError("'\(given)' is a file, not a folder", path: given)
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        if entries.isEmpty { return true }
        let index = FilePath.join(path, "index.html")
        let head = (try? InputFile.read(index, maxBytes: 4096, asSource: false)).map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        guard Set(entries).isSubset(of: ["index.html", "images", ReviewPage.dataFile]), head.contains(generator) else {
            throw OutputError("'\(given)' holds other files, and the review page replaces the whole folder", path: given)
        }
        return true
    }

    static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }
}
