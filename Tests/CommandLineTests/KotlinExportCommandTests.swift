import Foundation
import Testing

/// `scenec export --kotlin`: the scenes as one Kotlin file, the same bytes every time, `--check`
/// failing on a stale file, and a located error naming the element for what android.graphics cannot
/// draw as scenec does. The generated Kotlin itself is proven in Tests/KotlinExportTests.
struct KotlinExportCommandTests {
    typealias CLI = CommandLineTests

    @Test func exportsTheScenesDeterministicallyAndChecksForStaleFiles() throws {
        let out = try CLI.temporaryFolder().appendingPathComponent("Widgets.kt").path
        let first = try CLI.run(["export", "Scenes", "--kotlin", out])
        #expect(first.status == 0, "\(first.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("object CounterScene {") && text.contains("object FloScene {") && text.contains("object PushButtonScene {"))
        #expect(text.contains("fun draw(canvas: android.graphics.Canvas, frame: android.graphics.RectF? = null"))
        #expect(text.contains("class SceneDrawError("), "the runtime is embedded")
        #expect(try CLI.run(["export", "Scenes", "--kotlin", out, "--check"]).status == 0)
        try (text + "// edited\n").write(toFile: out, atomically: true, encoding: .utf8)
        let stale = try CLI.run(["export", "Scenes", "--kotlin", out, "--check"])
        #expect(stale.status == 1 && stale.stderr.contains("is stale"), "\(stale.stderr)")
        #expect(try CLI.run(["export", "Scenes", "--kotlin", out]).status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == text)
    }

    @Test func aShadowIsALocatedErrorNamingTheElementAndWritesNothing() throws {
        let out = try CLI.temporaryFolder().appendingPathComponent("Shadow.kt").path
        let r = try CLI.run(["export", "Tests/SceneCompilerTests/Fixtures/layer-shadow.scene", "--kotlin", out])
        #expect(r.status == 1)
        #expect(
            r.stderr.contains("Tests/SceneCompilerTests/Fixtures/layer-shadow.scene:4:4:") && r.stderr.contains("<layer> with a shadow")
                && r.stderr.contains("cannot be exported to Kotlin") && r.stderr.contains("help:"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func theHelpNamesTheOption() throws {
        let help = try CLI.run(["export", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--kotlin <file>"))
    }
}
