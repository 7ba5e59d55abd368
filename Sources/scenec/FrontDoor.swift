import ArgumentParser
import PNGBackend
import RasterImage
import SceneCompiler
import SceneEvaluator
import SceneIO
import SceneSource

/// How the command line goes through the front door (`SceneCompiler`): the compiler made from the
/// options, and each kind of failure turned into the documented message and exit status
/// (2 for what the command line asked wrongly, 1 for a scene that does not compile or an image
/// that cannot be made).
struct FrontDoor {
    var compiler: SceneCompiler
    let diagnostics: DiagnosticOptions

    init(_ common: CommonOptions, pixels: PixelLimitOptions? = nil) {
        var all = CompilerLimits()
        common.limits.apply(to: &all)
        pixels?.apply(to: &all)
        compiler = SceneCompiler(limits: all, projectRoot: common.projectRoot)
        diagnostics = common.diagnostics
    }

    /// Reads and loads a scene, printing its diagnostics; a scene with errors is a `CommandFailure`.
    func load(_ path: String) throws -> LoadedScene {
        let loaded = try read(path)
        diagnostics.print(loaded.diagnostics, sources: loaded.sources)
        guard !loaded.hasErrors else { throw CommandFailure() }
        return loaded
    }

    /// Reads and loads a scene without printing; an unreadable file is a `CommandError`.
    /// With `home`, the bytes of `path` are compiled as if they were the file at `home` (a
    /// temporary copy git made of it; see `TemporaryCopy`).
    func read(_ path: String, as home: String? = nil) throws -> LoadedScene {
        do {
            guard let home else { return try compiler.load(file: path) }
            let contents = try InputFile.read(path, maxBytes: compiler.limits.parser.maxBytes)
            var atHome = compiler
            if atHome.projectRoot == nil { atHome.projectRoot = FilePath.parent(of: home) }
            let over = contents.bytes.count > compiler.limits.parser.maxBytes
            return atHome.load(path: home, bytes: contents.bytes, fileSize: over ? contents.fileSize : nil)
        } catch {
            throw CommandError(error.message, help: error.help)
        }
    }

    /// Compiles a loaded scene with `--set` and `--size`, printing what evaluation reports.
    func compile(_ loaded: LoadedScene, _ parameters: ParameterOptions, origins: Bool = true) throws -> Compilation {
        let arguments: [String: Value]
        do {
            arguments = try compiler.arguments(parameters.assignments, for: loaded)
        } catch {
            throw Self.commandError(error, loaded: loaded)
        }
        let compilation = compiler.compile(loaded, arguments: arguments, size: parameters.sceneSize, origins: origins)
        diagnostics.print(compilation.evaluationDiagnostics, sources: loaded.sources)
        guard !compilation.hasErrors else { throw CommandFailure() }
        return compilation
    }

    /// A `--set` problem in the command line's words, with the scene's parameters listed.
    static func commandError(_ problem: ParameterProblem, loaded: LoadedScene) -> CommandError {
        let message = problem.kind == .notAnAssignment ? "--set \(problem.message)" : problem.message
        let help = problem.help.map { "; \($0)" } ?? ""
        return CommandError(message + help, details: loaded.parameterList.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    /// The PNG at `scale`, or a `CommandFailure` after saying what to change.
    func png(_ compilation: Compilation, scale: Double) throws -> [UInt8] {
        do {
            guard let png = try compilation.png(scale: scale) else { throw CommandFailure() }
            return png
        } catch let error as RasterError {
            Console.error("scenec: error: \(error.message)\(Self.advice(error.kind).map { " — " + $0 } ?? "")\n")
            throw CommandFailure()
        }
    }

    /// The PDF, or a `CommandFailure` after saying what to change.
    func pdf(_ compilation: Compilation) throws -> [UInt8] {
        do {
            guard let pdf = try compilation.pdf() else { throw CommandFailure() }
            return pdf
        } catch let error as RasterError {
            Console.error("scenec: error: \(error.message)\(Self.advice(error.kind).map { " — " + $0 } ?? "")\n")
            throw CommandFailure()
        }
    }

    /// What to change on the command line when an image cannot be made.
    static func advice(_ kind: RasterError.Kind) -> String? {
        switch kind {
        case .tooSmall: return "raise --scale or --size"
        case .tooLarge: return "lower --scale or --size"
        case .overPixelBudget: return "lower --scale or --size, or raise --max-pixels"
        case .tooManyElements: return "draw fewer shapes, or write SVG"
        case .overPaintBudget: return "draw fewer large shapes, lower --scale, or raise --max-painted-pixels"
        case .outOfMemory: return "lower --scale or --size, or free memory"
        case .badScale, .fontsMissing, .internalError: return nil
        }
    }
}
