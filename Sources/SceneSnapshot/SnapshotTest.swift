import DisplayList
import PixelDiff
import PNGBackend
import RasterImage
import SceneCompiler
import SceneDiff
import SceneEvaluator
import SceneIO
import SceneProject
import SceneSource

/// When references are written, as snapshot tools name it (swift-snapshot-testing, Playwright).
public enum RecordMode: String, Sendable, CaseIterable, Codable {
    /// Write references that do not exist yet; compare the others. The default on a workstation.
    case missing
    /// Also rewrite the references of variants that fail: accept every change at once.
    case failed
    /// Rewrite every reference.
    case all
    /// Never write: a missing reference fails. The default when the `CI` variable is set.
    case none
}

/// What became of one variant's snapshot test.
public struct SnapshotResult: Sendable {
    public enum Status: String, Sendable, Codable {
        /// Within the tolerance of its reference.
        case passed
        /// Beyond it, or its reference is missing where references are not recorded.
        case failed
        /// Its references were written (they were missing, or recording was asked for).
        case recorded
        /// The scene does not compile or cannot be rendered.
        case error
    }

    public let job: BuildJob
    public let status: Status
    /// One line for people: "412 pixels changed (0.19%), 0 allowed", "no reference; run with --record missing".
    public let message: String
    /// Said of a passing variant whose operations changed while its pixels did not.
    public let note: String?
    public let pixels: PixelSummary?
    public let structural: StructuralReport?
    /// The scene's diagnostics (short form), for an `error`.
    public let diagnostics: [String]
    /// Reference, new render and diff image, for the review page and the diff images.
    public let images: PixelImages?
    /// Reference files written.
    public let written: [String]
    public let seconds: Double
    /// Passed without being compiled or rendered: the build cache held a pass of these very inputs
    /// against these very references.
    public var fromCache = false

    public var name: String { job.name }
}

/// Runs one variant's snapshot test through the front door: compile, dump, render at the
/// variant's snapshot scale, compare with the references (pixels by PixelDiff, operations by
/// the structural diff of the two dumps), and record as the mode says.
public struct SnapshotTester: Sendable {
    public let compiler: SceneCompiler
    public let store: SnapshotStore
    public let mode: RecordMode
    /// Where clean passes are remembered (`scenec test --cache`); nil: every variant is compiled,
    /// rendered and compared.
    public let cache: OutputCache?
    /// What keys a pass to this machine (`passKey`); nil: no pass is remembered or trusted.
    let secret: String?

    public init(
        compiler: SceneCompiler, store: SnapshotStore, mode: RecordMode, cache: OutputCache? = nil,
        secret: String? = MachineSecret.current
    ) {
        self.compiler = compiler
        self.store = store
        self.mode = mode
        self.cache = cache
        self.secret = secret
    }

    /// The key of a clean pass: the variant's inputs as `scenec build` keys them (scene and
    /// component bytes, parameters, size, scenec's build, renderer, fonts, limits), its snapshot
    /// settings, and the bytes of both references. Any change to any of them is a miss.
    ///
    /// A pass entry is a verdict, so the key also holds this machine's secret (`MachineSecret`, kept
    /// outside every project): an entry that came with a repository (a committed `.scenec/cache`)
    /// can never be taken for a pass this machine saw. Without a secret nothing is skipped.
    func passKey(_ job: BuildJob, _ reference: SnapshotStore.Reference) -> String? {
        guard let cache, let secret, let dump = reference.dump, let png = reference.png else { return nil }
        // The measure is part of the verdict: a pass judged by another one is not this pass.
        let measure = DiffOptions.forReview(threshold: job.snapshot.threshold).boundText
        return cache.key(
            of: job,
            purpose: "snapshot test " + String(reflecting: job.snapshot) + " measure " + measure
                + " dump \(SHA256.hex(dump.utf8)) png \(SHA256.hex(png)) machine \(secret)")
    }

    static let passEntry = Array("passed: same dump, same pixels\n".utf8)

    public func test(_ job: BuildJob) -> SnapshotResult {
        let clock = ContinuousClock()
        let started = clock.now
        func result(
            _ status: SnapshotResult.Status, _ message: String, note: String? = nil, pixels: PixelSummary? = nil,
            structural: StructuralReport? = nil, diagnostics: [String] = [], images: PixelImages? = nil,
            written: [String] = []
        ) -> SnapshotResult {
            let elapsed = clock.now - started
            return SnapshotResult(
                job: job, status: status, message: message, note: note, pixels: pixels, structural: structural,
                diagnostics: diagnostics, images: images, written: written,
                seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        // A variant that passed cleanly with these inputs and these references passes again, unseen:
        // neither evaluated nor rendered. (--record all rewrites every reference, so it looks.)
        var passKey: String?
        if cache != nil, mode != .all, let early = try? store.reference(for: job) {
            passKey = self.passKey(job, early)
            if let passKey, cache?.read(passKey) == Self.passEntry {
                var passed = result(.passed, "same pixels (unchanged since it last passed: from the cache)")
                passed.fromCache = true
                return passed
            }
        }
        let compilation = compiler.compile(job.scene, arguments: job.arguments, size: job.size)
        guard let list = compilation.list, let dump = compilation.dump(), !compilation.hasErrors else {
            let text = DiagnosticRenderer(sources: job.scene.sources, style: .short).render(compilation.diagnostics)
            return result(.error, "\(job.scenePath) does not compile", diagnostics: text.split(separator: "\n").map(String.init))
        }
        let scale = job.snapshot.scale
        let image: RGBAImage
        do {
            guard let made = try compilation.image(scale: scale) else { return result(.error, "\(job.scenePath) does not compile") }
            image = made
        } catch {
            return result(.error, "cannot render at @\(NumberFormat.format(scale))x: \(error.message)")
        }
        // Encoded only when it is written or shown: a passing variant needs the pixels alone.
        func encoded() -> [UInt8]? { try? PNGCodec.encode(image) }

        let reference: SnapshotStore.Reference
        do {
            reference = try store.reference(for: job)
        } catch {
            return result(.error, "cannot read the reference: \(error.message)")
        }
        func record(
            _ status: SnapshotResult.Status, _ message: String, note: String? = nil, pixels: PixelSummary? = nil,
            structural: StructuralReport? = nil, images: PixelImages? = nil
        ) -> SnapshotResult {
            guard let png = encoded() else { return result(.error, "cannot encode the render as PNG") }
            do {
                let written = try store.record(job, dump: dump, png: png)
                return result(status, message, note: note, pixels: pixels, structural: structural, images: images, written: written)
            } catch {
                return result(.error, "cannot write the reference: \(error.description)")
            }
        }
        guard reference.isComplete, let referenceDump = reference.dump, let referencePNG = reference.png else {
            if mode == .none {
                return result(
                    .failed,
                    "no reference (\(store.dumpPath(job)), \(store.imagePath(job))); "
                        + "record it with `scenec test --record missing` and commit it",
                    images: PixelImages(old: nil, new: encoded(), diff: nil))
            }
            return record(.recorded, "new reference written", images: PixelImages(old: nil, new: encoded(), diff: nil))
        }

        // Pixels: the judge.
        let old: RGBAImage
        do {
            old = try PNGCodec.decode(referencePNG, maxPixels: compiler.limits.maxPixels)
        } catch {
            if mode == .failed || mode == .all { return record(.recorded, "the reference PNG was unreadable and is rewritten") }
            return result(.failed, "the reference \(store.imagePath(job)) is not a readable PNG: \(error.message)")
        }
        var options = DiffOptions.forReview(threshold: job.snapshot.threshold)
        // Most variants match: their diff image is never looked at, so it is made only for a change.
        let compared = PixelDiff.compare(old, image, options: options)
        let summary = PixelSummary(compared, options: options)
        // The pictures for the review page, only where there is something to look at.
        var images: PixelImages? {
            options.makeDiffImage = true
            let diff = PixelDiff.compare(old, image, options: options).diffImage
            return PixelImages(old: referencePNG, new: encoded(), diff: diff.flatMap { try? PNGCodec.encode($0) })
        }

        // Operations: what explains the pixels, located in the scene.
        var structural: StructuralReport?
        var dumpProblem: String?
        if referenceDump != dump {
            do {
                let before = try DisplayListDumpParser.parse(referenceDump)
                let after = try DisplayListDumpParser.parse(dump)
                structural = StructuralDiff().compare(before, after).relocated(to: list, sources: compilation.scene.sources)
            } catch {
                dumpProblem = "the reference \(store.dumpPath(job)) is not a readable dump (\(error.description))"
            }
        }

        let allowed = job.snapshot.allowedChanges(of: compared.canvas.width * compared.canvas.height)
        let pixelsPass = !compared.sizeChanged && compared.changedPixels <= allowed
        let changedText =
            "\(compared.changedPixels) pixels changed (\(NumberFormat.format(compared.changedShare * 100, decimals: 2))%)"
            + (compared.sizeChanged ? ", image size \(compared.oldSize) → \(compared.newSize)" : "") + ", \(allowed) allowed"
        if pixelsPass {
            let operations = "the operations changed (\(structural?.changes.count ?? 0))"
            // Never "the pixels did not" change when some did: below the bound, they are counted.
            let below = summary.uncountedText.map { "; " + $0 } ?? ""
            let note =
                referenceDump == dump
                ? (compared.changedPixels == 0 ? summary.uncountedText : nil)
                : dumpProblem
                    ?? (compared.changedPixels == 0
                        ? (compared.differingPixels == 0 ? "\(operations) but the pixels did not" : "\(operations)\(below)")
                        : "\(operations), and \(changedText): within the tolerance\(below)")
            if mode == .all && (referenceDump != dump || referencePNG != encoded()) {
                return record(
                    .recorded, "reference rewritten (--record all)", note: note, pixels: summary, structural: structural,
                    images: images)
            }
            // Remembered only when nothing at all changed: a note must be shown again next time.
            if note == nil, compared.changedPixels == 0, !compared.sizeChanged, referenceDump == dump, let cache,
                let passKey, passKey == self.passKey(job, reference)
            {
                cache.store(Self.passEntry, key: passKey)
            }
            return result(
                .passed, compared.differingPixels == 0 ? "same pixels" : changedText, note: note, pixels: summary,
                structural: structural, images: note == nil && compared.changedPixels == 0 ? nil : images)
        }
        if mode == .failed || mode == .all {
            return record(
                .recorded, "reference rewritten: " + changedText, note: dumpProblem, pixels: summary,
                structural: structural, images: images)
        }
        return result(.failed, changedText, note: dumpProblem, pixels: summary, structural: structural, images: images)
    }
}
