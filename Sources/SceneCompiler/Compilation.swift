import DisplayList
import PNGBackend
import RasterImage
import SceneEvaluator
import SceneSource
import SVGBackend
import Synchronization

/// A scene evaluated with one set of parameter values and a size: the display list, or the
/// diagnostics that say why there is none, and every output made from it. Outputs come only from
/// here, so each applies the same limits (`CompilerLimits`) whoever asks: `render`, `dump`,
/// `build`, `diff`, `test` or the preview.
public struct Compilation: Sendable {
    public let scene: LoadedScene
    public let arguments: [String: Value]
    public let size: SceneSize?
    /// nil when the scene has errors.
    public let list: DisplayList?
    /// The scene's load diagnostics followed by evaluation's.
    public let diagnostics: [Diagnostic]
    let limits: CompilerLimits
    private let cache = DocumentCache()

    init(
        scene: LoadedScene, arguments: [String: Value], size: SceneSize?, list: DisplayList?,
        diagnostics: [Diagnostic], limits: CompilerLimits
    ) {
        self.scene = scene; self.arguments = arguments; self.size = size; self.list = list
        self.diagnostics = diagnostics; self.limits = limits
    }

    public var hasErrors: Bool { list == nil || diagnostics.contains { $0.severity == .error } }

    /// What evaluation added to the scene's load diagnostics.
    public var evaluationDiagnostics: ArraySlice<Diagnostic> { diagnostics.dropFirst(scene.diagnostics.count) }

    /// The SVG document, made once however often it is asked for (a build writes it and rasterizes
    /// it at several scales). nil when the scene has errors.
    public var svg: SVGDocument? {
        guard let list else { return nil }
        return cache.document(for: list)
    }

    /// The SVG document's bytes handed to `emit` in pieces as they are written (the same bytes as
    /// `svg`), without holding the whole text: for writing a large scene's SVG to a file. Returns
    /// false when the scene has errors.
    public func streamSVG(_ emit: (UnsafeRawBufferPointer) -> Void) -> Bool {
        guard let list else { return false }
        SVGBackend.stream(list, to: emit)
        return true
    }

    /// The PNG at `scale` pixels per point: the SVG rendered by librsvg, within the pixel and
    /// element limits, with the pinned fonts. nil when the scene has errors.
    public func png(scale: Double) throws(RasterError) -> [UInt8]? {
        guard let svg, let list else { return nil }
        try checkPainting(list, scale: scale)
        return try PNGBackend.render(svg, options: limits.raster(scale: scale))
    }

    /// A one-page vector PDF the size of the scene in points: the SVG drawn by librsvg onto a cairo
    /// PDF surface, with the pinned fonts embedded, within the element limit; no creation date, so
    /// the same compilation gives the same bytes. nil when the scene has errors.
    public func pdf() throws(RasterError) -> [UInt8]? {
        guard let svg else { return nil }
        return try PNGBackend.pdf(svg, options: limits.raster(scale: 1))
    }

    /// The SVG for the live preview (`SVGBackend.annotatedRender`): each drawing element names its
    /// display item, ids carry `idPrefix`. nil when the scene has errors. Never written to a file.
    public func annotatedSVG(idPrefix: String) -> String? {
        list.map { SVGBackend.annotatedRender($0, idPrefix: idPrefix) }
    }

    /// The pixels at `scale`: the same render as `png(scale:)`, before encoding, for comparing
    /// images. nil when the scene has errors.
    public func image(scale: Double) throws(RasterError) -> RGBAImage? {
        guard let svg, let list else { return nil }
        try checkPainting(list, scale: scale)
        return try PNGBackend.image(svg, options: limits.raster(scale: scale))
    }

    /// The painting budget (`CompilerLimits.maxPaintedPixels`), before librsvg sees the document.
    func checkPainting(_ list: DisplayList, scale: Double) throws(RasterError) {
        // A bad scale or an image too large is the rasterizer's error, reported first.
        guard scale.isFinite, scale > 0 else { return }
        let (w, h) = ((list.width * scale).rounded(.up), (list.height * scale).rounded(.up))
        guard w <= 32_767, h <= 32_767, w * h <= Double(limits.maxPixels) else { return }
        if let (total, span) = PaintedArea.first(over: limits.maxPaintedPixels, in: list, scale: scale) {
            throw RasterError.overPaintBudget(
                "the drawing operations cover more than \(limits.maxPaintedPixels) pixels in all at this scale (max-painted-pixels), "
                    + "\(total) by the one at \(scene.sources.describe(span)); each counts the box it covers on the image")
        }
    }

    /// The display list as canonical text; with `locations`, each operation's `@line:col`.
    public func dump(locations: Bool = false) -> String? {
        list.map { DisplayListDump(sources: locations ? scene.sources : nil).render($0) }
    }
}

/// The SVG document of a compilation, made on first use and shared by copies of the value.
private final class DocumentCache: Sendable {
    private let document = Mutex<SVGDocument?>(nil)

    func document(for list: DisplayList) -> SVGDocument {
        document.withLock { cached in
            if let cached { return cached }
            let made = SVGBackend.document(list)
            cached = made
            return made
        }
    }
}
