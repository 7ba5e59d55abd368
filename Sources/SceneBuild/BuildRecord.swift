import SceneIO

/// The output record (`OutputRecord`) through one `scenec build`: read before anything is written;
/// the outputs about to be made added before any of them is written, so that an interrupted build
/// is remembered too (a file already recorded keeps the hash it had: rewritten, it no longer
/// matches, and is kept); each file's new hash once the build is done; `--prune`'s removals; and
/// the record removed again when nothing of the build reached the folder. The file is written only
/// when what it says changes. With `checkOnly` (`--check`) nothing is written or removed.
public struct BuildRecord {
    public let folder: String
    public let checkOnly: Bool
    /// What the record said before this build.
    public let recorded: OutputRecord.Entries
    /// Whether there was a record before this build.
    private let existed: Bool
    /// What the record says now, and what the file says.
    private var entries: OutputRecord.Entries
    private var onDisk: OutputRecord.Entries

    public init(folder: String, checkOnly: Bool) throws(OutputError) {
        self.folder = folder
        self.checkOnly = checkOnly
        recorded = try OutputRecord.read(folder: folder)
        existed = OutputRecord.exists(folder: folder)
        entries = recorded
        onDisk = recorded
    }

    /// Before anything is written: `paths` (relative to the folder), those not recorded yet without
    /// a hash.
    public mutating func willWrite(_ paths: [String]) throws(OutputError) {
        guard !checkOnly else { return }
        for path in paths where entries[path] == nil { entries[path] = .some(nil) }
        try save()
    }

    /// After the build: what the record said before, with the SHA-256 of every file written or
    /// found unchanged (`hashes`, by path relative to the folder). A file the build meant to write
    /// but did not is recorded only if it was before.
    public mutating func wrote(_ hashes: [String: String]) throws(OutputError) {
        guard !checkOnly else { return }
        entries = recorded
        for (path, hash) in hashes { entries[path] = .some(hash) }
        try save()
    }

    /// What `--prune` did, as the lines a build prints (paths joined to the folder, not yet escaped).
    public struct PruneReport: Sendable, Equatable {
        /// `removed PATH` for each file removed.
        public var removed: [String] = []
        /// Files kept and removals that failed, or with `checkOnly` the files `--prune` would remove.
        public var notes: [String] = []
        /// Files removed, or with `checkOnly` that would be.
        public var stale = 0
        /// Files that could not be removed.
        public var failed = 0
    }

    /// `--prune`: the recorded files that no output of the whole build makes any more (`current`:
    /// every output of every shard), removed when their bytes still match the record (and then
    /// forgotten by it); with `checkOnly`, those that would be removed.
    public mutating func prune(current: Set<String>) throws(OutputError) -> PruneReport {
        var report = PruneReport()
        let stale = OutputRecord.stale(recorded: recorded, current: current)
        if checkOnly {
            let removable = stale.filter { OutputRecord.isRemovable($0, hash: recorded[$0] ?? nil, folder: folder) }
            report.notes = removable.map { "stale \(FilePath.join(folder, $0)): no variant makes it (--prune removes it)" }
            report.stale = removable.count
            return report
        }
        let pruned = OutputRecord.prune(stale, recorded: entries, folder: folder)
        report.removed = pruned.removed.map { "removed \(FilePath.join(folder, $0))" }
        report.notes =
            pruned.kept.map { "kept \($0.path): \($0.reason)" }
            + pruned.failures.map { "failed \($0.path): cannot remove it: \($0.reason)" }
        report.stale = pruned.removed.count
        report.failed = pruned.failures.count
        for path in pruned.removed + pruned.gone { entries[path] = nil }
        try save()
        return report
    }

    /// When nothing of this build is in the folder (every file failed), a record made for it says
    /// nothing: it goes again. A record that was there before stays.
    public func forget(ifNothingBuilt nothingBuilt: Bool) {
        guard !checkOnly, !existed, nothingBuilt else { return }
        OutputRecord.remove(folder: folder)
    }

    private mutating func save() throws(OutputError) {
        guard entries != onDisk else { return }
        try OutputRecord.write(entries, folder: folder)
        onDisk = entries
    }
}
