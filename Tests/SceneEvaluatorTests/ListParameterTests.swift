import DisplayList
import Foundation
import SceneCompiler
import SceneEvaluator
import SceneSource
import Testing

/// `list<string>` and `list<color>` parameters: declared, defaulted, set with `--set` (and so from a
/// manifest, whose values are parsed the same way), listed as JSON, and their errors.
struct ListParameterTests {
    static let scene = """
        <scene width="100" height="100">
          <param name="labels" type="list&lt;string&gt;" default="Mon, Tue, Wed"/>
          <param name="palette" type="list&lt;color&gt;" default="teal, #f80, rgb(87, 218, 213)"/>
          <for var="c" in="palette" index="i">
            <rect x="i" width="1" height="1" fill="c"/>
          </for>
          <text>{labels}|{count(labels)}</text>
        </scene>
        """

    func run(_ set: [String]) -> String {
        let compiler = SceneCompiler()
        let loaded = compiler.load(path: "t.scene", bytes: Array(Self.scene.utf8))
        do {
            let arguments = try compiler.arguments(set, for: loaded)
            guard let list = compiler.compile(loaded, arguments: arguments).list else { return "no list" }
            return DisplayListDump().render(list)
        } catch {
            return "problem: " + error.description
        }
    }

    @Test func defaultsAreTextsWithoutQuotesAndColorExpressions() {
        let out = run([])
        #expect(out.contains("fill #008080ff path M 0 0"))
        #expect(out.contains("fill #ff8800ff path M 1 0"))
        #expect(out.contains("fill #57dad5ff path M 2 0"))
        #expect(out.contains("text \"Mon, Tue, Wed|3\""))
    }

    @Test func setTakesBothFormsAndTheEmptyList() {
        #expect(run(["labels=a,b c , d", "palette=red"]).contains("text \"a, b c, d|3\""))
        #expect(run(["labels=['x, y', 'it\\'s']"]).contains("text \"x, y, it's|2\""))
        #expect(run(["labels='q', 'r'"]).contains("text \"q, r|2\""))
        #expect(run(["labels="]).contains("text \"|0\""))
        let palette = run(["palette=[navy, withAlpha(red, 0.6)]"])
        #expect(palette.contains("fill #000080ff path M 0 0") && palette.contains("fill #ff000099 path M 1 0"))
    }

    @Test func mixedAndWrongListsAreErrorsThatSayWhatToWrite() {
        #expect(run(["palette=red, 3"]).contains("a list holds one kind of element: this is an int in a list of colors"))
        #expect(run(["palette=[red, 'x']"]).contains("this is a string in a list of colors"))
        #expect(run(["labels=[1, 2]"]).contains("expected a list of strings, but it holds an int (1)"))
        #expect(run(["labels=a,,b"]).contains("an empty text between commas; remove the extra comma"))
        #expect(run(["palette=red blue"]).contains("expected colors separated by commas"))
        #expect(run(["palette=reed"]).contains("problem:"))
    }

    @Test func aMixedDefaultIsALocatedError() {
        let text = "<scene width=\"10\" height=\"10\"><param name=\"p\" type=\"list&lt;color&gt;\" default=\"red, 'x'\"/></scene>"
        let loaded = SceneCompiler().load(path: "t.scene", bytes: Array(text.utf8))
        let rendered = DiagnosticRenderer(sources: loaded.sources, style: .short).render(loaded.diagnostics)
        #expect(rendered.contains("t.scene:1:86: error[E0408]: a list holds one kind of element: this is a string in a list of colors"))
        let ranged = "<scene width=\"10\" height=\"10\"><param name=\"p\" type=\"list&lt;string&gt;\" default=\"a\" min=\"0\"/></scene>"
        let rangedLoaded = SceneCompiler().load(path: "t.scene", bytes: Array(ranged.utf8))
        #expect(
            DiagnosticRenderer(sources: rangedLoaded.sources, style: .short).render(rangedLoaded.diagnostics)
                .contains("'min' applies only to number, int and list (of numbers) parameters"))
    }

    @Test func declarationsRoundTripThroughJSON() throws {
        let loaded = SceneCompiler().load(path: "t.scene", bytes: Array(Self.scene.utf8))
        let data = try JSONEncoder().encode(loaded.parameters)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("[\"Mon\",\"Tue\",\"Wed\"]") && json.contains("[\"#008080ff\",\"#ff8800ff\",\"#57dad5ff\"]"))
        let decoded = try JSONDecoder().decode([ParameterDeclaration].self, from: data)
        #expect(decoded.map(\.defaultValue) == loaded.parameters.map(\.defaultValue))
        #expect(decoded.map(\.type) == [.stringList, .colorList])
    }
}
