import Foundation
import Testing

/// `scenec export --swift`: a single scene or a folder with its manifest, the same bytes every
/// time, written atomically, `--check` failing on a stale file, and a located error for what export
/// does not support. The generated Swift itself is proven in Tests/SwiftExportTests.
struct ExportCommandTests {
    typealias CLI = CommandLineTests

    @Test func exportsAFolderDeterministicallyAndChecksForStaleFiles() throws {
        let folder = try CLI.temporaryFolder()
        let scenes = folder.appendingPathComponent("Scenes").path
        try FileManager.default.createDirectory(atPath: scenes, withIntermediateDirectories: true)
        for name in ["counter", "face"] {
            try FileManager.default.copyItem(
                atPath: Package.folder.appendingPathComponent("Scenes/\(name).scene").path,
                toPath: scenes + "/\(name).scene")
        }
        let out = folder.appendingPathComponent("Widgets.swift").path
        let first = try CLI.run(["export", scenes, "--swift", out])
        #expect(first.status == 0, "\(first.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("public enum CounterScene") && text.contains("public enum FaceScene") && !text.contains("FloScene"))
        #expect(text.contains("@IBDesignable public final class CounterView: UIView"))
        // The same scenes, the same bytes; --check passes on them and fails once the file is stale.
        #expect(try CLI.run(["export", scenes, "--swift", out, "--check"]).status == 0)
        try (text + "// edited\n").write(toFile: out, atomically: true, encoding: .utf8)
        let stale = try CLI.run(["export", scenes, "--swift", out, "--check"])
        #expect(stale.status == 1 && stale.stderr.contains("is stale"), "\(stale.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).hasSuffix("// edited\n"), "--check writes nothing")
        #expect(try CLI.run(["export", scenes, "--swift", out]).status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == text)
    }

    @Test func aFolderWithAManifestExportsTheScenesItsVariantsName() throws {
        let out = try CLI.temporaryFolder().appendingPathComponent("Widgets.swift").path
        let r = try CLI.run(["export", "Scenes", "--swift", out])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("// Scenes: Scenes/counter.scene, Scenes/face.scene, Scenes/flo.scene, Scenes/graph.scene, Scenes/push-button.scene\n"))
        #expect(
            text.contains("fileprivate static func drawGraphLabels(") && text.contains("fileprivate static func drawGraph("),
            "flo's components become functions")
    }

    /// What the SwiftPM plugin relies on: with --directory the generated code names the scenes relative
    /// to that folder, so the same scenes give the same bytes wherever the package is checked out.
    @Test func withDirectoryTheSameScenesGiveTheSameBytesInAnyFolder() throws {
        var texts: [String] = []
        for _ in 0..<2 {
            let folder = try CLI.temporaryFolder()
            let app = folder.appendingPathComponent("App").path
            try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: Package.folder.appendingPathComponent("Scenes/counter.scene").path,
                toPath: app + "/counter.scene")
            let out = folder.appendingPathComponent("Generated.swift").path
            let r = try CLI.run(["export", "--directory", app, ".", "--swift", out])
            #expect(r.status == 0, "\(r.stderr)")
            let text = try String(contentsOfFile: out, encoding: .utf8)
            #expect(text.contains("// Scenes: counter.scene\n") && text.contains("at: \"counter.scene:15:30\")"))
            #expect(!text.contains(folder.path), "the build machine's folder is not in the generated code")
            texts.append(text)
        }
        #expect(texts[0] == texts[1])
        let missing = try CLI.run(["export", "--directory", "/nonexistent/folder", ".", "--swift", "-"])
        #expect(missing.status == 2 && missing.stderr.contains("'/nonexistent/folder'") && missing.stderr.contains("help:"), "\(missing.stderr)")
    }

    @Test func rowsColumnsAndMasksAreExportedToSwift() throws {
        // The layout's children are measured, then drawn into their slots; masks are layers (alpha) or a
        // gray bitmap (luminance). Tests/SwiftExportTests proves that they draw what scenec draws.
        let folder = try CLI.temporaryFolder()
        for (scene, drawn) in [("layout-pill", "R.Layout(row: true"), ("mask-fade", ".sourceIn"), ("mask-luminance", "R.LuminanceMask(over:")] {
            let out = folder.appendingPathComponent(scene + ".swift").path
            let r = try CLI.run(["export", "Tests/SceneCompilerTests/Fixtures/\(scene).scene", "--swift", out])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try String(contentsOfFile: out, encoding: .utf8).contains(drawn))
        }
    }

    @Test func aMaskIsExportedInEveryLanguage() throws {
        // Each generator draws masks (the Swift, Kotlin and TypeScript proofs check the pixels or operations).
        let folder = try CLI.temporaryFolder()
        for (flag, file) in [("--swift", "Mask.swift"), ("--kotlin", "Mask.kt"), ("--ts", "mask.ts")] {
            let out = folder.appendingPathComponent(file).path
            let r = try CLI.run(["export", "Tests/SceneCompilerTests/Fixtures/mask-fade.scene", flag, out])
            #expect(r.status == 0, "\(flag): \(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: out), "\(flag)")
        }
    }

    @Test func aMaskIsExportedToTypeScript() throws {
        // Canvas 2D has no masks: the runtime composites offscreen canvases (Tests/export/check_typescript.py proves the pixels).
        let out = try CLI.temporaryFolder().appendingPathComponent("mask.ts").path
        let r = try CLI.run(["export", "Tests/SceneCompilerTests/Fixtures/mask-luminance.scene", "--ts", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("$mask($b"))
    }

    @Test func textWidthIsExportedToSwift() throws {
        let out = try CLI.temporaryFolder().appendingPathComponent("TextWidth.swift").path
        let r = try CLI.run(["export", "Tests/SceneCompilerTests/Fixtures/text-width.scene", "--swift", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("R.call(.textWidth, "))
    }

    @Test func everyOptionHasHelpAndNothingToExportIsAUsageError() throws {
        let help = try CLI.run(["export", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--swift <file>") && help.stdout.contains("--check"))
        #expect(try CLI.run(["export", "Scenes/counter.scene"]).status == 2)
    }
}
