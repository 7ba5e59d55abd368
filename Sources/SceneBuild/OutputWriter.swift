import Foundation
import SceneCompiler

/// Writes an output only when its bytes changed. An unchanged file is left alone (same inode,
/// same modification time), so make, rsync, Xcode and file watchers see nothing to do; a changed
/// one is replaced atomically, so a reader never sees half an image.
public enum OutputWriter {
    public enum Outcome: Sendable, Equatable {
        case rendered
        case unchanged
    }

    public static func write(_ bytes: [UInt8], to path: String) throws -> Outcome {
        if sameBytes(bytes, at: path) { return .unchanged }
        try AtomicFile.write(bytes, to: path)
        return .rendered
    }

    /// Compares sizes first, so a changed file usually costs one `stat`, not a read.
    static func sameBytes(_ bytes: [UInt8], at path: String) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              (attributes[.size] as? NSNumber)?.intValue == bytes.count,
              let existing = FileManager.default.contents(atPath: path) else { return false }
        return existing.elementsEqual(bytes)
    }
}
