import SceneCompiler
import SceneEvaluator
import SceneSource
import Synchronization
import Testing

/// The cancellation hook: the step budget asks `isCancelled` as evaluation goes, and a cancelled
/// evaluation stops with one located error and no display list (the preview cancels an evaluation
/// that a newer edit replaced).
struct CancellationTests {
    /// 200 000 loop iterations: far more steps than the check interval.
    static let slow = """
        <scene width="10" height="10">
          <param name="n" type="int" default="200000"/>
          <for var="i" from="0" to="n">
            <let name="x" value="i * 2 + 1"/>
          </for>
          <rect width="1" height="1" fill="red"/>
        </scene>
        """

    func load(_ text: String) -> (SceneCompiler, LoadedScene) {
        let compiler = SceneCompiler()
        return (compiler, compiler.load(path: "slow.scene", bytes: Array(text.utf8)))
    }

    @Test func anEvaluationThatIsNeverCancelledCompiles() {
        let (compiler, loaded) = load(Self.slow)
        let asked = Atomic<Int>(0)
        let compilation = compiler.compile(
            loaded,
            isCancelled: {
                asked.add(1, ordering: .relaxed)
                return false
            })
        #expect(!compilation.hasErrors)
        #expect(compilation.list?.items.count == 1)
        // Asked about once per 32 768 steps (about 0.3 ms): many times, but far fewer than the steps taken.
        #expect(asked.load(ordering: .relaxed) > 100)
        #expect(asked.load(ordering: .relaxed) < 2_000)
    }

    @Test func aCancelledEvaluationStopsWithOneErrorAndNoDrawing() {
        let (compiler, loaded) = load(Self.slow)
        let asked = Atomic<Int>(0)
        // Cancelled on the third check: after a few thousand steps of 200 000 iterations.
        let compilation = compiler.compile(
            loaded,
            isCancelled: {
                asked.add(1, ordering: .relaxed).oldValue >= 2
            })
        #expect(compilation.list == nil)
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.message) == ["evaluation was cancelled"])
        #expect(errors.first?.help == nil)
        // It stopped at once: no further checks after the one that said yes.
        #expect(asked.load(ordering: .relaxed) == 3)
    }

    @Test func aFastSceneNeverAsks() {
        // Fewer steps than the interval: nothing to cancel, nothing asked.
        let (compiler, loaded) = load("<scene width=\"10\" height=\"10\"><rect width=\"1\" height=\"1\" fill=\"red\"/></scene>")
        let asked = Atomic<Int>(0)
        let compilation = compiler.compile(
            loaded,
            isCancelled: {
                asked.add(1, ordering: .relaxed)
                return true
            })
        #expect(!compilation.hasErrors)
        #expect(asked.load(ordering: .relaxed) == 0)
    }

    @Test func theStepLimitStillSaysWhatItSays() {
        var limits = CompilerLimits()
        limits.evaluation.maxSteps = 5_000
        let compiler = SceneCompiler(limits: limits)
        let loaded = compiler.load(path: "slow.scene", bytes: Array(Self.slow.utf8))
        let compilation = compiler.compile(loaded, isCancelled: { false })
        #expect(compilation.diagnostics.map(\.message).contains("evaluation takes more than 5000 steps"))
    }
}
