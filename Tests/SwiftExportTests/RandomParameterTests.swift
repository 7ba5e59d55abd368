import ExportProofSupport
import SceneCompiler
import SceneEvaluator
import Testing

/// The proofs' random parameter values stay inside the declared range, also where it leaves no
/// room for a value that is not a whole number.
struct RandomParameterTests {
    static func parameters(_ declarations: String) -> [ParameterDeclaration] {
        let text = "<scene width=\"10\" height=\"10\">\n\(declarations)\n</scene>\n"
        return SceneCompiler().load(path: "/virtual/random.scene", bytes: Array(text.utf8)).parameters
    }

    @Test func aValueThatRoundsToAWholeNumberStaysInItsRange() throws {
        let parameters = Self.parameters(
            """
              <param name="fixed" type="number" default="10" min="10" max="10"/>
              <param name="narrow" type="number" default="3" min="3" max="3.005"/>
              <param name="top" type="number" default="9.999" min="9.995" max="10"/>
            """)
        #expect(parameters.count == 3)
        var generator = SeededGenerator(seed: 26)
        for parameter in parameters {
            let range = try #require(parameter.minimum)...(try #require(parameter.maximum))
            for _ in 0..<50 {
                let assignment = try #require(RandomParameter.assignment(parameter, using: &generator))
                let value = try #require(Double(assignment.dropFirst(parameter.name.count + 1)), "\(assignment)")
                #expect(range.contains(value), "\(assignment) is outside \(range)")
            }
        }
    }
}
