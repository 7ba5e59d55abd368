import CoreGraphicsRecorder
import DisplayList
import Foundation
import PNGBackend
import RasterImage
import SceneCompiler

/// One seed view drawn into the recorder and the matching scene compiled by scenec with the same
/// parameter values, both rendered through the SVG backend and librsvg and compared pixel by pixel
/// with the render checks' tolerance (Tests/render/check_renders.py: under 1% of the pixels differ
/// by more than 24/255 in a channel; anti-aliased edges are what may differ).
struct SeedComparison {
    /// The render checks' bounds: a pixel differs when a channel differs by more than this…
    static let channelTolerance = 24
    /// …and the images match when fewer than this share of the pixels differ.
    static let maxDifferingShare = 0.01

    let label: String
    let seed: DisplayList
    let scene: DisplayList
    /// Calls the recorder could not express (an unbalanced save and restore, for one): must be none.
    let problems: [String]

    /// `view` drawn as UIKit draws it, and `Scenes/<scene>.scene` at the view's size with `set`
    /// (`scenec render --size W×H --set …`).
    init(_ view: UIView, scene name: String, set: [String]) throws {
        (seed, problems) = Self.recording(view)
        let size = view.bounds.size
        label = "\(name) \(Int(size.width))x\(Int(size.height)) \(set.joined(separator: " "))"
        scene = try Self.compiled(name, size: size, set: set)
    }

    /// What `view` draws, as UIKit draws it: its bounds, a fresh context made current.
    static func recording(_ view: UIView) -> (list: DisplayList, problems: [String]) {
        let context = CGContext()
        UIGraphicsCurrentContext.with(context) { view.draw(view.bounds) }
        let list = context.displayList(width: view.bounds.width, height: view.bounds.height)
        return (list, context.problems)
    }

    /// `Scenes/<name>.scene` compiled at `size` with `set`; what scenec reports when it draws nothing.
    static func compiled(_ name: String, size: CGSize, set: [String]) throws -> DisplayList {
        let compiler = SceneCompiler()
        let path = scenes + "/\(name).scene"
        let loaded = compiler.load(path: path, bytes: try Array(Data(contentsOf: URL(fileURLWithPath: path))))
        let compilation = compiler.compile(
            loaded, arguments: try compiler.arguments(set, for: loaded),
            size: SceneSize(width: size.width, height: size.height))
        guard let list = compilation.list else { throw SceneFailed(diagnostics: "\(compilation.diagnostics)") }
        return list
    }

    struct SceneFailed: Error { let diagnostics: String }

    static var scenes: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenes").standardized.path
    }

    /// The two display lists compared as the recorder's tests compare them (`DisplayListMatch`:
    /// the same operations, numbers within 1e-9 relative, colors exact); nil when they match.
    var listDifference: String? {
        DisplayListMatch.difference(expected: scene, actual: seed).map { "\(label): \($0)" }
    }

    /// The pixels at `scale` compared; nil when they match within the tolerance, otherwise what
    /// differs. With `keepingImages`, a difference writes the two PNGs to the temporary folder.
    func pixelDifference(scale: Double, keepingImages: Bool = true) throws -> String? {
        var options = RasterOptions()
        options.scale = scale
        let a = try PNGBackend.image(seed, options: options), b = try PNGBackend.image(scene, options: options)
        guard a.width == b.width, a.height == b.height else { return "\(label) @\(scale)x: sizes \(a.width)x\(a.height) and \(b.width)x\(b.height)" }
        let differing = Self.differingPixels(a, b)
        let share = Double(differing) / Double(a.width * a.height)
        if share < Self.maxDifferingShare { return nil }
        var message =
            "\(label) @\(scale)x: \(differing) of \(a.width * a.height) pixels (\(String(format: "%.2f", 100 * share))%) "
            + "differ by more than \(Self.channelTolerance)/255"
        if keepingImages {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-seeds")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let stem = String(label.map { $0.isLetter || $0.isNumber ? $0 : "-" }) + "@\(Int(scale))x"
            let seedFile = folder.appendingPathComponent(stem + "-seed.png"), sceneFile = folder.appendingPathComponent(stem + "-scene.png")
            try Data(PNGCodec.encode(a)).write(to: seedFile)
            try Data(PNGCodec.encode(b)).write(to: sceneFile)
            message += " (the seed's drawing: \(seedFile.path), the scene's: \(sceneFile.path))"
        }
        return message
    }

    /// Pixels where some channel (straight RGBA) differs by more than `channelTolerance`.
    static func differingPixels(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        var count = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0..<4 where abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c])) > channelTolerance {
                count += 1
                break
            }
        }
        return count
    }
}
