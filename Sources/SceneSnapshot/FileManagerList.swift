#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The two folder operations the snapshot store needs from Foundation.
enum FileManagerList {
    static func entries(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder)
    }

    static func makeFolder(_ folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    static func remove(_ path: String) throws {
        try FileManager.default.removeItem(atPath: path)
    }
}
