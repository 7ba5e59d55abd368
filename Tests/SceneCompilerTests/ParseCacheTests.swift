import DisplayList
import SceneCompiler
import SceneSource
import Testing

/// The parse cache: a long-lived process loads the same scenes again and again; only files whose
/// bytes changed are parsed again, and a cached tree gives exactly what a fresh parse gives.
struct ParseCacheTests {
    static let dot = """
        <scene width="10" height="10">
          <param name="color" type="color" default="red"/>
          <circle cx="5" cy="5" radius="5" fill="color"/>
        </scene>
        """
    static let main = """
        <scene width="40" height="20">
          <use src="dot.scene" x="0" y="0"/>
          <use src="dot.scene" x="20" y="0" color="blue"/>
        </scene>
        """

    func dump(_ compiler: SceneCompiler, main: String, files: [String: String]) -> String {
        var c = compiler
        c.reader = MemoryReader(files)
        let loaded = c.load(path: "p/main.scene", bytes: Array(main.utf8))
        let compilation = c.compile(loaded)
        return compilation.dump(locations: true) ?? DiagnosticRenderer(sources: loaded.sources, style: .short).render(compilation.diagnostics)
    }

    @Test func unchangedFilesAreParsedOnce() {
        let cache = ParseCache()
        let compiler = SceneCompiler(parseCache: cache)
        let files = ["p/dot.scene": Self.dot]
        let first = dump(compiler, main: Self.main, files: files)
        #expect(cache.misses == 2 && cache.hits == 0)
        let second = dump(compiler, main: Self.main, files: files)
        #expect(cache.misses == 2 && cache.hits == 2)
        #expect(first == second)
        #expect(first == dump(SceneCompiler(), main: Self.main, files: files))
    }

    @Test func aChangedComponentIsParsedAgainAndTheSceneIsNot() {
        let cache = ParseCache()
        let compiler = SceneCompiler(parseCache: cache)
        _ = dump(compiler, main: Self.main, files: ["p/dot.scene": Self.dot])
        let greenDot = Self.dot.replacingOccurrences(of: "default=\"red\"", with: "default=\"lime\"")
        let changed = dump(compiler, main: Self.main, files: ["p/dot.scene": greenDot])
        // The main scene came from the cache, the component was parsed again.
        #expect(cache.hits == 1 && cache.misses == 3)
        #expect(changed.contains("#00ff00ff"))
        #expect(changed == dump(SceneCompiler(), main: Self.main, files: ["p/dot.scene": greenDot]))
        #expect(cache.count == 2)
    }

    @Test func errorsComeBackFromTheCacheLocatedAsBefore() {
        let cache = ParseCache()
        let compiler = SceneCompiler(parseCache: cache)
        let broken = Self.dot.replacingOccurrences(of: "<circle", with: "<circel")
        let first = dump(compiler, main: Self.main, files: ["p/dot.scene": broken])
        let second = dump(compiler, main: Self.main, files: ["p/dot.scene": broken])
        #expect(first.contains("p/dot.scene:3:4: error[E0301]: unknown element <circel>"))
        #expect(first == second)
        #expect(cache.hits == 2)
    }

    @Test func otherLimitsParseAgain() {
        let cache = ParseCache()
        var compiler = SceneCompiler(parseCache: cache)
        _ = dump(compiler, main: Self.main, files: ["p/dot.scene": Self.dot])
        compiler.limits.parser.maxDepth = 3
        _ = dump(compiler, main: Self.main, files: ["p/dot.scene": Self.dot])
        #expect(cache.hits == 0 && cache.misses == 4)
    }

    @Test func retainForgetsFilesNoLongerInUse() {
        let cache = ParseCache()
        let compiler = SceneCompiler(parseCache: cache)
        _ = dump(compiler, main: Self.main, files: ["p/dot.scene": Self.dot])
        cache.retain(only: ["p/dot.scene"])
        #expect(cache.count == 1)
    }
}
