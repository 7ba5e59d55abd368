@testable import DisplayList
import SceneCompiler
@testable import SceneEvaluator
import SceneSource
import SceneSyntax
import Testing

/// The evaluator's origins of shapes drawn in a loop take the one-node form (`Origin.Storage`):
/// it needs every element kind of the schema in `OriginKinds`.
struct OriginKindTests {
    @Test func everyElementKindHasAByte() {
        for kind in ElementKind.allCases {
            #expect(OriginKinds.code(of: kind.rawValue) != nil, "\(kind.rawValue) is missing from OriginKinds.names")
        }
        #expect(Set(OriginKinds.names).count == OriginKinds.names.count)
    }

    @Test func aLoopsShapesShareANodeWithTheirIteration() {
        let text = "<scene width=\"10\" height=\"10\">\n<for var=\"i\" from=\"0\" to=\"2\">\n"
            + "<rect x=\"i\" width=\"1\" height=\"1\" fill=\"red\"/><oval width=\"1\" height=\"1\" fill=\"red\"/>\n</for>\n</scene>\n"
        let compiler = SceneCompiler(limits: CompilerLimits())
        let loaded = compiler.load(path: "t.scene", bytes: Array(text.utf8))
        guard let arguments = try? compiler.arguments([], for: loaded), let list = compiler.compile(loaded, arguments: arguments).list else {
            Issue.record("the scene does not compile")
            return
        }
        let origins = list.items.compactMap { item -> Origin? in
            if case .fill(let fill) = item { return fill.origin }
            return nil
        }
        #expect(origins.map(\.description) == ["scene#0/for#0[i=0]/rect#0", "scene#0/for#0[i=0]/oval#0",
                                                "scene#0/for#0[i=1]/rect#0", "scene#0/for#0[i=1]/oval#0"])
        #expect(origins.allSatisfy { $0.holdsTwoSteps })
        #expect(origins[0] == Origin.path(origins[0].steps) && origins[0] != origins[2])
    }

    /// A loop's value in its origins is the value's `brief`, whether an int's digits are written
    /// directly (`Evaluation.iterationText`) or not.
    @Test func theIterationTextIsTheValuesBrief() {
        for v in [0, 1, 9, 10, 99, 100, 12345, -1, -9, -10, -987654321, 1_000_000, Int.max, Int.min] {
            #expect(Evaluation.iterationText(.int(v)) == Value.int(v).brief)
        }
        for value: Value in [.number(0.5), .number(-2), .number(1e20), .string("x"), .bool(true)] {
            #expect(Evaluation.iterationText(value) == value.brief)
        }
    }
}
