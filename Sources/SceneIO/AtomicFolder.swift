#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a folder of files so that readers see the old folder or the new one, never a mix: an
/// Xcode image set whose `Contents.json` names files of another render, or lacks one, is a broken
/// asset. The new folder is made beside the old one as a hidden staging folder
/// (`.NAME.scenec-XXXXXX`): files whose bytes are unchanged are hard links to the old ones (same
/// inode and modification time), changed ones are new files, flushed to disk, and any other file
/// already in the folder is linked over too (nothing of the user's is dropped). Then the staging
/// folder takes the old one's place and the old folder is removed (`StagedFolder`: in one step on
/// Linux).
///
/// - When every file already holds its bytes, nothing at all is touched.
/// - An interrupt (SIGINT, SIGTERM, SIGHUP, once `InterruptCleanup.install()` ran) removes the
///   staging folder: before the swap it is the unfinished new folder, after it the old one, so the
///   folder is whole either way. Only SIGKILL or a power cut can leave a hidden staging folder.
/// - A folder holding anything but files (a subfolder, a link) is written file by file instead
///   (each file still atomic, the listed order kept: an image set's Contents.json last).
public enum AtomicFolder {
    /// Makes the folder at `path` hold `files` (names inside it, each once). The parent must exist.
    /// Returns one outcome per file, in order.
    public static func write(_ files: [(name: String, bytes: [UInt8])], to path: String) throws(OutputError) -> [OutputWriter.Outcome] {
        let outcomes: [OutputWriter.Outcome] = files.map {
            OutputWriter.sameBytes($0.bytes, at: FilePath.join(path, $0.name)) ? .unchanged : .written
        }
        guard outcomes.contains(.written) else { return outcomes }
        for file in files {
            let target = FilePath.join(path, file.name)
            if let source = SourceFiles.source(at: target) { throw SourceFiles.refusal(target, source: source) }
        }

        var info = stat()
        let exists = lstat(path, &info) == 0
        if exists && (info.st_mode & S_IFMT) != S_IFDIR {
            throw OutputError("cannot write the folder '\(path)': a file of that name is in the way", path: path)
        }
        let others = exists ? try entries(of: path).filter { name in !files.contains { $0.name == name } } : []
        for other in others where try !isRegularFile(FilePath.join(path, other)) {
            // Something that cannot be linked over: write in place, file by file.
            for file in files { _ = try OutputWriter.write(file.bytes, to: FilePath.join(path, file.name)) }
            return outcomes
        }

        let staging = try StagedFolder(replacing: path)
        do throws(OutputError) {
            for (file, outcome) in zip(files, outcomes) {
                if outcome == .unchanged && staging.link(FilePath.join(path, file.name), as: file.name) { continue }
                try staging.write(file.bytes, to: file.name, shown: FilePath.join(path, file.name))
            }
            for other in others where !staging.link(FilePath.join(path, other), as: other) {
                throw OutputError("cannot keep '\(FilePath.join(path, other))' in the new folder: \(String(cString: strerror(errno)))", path: path)
            }
            try staging.replaceTarget()
        } catch {
            staging.discard()
            throw error
        }
        return outcomes
    }

    /// The names in a folder, except `.` and `..`.
    static func entries(of path: String) throws(OutputError) -> [String] {
        guard let dir = opendir(path) else {
            throw OutputError("cannot read the folder '\(path)': \(String(cString: strerror(errno)))", path: path)
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    static func isRegularFile(_ path: String) throws(OutputError) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw OutputError("cannot read '\(path)': \(String(cString: strerror(errno)))", path: path)
        }
        return (info.st_mode & S_IFMT) == S_IFREG
    }
}
