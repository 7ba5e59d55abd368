import SceneIO
import SceneProject

/// The committed references of a widget library: for each variant, its display list as canonical
/// text (`NAME.dump`) and its render (`NAME@2x.png`, at the variant's snapshot scale), in one
/// folder, by default `__snapshots__` inside the scenes folder. References are written atomically
/// and only when their bytes change, like build outputs.
///
/// The folder is reached as `ContainedFolder` allows: `--snapshots DIR` may itself be a link (the
/// user named it), but the default `PATH/__snapshots__`, a folder of the repository, may not, and no
/// reference is read, written or removed through a link: a committed `__snapshots__ → ~/Pictures`
/// is an error naming it, never a folder to write or prune.
public struct SnapshotStore: Sendable {
    /// The folder, as messages name it.
    public var folder: String { location.path }
    public let location: ContainedFolder

    /// The default folder for the scenes under `path` (a folder, or a scene file's folder):
    /// `__snapshots__` in it, walked from `path` without following a link.
    public static func defaultLocation(for path: String, isFolder: Bool) -> ContainedFolder {
        ContainedFolder(root: isFolder ? path : FilePath.parent(of: path), below: "__snapshots__")
    }

    /// References in `folder`, a folder the user named (followed if it is a link, nothing below it).
    public init(folder: String) { self.location = ContainedFolder(root: folder) }

    public init(location: ContainedFolder) { self.location = location }

    public func dumpPath(_ job: BuildJob) -> String { FilePath.join(folder, job.name + ".dump") }

    public func imagePath(_ job: BuildJob) -> String {
        FilePath.join(folder, BuildOutput(base: job.name, format: .png(scale: job.snapshot.scale)).fileName)
    }

    /// A variant's references as committed; a file that is missing is nil.
    public struct Reference: Sendable {
        public let dump: String?
        public let png: [UInt8]?
        public var isComplete: Bool { dump != nil && png != nil }
    }

    /// The largest reference file read (a render at 3x of a large scene is a few MB).
    public static let maxBytes = 64 << 20

    public func reference(for job: BuildJob) throws(InputError) -> Reference {
        func read(_ path: String) throws(InputError) -> [UInt8]? {
            do throws(InputError) {
                let contents = try location.read(FilePath.fileName(of: path), maxBytes: Self.maxBytes)
                guard contents.bytes.count <= Self.maxBytes else {
                    throw InputError(.other, "the reference '\(path)' is over \(Self.maxBytes) bytes", path: path)
                }
                return contents.bytes
            } catch {
                if error.kind == .missing { return nil }
                throw error
            }
        }
        let dump = try read(dumpPath(job)).map { String(decoding: $0, as: UTF8.self) }
        return Reference(dump: dump, png: try read(imagePath(job)))
    }

    /// Writes a variant's references; returns the files whose bytes changed.
    public func record(_ job: BuildJob, dump: String, png: [UInt8]) throws(OutputError) -> [String] {
        var written: [String] = []
        for (path, bytes) in [(dumpPath(job), Array(dump.utf8)), (imagePath(job), png)] {
            if try location.write(bytes, to: FilePath.fileName(of: path)) == .written { written.append(path) }
        }
        return written
    }

    /// Reference files in the folder that belong to no variant of the plan (a variant renamed or
    /// removed): regular `.dump` and `.png` files only (never a link); anything else in the folder is
    /// left alone. A link where the folder belongs is an error.
    public func orphans(keeping jobs: [BuildJob]) throws(OutputError) -> [String] {
        let known = Set(jobs.flatMap { [dumpPath($0), imagePath($0)].map(FilePath.fileName) })
        let entries = try location.entries() ?? []
        return entries.filter { $0.kind == .file && ($0.name.hasSuffix(".dump") || $0.name.hasSuffix(".png")) && !known.contains($0.name) }
            .map { FilePath.join(folder, $0.name) }.sorted()
    }

    /// Removes an orphaned reference (a path `orphans` returned) when its bytes are what scenec
    /// writes there: a `.png` that is a PNG, a `.dump` that starts as a display-list dump does
    /// (`scene W H`). References are committed, so no record of their hashes can be trusted; this
    /// keeps `--prune` to the files of the folder that are scenec's kind, reached without a link.
    /// Returns false for a file left alone.
    public func removeOrphan(_ path: String) throws(OutputError) -> Bool {
        let name = FilePath.fileName(of: path)
        return try location.removeFile(name, maxBytes: Self.maxBytes) { bytes in
            name.hasSuffix(".png") ? bytes.starts(with: Self.pngSignature) : bytes.starts(with: Array("scene ".utf8))
        }
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
}
