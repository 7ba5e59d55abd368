import PNGBackend
import SceneCompiler
import SceneSource

/// What became of one job.
public struct JobResult: Sendable {
    public let job: BuildJob
    /// Evaluation's diagnostics (the scene's own parse and check diagnostics included).
    public let diagnostics: [Diagnostic]
    /// One per output of the job, in the job's order.
    public let outputs: [OutputResult]
    /// True when the scene did not compile, so no output was made.
    public let sceneFailed: Bool

    public var failed: Bool { outputs.contains { $0.failure != nil } }
}

public struct OutputResult: Sendable {
    public enum Status: Sendable, Equatable {
        case rendered
        case unchanged
        case failed(String)
    }

    public let path: String
    public let status: Status

    public var failure: String? {
        if case .failed(let message) = status { return message }
        return nil
    }
}

/// Runs one job: evaluate the variant once, write the SVG text once, rasterize it at each scale.
/// Each output is written on its own: a scale over the pixel budget fails that image only.
public struct JobRunner: Sendable {
    public let folder: String
    public let raster: RasterOptions

    public init(folder: String, raster: RasterOptions = .init()) {
        self.folder = folder
        self.raster = raster
    }

    public func path(of output: BuildOutput) -> String {
        folder.hasSuffix("/") ? folder + output.fileName : folder + "/" + output.fileName
    }

    public func run(_ job: BuildJob) -> JobResult {
        let (list, diagnostics) = SceneCompiler.evaluate(job.scene, arguments: job.arguments,
                                                         size: job.size.map { ($0.width, $0.height) })
        guard let list, !diagnostics.contains(where: { $0.severity == .error }) else {
            let outputs = job.outputs.map { OutputResult(path: path(of: $0), status: .failed("the scene has errors")) }
            return JobResult(job: job, diagnostics: diagnostics, outputs: outputs, sceneFailed: true)
        }
        let svg = SceneCompiler.svg(list)
        let outputs = job.outputs.map { output -> OutputResult in
            let target = path(of: output)
            do {
                let bytes: [UInt8]
                switch output.format {
                case .svg:
                    bytes = Array(svg.utf8)
                case .png(let scale):
                    var options = raster
                    options.scale = scale
                    bytes = try PNGBackend.render(svg: svg, options: options)
                }
                switch try OutputWriter.write(bytes, to: target) {
                case .rendered: return OutputResult(path: target, status: .rendered)
                case .unchanged: return OutputResult(path: target, status: .unchanged)
                }
            } catch {
                return OutputResult(path: target, status: .failed("\(error)"))
            }
        }
        return JobResult(job: job, diagnostics: diagnostics, outputs: outputs, sceneFailed: false)
    }
}
