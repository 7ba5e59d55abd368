import Foundation
import SceneCompiler
import SceneEvaluator
import SceneSource
import Testing

/// No false positives: every scene of the project (Scenes/, the fixtures and goldens, the examples,
/// the fuzz corpus) that compiled with its default parameters before the static checker still compiles —
/// the checker may only add errors the defaults never reach, and each of those is listed here.
struct CorpusTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func sceneFiles() -> [URL] {
        var files: [URL] = []
        for folder in ["Scenes", "Tests", "Examples", "Fuzz/corpus"] {
            let root = package.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where folder == "Fuzz/corpus" || url.pathExtension == "scene" {
                files.append(url)
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Files where the static checker finds an error that evaluation with the defaults does not:
    /// errors in branches the defaults do not take, each read and confirmed to be a real mistake.
    static let untakenBranchErrors: Set<String> = [
        // The fixture case of this very thing: an error in each kind of branch the defaults skip.
        "Tests/SceneCompilerTests/Fixtures/error-untaken-branch.scene",
        // <use> values of a kind their parameters never take, in an <if> the defaults skip.
        "Tests/SceneCompilerTests/Fixtures/error-use-argument-kinds.scene",
        // hsb() with 2 arguments, in an <if> no iteration takes (bands = 1).
        "Fuzz/corpus/2c4c09c555d39d393fdeb95869db4a1c112b9248",
        // An undefined 'd' in a loop from 5 through count(points) = 2: zero iterations.
        "Fuzz/corpus/3944e75a1e2e2acce559271e1ac144726f60d26d",
        // The color 'whi' / 'whi1te' in an <else> that i % 1 == 0 never reaches.
        "Fuzz/corpus/4e414b7e905b75b2edaf4d463decf9927c7ae876",
        "Fuzz/corpus/69ae05cafed259967b13b457474b7bca8d197b74",
        "Fuzz/corpus/f14cda58ad700e4606ebfde1bd6b6739dafd4f52",
        // A stop's color=".5" (a number) in the same never-reached <else> (found since the
        // analysis checks a stop's color, issue 24).
        "Fuzz/corpus/bd4bbbcabcae2f960fbc5d86ee652321f80c8af0",
    ]

    @Test func whatCompiledStillCompiles() throws {
        let files = Self.sceneFiles()
        #expect(files.count > 500)
        var newlyFailing: [String] = []
        for url in files {
            let file = [UInt8](try Data(contentsOf: url))
            let bytes = Array(file.split(separator: 0x01, maxSplits: 1, omittingEmptySubsequences: false)[0])
            let compiler = SceneCompiler(projectRoot: url.deletingLastPathComponent().path)
            let loaded = compiler.load(path: url.path, bytes: bytes)
            guard !loaded.hasErrors else { continue }
            guard let resolved = loaded.resolvedProgram else { continue }
            // Evaluation alone (failing where it meets what the checker reported, as it failed when
            // it found those errors itself before the static checker), and the whole compilation.
            let before = SceneEvaluator.evaluate(
                resolved, sources: loaded.sources, limits: compiler.limits.evaluation)
            let compilation = compiler.compile(loaded)
            let staticErrors = loaded.staticDiagnostics.filter { $0.severity == .error }
            let relative = String(url.path.dropFirst(Self.package.path.count + 1))
            if before.list != nil, !staticErrors.isEmpty, compilation.list == nil, !Self.untakenBranchErrors.contains(relative) {
                newlyFailing.append(relative + "\n" + DiagnosticRenderer(sources: loaded.sources, style: .short).render(staticErrors))
            }
        }
        #expect(newlyFailing.isEmpty, "\(newlyFailing.joined(separator: "\n"))")
    }

    /// Each diagnostic has one owner: no scene of the project gets the same error (code and place)
    /// from the static analysis and from evaluation with its defaults. (Evaluation fails without a
    /// report where it meets what the analysis reported; the compiler shows both passes' lists.)
    @Test func noDiagnosticComesFromBothPasses() throws {
        struct Key: Hashable {
            let code: DiagnosticCode
            let span: SourceSpan
        }
        var twice: [String] = []
        for url in Self.sceneFiles() {
            let file = [UInt8](try Data(contentsOf: url))
            let bytes = Array(file.split(separator: 0x01, maxSplits: 1, omittingEmptySubsequences: false)[0])
            let compiler = SceneCompiler(projectRoot: url.deletingLastPathComponent().path)
            let loaded = compiler.load(path: url.path, bytes: bytes)
            guard !loaded.hasErrors, let resolved = loaded.resolvedProgram else { continue }
            let evaluated = SceneEvaluator.evaluate(resolved, sources: loaded.sources, limits: compiler.limits.evaluation)
            let analysis = Set(loaded.staticDiagnostics.map { Key(code: $0.code, span: $0.span) })
            let both = evaluated.diagnostics.filter { analysis.contains(Key(code: $0.code, span: $0.span)) }
            if !both.isEmpty {
                twice.append(
                    String(url.path.dropFirst(Self.package.path.count + 1)) + "\n"
                        + DiagnosticRenderer(sources: loaded.sources, style: .short).render(both))
            }
        }
        #expect(twice.isEmpty, "\(twice.joined(separator: "\n"))")
    }
}
