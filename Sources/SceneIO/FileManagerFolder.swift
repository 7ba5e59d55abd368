#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension FileManager {
    /// `fileExists(atPath:isDirectory:)` with a Swift Bool on every platform: FoundationEssentials,
    /// all that scenec links on Linux (docs/performance.md), has no ObjCBool, Darwin's Foundation
    /// takes only that.
    public func fileExists(atPath path: String, isFolder: inout Bool) -> Bool {
        #if canImport(FoundationEssentials)
            return fileExists(atPath: path, isDirectory: &isFolder)
        #else
            var flag: ObjCBool = false
            let exists = fileExists(atPath: path, isDirectory: &flag)
            isFolder = flag.boolValue
            return exists
        #endif
    }
}
