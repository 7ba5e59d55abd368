import KotlinExport
import SceneCompiler
import Testing

/// The Kotlin runtime cannot measure text yet (no `Paint.measureText` hook, as for `textWidth`): a
/// wrapped `<text width=…>` is refused with its location, never drawn as one unwrapped line.
struct WrappedTextRefusalTests {
    @Test func aWrappedTextIsRefusedAtItsElement() throws {
        let scene = "<scene width=\"100\" height=\"40\">\n  <text y=\"20\" width=\"80\">Water drunk today</text>\n</scene>\n"
        let loaded = SceneCompiler().load(path: "wrap.scene", bytes: Array(scene.utf8))
        #expect(!loaded.hasErrors)
        #expect {
            _ = try KotlinExporter.export([KotlinExporter.Input(loaded: loaded, path: "wrap.scene")])
        } throws: { error in
            let refusal = error as? KotlinExportError
            return refusal?.location.hasPrefix("wrap.scene:2:") == true && refusal?.message.contains("wrapped <text>") == true
        }
    }
}
