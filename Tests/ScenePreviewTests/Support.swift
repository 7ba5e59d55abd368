import Foundation
import ScenePreview

/// A folder of scenes made for one test and removed after it.
final class TempProject {
    let folder: String

    init(_ files: [String: String]) throws {
        folder = NSTemporaryDirectory() + "scenec-preview-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files { try write(name, text) }
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func path(_ name: String) -> String { folder + "/" + name }

    func write(_ name: String, _ text: String) throws {
        let full = path(name)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: false, encoding: .utf8)
    }

    func remove(_ name: String) throws { try FileManager.default.removeItem(atPath: path(name)) }
}

let dotScene = """
    <scene width="20" height="10">
      <param name="color" type="color" default="red"/>
      <param name="big" type="bool" default="false"/>
      <param name="count" type="int" default="2" min="0" max="8"/>
      <rect x="0" y="0" width="10" height="10" fill="color"/>
      <if test="big">
        <circle cx="15" cy="5" radius="5" fill="blue"/>
      </if>
    </scene>
    """

/// Waits up to `seconds` for `condition`, checking every 10 ms.
func eventually(_ seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}
