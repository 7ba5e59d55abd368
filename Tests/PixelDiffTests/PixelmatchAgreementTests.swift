import Foundation
import PNGBackend
import RasterImage
import PixelDiff
import Testing

/// PixelDiff against PyPI's pixelmatch (Tests/pixeldiff/pixelmatch_reference.py) on real pairs of
/// renders by the built `scenec`: the changed-pixel counts must be equal, with anti-aliasing
/// detection on and off, and the diff images must be the same bytes. Skipped when python3 or the package is
/// missing, unless SCENEC_REQUIRE_PIXELMATCH=1 (which `make test` sets after installing it).
struct PixelmatchAgreementTests {
    struct Pair: CustomTestStringConvertible, Sendable {
        let name: String
        let scene: String
        let old: [String]
        let new: [String]
        var testDescription: String { name }
    }

    static let pairs: [Pair] = [
        Pair(
            name: "counter 3 → 4 @3x", scene: "counter", old: ["--set", "counter=3", "--scale", "3"],
            new: ["--set", "counter=4", "--scale", "3"]),
        Pair(
            name: "button color @3x", scene: "push-button", old: ["--scale", "3"],
            new: ["--set", "fillColor=rgb(238, 77, 77)", "--scale", "3"]),
        Pair(name: "plus → minus @2x", scene: "push-button", old: ["--scale", "2"], new: ["--set", "isAddButton=false", "--scale", "2"]),
        Pair(name: "smile moved @2x", scene: "face", old: ["--scale", "2"], new: ["--set", "smiliness=0.5", "--scale", "2"]),
        Pair(name: "thicker lines @1x", scene: "face", old: [], new: ["--set", "lineWidth=3.25"]),
        Pair(
            name: "graph point moved @2x", scene: "graph", old: ["--scale", "2"],
            new: ["--set", "graphPoints=4,2,6,5,5,8,3", "--scale", "2"]),
        Pair(
            name: "counter lighter arc @2x", scene: "counter", old: ["--scale", "2"],
            new: ["--set", "counterColor=rgb(180, 240, 235)", "--scale", "2"]),
        Pair(name: "flo graph shown", scene: "flo", old: [], new: ["--set", "showGraph=true"]),
        Pair(name: "counter resized @2x", scene: "counter", old: ["--scale", "2"], new: ["--size", "240x226", "--scale", "2"]),
    ]

    static let reference = Package.folder.appendingPathComponent("Tests/pixeldiff/pixelmatch_reference.py").path

    /// The installed pixelmatch's version, or nil.
    static let pixelmatchVersion: String? = {
        guard let run = try? Tool.run("/usr/bin/env", ["python3", reference, "--version"]), run.status == 0 else { return nil }
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }()

    static var enabled: Bool {
        pixelmatchVersion != nil || ProcessInfo.processInfo.environment["SCENEC_REQUIRE_PIXELMATCH"] == "1"
    }

    @Test(
        .enabled(if: enabled, "python3 with PyPI pixelmatch is not installed (`make test` installs it)"),
        arguments: pairs)
    func countsAgreeWithPixelmatch(pair: Pair) throws {
        let version = try #require(Self.pixelmatchVersion, "PyPI pixelmatch is required: python3 -m pip install pixelmatch")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = try renderWithScenec(pair.scene, pair.old, into: folder, as: "old")
        let new = try renderWithScenec(pair.scene, pair.new, into: folder, as: "new")

        for includeAA in [false, true] {
            var options = DiffOptions()
            options.includeAA = includeAA
            options.makeDiffImage = true
            options.diffColorAlt = nil // pixelmatch's one color for every change
            let ours = PixelDiff.compare(old, new, options: options)
            let theirs = try pixelmatch(old, new, includeAA: includeAA, in: folder)
            print(
                "pixelmatch agreement, \(pair.name), includeAA \(includeAA): \(ours.canvas), PixelDiff \(ours.changedPixels) "
                    + "changed (\(ours.antiAliasedPixels) anti-aliased), pixelmatch \(version) \(theirs.changed) "
                    + "(\(String(format: "%.2f", theirs.seconds)) s)")
            #expect(
                ours.changedPixels == theirs.changed,
                "\(pair.name), includeAA \(includeAA): PixelDiff \(ours.changedPixels), pixelmatch \(theirs.changed)")
            #expect(ours.changedPixels + ours.antiAliasedPixels > 0, "\(pair.name): the pair should differ")
            let diff = try #require(ours.diffImage)
            let mismatch = Self.firstMismatch(diff.pixels, theirs.diffImage, width: diff.width)
            #expect(mismatch == nil, "\(pair.name), includeAA \(includeAA): diff images differ at \(mismatch ?? "")")
        }
    }

    /// The first pixel where two diff images differ, as text.
    static func firstMismatch(_ ours: [UInt8], _ theirs: [UInt8], width: Int) -> String? {
        guard ours.count == theirs.count else { return "their sizes (\(ours.count) and \(theirs.count) bytes)" }
        guard let i = stride(from: 0, to: ours.count, by: 4).first(where: { ours[$0..<$0 + 4] != theirs[$0..<$0 + 4] }) else { return nil }
        return "(\(i / 4 % width), \(i / 4 / width)): \(Array(ours[i..<i + 4])) against \(Array(theirs[i..<i + 4]))"
    }

    /// `scenec render Scenes/SCENE.scene -o NAME.png ARGS…`, decoded.
    func renderWithScenec(_ scene: String, _ arguments: [String], into folder: URL, as name: String) throws -> RGBAImage {
        let png = folder.appendingPathComponent("\(name).png").path
        let run = try Tool.run(Tool.scenec, ["render", "Scenes/\(scene).scene", "-o", png] + arguments)
        try #require(run.status == 0, "scenec render failed: \(run.stderr)")
        return try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: png))))
    }

    /// pixelmatch on both images over the union of their canvases, as PixelDiff compares them.
    func pixelmatch(
        _ old: RGBAImage, _ new: RGBAImage, includeAA: Bool,
        in folder: URL
    ) throws -> (changed: Int, diffImage: [UInt8], seconds: Double) {
        let width = max(old.width, new.width), height = max(old.height, new.height)
        let paths = ["old.rgba", "new.rgba", "diff.rgba"].map { folder.appendingPathComponent($0).path }
        try Data(padded(old, width, height)).write(to: URL(fileURLWithPath: paths[0]))
        try Data(padded(new, width, height)).write(to: URL(fileURLWithPath: paths[1]))
        let run = try Tool.run(
            "/usr/bin/env",
            [
                "python3", Self.reference, "\(width)", "\(height)", paths[0], paths[1],
                "--diff", paths[2],
            ] + (includeAA ? ["--include-aa"] : []))
        try #require(run.status == 0, "pixelmatch_reference.py failed: \(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let changed = try #require(json?["changed"] as? Int, "unexpected output: \(run.stdout)")
        return (changed, [UInt8](try Data(contentsOf: URL(fileURLWithPath: paths[2]))), json?["seconds"] as? Double ?? 0)
    }

    func padded(_ image: RGBAImage, _ width: Int, _ height: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<image.height {
            let row = image.pixels[(y * image.width * 4)..<((y + 1) * image.width * 4)]
            bytes.replaceSubrange((y * width * 4)..<(y * width * 4 + row.count), with: row)
        }
        return bytes
    }

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-pixelmatch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
