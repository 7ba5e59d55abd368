import SceneCompiler
import ScenePreview
import Testing

/// The inspector's text for a parameter value is what `--set` reads back as the same value: lists of
/// strings (plain or quoted, as their texts need) and of colors included.
struct ParameterTextTests {
    @Test(arguments: [
        ("list&lt;string&gt;", "Mon, Tue", "Mon,Tue"),
        ("list&lt;string&gt;", "['a, b', ' x', 'it\\'s', '']", "['a, b', ' x', 'it\\'s', '']"),
        ("list&lt;string&gt;", "", "[]"),
        ("list&lt;color&gt;", "teal, withAlpha(red, 0.6)", "#008080,#ff000099"),
    ])
    func listTextsReadBackAsTheSameValue(type: String, written: String, text: String) throws {
        let scene = "<scene width=\"10\" height=\"10\"><param name=\"p\" type=\"\(type)\" default=\"\(written)\"/></scene>"
        let compiler = SceneCompiler()
        let loaded = compiler.load(path: "t.scene", bytes: Array(scene.utf8))
        let declaration = try #require(loaded.parameters.first)
        #expect(ParameterText.text(declaration.defaultValue, as: declaration.type) == text)
        let back = try compiler.arguments(["p=" + text], for: loaded)
        #expect(back["p"] == declaration.defaultValue)
    }
}
