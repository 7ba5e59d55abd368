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
    /// The values of its dark appearance (the manifest's `"dark"` over `arguments`), or nil when the
    /// variant has one appearance. Its outputs with `appearance == .dark` are drawn with them.
    public var darkArguments: [String: Value]? = nil
    public let size: SceneSize?
    public let outputs: [BuildOutput]
    /// How `scenec test` compares this variant with its reference.
    public let snapshot: SnapshotSettings
    /// How its outputs reach the disk.
    public let writing: Writing
    /// The one variant of a scene no manifest names, named after its file (not a manifest's variant).
    public var isDefault = false

    /// How a job's outputs are written.
    public enum Writing: Sendable, Hashable {
        /// Each on its own: an image that cannot be made fails alone (the flat layout).
        case eachAlone
        /// Only when every output could be made; then each file is replaced atomically (android).
        case allOrNothing
        /// Every output lives in this folder (relative to the output folder), which is replaced as a
        /// whole, and only when every output could be made: an asset catalog's image set.
        case asOneFolder(String)
    }

    public init(
        name: String, scenePath: String, scene: LoadedScene, arguments: [String: Value] = [:],
        size: SceneSize? = nil, outputs: [BuildOutput], writing: Writing = .eachAlone,
        snapshot: SnapshotSettings = SnapshotSettings()
    ) {
        self.name = name
        self.scenePath = scenePath
        self.scene = scene
        self.arguments = arguments
        self.size = size
        self.outputs = outputs
        self.snapshot = snapshot
        self.writing = writing
    }

    /// The appearances the job draws: light, and dark when it has dark values.
    public var appearances: [Appearance] { darkArguments == nil ? [.light] : [.light, .dark] }

    /// The job once per appearance, each drawn with one parameter set: the light appearance under
    /// the variant's name, then, for a variant with dark values, the dark one as a job of its own
    /// named `NAME~dark` (its files' name in the flat layout), with the dark values as its arguments.
    /// What judges one image at a time (`scenec test`'s references, `scenec diff`'s pairs) then
    /// sees both appearances, each by the name its reference files have.
    public var perAppearance: [BuildJob] {
        guard darkArguments != nil else { return [self] }
        func job(_ appearance: Appearance) -> BuildJob {
            var one = BuildJob(
                name: appearance.baseName(name), scenePath: scenePath, scene: scene,
                arguments: arguments(for: appearance), size: size,
                outputs: outputs.filter { $0.appearance == appearance }, writing: writing, snapshot: snapshot)
            one.isDefault = isDefault
            return one
        }
        return [job(.light), job(.dark)]
    }

    /// The parameter values an output of this appearance is drawn with.
    public func arguments(for appearance: Appearance) -> [String: Value] {
        appearance == .dark ? darkArguments ?? arguments : arguments
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
        /// A one-page vector PDF (`Compilation.pdf()`).
        case pdf
        /// Bytes known when the build is planned (an image set's Contents.json).
        case data([UInt8])
        /// Android's VectorDrawable XML (`VectorDrawableBackend`), for `--layout android-vector`.
        case vectorDrawable
    }

    public let format: Format
    /// The file's path relative to the output folder: `name.svg`, `name.png` (scale 1),
    /// `name@2x.png`, `name@1.5x.png` in the flat layout; `Assets.xcassets/name.imageset/name@2x.png`,
    /// `res/drawable-xhdpi/name.png` in the others.
    public let fileName: String
    /// Which of the job's parameter sets draws it (light unless the variant has `"dark"` values).
    public let appearance: Appearance

    /// A file at `path` relative to the output folder.
    public init(path: String, format: Format, appearance: Appearance = .light) {
        self.format = format
        self.fileName = path
        self.appearance = appearance
    }

    public init(base: String, format: Format, appearance: Appearance = .light) {
        self.format = format
        self.appearance = appearance
        switch format {
        case .svg: fileName = base + ".svg"
        case .pdf: fileName = base + ".pdf"
        case .vectorDrawable: fileName = base + ".xml"
        case .data: fileName = base
        case .png(let scale) where scale == 1: fileName = base + ".png"
        case .png(let scale): fileName = base + "@" + BuildOutput.scaleText(scale) + "x.png"
        }
    }

    /// The scale as it appears in a file name: at most 4 decimals, no trailing zeros.
    public static func scaleText(_ scale: Double) -> String { NumberFormat.format(scale, decimals: 4) }
}

/// How a snapshot test compares a variant with its committed reference: the scale of the
/// reference PNG, the perceptual threshold of a changed pixel, and how many changed pixels still
/// pass: at most `maxChangedPixels`, or at most `maxChangedShare` of the image, whichever allows
/// more (both 0 by default: any visible change fails).
public struct SnapshotSettings: Sendable, Hashable {
    public var scale: Double = 2
    /// pixelmatch's threshold, for references made on other machines; nil (the default): any
    /// change a person can see counts (`DiffOptions.forReview`).
    public var threshold: Double? = nil
    public var maxChangedPixels: Int = 0
    public var maxChangedShare: Double = 0
    public init() {}

    /// The changed pixels allowed in an image of `pixels` pixels.
    public func allowedChanges(of pixels: Int) -> Int {
        max(maxChangedPixels, Int((maxChangedShare * Double(pixels)).rounded(.down)))
    }
}
