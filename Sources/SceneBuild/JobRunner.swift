#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import PNGBackend
import RasterImage
import SceneCompiler
import SceneIO
import SceneProject
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
        /// `--check`: the file on disk holds other bytes (nothing was written).
        case outOfDate
        /// `--check`: there is no such file (nothing was written).
        case missing
    }

    public let path: String
    public let status: Status
    /// Why the image could not be made, when the rasterizer said so (for advice on what to change).
    public let raster: RasterError.Kind?
    /// Where the bytes came from: made by this build, taken from the build cache, or neither
    /// (a file that could not be made, or one known when the build was planned).
    public var origin: Origin = .none
    /// The SHA-256 of the bytes the file holds now that it was written (or found unchanged), for
    /// the output record: `--prune` removes only a file whose bytes still match it.
    public var sha256: String?

    public enum Origin: Sendable, Equatable {
        case none
        case made
        case cache
    }

    public init(path: String, status: Status, raster: RasterError.Kind? = nil, sha256: String? = nil) {
        self.path = path
        self.status = status
        self.raster = raster
        self.sha256 = sha256
    }

    func from(_ origin: Origin) -> OutputResult {
        var result = self
        if case .failed = status { return result }
        result.origin = origin
        return result
    }

    public var failure: String? {
        if case .failed(let message) = status { return message }
        return nil
    }
}

/// Runs one job through the front door: evaluate the variant once, make its SVG once, rasterize
/// that at each scale (or draw it as a PDF). How the files reach the disk is the job's `writing`:
/// in the flat layout each output is written on its own (a scale over the pixel budget fails that
/// image only); an image set or a set of Android densities is written only when every file of it
/// could be made, an image set as one folder (`AtomicFolder`). With `checkOnly` nothing is written:
/// each output is compared with the file on disk. Every file and folder below the output folder is
/// reached through `ContainedFolder`: a link in it (`out/res`, `out/Assets.xcassets`, an output
/// that is a link) fails the outputs under it and is never written through.
public struct JobRunner: Sendable {
    public let folder: String
    /// The output folder, walked without following links below it.
    let contained: ContainedFolder
    public let compiler: SceneCompiler
    /// `scenec build --check`: make every output and compare, write nothing.
    public let checkOnly: Bool
    /// Where outputs are kept by the hash of their inputs; nil: everything is made (`--no-cache`).
    public let cache: OutputCache?
    /// `scenec build --deny-warnings`: a variant with warnings makes no file and fails. (A variant
    /// with warnings is never stored in the cache, so one served from it had none.)
    public var denyWarnings = false

    public init(folder: String, compiler: SceneCompiler = SceneCompiler(), checkOnly: Bool = false, cache: OutputCache? = nil) {
        self.folder = folder
        self.contained = ContainedFolder(root: folder)
        self.compiler = compiler
        self.checkOnly = checkOnly
        self.cache = cache
    }

    public func path(of output: BuildOutput) -> String {
        FilePath.join(folder, output.fileName)
    }

    public func run(_ job: BuildJob) -> JobResult {
        // Each output's cache key (none for bytes known in advance). When every output has an entry,
        // the variant is evaluated only if an entry turns out to be damaged.
        let keys: [String?] = job.outputs.map { output in
            if case .data = output.format { return nil }
            return cache?.key(for: output, of: job)
        }
        let allCached =
            cache != nil
            && zip(job.outputs, keys).allSatisfy { output, key in
                if case .data = output.format { return true }
                return key.map { cache!.has($0) } ?? false
            }
        // One compilation per appearance (a variant with `"dark"` values is drawn twice), each made
        // on first need.
        var compiled: [Appearance: Compilation] = [:]
        /// What the outputs add to evaluation's diagnostics: what a vector PDF holds as a bitmap,
        /// what a VectorDrawable cannot draw.
        var outputWarnings: [Diagnostic] = []
        func compiledScene(_ appearance: Appearance) -> Compilation {
            if let made = compiled[appearance] { return made }
            let made = compiler.compile(job.scene, arguments: job.arguments(for: appearance), size: job.size)
            compiled[appearance] = made
            if let list = made.list, job.outputs.contains(where: { $0.format == .pdf && $0.appearance == appearance }),
                let warning = VectorRasterization.warning(for: list, variant: job.name),
                !outputWarnings.contains(where: { $0.span == warning.span })
            {
                outputWarnings.append(warning)
            }
            return made
        }
        /// Every appearance's diagnostics, each once (the scene's own are the same in both).
        func diagnostics() -> [Diagnostic] {
            var all: [Diagnostic] = []
            for appearance in job.appearances {
                for diagnostic in compiled[appearance]?.diagnostics ?? [] where !all.contains(diagnostic) { all.append(diagnostic) }
            }
            return (all.isEmpty ? job.scene.diagnostics : all) + outputWarnings
        }
        if !allCached {
            for appearance in job.appearances { _ = compiledScene(appearance) }
            guard job.appearances.allSatisfy({ compiled[$0]?.svg != nil && compiled[$0]?.hasErrors == false }) else {
                let outputs = job.outputs.map { OutputResult(path: path(of: $0), status: .failed("the scene has errors")) }
                return JobResult(job: job, diagnostics: diagnostics(), outputs: outputs, sceneFailed: true)
            }
            if denyWarnings, diagnostics().contains(where: { $0.severity == .warning }) {
                let outputs = job.outputs.map { OutputResult(path: path(of: $0), status: .failed("the scene has warnings (--deny-warnings)")) }
                return JobResult(job: job, diagnostics: diagnostics(), outputs: outputs, sceneFailed: false)
            }
        }
        // An output's bytes: from the cache, else made (and then kept, unless evaluation said
        // anything: its diagnostics must be shown again by the next build).
        func produce(_ index: Int) -> (Result<[UInt8], MakeFailure>, OutputResult.Origin) {
            let output = job.outputs[index]
            if case .data(let bytes) = output.format { return (.success(bytes), .none) }
            if let cache, let key = keys[index], let bytes = cache.read(key) { return (.success(bytes), .cache) }
            let compilation = compiledScene(output.appearance)
            guard compilation.svg != nil, !compilation.hasErrors else {
                return (.failure(MakeFailure(message: "the scene has errors", raster: nil)), .none)
            }
            let made: Result<[UInt8], MakeFailure>
            if output.format == .vectorDrawable, let list = compilation.list {
                switch VectorDrawableOutput.make(list, variant: job.name) {
                case .success(let bytes): made = .success(bytes)
                case .failure(let failure):
                    for diagnostic in failure.diagnostics where !outputWarnings.contains(diagnostic) { outputWarnings.append(diagnostic) }
                    made = .failure(MakeFailure(message: failure.message, raster: nil))
                }
            } else {
                made = make(output, compilation)
            }
            // (A PDF with a bitmap in it is not kept either: the next build must warn again.)
            if let cache, let key = keys[index], case .success(let bytes) = made, compilation.evaluationDiagnostics.isEmpty,
                outputWarnings.isEmpty || output.format != .pdf
            {
                cache.store(bytes, key: key)
            }
            return (made, .made)
        }
        let outputs: [OutputResult]
        if case .eachAlone = job.writing {
            // One at a time, so only one image is in memory at once.
            outputs = job.outputs.indices.map { index in
                let output = job.outputs[index]
                let (made, origin) = produce(index)
                switch made {
                case .failure(let failure): return failure.result(path(of: output))
                case .success(let bytes): return finish(bytes, at: output.fileName).from(origin)
                }
            }
        } else {
            let made = job.outputs.indices.map(produce)
            outputs = zip(together(job, made.map(\.0)), made.map(\.1)).map { $0.from($1) }
        }
        return JobResult(job: job, diagnostics: diagnostics(), outputs: outputs, sceneFailed: false)
    }

    /// Files the whole build writes once (an asset catalog's own Contents.json), before the jobs.
    public func runShared(_ outputs: [BuildOutput]) -> [OutputResult] {
        outputs.map { output in
            guard case .data(let bytes) = output.format else {
                return OutputResult(path: path(of: output), status: .failed("not a shared file"))
            }
            return finish(bytes, at: output.fileName)
        }
    }

    /// A variant's outputs written only when all could be made.
    private func together(_ job: BuildJob, _ made: [Result<[UInt8], MakeFailure>]) -> [OutputResult] {
        let targets = job.outputs.map(path(of:))
        if let first = made.firstIndex(where: { if case .failure = $0 { return true } else { return false } }) {
            let why = "not written: \(FilePath.fileName(of: targets[first])) could not be made, and the variant's files are written together"
            return zip(made, targets).map { result, target in
                switch result {
                case .failure(let failure): return failure.result(target)
                case .success: return OutputResult(path: target, status: .failed(why))
                }
            }
        }
        let bytes = made.map { try! $0.get() }
        let names = job.outputs.map(\.fileName)
        if checkOnly { return zip(bytes, names).map { compare($0, at: $1) } }
        switch job.writing {
        case .asOneFolder(let set):
            do {
                let files = zip(job.outputs, bytes).map { (name: FilePath.fileName(of: $0.fileName), bytes: $1) }
                let outcomes = try contained.writeFolder(files, to: set)
                return zip(zip(targets, bytes), outcomes).map {
                    OutputResult(path: $0.0, status: $1 == .written ? .rendered : .unchanged, sha256: SHA256.hex($0.1))
                }
            } catch {
                return targets.map { OutputResult(path: $0, status: .failed(error.description)) }
            }
        case .allOrNothing, .eachAlone:
            return zip(bytes, names).map { write($0, at: $1) }
        }
    }

    /// Written, or (with `checkOnly`) compared; `relative` is the output's path in the folder.
    private func finish(_ bytes: [UInt8], at relative: String) -> OutputResult {
        checkOnly ? compare(bytes, at: relative) : write(bytes, at: relative)
    }

    /// Written into the folder, its folders made, nothing below the folder followed if a link.
    private func write(_ bytes: [UInt8], at relative: String) -> OutputResult {
        let target = contained.path(relative)
        do {
            let outcome = try contained.write(bytes, to: relative)
            return OutputResult(path: target, status: outcome == .written ? .rendered : .unchanged, sha256: SHA256.hex(bytes))
        } catch {
            return OutputResult(path: target, status: .failed(error.description))
        }
    }

    /// `--check`: the file read back without following a link (a link on the way fails the output).
    private func compare(_ bytes: [UInt8], at relative: String) -> OutputResult {
        let target = contained.path(relative)
        do {
            let existing = try contained.read(relative, maxBytes: bytes.count)
            let same = existing.fileSize == bytes.count && existing.bytes == bytes
            return OutputResult(path: target, status: same ? .unchanged : .outOfDate)
        } catch {
            switch error.kind {
            case .missing: return OutputResult(path: target, status: .missing)
            case .notRegular: return OutputResult(path: target, status: .failed(error.message))
            case .folder, .permission, .other: return OutputResult(path: target, status: .outOfDate)
            }
        }
    }

    private struct MakeFailure: Error {
        let message: String
        let raster: RasterError.Kind?
        func result(_ target: String) -> OutputResult { OutputResult(path: target, status: .failed(message), raster: raster) }
    }

    private func make(_ output: BuildOutput, _ compilation: Compilation) -> Result<[UInt8], MakeFailure> {
        do {
            switch output.format {
            case .svg: return .success(Array((compilation.svg?.text ?? "").utf8))
            case .png(let scale): return .success(try compilation.png(scale: scale) ?? [])
            case .pdf: return .success(try compilation.pdf() ?? [])
            case .data(let bytes): return .success(bytes)
            case .vectorDrawable: return .failure(MakeFailure(message: "the scene draws nothing", raster: nil))
            }
        } catch {
            return .failure(MakeFailure(message: error.message, raster: error.kind))
        }
    }
}
