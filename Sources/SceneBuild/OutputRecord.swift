#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import SceneIO

/// What `scenec build` has written into an output folder, kept in `DIR/.scenec-outputs`: one line
/// per file, the SHA-256 of the bytes scenec wrote, two spaces and the path relative to DIR (as
/// `sha256sum` writes), sorted. `--prune` removes the outputs of variants that no longer exist and
/// never anything else: a file is removed only when it is recorded there, is a regular file reached
/// from DIR without crossing a link (`ContainedFolder`), no variant of the build makes it any more,
/// and its bytes still match the recorded SHA-256 — so a record edited in a pull request can name
/// no file but one scenec wrote, with the bytes scenec wrote. Every build (not `--check`) adds the
/// files it is about to make to the record before it writes any (with the hash they had, if any),
/// so an interrupted build is remembered too, and records each file's new hash once written. A
/// file recorded without a hash (by an older scenec, or a build interrupted before it finished)
/// is kept, and said so.
public enum OutputRecord {
    public static let fileName = ".scenec-outputs"

    /// The largest record read: 16 MiB is about 130 000 outputs. A larger one is not scenec's (or
    /// not worth reading): an error that says to delete it.
    public static let maxBytes = 16 << 20

    static let header = """
        # The files `scenec build` writes into this folder: the SHA-256 of what it wrote and the path, one file
        # a line. `scenec build --prune` removes those no variant makes any more whose bytes still match, and
        # never another file.

        """

    /// Recorded paths (relative to the folder) and the SHA-256 of what was written there, when known.
    public typealias Entries = [String: String?]

    /// The files recorded in `folder`, or none when there is no record. Lines that are not a plain
    /// relative path inside the folder are ignored. A record that is a link, or over `maxBytes`, is
    /// an error (nothing is built or removed on its word).
    public static func read(folder: String) throws(OutputError) -> Entries {
        let file: InputFile.Contents
        do {
            file = try ContainedFolder(root: folder).read(fileName, maxBytes: maxBytes)
        } catch {
            if error.kind == .missing { return [:] }
            throw OutputError(error.message, path: error.path, help: error.help)
        }
        let shown = FilePath.join(folder, fileName)
        guard file.fileSize <= maxBytes else {
            throw OutputError(
                "the output record '\(shown)' is over \(maxBytes >> 20) MiB; scenec never writes one so large",
                path: shown, help: "delete it: the next build records its outputs again")
        }
        return parse(file.bytes)
    }

    /// The lines of a record: `HASH  PATH` or (an older scenec's) `PATH`. One pass over the bytes
    /// with `memchr` for the line ends (a record of 100 000 outputs is read in a blink, issue 21).
    static func parse(_ bytes: [UInt8]) -> Entries {
        var entries: Entries = [:]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < buffer.count {
                let end =
                    memchr(base + start, 0x0A, buffer.count - start).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base }
                    ?? buffer.count
                defer { start = end + 1 }
                guard end > start, base[start] != UInt8(ascii: "#") else { continue }
                var pathStart = start
                var hash: String?
                if end - start > 66, base[start + 64] == 0x20, base[start + 65] == 0x20, isHex(UnsafeBufferPointer(start: base + start, count: 64)) {
                    hash = String(decoding: UnsafeBufferPointer(start: base + start, count: 64), as: UTF8.self)
                    pathStart = start + 66
                }
                let path = UnsafeBufferPointer(start: base + pathStart, count: end - pathStart)
                guard let text = String(validating: path, as: UTF8.self), isSafe(text) else { continue }
                entries[text] = hash
            }
        }
        return entries
    }

    private static func isHex(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where !((0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)) { return false }
        return true
    }

    /// Whether `folder` has a record (the file itself, not followed if it is a link).
    public static func exists(folder: String) -> Bool {
        var info = stat()
        return lstat(FilePath.join(folder, fileName), &info) == 0
    }

    /// Removes the record: a build that wrote nothing leaves none behind. unlink never follows a
    /// link, and the record sits directly in the folder the user gave.
    public static func remove(folder: String) {
        _ = unlink(FilePath.join(folder, fileName))
    }

    /// Records `entries` (the file left unchanged when it already says so). The record itself is
    /// written as an output is: never through a link.
    public static func write(_ entries: Entries, folder: String) throws(OutputError) {
        var bytes = Array(header.utf8)
        bytes.reserveCapacity(bytes.count + entries.count * 120)
        for path in entries.keys.sorted() where isSafe(path) {
            if let hash = entries[path] ?? nil {
                bytes += hash.utf8
                bytes += [0x20, 0x20]
            }
            bytes += path.utf8
            bytes.append(0x0A)
        }
        _ = try ContainedFolder(root: folder).write(bytes, to: fileName)
    }

    /// The recorded files that no variant makes any more.
    public static func stale(recorded: Entries, current: Set<String>) -> [String] {
        recorded.keys.filter { !current.contains($0) }.sorted()
    }

    /// What `prune` did with each stale file.
    public struct Pruned: Sendable {
        /// Removed (paths relative to the folder).
        public var removed: [String] = []
        /// No longer there: nothing to do, and no longer recorded.
        public var gone: [String] = []
        /// Left alone: recorded without a hash, or changed since scenec wrote it.
        public var kept: [(path: String, reason: String)] = []
        /// Could not be removed (a link on the way, no permission), with the reason.
        public var failures: [(path: String, reason: String)] = []
    }

    /// The largest stale file read to compare with its hash (a large PNG is a few MB).
    static let maxOutputBytes = 1 << 30

    /// Whether the file `path` would be removed: a regular file reached without a link, whose bytes
    /// match its recorded hash. For `--check --prune`, which lists what `--prune` would remove.
    public static func isRemovable(_ path: String, hash: String?, folder: String) -> Bool {
        guard let hash, let file = try? ContainedFolder(root: folder).read(path, maxBytes: maxOutputBytes),
            file.fileSize == file.bytes.count
        else { return false }
        return SHA256.hex(file.bytes) == hash
    }

    /// Removes the stale files whose bytes still match their hash, then the folders they leave
    /// empty (an image set, `res/drawable-hdpi`; a folder that still holds anything stays). An image
    /// set all of whose files go is first renamed to a hidden name, so that it disappears at once
    /// rather than file by file.
    public static func prune(_ stale: [String], recorded: Entries, folder: String) -> Pruned {
        let contained = ContainedFolder(root: folder)
        var result = Pruned()
        var remaining: [String] = []
        // What may go: files that are there, regular, and hold what scenec wrote.
        for path in stale {
            let kind: ContainedFolder.Kind?
            do { kind = try contained.kind(of: path) } catch {
                result.failures.append((contained.path(path), error.description))
                continue
            }
            guard let kind else { result.gone.append(path); continue }
            guard kind == .file else {
                result.failures.append((contained.path(path), ContainedFolderText.notAFile(contained.path(path), kind)))
                continue
            }
            guard let hash = recorded[path] ?? nil else {
                result.kept.append(
                    (
                        contained.path(path),
                        "recorded without its SHA-256 (by an older scenec, or a build that was "
                            + "interrupted): not removed; remove it by hand if no one else wrote it"
                    ))
                continue
            }
            guard isRemovable(path, hash: hash, folder: folder) else {
                result.kept.append((contained.path(path), "changed since scenec wrote it: not removed; remove it by hand if you do not need it"))
                continue
            }
            remaining.append(path)
        }
        // Whole image sets first.
        let sets = Dictionary(grouping: remaining.filter { FilePath.parent(of: $0).hasSuffix(".imageset") }, by: { FilePath.parent(of: $0) })
        for (set, files) in sets.sorted(by: { $0.key < $1.key }) {
            guard let entries = try? contained.entries(set),
                Set(entries.map(\.name)) == Set(files.map { FilePath.fileName(of: $0) })
            else { continue }
            let aside = ".\(FilePath.fileName(of: set)).scenec-pruned"
            guard (try? contained.renameFolder(set, to: aside)) == 0 else { continue }
            let asideRelative = FilePath.join(FilePath.parent(of: set), aside)
            for file in files {
                do {
                    if try contained.removeFile(FilePath.join(asideRelative, FilePath.fileName(of: file))) { result.removed.append(file) }
                } catch {
                    result.failures.append((contained.path(file), error.description))
                }
            }
            contained.removeFolderIfEmpty(asideRelative)
            remaining.removeAll { files.contains($0) }
        }
        for path in remaining {
            do {
                if try contained.removeFile(path, maxBytes: maxOutputBytes, when: { SHA256.hex($0) == recorded[path] ?? nil }) {
                    result.removed.append(path)
                } else {
                    result.kept.append((contained.path(path), "changed since scenec wrote it: not removed"))
                }
            } catch {
                result.failures.append((contained.path(path), error.description))
            }
        }
        // Folders left empty, deepest first, never the output folder itself.
        var folders = Set<String>()
        for path in result.removed {
            var parent = FilePath.parent(of: path)
            while parent != "." && !parent.isEmpty && parent != "/" {
                folders.insert(parent)
                parent = FilePath.parent(of: parent)
            }
        }
        for relative in folders.sorted(by: { $0.count > $1.count }) { contained.removeFolderIfEmpty(relative) }
        result.removed.sort()
        return result
    }

    /// A plain relative path that stays inside the folder: no empty, `.` or `..` component, not
    /// absolute, not a comment, not the record itself. (Byte by byte: it runs on every line.)
    static func isSafe(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            guard let first = bytes.first, first != UInt8(ascii: "#"), bytes.count != fileName.utf8.count || !bytes.elementsEqual(fileName.utf8)
            else { return false }
            var componentStart = 0
            for index in 0...bytes.count {
                guard index == bytes.count || bytes[index] == UInt8(ascii: "/") else { continue }
                let length = index - componentStart
                if length == 0 { return false } // also a leading '/'
                if bytes[componentStart] == UInt8(ascii: "."), length == 1 || (length == 2 && bytes[componentStart + 1] == UInt8(ascii: ".")) {
                    return false
                }
                componentStart = index + 1
            }
            return true
        }
    }
}

/// Messages for what `ContainedFolder` found where a file was expected.
enum ContainedFolderText {
    static func notAFile(_ shown: String, _ kind: ContainedFolder.Kind) -> String {
        switch kind {
        case .link: return "'\(shown)' is a symbolic link; scenec removes only files it reaches without following links"
        case .folder: return "'\(shown)' is a folder, not a file scenec wrote"
        case .file, .other: return "'\(shown)' is not a regular file"
        }
    }
}
