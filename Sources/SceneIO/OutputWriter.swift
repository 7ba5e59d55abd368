/// Writes an output only when its bytes changed. An unchanged file is left alone (same inode,
/// same modification time), so make, rsync, Xcode and file watchers see nothing to do; a changed
/// one is replaced atomically, so a reader never sees half an image.
public enum OutputWriter {
    public enum Outcome: Sendable, Equatable {
        case written
        case unchanged
    }

    public static func write(_ bytes: [UInt8], to path: String) throws(OutputError) -> Outcome {
        if sameBytes(bytes, at: path) { return .unchanged }
        try AtomicFile.write(bytes, to: path)
        return .written
    }

    /// Whether the regular file at `path` holds exactly `bytes`. Reads at most one byte more than
    /// `bytes`, so a changed file of another size costs little.
    public static func sameBytes(_ bytes: [UInt8], at path: String) -> Bool {
        guard let existing = try? InputFile.read(path, maxBytes: bytes.count, asSource: false) else { return false }
        return existing.fileSize == bytes.count && existing.bytes == bytes
    }
}
