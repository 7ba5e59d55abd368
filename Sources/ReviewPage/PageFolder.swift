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
/// files go to a hidden temporary folder beside it (`.DIR.scenec-XXXXXX`), which then takes the
/// folder's place by one rename (or, over an earlier page, `FolderSwap`: one exchange of the two
/// folders where the system can, after which the old page is removed). A failure removes the temporary folder and leaves DIR as it was;
/// only an interrupt can leave the hidden temporary folder behind, never a broken DIR.
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
        let name = String(FilePath.fileName(of: target).prefix(200))
        var template = Array(FilePath.join(parent, "." + name + ".scenec-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw OutputError("cannot write in '\(parent)': \(String(cString: strerror(errno)))", path: folder)
        }
        let temporary = String(cString: made)
        // Readable like a folder made by mkdir (mkdtemp makes it 0700).
        let mask = umask(0)
        umask(mask)
        chmod(temporary, 0o777 & ~mask)

        do throws(OutputError) {
            for file in files {
                let path = FilePath.join(temporary, file.path)
                let inside = FilePath.parent(of: path)
                if inside != temporary && !FileManager.default.fileExists(atPath: inside) {
                    do { try FileManager.default.createDirectory(atPath: inside, withIntermediateDirectories: true) } catch {
                        throw OutputError("cannot create the folder '\(inside)'", path: folder)
                    }
                }
                try AtomicFile.write(file.bytes, to: path)
            }
            if replacing {
                let failure = FolderSwap.replace(target, with: temporary)
                if failure != 0 {
                    throw OutputError("cannot replace '\(folder)': \(String(cString: strerror(failure)))", path: folder)
                }
            } else if rename(temporary, target) != 0 {
                throw OutputError("cannot write the review page '\(folder)': \(String(cString: strerror(errno)))", path: folder)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        // After an exchange the temporary name holds the earlier page.
        if replacing { try? FileManager.default.removeItem(atPath: temporary) }
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
