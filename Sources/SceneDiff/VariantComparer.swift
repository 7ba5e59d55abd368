import DisplayList
import SceneCompiler
import SceneEvaluator
import SceneProject
import SceneSource

/// What to compare and how closely.
public struct ReviewOptions: Sendable {
    /// Pixels per point of the renders compared (2: a double-density screen).
    public var scale: Double = 2
    /// Numbers closer than this are equal in the structural comparison.
    public var tolerance: Double = StructuralDiff.defaultTolerance
    /// pixelmatch's threshold (0…1) for the pixel comparison; nil (the default): every change a
    /// person can see counts (`DiffOptions.forReview`, as `scenec test`).
    public var threshold: Double? = nil
    public var structural = true
    public var pixels = true

    public init() {}
}

/// The comparison of one variant: its status, what changed in the drawing and in the pixels, and
/// the diagnostics of a side that does not compile. Plain data, written as JSON for tools and the
/// review page.
public struct VariantDiff: Sendable, Codable {
    public enum Status: String, Sendable, Codable {
        /// Both sides compile and draw the same (within the tolerance and the pixel threshold).
        case unchanged
        case changed
        /// The variant exists only on the new side, or only on the old.
        case added, removed
        /// A side does not compile: its diagnostics say why.
        case failed
    }

    public let name: String
    public let status: Status
    public let oldScene: String?
    public let newScene: String?
    /// The parameter values compared, as text (the new side's, else the old side's).
    public let parameters: [String: String]
    /// The size override, when the variant has one (`300x200`).
    public let size: String?
    public let scale: Double
    public let reasons: [String]
    public let structural: StructuralReport?
    public let pixels: PixelSummary?
    /// Each side's diagnostics in the short form (`file:line:col: error: …`), when it has any.
    public let oldDiagnostics: [String]
    public let newDiagnostics: [String]

    public init(
        name: String, status: Status, oldScene: String?, newScene: String?, parameters: [String: String], size: String?,
        scale: Double, reasons: [String], structural: StructuralReport?, pixels: PixelSummary?,
        oldDiagnostics: [String], newDiagnostics: [String]
    ) {
        self.name = name; self.status = status; self.oldScene = oldScene; self.newScene = newScene
        self.parameters = parameters; self.size = size; self.scale = scale; self.reasons = reasons
        self.structural = structural; self.pixels = pixels
        self.oldDiagnostics = oldDiagnostics; self.newDiagnostics = newDiagnostics
    }
}

/// The pixel comparison of a variant, in numbers (the images themselves are outputs of their own).
public struct PixelSummary: Sendable, Codable, Hashable {
    public let width: Int
    public let height: Int
    public let changedPixels: Int
    public let antialiasedPixels: Int
    public var share: Double { width * height == 0 ? 0 : Double(changedPixels) / Double(width * height) }
    /// Changed regions in image pixels, largest first.
    public let regions: [PixelRegion]
    /// Set when the two images have different sizes: "230×230 → 300×300".
    public let sizeChange: String?
    /// Pixels whose bytes differ at all: more than the changed and anti-aliased ones when some
    /// changed below the bound.
    public let differingPixels: Int
    /// The largest difference of a pixel below the bound, on its scale (ΔE00, or pixelmatch's threshold).
    public let largestDifference: Double
    /// What a pixel had to exceed to count: "ΔE00 2", "threshold 0.1".
    public let bound: String

    /// Pixels that changed, but not beyond the bound (anti-aliasing apart).
    public var belowBoundPixels: Int { max(0, differingPixels - changedPixels - antialiasedPixels) }

    public init(
        width: Int, height: Int, changedPixels: Int, antialiasedPixels: Int, regions: [PixelRegion], sizeChange: String?,
        differingPixels: Int? = nil, largestDifference: Double = 0, bound: String = ""
    ) {
        self.width = width; self.height = height; self.changedPixels = changedPixels
        self.antialiasedPixels = antialiasedPixels; self.regions = regions; self.sizeChange = sizeChange
        self.differingPixels = differingPixels ?? changedPixels + antialiasedPixels
        self.largestDifference = largestDifference; self.bound = bound
    }

    /// The pixels that changed without counting, for a report that must not say none did:
    /// "412 pixels changed below the threshold (largest difference 1.2; counted above ΔE00 2),
    /// 3 anti-aliasing only"; nil when every pixel that differs counted.
    public var uncountedText: String? {
        var parts: [String] = []
        if belowBoundPixels > 0 {
            let largest = NumberFormat.format(largestDifference, decimals: 2)
            parts.append(
                "\(belowBoundPixels) pixel\(belowBoundPixels == 1 ? "" : "s") changed below the threshold "
                    + "(largest difference \(largest)\(bound.isEmpty ? "" : "; counted above \(bound)"))")
        }
        if antialiasedPixels > 0 { parts.append("\(antialiasedPixels) anti-aliasing only") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}

/// A rectangle of changed pixels.
public struct PixelRegion: Sendable, Codable, Hashable {
    public let x: Int, y: Int, width: Int, height: Int
    public let pixels: Int
    public init(x: Int, y: Int, width: Int, height: Int, pixels: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height; self.pixels = pixels
    }
}

/// The images behind a pixel comparison, for a diff image or a review page.
public struct PixelImages: Sendable {
    public let old: [UInt8]?
    public let new: [UInt8]?
    public let diff: [UInt8]?

    public init(old: [UInt8]?, new: [UInt8]?, diff: [UInt8]?) {
        self.old = old; self.new = new; self.diff = diff
    }
}

/// Compiles both sides of a pair through the front door and compares them.
public struct VariantComparer: Sendable {
    public let compiler: SceneCompiler
    public let options: ReviewOptions
    /// The pixel comparison: renders at `options.scale` and compares them, or nil when pixels are
    /// not compared. Given as a function so the engine stays testable without a rasterizer.
    public let pixelComparison: (@Sendable (Compilation, Compilation, ReviewOptions, RenderKeys?) -> PixelOutcome)?
    /// Where renders are kept by the hash of their inputs (`scenec diff --rev`): a revision's
    /// variant whose scene and component blobs have not changed is not rendered again.
    public let renderCache: OutputCache?

    public init(
        compiler: SceneCompiler, options: ReviewOptions,
        pixelComparison: (@Sendable (Compilation, Compilation, ReviewOptions, RenderKeys?) -> PixelOutcome)? = PixelComparison.compare,
        renderCache: OutputCache? = nil
    ) {
        self.compiler = compiler
        self.options = options
        self.pixelComparison = pixelComparison
        self.renderCache = renderCache
    }

    /// The render cache's key for one side: the job's inputs (as `scenec build` keys its outputs),
    /// the review's scale.
    func renderKeys(_ old: BuildJob?, _ new: BuildJob?) -> RenderKeys? {
        guard let renderCache, let first = old ?? new else { return nil }
        let (old, new) = (old ?? first, new ?? first)
        let purpose = "review render png scale \(options.scale.bitPattern)"
        return RenderKeys(
            cache: renderCache, old: renderCache.key(of: old, purpose: purpose),
            new: renderCache.key(of: new, purpose: purpose), maxPixels: compiler.limits.maxPixels)
    }

    public func compare(_ pair: VariantPair) -> (diff: VariantDiff, images: PixelImages?) {
        let oldCompilation = pair.old.map { compiler.compile($0.scene, arguments: $0.arguments, size: $0.size) }
        let newCompilation = pair.new.map { compiler.compile($0.scene, arguments: $0.arguments, size: $0.size) }
        let shown = pair.new ?? pair.old
        func diagnostics(_ c: Compilation?) -> [String] {
            guard let c, !c.diagnostics.isEmpty else { return [] }
            return DiagnosticRenderer(sources: c.scene.sources, style: .short).render(c.diagnostics)
                .split(separator: "\n").map(String.init)
        }
        func result(
            _ status: VariantDiff.Status, _ structural: StructuralReport? = nil, _ pixels: PixelSummary? = nil,
            renderProblem: String? = nil
        ) -> VariantDiff {
            VariantDiff(
                name: pair.name, status: status, oldScene: pair.old?.scenePath, newScene: pair.new?.scenePath,
                parameters: (shown?.arguments ?? [:]).mapValues(Self.text), size: shown?.size?.description,
                scale: options.scale, reasons: pair.reasons, structural: structural, pixels: pixels,
                oldDiagnostics: diagnostics(oldCompilation), newDiagnostics: diagnostics(newCompilation) + (renderProblem.map { [$0] } ?? []))
        }
        if let o = oldCompilation, o.hasErrors { return (result(.failed), nil) }
        if let n = newCompilation, n.hasErrors { return (result(.failed), nil) }
        guard let o = oldCompilation, let n = newCompilation, let oldList = o.list, let newList = n.list else {
            // Added or removed: the side that exists is still rendered for the review page.
            let only = newCompilation ?? oldCompilation
            let images =
                options.pixels ? only.flatMap { c in pixelComparison.map { $0(c, c, options, renderKeys(pair.old, pair.new)).images } } ?? nil : nil
            let kept = images.map { PixelImages(old: pair.old == nil ? nil : $0.old, new: pair.new == nil ? nil : $0.new, diff: nil) }
            return (result(pair.new == nil ? .removed : .added), kept)
        }
        let structural =
            options.structural
            ? AttributeEdits.locate(
                StructuralDiff(tolerance: options.tolerance)
                    .compare(oldList, newList, oldSources: o.scene.sources, newSources: n.scene.sources), old: o.scene, new: n.scene)
            : nil
        var pixels: PixelSummary? = nil, images: PixelImages? = nil
        if options.pixels, let pixelComparison {
            let outcome = pixelComparison(o, n, options, renderKeys(pair.old, pair.new))
            if let problem = outcome.problem { return (result(.failed, structural, renderProblem: problem), nil) }
            (pixels, images) = (outcome.summary, outcome.images)
        }
        let structurallySame = structural?.isEmpty ?? true
        let pixelsSame = pixels.map { $0.changedPixels == 0 && $0.sizeChange == nil } ?? true
        return (result(structurallySame && pixelsSame ? .unchanged : .changed, structural, pixels), images)
    }

    /// A parameter value as it would be written with `--set`.
    public static func text(_ value: Value) -> String {
        switch value {
        case .string(let s): return s
        case .list(let items): return items.map(\.description).joined(separator: ",")
        default: return value.description
        }
    }
}
