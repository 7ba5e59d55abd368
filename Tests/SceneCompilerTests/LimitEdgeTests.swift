import SceneCompiler
import SceneSource
import Testing

/// Limits whose other side is covered elsewhere (Hostile/, LimitOptionTests): here the side that
/// must still work, next to the side that must fail.
struct LimitEdgeTests {
    @Test func sizeOptionAcceptsTheLimitAndRefusesPastIt() throws {
        let at = try SceneCompiler.parseSize("1000000x1000000")
        #expect(at.width == 1_000_000 && at.height == 1_000_000)
        #expect(throws: UsageError.self) { try SceneCompiler.parseSize("1000001x10") }
        #expect(throws: UsageError.self) { try SceneCompiler.parseSize("10x0") }
    }

    @Test func integersAtTheEndsOfTheRangeWorkAndOneMoreFails() {
        let scene = { (value: String) -> [String] in
            let text = "<scene width=\"10\" height=\"10\"><let name=\"a\" value=\"\(value)\"/></scene>"
            let loaded = SceneCompiler.load(path: "t.scene", bytes: Array(text.utf8))
            return SceneCompiler.evaluate(loaded).diagnostics.map(\.message)
        }
        #expect(scene("9223372036854775807").isEmpty)
        #expect(scene("-9223372036854775807 - 1").isEmpty)
        #expect(scene("9223372036854775808") == ["integer 9223372036854775808 is too large"])
        #expect(scene("-9223372036854775807 - 2") == ["integer overflow"])
    }

    @Test func structureDiagnosticsAreShownInFullUpToTheCap() {
        func unknownElements(_ n: Int) -> [Diagnostic] {
            let body = (0..<n).map { "<x\($0)/>" }.joined()
            let text = "<scene width=\"10\" height=\"10\">\(body)</scene>"
            return SceneCompiler.load(path: "t.scene", bytes: Array(text.utf8)).diagnostics
        }
        let at = unknownElements(SceneCompiler.maxLoadDiagnostics)
        #expect(at.count == SceneCompiler.maxLoadDiagnostics)
        #expect(at.allSatisfy { $0.message.hasPrefix("unknown element") })
        #expect(!at.contains { $0.notes.contains { $0.message.contains("not shown") } })
        let over = unknownElements(SceneCompiler.maxLoadDiagnostics + 1)
        #expect(over.count == SceneCompiler.maxLoadDiagnostics)
        #expect(over.last?.notes.contains { $0.message.contains("more problems are not shown") } == true)
    }
}
