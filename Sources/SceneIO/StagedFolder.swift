#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A new folder made beside the folder it replaces and then put in its place whole, so that
/// readers see the old folder or the new one, never a mix: the one folder swap behind
/// `AtomicFolder` (asset folders) and the review page.
///
/// The staging folder is hidden (`.NAME.scenec-XXXXXX`), made with a new folder's usual
/// permissions, and removed, with what it holds, by an interrupt (SIGINT, SIGTERM, SIGHUP, once
/// `InterruptCleanup.install()` ran) or by `discard`; every name in it is made under the
/// cleanup's lock, so a cleanup never races with a file appearing in the folder it removes.
/// `replaceTarget` makes it take the target's place (`FolderSwap`: in one step on Linux, over an
/// existing folder; a rename where there is none) and removes the old folder.
public struct StagedFolder {
    /// The staging folder.
    public let path: String
    /// The folder it replaces, and that folder as errors name it.
    let target: String
    let shown: String
    let id: Int
    /// The permissions of a new file, from the process's umask.
    let mask: mode_t

    /// Makes the staging folder beside `target` (whose parent must exist); `shown` is the target as
    /// errors name it.
    public init(replacing target: String, shown: String? = nil) throws(OutputError) {
        self.target = target
        self.shown = shown ?? target
        let parent = FilePath.parent(of: target)
        let name = FilePath.fileName(of: target)
        let suffix = ".scenec-XXXXXX"
        let hidden = 1 + name.utf8.count + suffix.utf8.count <= AtomicFile.maxNameBytes ? "." + name + suffix : suffix
        guard let (id, staging) = InterruptCleanup.makeTemporaryFolder(FilePath.join(parent, hidden)) else {
            throw OutputError("cannot write in '\(parent)': \(String(cString: strerror(errno)))", path: self.shown)
        }
        self.id = id
        path = staging
        // mkdtemp makes the folder 0700; give it a new folder's usual permissions.
        let mask = umask(0)
        umask(mask)
        self.mask = mask
        chmod(staging, 0o777 & ~mask)
    }

    /// Writes a new file at `name` inside the staging folder (a relative path: the folders on the
    /// way are made), flushed to disk; errors name it as `shown`.
    public func write(_ bytes: [UInt8], to name: String, shown: String) throws(OutputError) {
        let file = FilePath.join(path, name)
        try makeFolders(to: FilePath.parent(of: file), shown: shown)
        let fd = InterruptCleanup.whileHoldingCleanup { open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666 & ~mask) }
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

    /// Makes `existing` (a file of the old folder) a file `name` of the staging folder too, by a
    /// hard link: same inode and modification time. False when it cannot (`errno` says why).
    public func link(_ existing: String, as name: String) -> Bool {
        let file = FilePath.join(path, name)
        return InterruptCleanup.whileHoldingCleanup { hardLink(existing, file) } == 0
    }

    /// The folders between the staging folder and `folder` (inside it), made where missing.
    private func makeFolders(to folder: String, shown: String) throws(OutputError) {
        guard folder != path, folder.hasPrefix(path + "/") else { return }
        var info = stat()
        if lstat(folder, &info) == 0 { return }
        try makeFolders(to: FilePath.parent(of: folder), shown: shown)
        let made = InterruptCleanup.whileHoldingCleanup { mkdir(folder, 0o777 & ~mask) }
        guard made == 0 || errno == EEXIST else {
            throw OutputError("cannot write '\(shown)': \(String(cString: strerror(errno)))", path: shown)
        }
    }

    /// Puts the staging folder in the target's place, with its files flushed to disk, and removes
    /// the old folder. After a failure the target is as it was; `discard` removes the staging folder.
    public func replaceTarget() throws(OutputError) {
        Self.sync(path)
        var info = stat()
        let exists = lstat(target, &info) == 0
        let failure: Int32 = InterruptCleanup.whileHoldingCleanup {
            if !exists { return rename(path, target) == 0 ? 0 : errno }
            // Afterwards the staging name holds the old folder, removed below.
            return FolderSwap.replace(target, with: path)
        }
        guard failure == 0 else {
            throw OutputError("cannot replace the folder '\(shown)': \(String(cString: strerror(failure)))", path: shown)
        }
        if exists {
            InterruptCleanup.removeFolder(id) // the old folder, under the staging name
        } else {
            InterruptCleanup.forgetFolder(id) // the staging folder became the folder
        }
        Self.sync(FilePath.parent(of: target))
    }

    /// Removes the staging folder and what it holds (after a failure, before `replaceTarget`).
    public func discard() {
        InterruptCleanup.removeFolder(id)
    }

    private static func sync(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}

/// The C library's `link`, under a name the method `link` does not hide.
private func hardLink(_ existing: String, _ new: String) -> Int32 { link(existing, new) }
