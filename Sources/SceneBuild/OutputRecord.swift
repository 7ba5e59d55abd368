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

/// What `scenec build` has written into an output folder, kept in `DIR/.scenec-outputs` (one path
/// relative to DIR per line, sorted), so that `--prune` can remove the outputs of variants that no
/// longer exist and never anything else: a file is removed only when it is recorded there, is a
/// regular file inside DIR (no `..`, no absolute path, no link on the way out of DIR), and no
/// variant of the build makes it any more. Every build (not `--check`) adds the files it makes to
/// the record, before it writes any, so an interrupted build is remembered too.
public enum OutputRecord {
    public static let fileName = ".scenec-outputs"

    static let header = """
        # The files `scenec build` writes into this folder, one path a line. `scenec build --prune`
        # removes those no variant makes any more, and never another file.

        """

    /// The paths recorded in `folder`, or none when there is no record. Lines that are not a plain
    /// relative path inside the folder are ignored.
    public static func read(folder: String) -> [String] {
        guard let file = try? InputFile.read(FilePath.join(folder, fileName), maxBytes: 64 * 1024 * 1024, asSource: false) else { return [] }
        return String(decoding: file.bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter(isSafe)
    }

    /// Whether `folder` has a record.
    public static func exists(folder: String) -> Bool {
        FileManager.default.fileExists(atPath: FilePath.join(folder, fileName))
    }

    /// Removes the record: a build that wrote nothing leaves none behind.
    public static func remove(folder: String) {
        _ = unlink(FilePath.join(folder, fileName))
    }

    /// Records `paths` (a file left unchanged when they are what it already says).
    public static func write(_ paths: Set<String>, folder: String) throws(OutputError) {
        let text = header + paths.filter(isSafe).sorted().map { $0 + "\n" }.joined()
        _ = try OutputWriter.write(Array(text.utf8), to: FilePath.join(folder, fileName))
    }

    /// The recorded files that no variant makes any more and that are still there.
    public static func stale(recorded: [String], current: Set<String>, folder: String) -> [String] {
        recorded.filter { !current.contains($0) && isRemovable($0, in: folder) }.sorted()
    }

    /// Removes stale files (paths relative to `folder`), then the folders they leave empty (an
    /// image set, `res/drawable-hdpi`; a folder that still holds anything stays). An image set all of
    /// whose files go is first renamed to a hidden name, so that it disappears at once rather than
    /// file by file. Returns the files that could not be removed, with the reason.
    public static func prune(_ stale: [String], folder: String) -> [(path: String, reason: String)] {
        var failures: [(String, String)] = []
        var remaining = stale
        // Whole image sets first.
        let sets = Dictionary(grouping: stale.filter { FilePath.parent(of: $0).hasSuffix(".imageset") }, by: { FilePath.parent(of: $0) })
        for (set, files) in sets.sorted(by: { $0.key < $1.key }) {
            let setPath = FilePath.join(folder, set)
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: setPath),
                  Set(entries) == Set(files.map { FilePath.fileName(of: $0) }) else { continue }
            let aside = FilePath.join(FilePath.parent(of: setPath), ".\(FilePath.fileName(of: set)).scenec-pruned")
            guard rename(setPath, aside) == 0 else { continue }
            for entry in entries where unlink(FilePath.join(aside, entry)) != 0 {
                failures.append((FilePath.join(setPath, entry), String(cString: strerror(errno))))
            }
            rmdir(aside)
            remaining.removeAll { files.contains($0) }
        }
        for path in remaining where unlink(FilePath.join(folder, path)) != 0 && errno != ENOENT {
            failures.append((FilePath.join(folder, path), String(cString: strerror(errno))))
        }
        // Folders left empty, deepest first, never the output folder itself.
        var folders = Set<String>()
        for path in stale {
            var parent = FilePath.parent(of: path)
            while parent != "." && !parent.isEmpty && parent != "/" {
                folders.insert(parent)
                parent = FilePath.parent(of: parent)
            }
        }
        for relative in folders.sorted(by: { $0.count > $1.count }) { rmdir(FilePath.join(folder, relative)) }
        return failures
    }

    /// A plain relative path that stays inside the folder.
    static func isSafe(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.hasPrefix("#") && path != fileName
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    /// A regular file, reached from the folder through real folders only (no link leads out), and
    /// not a file this build read (a record is a file in the output folder, which a pull request
    /// can edit: it must not be able to have a scene or a manifest removed).
    static func isRemovable(_ path: String, in folder: String) -> Bool {
        guard isSafe(path), SourceFiles.source(at: FilePath.join(folder, path)) == nil else { return false }
        var info = stat()
        var current = folder
        let parts = path.split(separator: "/").map(String.init)
        for (index, part) in parts.enumerated() {
            current = FilePath.join(current, part)
            guard lstat(current, &info) == 0 else { return false }
            let type = info.st_mode & S_IFMT
            if index < parts.count - 1 { guard type == S_IFDIR else { return false } } else { guard type == S_IFREG else { return false } }
        }
        return true
    }
}
