import SceneBuild
import SceneIO

/// The committed references of a widget library: for each variant, its display list as canonical
/// text (`NAME.dump`) and its render (`NAME@2x.png`, at the variant's snapshot scale), in one
/// folder, by default `__snapshots__` inside the scenes folder. References are written atomically
/// and only when their bytes change, like build outputs.
public struct SnapshotStore: Sendable {
    public let folder: String

    /// The default folder for the scenes under `path` (a folder, or a scene file's folder).
    public static func defaultFolder(for path: String, isFolder: Bool) -> String {
        FilePath.join(isFolder ? path : FilePath.parent(of: path), "__snapshots__")
    }

    public init(folder: String) { self.folder = folder }

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
                let contents = try InputFile.read(path, maxBytes: Self.maxBytes, asSource: false)
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
        try makeFolder()
        var written: [String] = []
        for (path, bytes) in [(dumpPath(job), Array(dump.utf8)), (imagePath(job), png)] {
            if try OutputWriter.write(bytes, to: path) == .written { written.append(path) }
        }
        return written
    }

    /// Reference files in the folder that belong to no variant of the plan (a variant renamed or
    /// removed): `.dump` and `.png` files only; anything else in the folder is left alone.
    public func orphans(keeping jobs: [BuildJob]) -> [String] {
        let known = Set(jobs.flatMap { [dumpPath($0), imagePath($0)].map(FilePath.fileName) })
        let names = (try? FileManagerList.entries(folder)) ?? []
        return names.filter { ($0.hasSuffix(".dump") || $0.hasSuffix(".png")) && !known.contains($0) }
            .sorted().map { FilePath.join(folder, $0) }
    }

    private func makeFolder() throws(OutputError) {
        do { try FileManagerList.makeFolder(folder) } catch {
            throw OutputError("cannot create the snapshot folder '\(folder)': \(error)", path: folder)
        }
    }
}
