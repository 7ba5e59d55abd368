import SceneCompiler
import SceneEvaluator
import SceneSource
import Testing

/// A `<param>`'s `default`, `min` and `max` and a `--set` value are constants the analysis lowers
/// (`ConstantLowering`) and the evaluator evaluates (`ConstantEvaluation`): the error reported is
/// the first one evaluation meets, whether it depends on values or is a name the analysis could
/// not resolve; a component's parameters are read from the program as the scene's are.
struct ParameterConstantTests {
    static func loaded(_ body: String) -> LoadedScene {
        let text = "<scene width=\"100\" height=\"100\">\n\(body)\n</scene>\n"
        return SceneCompiler().load(path: "t.scene", bytes: Array(text.utf8))
    }

    static func errors(_ body: String) -> [Diagnostic] {
        let loaded = loaded(body)
        return SceneCompiler().compile(loaded).diagnostics.filter { $0.severity == .error }
    }

    @Test func theFirstErrorEvaluationMeetsIsReported() {
        let valueFirst = Self.errors(#"<param name="n" type="number" default="1" min="1 // 0 + nope"/><rect width="n" height="n"/>"#)
        #expect(valueFirst.map(\.code) == [.divisionByZero], "\(valueFirst.map(\.message))")
        let nameFirst = Self.errors(#"<param name="n" type="number" default="1" min="nope + 1 // 0"/><rect width="n" height="n"/>"#)
        #expect(nameFirst.map(\.code) == [.undefinedName], "\(nameFirst.map(\.message))")
        #expect(nameFirst.first?.message == "undefined name 'nope'")
    }

    @Test func aPaletteWordThatIsNoColorIsNamed() {
        let found = Self.errors(#"<param name="p" type="list&lt;color>" default="red, bleu"/><rect width="1" height="1" fill="p[0]"/>"#)
        #expect(found.map(\.code) == [.typeMismatch])
        #expect(found.first?.message == "'bleu' in this list<color> is not a color")
        #expect(found.first?.help == "did you mean 'blue'?")
    }

    @Test func aComponentsDefaultsAndSizeComeFromTheProgram() throws {
        let loaded = Self.loaded(
            """
            <component name="Bar" width="4 * 2" height="2 + 1"><param name="k" type="list&lt;int>" default="3, 5"/>
              <rect width="k[1]" height="1" fill="red"/></component>
            <use component="Bar"/>
            """)
        let compilation = SceneCompiler().compile(loaded)
        #expect(!compilation.diagnostics.contains { $0.severity == .error }, "\(compilation.diagnostics.map(\.message))")
        let dump = try #require(compilation.dump())
        #expect(dump.contains("5"), "\(dump)")
    }

    @Test func aSetValueIsReadAsTheDefaultIs() throws {
        let loaded = Self.loaded(#"<param name="days" type="list&lt;string>" default="Mon"/><text x="1" y="1">{days[0]}</text>"#)
        let compiler = SceneCompiler()
        #expect(try compiler.arguments(["days=Tue, Wed"], for: loaded)["days"] == .list([.string("Tue"), .string("Wed")]))
        #expect(throws: ParameterProblem.self) { try compiler.arguments(["days=Tue,,Wed"], for: loaded) }
    }
}
