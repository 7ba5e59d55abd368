import PNGBackend
import SceneEvaluator
import SceneParser

/// Every limit that bounds one compilation, in one value, so that every command and every front
/// end applies the same ones (Grammar.md §14): how much of a file is read, how long evaluation may
/// run and how much it may draw, and how large a PNG may be.
public struct CompilerLimits: Sendable, Hashable, Codable {
    public var parser = ParserLimits()
    public var evaluation = EvaluationLimits()
    /// What may reach a renderer: text lengths and dashes (checked on every display list).
    public var render = RenderLimits()
    /// The largest PNG, as width × height in pixels after scaling.
    public var maxPixels = RasterOptions().maxPixels
    /// The pixels all operations of a PNG cover together, each counted by its box clipped to the
    /// image (cairo's time grows with them: 200 fills of a 4000×4000 image took 14 s).
    public var maxPaintedPixels = 250_000_000
    /// The most SVG elements a PNG is rendered from.
    public var maxElements = RasterOptions().maxElements

    public init() {}

    public init(parser: ParserLimits = .init(), evaluation: EvaluationLimits = .init()) {
        self.parser = parser
        self.evaluation = evaluation
    }

    /// Raster options for one image at `scale`.
    public func raster(scale: Double) -> RasterOptions {
        var options = RasterOptions()
        options.scale = scale
        options.maxPixels = maxPixels
        options.maxElements = maxElements
        return options
    }
}
