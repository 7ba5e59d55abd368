import DisplayList
import SceneCompiler
import SceneEvaluator

/// One unit of work of a build: one variant of one scene, evaluated once and written as SVG and
/// at each scale. Jobs share nothing mutable, so any number can run at once.
public struct BuildJob: Sendable {
    /// The outputs' base name, unique in the build.
    public let name: String
    /// The scene file as the user named it (for messages).
    public let scenePath: String
    public let scene: LoadedScene
    public let arguments: [String: Value]
    public let size: Size?
    public let outputs: [BuildOutput]

    public struct Size: Sendable, Hashable {
        public let width: Double
        public let height: Double
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    public init(name: String, scenePath: String, scene: LoadedScene, arguments: [String: Value] = [:],
                size: Size? = nil, outputs: [BuildOutput]) {
        self.name = name
        self.scenePath = scenePath
        self.scene = scene
        self.arguments = arguments
        self.size = size
        self.outputs = outputs
    }

    /// The outputs of a variant: its SVG first, then its PNGs in the order of `scales`.
    public static func outputs(name: String, scales: [Double], svg: Bool) -> [BuildOutput] {
        (svg ? [BuildOutput(base: name, format: .svg)] : []) + scales.map { BuildOutput(base: name, format: .png(scale: $0)) }
    }
}

/// One file a job writes, named by the asset-catalog convention.
public struct BuildOutput: Sendable, Hashable {
    public enum Format: Sendable, Hashable {
        case svg
        case png(scale: Double)
    }

    public let format: Format
    /// `name.svg`, `name.png` (scale 1), `name@2x.png`, `name@1.5x.png`.
    public let fileName: String

    public init(base: String, format: Format) {
        self.format = format
        switch format {
        case .svg: fileName = base + ".svg"
        case .png(let scale) where scale == 1: fileName = base + ".png"
        case .png(let scale): fileName = base + "@" + BuildOutput.scaleText(scale) + "x.png"
        }
    }

    /// The scale as it appears in a file name: at most 4 decimals, no trailing zeros.
    public static func scaleText(_ scale: Double) -> String { NumberFormat.format(scale, decimals: 4) }
}
