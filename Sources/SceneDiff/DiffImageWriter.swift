#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneIO
import SceneProject

/// `scenec diff --diff-image`: the diff image of each changed variant written out, to the file
/// named when two scenes are compared, or as NAME.png in a folder with `--rev`. Each image is
/// written whole or not at all (`AtomicFile`); when one cannot be written, the images this run
/// already wrote are removed again (and the folder, if this run made it), so that a failed run
/// leaves no partial set to be taken for a review's.
public enum DiffImageWriter {
    public enum Destination: Sendable, Equatable {
        /// Two scenes compared: the one diff image, a .png file.
        case file(String)
        /// `--rev`: a folder, one NAME.png per changed variant.
        case folder(String)

        public var path: String {
            switch self {
            case .file(let path), .folder(let path): path
            }
        }
    }

    /// Why no diff image was written: said to the user, so that a file left by an earlier run is
    /// not taken for this one's.
    public enum Skipped: Sendable, Equatable, CustomStringConvertible {
        case pixelsNotCompared
        case noChangedPixels
        case nothingChanged

        public var description: String {
            switch self {
            case .pixelsNotCompared: "--structural-only compares no pixels"
            case .noChangedPixels: "no variant compared has changed pixels"
            case .nothingChanged: "nothing changed"
            }
        }
    }

    public enum Outcome: Sendable, Equatable {
        /// The paths written, in the result's order.
        case written([String])
        case skipped(Skipped)
    }

    /// Writes the diff image of every changed variant of `result` that has one. A folder that
    /// cannot be made is a usage error (exit status 2); an image that cannot be written is a
    /// failure (exit status 1); both name the path and say what to do.
    public static func write(
        _ images: ReviewImages, result: ReviewResult, to destination: Destination, pixelsCompared: Bool
    ) throws(ProjectError) -> Outcome {
        let skipped: Skipped =
            !pixelsCompared ? .pixelsNotCompared : result.hasDifferences ? .noChangedPixels : .nothingChanged
        switch destination {
        case .file(let path):
            // The first changed variant's image: two scenes make one variant.
            guard let first = result.variants.first(where: { $0.status == .changed }), let bytes = images[first.name]?.diff
            else { return .skipped(skipped) }
            try write(bytes, to: path, destination: destination)
            return .written([path])
        case .folder(let folder):
            let made = try makeFolder(folder)
            var written: [String] = []
            for variant in result.variants where variant.status == .changed {
                guard let bytes = images[variant.name]?.diff else { continue }
                let path = FilePath.join(folder, variant.name + ".png")
                do { try write(bytes, to: path, destination: destination) } catch {
                    for path in written { try? FileManager.default.removeItem(atPath: path) }
                    if made { try? FileManager.default.removeItem(atPath: folder) }
                    throw error
                }
                written.append(path)
            }
            return written.isEmpty ? .skipped(skipped) : .written(written)
        }
    }

    /// Makes the folder (and those above it) unless it exists; whether this run made it.
    private static func makeFolder(_ folder: String) throws(ProjectError) -> Bool {
        // Anything but a folder at that path makes createDirectory fail below.
        let existed = FileManager.default.fileExists(atPath: folder)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ProjectError(
                .usage, "cannot create the folder '\(folder)' for diff images: \(FileErrorText.describe(error))",
                help: "name a folder that can be made with --diff-image DIR (nothing but a folder may stand at that path), "
                    + "or remove what is at '\(folder)'")
        }
        return !existed
    }

    private static func write(_ bytes: [UInt8], to path: String, destination: Destination) throws(ProjectError) {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            let help: String
            switch destination {
            case .file: help = "name with --diff-image a .png file in a folder you can write to"
            case .folder: help = "name with --diff-image a folder you can write to, such as a new one"
            }
            throw ProjectError(.failure, error.description, help: error.help ?? help)
        }
    }
}
