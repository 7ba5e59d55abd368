import SceneEvaluator
import Testing

struct EvaluationTests {
    @Test func arcSweepFollowsUIBezierPath() {
        // 3π/4 → π/4 clockwise: three quarters of a turn, as the counter's arc.
        #expect(
            compile("<arc cx=\"0\" cy=\"0\" radius=\"1\" startAngle=\"3*pi/4\" endAngle=\"pi/4\" stroke=\"red\"/>")
                .contains("start=2.3562 sweep=4.7124"))
        // The same, counter-clockwise: the short way back.
        #expect(
            compile("<arc cx=\"0\" cy=\"0\" radius=\"1\" startAngle=\"3*pi/4\" endAngle=\"pi/4\" clockwise=\"false\" stroke=\"red\"/>")
                .contains("sweep=-1.5708"))
        // A full turn, and more than one.
        #expect(compile("<arc cx=\"0\" cy=\"0\" radius=\"1\" startAngle=\"0\" endAngle=\"2*pi\" stroke=\"red\"/>").contains("sweep=6.2832"))
        #expect(compile("<arc cx=\"0\" cy=\"0\" radius=\"1\" startAngle=\"0\" endAngle=\"5*pi\" stroke=\"red\"/>").contains("sweep=15.708"))
        // Counter-clockwise to a later angle wraps backwards.
        #expect(
            compile("<arc cx=\"0\" cy=\"0\" radius=\"1\" startAngle=\"0\" endAngle=\"pi/2\" clockwise=\"false\" stroke=\"red\"/>")
                .contains("sweep=-4.7124"))
        // Zero sweep draws nothing but still places the pen.
        #expect(compile("<arc cx=\"0\" cy=\"0\" radius=\"1\" startAngle=\"1\" endAngle=\"1\" stroke=\"red\"/>").contains("sweep=0"))
    }

    @Test func pathArcStartsWithALineFromTheCurrentPoint() {
        let out = compile(
            """
            <path stroke="red"><move x="0" y="0"/><arc cx="50" cy="50" radius="10" startAngle="0" endAngle="pi"/></path>
            """)
        #expect(out.contains("M 0 0 L 60 50 ARC 50 50 r=10 start=0 sweep=3.1416"))
    }

    @Test func statementTransformsApplyToTheRestOfTheBlock() {
        let out = compile(
            """
            <rect width="1" height="1" fill="red"/>
            <group><translate x="5" y="6"/><rotate angle="pi/2"/><rect width="2" height="2" fill="blue"/></group>
            <rect width="3" height="3" fill="green"/>
            """)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines[1].hasPrefix("  fill #ff0000ff"))
        #expect(lines[2] == "  group matrix(0 1 -1 0 5 6)")
        #expect(lines[3].hasPrefix("    fill #0000ffff"))
        #expect(lines[4] == "  end group")
        #expect(lines[5].hasPrefix("  fill #008000ff"))
    }

    @Test func groupTransformOrder() {
        // translate, then rotate about the pivot, then scale: the point (1, 0) of the child goes to
        // scale (2, 0) → rotate π about (1, 0) → (0, 0) → translate (10, 0) → (10, 0).
        let out = compile("<group x=\"10\" rotate=\"pi\" pivotX=\"1\" scale=\"2\"><rect width=\"1\" height=\"1\" fill=\"red\"/></group>")
        #expect(out.contains("group matrix(-2 0 0 -2 12 0)"))
    }

    @Test func opacityMultipliesPerOperation() {
        let out = compile("<group opacity=\"0.5\"><rect width=\"1\" height=\"1\" fill=\"red\" opacity=\"0.5\"/></group>")
        #expect(out.contains("opacity=0.25"))
    }

    @Test func loops() {
        #expect(
            compile("<for var=\"i\" from=\"0\" to=\"3\"><rect x=\"i\" width=\"1\" height=\"1\" fill=\"red\"/></for>")
                .split(separator: "\n").count == 4)
        #expect(
            compile("<for var=\"i\" from=\"1\" through=\"3\"><rect x=\"i\" width=\"1\" height=\"1\" fill=\"red\"/></for>")
                .split(separator: "\n").count == 4)
        #expect(
            compile("<for var=\"t\" from=\"0\" through=\"1\" step=\"0.1\"><rect x=\"t\" width=\"1\" height=\"1\" fill=\"red\"/></for>")
                .split(separator: "\n").count == 12)
        #expect(
            compile("<for var=\"i\" from=\"3\" to=\"0\"><rect x=\"i\" width=\"1\" height=\"1\" fill=\"red\"/></for>")
                == "scene 100 100\n")
    }

    @Test func limitsAreCleanErrors() {
        let out = compile("<for var=\"i\" from=\"0\" to=\"100000000000\"><rect x=\"i\" width=\"1\" height=\"1\" fill=\"red\"/></for>")
        #expect(out.contains("error[E0604]: this loop would run 100000000000 times, over the limit of 2000000 iterations"))
        var small = EvaluationLimits()
        small.maxLoopIterations = 100
        small.maxOperations = 50
        let nested = compile(
            """
            <for var="i" from="0" to="20"><for var="j" from="0" to="10"><let name="k" value="j"/></for></for>
            """, limits: small)
        #expect(
            nested.contains("error[E0604]: this loop's 10 iterations would take the scene past the limit of 100 loop iterations (100 already run)"))
        // Just under the limits works; one more operation is a clean error.
        #expect(
            !compile("<for var=\"i\" from=\"0\" to=\"50\"><rect width=\"1\" height=\"1\" fill=\"red\"/></for>", limits: small)
                .contains("error"))
        #expect(
            compile("<for var=\"i\" from=\"0\" to=\"51\"><rect width=\"1\" height=\"1\" fill=\"red\"/></for>", limits: small)
                .contains("error[E0605]: the scene draws more than 50 operations"))
    }

    @Test func scopes() {
        #expect(
            compile(
                "<let name=\"a\" value=\"1\"/><group><let name=\"a\" value=\"2\"/><rect x=\"a\" width=\"1\" height=\"1\" fill=\"red\"/></group><rect x=\"a\" width=\"1\" height=\"1\" fill=\"red\"/>"
            )
            .contains("M 1 0"))
        #expect(
            compile("<if test=\"true\"><let name=\"b\" value=\"1\"/></if><rect x=\"b\" width=\"1\" height=\"1\" fill=\"red\"/>")
                .contains("undefined name 'b'"))
    }

    @Test func parametersTakeSetValues() {
        let scene = """
            <param name="n" type="int" default="2" min="0" max="5"/>
            <param name="c" type="color" default="red"/>
            <param name="pts" type="list&lt;int&gt;" default="1,2"/>
            <rect x="n" y="count(pts)" width="1" height="1" fill="c"/>
            """
        #expect(compile(scene).contains("fill #ff0000ff path M 2 2"))
        #expect(compile(scene, set: ["n=4", "c=#00f", "pts=1,2,3"]).contains("fill #0000ffff path M 4 3"))
        #expect(compile(scene, set: ["n=9"]) == "usage error")
        #expect(compile(scene, set: ["m=1"]) == "usage error")
        #expect(compile(scene, set: ["pts=1,2.5"]) == "usage error")
    }
}

/// Blocks with many names (a dictionary beside the list past 8 names) and with few resolve the
/// same way: the innermost binding wins, and redefining in one block is an error either way.
struct ScopeSizeTests {
    @Test(arguments: [2, 8, 9, 30])
    func namesResolveInBlocksOfAnySize(_ count: Int) {
        let lets = (0..<count).map { "<let name=\"v\($0)\" value=\"\($0)\"/>" }.joined()
        let inner = "<group><let name=\"v0\" value=\"100\"/><rect x=\"v0 + v\(count - 1)\" width=\"1\" height=\"1\" fill=\"red\"/></group>"
        let out = compile(lets + inner + "<rect x=\"v0 + v\(count - 1)\" width=\"1\" height=\"1\" fill=\"red\"/>")
        #expect(out.contains("M \(100 + count - 1) 0"), "\(out)")
        #expect(out.contains("M \(count - 1) 0"), "\(out)")
        let twice = compile(lets + "<let name=\"v\(count - 1)\" value=\"1\"/>")
        #expect(twice.contains("already defined"), "\(twice)")
    }
}
