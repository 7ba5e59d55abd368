/// The manifest of a build (`scenes.json`), as written: which variants to make of which scenes,
/// and at which scales. Decoded by `ManifestDecoder`, which reports every mistake at once; unknown keys are errors, so a typo
/// such as `"paramters"` cannot silently build the wrong images. docs/manifest.md
/// documents the format.
///
/// ```json
/// {
///   "scales": [1, 2, 3],
///   "svg": true,
///   "variants": [
///     {"name": "plus-button", "scene": "push-button"},
///     {"name": "minus-button", "scene": "push-button",
///      "parameters": {"isAddButton": "false", "fillColor": "rgb(238, 77, 77)"}, "size": "60x60"}
///   ]
/// }
/// ```
public struct BuildManifest: Sendable, Equatable {
    /// The scales every variant is rendered at unless it names its own; nil means [1, 2, 3].
    public var scales: [Double]?
    /// Whether every variant is also written as SVG unless it says otherwise; nil means true.
    public var svg: Bool?
    /// How `scenec test` compares every variant with its reference unless it says otherwise.
    public var snapshot: Snapshot?
    /// How the outputs are laid out (`OutputLayout`'s raw values), unless `--layout` says; nil means flat.
    /// Kept as written so that a wrong word is reported where it stands.
    public var layout: String?
    /// Whether every variant is a vector image (a PDF instead of PNGs) unless it says otherwise; nil means false.
    public var vector: Bool?
    /// Scenes under the manifest's folder that get no variant of their own unless one is listed:
    /// component files (`ExcludePattern`).
    public var exclude: [String] = []
    public var variants: [Variant]

    public struct Variant: Sendable, Equatable {
        /// The output's base name (`name.png`, `name@2x.png`, `name.svg`); nil means the scene's name.
        public var name: String?
        /// The scene file, relative to the manifest's folder; `.scene` may be left out.
        public var scene: String
        /// Parameter values as text, parsed like `--set NAME=VALUE`.
        public var parameters: [String: String]
        /// The dark appearance's parameter values, over `parameters` (`"dark": {"fillColor": "#1d6b68"}`):
        /// the variant is then one image in a light and a dark appearance. nil: light only.
        public var dark: [String: String]?
        /// `"appearance": "dark"`: this variant is the dark appearance of the light variant of the
        /// same name (same scene and size), drawn with its own parameters. nil or light: an image.
        public var appearance: Appearance?
        /// The size in points, as `WIDTHxHEIGHT`; nil means the scene's own.
        public var size: String?
        public var scales: [Double]?
        public var svg: Bool?
        /// This variant's snapshot settings, over the manifest's.
        public var snapshot: Snapshot?
        /// A PDF instead of PNGs (in an asset catalog, one PDF with "preserves-vector-representation").
        public var vector: Bool?
        /// Its place in the manifest's `variants` list (problems name it: `variants[3].size`).
        public var position: Int?
        /// False when reading the manifest already found a mistake in it: the planner still checks
        /// what the rest of it says, so every mistake is reported in one run, but builds nothing.
        public var isComplete = true

        public init(
            name: String? = nil, scene: String, parameters: [String: String] = [:], size: String? = nil,
            scales: [Double]? = nil, svg: Bool? = nil, vector: Bool? = nil, snapshot: Snapshot? = nil
        ) {
            self.name = name
            self.scene = scene
            self.parameters = parameters
            self.size = size
            self.scales = scales
            self.svg = svg
            self.vector = vector
            self.snapshot = snapshot
        }
    }

    /// `"snapshot": {"scale": 2, "threshold": 0.1, "maxChangedPixels": 0, "maxChangedShare": 0}`:
    /// the scale of the reference PNG and how many changed pixels a passing test tolerates. A key
    /// left out takes the manifest's value, then the default.
    public struct Snapshot: Sendable, Equatable {
        public var scale: Double?
        public var threshold: Double?
        public var maxChangedPixels: Int?
        public var maxChangedShare: Double?
        public init(scale: Double? = nil, threshold: Double? = nil, maxChangedPixels: Int? = nil, maxChangedShare: Double? = nil) {
            self.scale = scale
            self.threshold = threshold
            self.maxChangedPixels = maxChangedPixels
            self.maxChangedShare = maxChangedShare
        }
    }

    public init(
        scales: [Double]? = nil, svg: Bool? = nil, layout: String? = nil, vector: Bool? = nil, snapshot: Snapshot? = nil,
        variants: [Variant] = []
    ) {
        self.scales = scales
        self.svg = svg
        self.layout = layout
        self.vector = vector
        self.snapshot = snapshot
        self.variants = variants
    }

    /// The scales when neither the manifest nor a variant names any: the asset catalog's three.
    public static let defaultScales: [Double] = [1, 2, 3]
}
