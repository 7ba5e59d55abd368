import Foundation

/// The package checkout these tests run in: commands run with it as the current folder, so the
/// paths in them read as a user would type them (`Scenes/counter.scene`).
enum Package {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
