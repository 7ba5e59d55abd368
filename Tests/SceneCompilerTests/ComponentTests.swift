import DisplayList
import SceneEvaluator
import SceneParser
import SceneCompiler
import SceneSource
import Synchronization
import Testing

/// Components: placing scene files and local components, parameters flowing down, located errors
/// through components, cycles and the project boundary. Files come from memory (MemoryReader).
struct ComponentTests {
    static let dot = """
        <scene width="10" height="10">
          <param name="color" type="color" default="red"/>
          <param name="r" type="number" default="5" min="0" max="20"/>
          <circle cx="width / 2" cy="height / 2" radius="r" fill="color"/>
        </scene>
        """

    func load(_ main: String, _ files: [String: String] = [:], path: String = "p/main.scene") -> LoadedScene {
        SceneCompiler(reader: MemoryReader(files)).load(path: path, bytes: Array(main.utf8))
    }

    func evaluate(_ main: String, _ files: [String: String] = [:]) -> (DisplayList?, String) {
        let loaded = load(main, files)
        let compilation = SceneCompiler().compile(loaded)
        let (list, diagnostics) = (compilation.list, compilation.diagnostics)
        return (list, DiagnosticRenderer(sources: loaded.sources, style: .short).render(diagnostics))
    }

    @Test func aPlacedSceneDrawsWhatItDrawsAloneTranslated() throws {
        let alone = try #require(
            SceneCompiler().compile(
                load(Self.dot, path: "p/dot.scene"),
                size: SceneSize(width: 30, height: 20)
            ).list)
        let (list, errors) = evaluate(
            """
            <scene width="100" height="100"><use src="dot.scene" x="7" y="9" width="30" height="20"/></scene>
            """, ["p/dot.scene": Self.dot])
        #expect(errors.isEmpty)
        guard case .group(let g)? = list?.items.first else { Issue.record("expected one group"); return }
        #expect(g.transform == .translation(7, 9))
        #expect(g.items.map(stripped) == alone.items.map(stripped))
    }

    /// The same item with its source span replaced, to compare drawings from different files.
    func stripped(_ item: DisplayItem) -> DisplayItem {
        let nowhere = SourceSpan(file: FileID(0), start: 0, end: 0)
        switch item {
        case .fill(let f): return .fill(Fill(path: f.path, paint: f.paint, rule: f.rule, opacity: f.opacity, source: nowhere))
        default: return item
        }
    }

    @Test func argumentsAreEvaluatedInTheCallerAndDefaultsFillTheRest() throws {
        let (list, errors) = evaluate(
            """
            <scene width="100" height="100">
              <for var="i" from="1" through="2">
                <use src="dot.scene" x="i * 20" r="i + 0.5"/>
              </for>
            </scene>
            """, ["p/dot.scene": Self.dot])
        #expect(errors.isEmpty)
        let dump = dumpText(try #require(list))
        #expect(dump.contains("group matrix(1 0 0 1 20 0)"))
        #expect(dump.contains("fill #ff0000ff path M 6.5 5 ARC 5 5 r=1.5"))
        #expect(dump.contains("fill #ff0000ff path M 7.5 5 ARC 5 5 r=2.5"))
    }

    @Test func aComponentSeesNothingOfItsCaller() {
        let (list, errors) = evaluate(
            """
            <scene width="100" height="100">
              <let name="secret" value="3"/>
              <component name="C" width="10" height="10"><rect width="secret" height="1" fill="red"/></component>
              <use component="C"/>
            </scene>
            """)
        #expect(list == nil)
        #expect(errors.contains("p/main.scene:3:59: error[E0203]: undefined name 'secret'"))
        #expect(errors.contains("note: p/main.scene:4:4: in component 'C' used here"))
    }

    @Test func errorsInsideAComponentFilePointIntoItWithANoteAtTheUse() {
        let broken = "<scene width=\"10\" height=\"10\">\n  <rect width=\"1\" height=\"1\" fill=\"nope\"/>\n</scene>"
        let (_, errors) = evaluate(
            "<scene width=\"9\" height=\"9\">\n  <use src=\"sub/broken.scene\"/>\n</scene>",
            ["p/sub/broken.scene": broken])
        #expect(errors.contains("p/sub/broken.scene:2:36: error[E0203]: undefined name 'nope'"))
        #expect(errors.contains("note: p/main.scene:2:4: in component p/sub/broken.scene used here"))
    }

    @Test func unknownAndMistypedArgumentsAreErrorsAtTheCallSite() {
        let (_, unknown) = evaluate(
            "<scene width=\"9\" height=\"9\"><use src=\"dot.scene\" colour=\"red\"/></scene>",
            ["p/dot.scene": Self.dot])
        #expect(unknown.contains("p/main.scene:1:50: error[E0706]: component p/dot.scene has no parameter 'colour'"))
        #expect(unknown.contains("did you mean 'color'?"))
        let (_, mistyped) = evaluate(
            "<scene width=\"9\" height=\"9\"><use src=\"dot.scene\" color=\"3\"/></scene>",
            ["p/dot.scene": Self.dot])
        #expect(mistyped.contains("p/main.scene:1:57: error[E0408]: 'color': expected a color, found an int (3)"))
        let (_, range) = evaluate(
            "<scene width=\"9\" height=\"9\"><use src=\"dot.scene\" r=\"21\"/></scene>",
            ["p/dot.scene": Self.dot])
        #expect(range.contains("error[E0516]: the value for 'r' 21 is above the maximum (range 0…20)"))
    }

    /// The analysis sees a component file's parameters: a value of a kind the parameter never
    /// takes is an error before evaluation, in a branch never taken too, reported once.
    @Test func aMistypedArgumentToAComponentFileIsFoundBeforeEvaluation() {
        let main = """
            <scene width="9" height="9">
              <param name="on" type="bool" default="false"/>
              <if test="on"><use src="dot.scene" r="'big'"/></if>
            </scene>
            """
        let loaded = load(main, ["p/dot.scene": Self.dot])
        let found = DiagnosticRenderer(sources: loaded.sources, style: .short).render(loaded.staticDiagnostics)
        let message = "p/main.scene:3:41: error[E0408]: 'r': expected a number, found a string ('big')"
        #expect(found.contains(message), "\(found)")
        #expect(found.contains("note: p/dot.scene:3:16: 'r' is declared here"), "\(found)")
        let compilation = SceneCompiler().compile(loaded, arguments: ["on": .bool(true)])
        let errors = DiagnosticRenderer(sources: loaded.sources, style: .short).render(compilation.diagnostics)
        #expect(errors.components(separatedBy: "expected a number, found a string").count == 2, "\(errors)")
    }

    /// A reader that counts the identities it is asked for.
    final class CountingReader: SceneReader {
        let files: MemoryReader
        let identities = Mutex(0)
        init(_ files: [String: String]) { self.files = MemoryReader(files) }
        func read(_ path: String, maxBytes: Int) throws(ReadProblem) -> [UInt8] { try files.read(path, maxBytes: maxBytes) }
        func identity(of path: String) -> String {
            identities.withLock { $0 += 1 }
            return files.identity(of: path)
        }
    }

    /// A file's identity costs a `realpath` on the file system: a scene that places no file (its
    /// own components only) asks for none, and one that does still finds itself placed again.
    @Test func onlyAScenePlacingFilesAsksForIdentities() {
        let local = CountingReader([:])
        let alone = SceneCompiler(reader: local).load(
            path: "p/main.scene",
            bytes: Array(
                """
                <scene width="10" height="10">
                  <component name="A" width="5" height="5"><rect x="0" y="0" width="5" height="5"/></component>
                  <use component="A"/>
                </scene>
                """.utf8))
        #expect(!alone.hasErrors)
        #expect(local.identities.withLock { $0 } == 0)

        let itself = "<scene width=\"10\" height=\"10\"><use src=\"main.scene\"/></scene>"
        let placing = CountingReader(["p/main.scene": itself])
        let cyclic = SceneCompiler(reader: placing).load(path: "p/main.scene", bytes: Array(itself.utf8))
        #expect(cyclic.diagnostics.map(\.message) == ["component cycle: p/main.scene → p/main.scene"])
        #expect(placing.identities.withLock { $0 } > 0)
    }

    @Test func cyclesAreErrorsNamingTheCycle() {
        let a = "<scene width=\"9\" height=\"9\"><use src=\"b.scene\"/></scene>"
        let b = "<scene width=\"9\" height=\"9\"><use src=\"a.scene\"/></scene>"
        let loaded = load(a, ["p/b.scene": b, "p/a.scene": a], path: "p/a.scene")
        let text = DiagnosticRenderer(sources: loaded.sources, style: .short).render(loaded.diagnostics)
        #expect(text.contains("error[E0703]: component cycle: p/a.scene → p/b.scene → p/a.scene"))
        #expect(loaded.program == nil)

        let local = load(
            """
            <scene width="9" height="9">
              <component name="A" width="1" height="1"><use component="B"/></component>
              <component name="B" width="1" height="1"><use component="A"/></component>
            </scene>
            """)
        #expect(local.diagnostics.map(\.code) == [.componentCycle])
        #expect(local.diagnostics.map(\.message) == ["component cycle: 'A' → 'B' → 'A'"])
    }

    @Test(arguments: [
        ("../outside.scene", "leaves the project folder", DiagnosticCode.invalidComponentPath),
        ("sub/../../outside.scene", "leaves the project folder", .invalidComponentPath),
        ("/etc/passwd.scene", "not absolute", .invalidComponentPath),
        ("~/x.scene", "not absolute", .invalidComponentPath),
        ("http://example.com/x.scene", "cannot be URLs", .invalidComponentPath),
        ("file:///etc/x.scene", "cannot be URLs", .invalidComponentPath),
        ("notes.txt", "is a .scene file", .invalidComponentPath),
        ("missing.scene", "no such file", .unreadableComponent),
    ])
    func refusedPaths(_ src: String, _ expected: String, _ code: DiagnosticCode) {
        let loaded = load("<scene width=\"9\" height=\"9\"><use src=\"\(src)\"/></scene>", ["outside.scene": Self.dot])
        #expect(loaded.diagnostics.map(\.code) == [code])
        #expect(loaded.diagnostics.first?.message.contains(expected) == true, "\(loaded.diagnostics.map(\.message))")
        #expect(loaded.program == nil)
    }

    @Test func componentNestingIsBoundedOnBothSides() {
        func chain(_ depth: Int) -> [String: String] {
            var files: [String: String] = [:]
            for i in 0..<depth {
                let body = i == depth - 1 ? "<rect width=\"1\" height=\"1\" fill=\"red\"/>" : "<use src=\"c\(i + 1).scene\"/>"
                files["p/c\(i).scene"] = "<scene width=\"9\" height=\"9\">\(body)</scene>"
            }
            return files
        }
        let main = "<scene width=\"9\" height=\"9\"><use src=\"c0.scene\"/></scene>"
        let (under, underErrors) = evaluate(main, chain(32))
        #expect(under != nil, "\(underErrors)")
        let (over, overErrors) = evaluate(main, chain(33))
        #expect(over == nil)
        #expect(overErrors.contains("error[E0614]: components are nested more than 32 deep"))
    }

    @Test func paramsOfAComposedSceneAreItsOwn() {
        let loaded = load(
            """
            <scene width="9" height="9"><param name="n" type="int" default="1"/><use src="dot.scene"/></scene>
            """, ["p/dot.scene": Self.dot])
        #expect(loaded.parameters.map(\.name) == ["n"])
    }
}

/// Component inputs that must stay bounded: big files, long chains, long texts.
struct ComponentBoundsTests {
    @Test func aComponentFileOverTheSizeLimitIsAnErrorAtItsStart() {
        var limits = ParserLimits()
        limits.maxBytes = 100
        let big = "<scene width=\"9\" height=\"9\">" + String(repeating: " ", count: 200) + "</scene>"
        let compiler = SceneCompiler(limits: CompilerLimits(parser: limits), reader: MemoryReader(["p/big.scene": big]))
        let loaded = compiler.load(path: "p/main.scene", bytes: Array("<scene width=\"9\" height=\"9\"><use src=\"big.scene\"/></scene>".utf8))
        #expect(loaded.program == nil)
        #expect(loaded.diagnostics.first?.span.file.index == 1)
        #expect(loaded.diagnostics.first?.code == .fileTooLarge)
        #expect(loaded.diagnostics.first?.message.contains("100") == true, "\(loaded.diagnostics.map(\.message))")
        #expect(loaded.sources[FileID(1)].bytes.count == 101)
    }

    @Test func theSceneAndItsComponentsTogetherStayUnderTheTotalLimit() {
        // Each file is under the file limit of 100 bytes, but the third takes the total past 250:
        // the error is at the <use> that places it.
        var limits = ParserLimits()
        limits.maxBytes = 100
        limits.maxTotalBytes = 250
        let part = "<scene width=\"9\" height=\"9\">" + String(repeating: " ", count: 40) + "</scene>"
        let files = ["p/a.scene": part, "p/b.scene": part, "p/c.scene": part]
        let main = "<scene width=\"9\" height=\"9\"><use src=\"a.scene\"/><use src=\"b.scene\"/><use src=\"c.scene\"/></scene>"
        let compiler = SceneCompiler(limits: CompilerLimits(parser: limits), reader: MemoryReader(files))
        let loaded = compiler.load(path: "p/main.scene", bytes: Array(main.utf8))
        #expect(loaded.program == nil)
        #expect(loaded.diagnostics.map(\.code) == [.componentsTooLarge], "\(loaded.diagnostics.map(\.message))")
        #expect(loaded.diagnostics.first?.span.file.index == 0)
        #expect(loaded.diagnostics.first?.message.contains("250 bytes together") == true)
        limits.maxTotalBytes = 400
        let fits = SceneCompiler(limits: CompilerLimits(parser: limits), reader: MemoryReader(files)).load(
            path: "p/main.scene", bytes: Array(main.utf8))
        #expect(fits.program != nil, "\(fits.diagnostics.map(\.message))")
    }

    @Test func aLongChainOfLocalComponentsIsCheckedWithoutDeepRecursion() {
        let n = 12_000
        var text = "<scene width=\"9\" height=\"9\">"
        for i in 0..<n {
            let body = i == n - 1 ? "" : "<use component=\"C\(i + 1)\"/>"
            text += "<component name=\"C\(i)\" width=\"1\" height=\"1\">\(body)</component>"
        }
        let acyclic = SceneCompiler().load(path: "t.scene", bytes: Array((text + "</scene>").utf8))
        #expect(acyclic.diagnostics.isEmpty)
        let cyclic = SceneCompiler().load(
            path: "t.scene",
            bytes: Array(
                (text.replacingOccurrences(
                    of: "<component name=\"C\(n - 1)\" width=\"1\" height=\"1\"></component>",
                    with: "<component name=\"C\(n - 1)\" width=\"1\" height=\"1\"><use component=\"C0\"/></component>")
                    + "</scene>").utf8))
        #expect(cyclic.diagnostics.map(\.code) == [.componentCycle])
        #expect(cyclic.diagnostics.first?.message.hasPrefix("component cycle: 'C0' → 'C1' → ") == true)
    }

    @Test func longTextsCountTowardTheDisplayListSize() {
        var limits = EvaluationLimits()
        limits.maxOutputSize = 100
        let text = { (n: Int) in
            "<scene width=\"9\" height=\"9\"><for var=\"i\" from=\"0\" to=\"\(n)\"><text>\(String(repeating: "x", count: 160))</text></for></scene>"
        }
        // Each text counts 1 + 160/16 = 11 entries: 9 fit in 100, 10 do not.
        let compiler = SceneCompiler(limits: CompilerLimits(evaluation: limits))
        let under = compiler.compile(compiler.load(path: "t.scene", bytes: Array(text(9).utf8)))
        #expect(under.list != nil)
        let over = compiler.compile(compiler.load(path: "t.scene", bytes: Array(text(10).utf8)))
        #expect(over.list == nil)
        #expect(over.diagnostics.first?.code == .displayListTooLarge)
        #expect(over.diagnostics.first?.message.hasPrefix("the display list grows past the limit of 100 entries") == true)
    }
}

/// The parameters of a `<component>` of the file are checked when the scene loads, as a scene
/// file's are: a duplicate or a default that does not fit its type is an error at its place, not
/// a parameter the evaluator silently drops while the static checker (and the resolved program)
/// takes the other declaration.
struct LocalComponentParameterTests {
    func load(_ text: String) -> LoadedScene { SceneCompiler().load(path: "local.scene", bytes: Array(text.utf8)) }

    @Test func aParameterDeclaredTwiceInALocalComponentIsAnErrorAtLoad() {
        let loaded = load(
            """
            <scene width="100" height="100">
              <component name="c" width="10" height="10">
                <param name="a" type="int" default="1"/>
                <param name="a" type="color" default="red"/>
                <rect width="a" height="1" fill="red"/>
              </component>
              <use component="c"/>
            </scene>
            """)
        let (failed, lowered) = (loaded.hasErrors, loaded.resolvedProgram != nil)
        #expect(failed)
        #expect(loaded.diagnostics.map(\.code) == [.duplicateParameter])
        #expect(!lowered)
    }

    @Test func aDefaultThatDoesNotFitItsTypeIsAnErrorAtLoadEvenUnused() {
        let loaded = load(
            """
            <scene width="100" height="100">
              <component name="c" width="10" height="10">
                <param name="n" type="int" default="many"/>
                <rect width="n" height="1" fill="red"/>
              </component>
            </scene>
            """)
        #expect(loaded.diagnostics.map(\.code) == [.typeMismatch])
    }
}
