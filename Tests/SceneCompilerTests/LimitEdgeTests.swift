import SceneCompiler
import SceneSource
import Testing

/// Limits whose other side is covered elsewhere (Hostile/, LimitOptionTests): here the side that
/// must still work, next to the side that must fail.
struct LimitEdgeTests {
    @Test func sizeOptionAcceptsTheLimitAndRefusesPastIt() throws {
        let at = try SceneSize(parsing: "1000000x1000000")
        #expect(at.width == 1_000_000 && at.height == 1_000_000)
        #expect(throws: SizeError.self) { try SceneSize(parsing: "1000001x10") }
        #expect(throws: SizeError.self) { try SceneSize(parsing: "10x0") }
    }

    @Test func integersAtTheEndsOfTheRangeWorkAndOneMoreFails() {
        let scene = { (value: String) -> [DiagnosticCode] in
            let text = "<scene width=\"10\" height=\"10\"><let name=\"_a\" value=\"\(value)\"/></scene>"
            let loaded = SceneCompiler().load(path: "t.scene", bytes: Array(text.utf8))
            return SceneCompiler().compile(loaded).diagnostics.map(\.code)
        }
        #expect(scene("9223372036854775807").isEmpty)
        #expect(scene("-9223372036854775807 - 1").isEmpty)
        #expect(scene("9223372036854775808") == [.numberLiteralRange])
        #expect(scene("-9223372036854775807 - 2") == [.integerOverflow])
    }

    @Test func structureDiagnosticsAreShownInFullUpToTheCap() {
        func unknownElements(_ n: Int) -> [Diagnostic] {
            let body = (0..<n).map { "<x\($0)/>" }.joined()
            let text = "<scene width=\"10\" height=\"10\">\(body)</scene>"
            return SceneCompiler().load(path: "t.scene", bytes: Array(text.utf8)).diagnostics
        }
        let at = unknownElements(SceneCompiler.maxLoadDiagnostics)
        #expect(at.count == SceneCompiler.maxLoadDiagnostics)
        #expect(at.allSatisfy { $0.code == .unknownElement })
        #expect(!at.contains { $0.notes.contains { $0.message.contains("not shown") } })
        let over = unknownElements(SceneCompiler.maxLoadDiagnostics + 1)
        #expect(over.count == SceneCompiler.maxLoadDiagnostics)
        #expect(over.last?.notes.contains { $0.message.contains("more problems are not shown") } == true)
    }
}
