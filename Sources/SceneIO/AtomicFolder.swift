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
/// folder takes the old one's place (`FolderSwap`: in one step on Linux), and the old folder, now
/// under the staging name, is removed.
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

        let parent = FilePath.parent(of: path)
        let name = FilePath.fileName(of: path)
        let suffix = ".scenec-XXXXXX"
        let hidden = 1 + name.utf8.count + suffix.utf8.count <= AtomicFile.maxNameBytes ? "." + name + suffix : suffix
        guard let (id, staging) = InterruptCleanup.makeTemporaryFolder(FilePath.join(parent, hidden)) else {
            throw OutputError("cannot write in '\(parent)': \(String(cString: strerror(errno)))", path: path)
        }
        var swapped = false
        defer { if !swapped { InterruptCleanup.removeFolder(id) } }
        // mkdtemp makes the folder 0700; give it a new folder's usual permissions.
        let mask = umask(0)
        umask(mask)
        chmod(staging, 0o777 & ~mask)

        // Every name is made in the staging folder under the cleanup's lock, so an interrupt's cleanup
        // (which takes the lock for good) never races with a file appearing in the folder it removes.
        for (file, outcome) in zip(files, outcomes) {
            let target = FilePath.join(staging, file.name)
            if outcome == .unchanged
                && InterruptCleanup.whileHoldingCleanup({ link(FilePath.join(path, file.name), target) }) == 0 { continue }
            try writeNew(file.bytes, to: target, reportedAs: FilePath.join(path, file.name), mask: mask)
        }
        for other in others
        where InterruptCleanup.whileHoldingCleanup({ link(FilePath.join(path, other), FilePath.join(staging, other)) }) != 0 {
            throw OutputError("cannot keep '\(FilePath.join(path, other))' in the new folder: \(String(cString: strerror(errno)))", path: path)
        }
        syncFolder(staging)

        let failure: Int32 = InterruptCleanup.whileHoldingCleanup {
            if !exists { return rename(staging, path) == 0 ? 0 : errno }
            // Afterwards the staging name holds the old folder, removed below.
            return FolderSwap.replace(path, with: staging)
        }
        guard failure == 0 else {
            throw OutputError("cannot replace the folder '\(path)': \(String(cString: strerror(failure)))", path: path)
        }
        if !exists {
            swapped = true  // the staging folder became the folder: nothing left to remove
            InterruptCleanup.forgetFolder(id)
        } else {
            swapped = true
            InterruptCleanup.removeFolder(id)  // the old folder, under the staging name
        }
        syncFolder(parent)
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

    /// A new file in the staging folder: written, flushed, given the usual permissions.
    private static func writeNew(_ bytes: [UInt8], to path: String, reportedAs shown: String, mask: mode_t) throws(OutputError) {
        let fd = InterruptCleanup.whileHoldingCleanup { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666 & ~mask) }
        guard fd >= 0 else { throw OutputError("cannot write '\(shown)': \(String(cString: strerror(errno)))", path: shown) }
        var message: String? = nil
        var offset = 0
        bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let written = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    message = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if message == nil && fsync(fd) != 0 { message = String(cString: strerror(errno)) }
        if close(fd) != 0 && message == nil { message = String(cString: strerror(errno)) }
        if let message { throw OutputError("cannot write '\(shown)': \(message)", path: shown) }
    }

    private static func syncFolder(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
