import PNGBackend
import RasterImage
import SceneSource

/// The text a build prints for each finished job, in plan order.
///
/// Diagnostics are printed in full (rich or short). A scene that does not parse fails every one
/// of its variants with the same diagnostics: they are printed for the first variant, and the
/// others say where to look. With `lines` each file gets a line (`rendered out/x@2x.png`); without
/// (under a progress bar) only problems are printed.
public struct BuildLog: Sendable {
    public let style: DiagnosticRenderer.Style
    public let lines: Bool
    private var reportedScenes = Set<String>()
    /// The evaluation diagnostics last printed for each scene, so variants failing alike say so briefly.
    private var lastPrinted: [String: [Diagnostic]] = [:]

    public init(style: DiagnosticRenderer.Style = .rich, lines: Bool) {
        self.style = style
        self.lines = lines
    }

    public mutating func text(for result: JobResult) -> String {
        let job = result.job
        let renderer = DiagnosticRenderer(sources: job.scene.sources, style: style)
        var out = ""
        // The scene's own diagnostics (parsing, checking) once per scene; evaluation's per variant.
        let firstOfScene = reportedScenes.insert(job.scenePath).inserted
        if firstOfScene { out += renderer.render(job.scene.diagnostics) }
        if job.scene.hasErrors {
            return out + "failed \(job.name): \(DiagnosticRenderer.visible(job.scenePath)) has errors\(firstOfScene ? "" : " (shown above)")\n"
        }
        let own = Array(result.diagnostics.dropFirst(job.scene.diagnostics.count))
        let repeated = !own.isEmpty && lastPrinted[job.scenePath] == own
        if !repeated { out += renderer.render(own) }
        if !own.isEmpty { lastPrinted[job.scenePath] = own }
        if result.sceneFailed {
            return out
                + "failed \(job.name): \(DiagnosticRenderer.visible(job.scenePath)) did not compile\(repeated ? " (the same errors as above)" : "")\n"
        }
        return out + text(for: result.outputs)
    }

    /// A line per file (with `lines`), and always a line per problem.
    public func text(for outputs: [OutputResult]) -> String {
        var out = ""
        for output in outputs {
            switch output.status {
            // Paths come from file names in the project: never raw control characters.
            case .rendered:
                if lines { out += "rendered \(DiagnosticRenderer.visible(output.path))\(output.origin == .cache ? " (from the cache)" : "")\n" }
            case .unchanged:
                if lines { out += "unchanged \(DiagnosticRenderer.visible(output.path))\(output.origin == .cache ? " (from the cache)" : "")\n" }
            case .outOfDate: out += "out of date \(DiagnosticRenderer.visible(output.path))\n"
            case .missing: out += "missing \(DiagnosticRenderer.visible(output.path))\n"
            case .failed(let message):
                out +=
                    "failed \(DiagnosticRenderer.visible(output.path)): \(DiagnosticRenderer.visible(message))\(output.raster.flatMap(Self.advice).map { " — " + $0 } ?? "")\n"
            }
        }
        return out
    }

    /// What to change in a build when an image cannot be made.
    static func advice(_ kind: RasterError.Kind) -> String? {
        switch kind {
        case .tooSmall: return "raise the variant's scale or size in the manifest"
        case .tooLarge: return "lower the variant's scale or size in the manifest"
        case .overPixelBudget: return "lower the variant's scale or size in the manifest, or raise --max-pixels"
        case .tooManyElements: return "draw fewer shapes, or write SVG only (\"scales\": [] in the manifest)"
        case .overPaintBudget: return "draw fewer large shapes, lower the variant's scale, or raise --max-painted-pixels"
        case .outOfMemory: return "lower the variant's scale or size in the manifest, or free memory"
        case .badScale, .fontsMissing, .internalError: return nil
        }
    }
}
