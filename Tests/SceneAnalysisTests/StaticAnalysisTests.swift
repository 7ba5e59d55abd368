import Foundation
@testable import SceneAnalysis
import SceneVocabulary
import Testing

/// The static checker finds what evaluation with the default parameters never reaches.
struct StaticAnalysisTests {
    @Test func undefinedNameInAnUntakenBranch() throws {
        let body = """
            <param name="big" type="bool" default="false"/>
            <if test="big"><rect width="sizee" height="10" fill="red"/></if>
            """
        #expect(staticCheck(body) == "t.scene:3:29: error[E0203]: undefined name 'sizee'\n  help: names in scope here: big, height, width\n")
        // Before the static pass this compiled; now it fails whatever the values.
        #expect(try compiled(body).hasSuffix("failed"))
        #expect(try compiled(body, set: ["big=true"]).hasSuffix("failed"))
    }

    @Test func errorsInElseAndInALoopThatNeverRuns() {
        let out = staticCheck(
            """
            <if test="true"><rect width="1" height="1" fill="red"/></if>
            <else><rect width="lenght(3)" height="1" fill="red"/></else>
            <for var="i" from="0" to="0"><circle cx="i" cy="sqrt(1, 2)" radius="1" fill="red"/></for>
            """)
        #expect(out.contains("3:20: error[E0207]: unknown function 'lenght'"))
        #expect(out.contains("4:49: error[E0409]: sqrt() takes 1 argument, not 2"))
        #expect(out.contains("help: write sqrt(x)"))
    }

    @Test func anUnusedComponentIsChecked() {
        let out = staticCheck(
            """
            <component name="badge" width="10" height="10">
              <param name="n" type="int" default="1"/>
              <rect width="n + missing" height="10" fill="red"/>
            </component>
            """)
        #expect(out.contains("error[E0203]: undefined name 'missing'"))
        // The component sees its own parameters, not the scene's.
        #expect(out.contains("names in scope here: height, n, width"))
    }

    @Test func componentBodiesDoNotSeeTheCallersNames() {
        let out = staticCheck(
            """
            <let name="outer" value="3"/>
            <component name="c" width="10" height="10"><rect width="outer" height="1" fill="red"/></component>
            <use component="c" x="outer"/>
            """)
        #expect(out.contains("undefined name 'outer'"))
        #expect(!out.contains("W0201"), "outer is used by the <use>")
    }

    @Test func typesKnownWithoutRunning() {
        let out = staticCheck(
            """
            <param name="label" type="string" default="a"/>
            <param name="n" type="int" default="2"/>
            <if test="n gt 5"><rect width="label" height="n // 2.5" fill="red"/></if>
            <if test="n"><rect width="1" height="1" fill="3"/></if>
            """)
        #expect(out.contains("error[E0408]: 'width' must be a number, not a string"))
        #expect(out.contains("error[E0408]: '//' divides ints, not numbers"))
        #expect(out.contains("error[E0408]: 'test' must be a bool, not an int"))
        #expect(out.contains("error[E0408]: 'fill' must be a color, a gradient paint or none, not an int"))
    }

    @Test func namesDeclaredLaterOrInAnotherBlockAreNotVisible() {
        let out = staticCheck(
            """
            <rect width="later" height="1" fill="red"/>
            <let name="later" value="1"/>
            <group><let name="inner" value="2"/></group>
            <rect width="inner" height="later" fill="red"/>
            """)
        #expect(out.contains("2:14: error[E0203]: undefined name 'later'"))
        #expect(out.contains("5:14: error[E0203]: undefined name 'inner'"))
        #expect(out.contains("4:19: warning[W0201]: 'inner' is never used"))
    }

    @Test func noFalsePositivesOnCorrectScenes() {
        let out = staticCheck(
            """
            <param name="values" type="list" default="1,2,3"/>
            <param name="color" type="color" default="red"/>
            <gradient name="g"><stop offset="0" color="color"/><stop offset="1" color="white"/></gradient>
            <let name="ends" value="runningSum(values)"/>
            <for var="v" in="values" index="k">
              <let name="start" value="ends[k] - v"/>
              <arc cx="50" cy="50" radius="40" startAngle="start" endAngle="ends[k]" stroke="k % 2 == 0 ? color : linear(g, 0, 0, 1, 1)"/>
            </for>
            <text x="1" y="2" fill="color">{format(sum(values) / count(values), 1)} {pi} {'a' + 'b'}</text>
            <rect width="min(values)" height="max(1, 2.5)" fill="mix(red, #00ff00, 0.5)"/>
            """)
        #expect(out == "")
    }

    @Test func redefinitionsAreErrorsInEveryBranch() {
        let out = staticCheck(
            """
            <param name="p" type="int" default="1"/>
            <if test="p == 2"><let name="p" value="1"/><let name="q" value="p"/><let name="q" value="2"/></if>
            """)
        #expect(out.contains("error[E0205]: 'p' is a parameter of the scene and cannot be redefined"))
        #expect(out.contains("error[E0204]: 'q' is already defined in this block"))
    }

    @Test func functionNamesAndForeignNames() {
        let out = staticCheck(
            """
            <let name="a" value="cumsum([1, 2])"/>
            <let name="b" value="sqrt"/>
            <rect width="count(a) + count(b)" height="1" fill="red"/>
            """)
        #expect(out.contains("did you mean 'runningSum'? (NumPy calls it 'cumsum')"))
        #expect(out.contains("error[E0206]: 'sqrt' is a function"))
    }

    @Test func arityComesFromTheSignatureTable() {
        // Alternatives and variadic usages: white(w) or white(w, alpha); min(a, b, …) or min(list).
        #expect(staticCheck(#"<rect width="min(1, 2, 3, 4)" height="1" fill="white(0.5, 1)"/>"#) == "")
        #expect(
            staticCheck(#"<rect width="1" height="1" fill="white(0.5, 1, 1)"/>"#)
                .contains("white() takes 1 to 2 arguments, not 3"))
        #expect(staticCheck(#"<rect width="min()" height="1" fill="red"/>"#).contains("min() takes at least 1 argument, not 0"))
    }
}

/// The builtin table (SceneVocabulary) gives the checker each function's argument counts, and
/// its signature text follows from the same usages.
struct BuiltinTableTests {
    @Test func argumentCountsFromUsages() {
        let clamp = BuiltinFunction.clamp.spec
        #expect(clamp.accepts(3) && !clamp.accepts(2) && !clamp.accepts(4))
        #expect(clamp.expectedCount == ("3", true) && clamp.signature == "clamp(x, low, high)")
        let hsb = BuiltinFunction.hsb.spec
        #expect(hsb.usages.map(\.low) == [3, 4] && hsb.expectedCount == ("3 to 4", true))
        #expect(hsb.signature == "hsb(h, s, b) or hsb(h, s, b, alpha)")
        let min = BuiltinFunction.min.spec
        #expect(min.usages.map(\.low) == [2, 1] && min.usages.map(\.high) == [nil, 1])
        #expect(min.accepts(1) && min.accepts(7) && !min.accepts(0) && min.expectedCount == ("at least 1", false))
        #expect(min.signature == "min(a, b, …) or min(list)")
        #expect(BuiltinFunction.sqrt.spec.expectedCount == ("1", false))
    }

    @Test func everyFunctionIsNamedAndFoundByItsName() {
        for function in BuiltinFunction.allCases {
            #expect(function.spec.function == function)
            #expect(BuiltinFunction.named(function.rawValue) == function)
            #expect(function.signature.hasPrefix(function.rawValue + "("))
        }
        #expect(BuiltinFunction.named("lighten") == nil)
        for (foreign, entry) in BuiltinFunction.foreignNames {
            #expect(BuiltinFunction.named(entry.ours) != nil, "\(foreign) → \(entry.ours)")
        }
    }
}

/// A hostile file cannot make the checker build a diagnostic (and a suggestion) per mistake.
struct StaticLimitTests {
    @Test func thousandsOfUndefinedNamesInADeadBranchGiveTheFirstHundred() {
        var body = "<if test=\"false\">\n"
        for i in 0..<5_000 { body += "<let name=\"v\(i)\" value=\"missing\(i) + 1\"/>\n" }
        body += "</if>"
        let out = staticCheck(body)
        let lines = out.split(separator: "\n")
        #expect(lines.filter { $0.contains("error[E0203]") }.count == StaticAnalysis.maxDiagnostics)
        #expect(lines.first?.hasSuffix("undefined name 'missing0'") == true)
        #expect(out.contains("note: more problems are not shown; fix these first"))
    }
}

/// An error the checker reports, evaluation never reports again (it fails there silently): it is
/// shown once, the checker's, without iteration notes (it holds in every iteration).
struct OneOwnerTests {
    @Test func oneErrorWhenEvaluationMeetsIt() throws {
        let body = #"<for var="i" from="0" to="2"><rect width="i + sizee" height="1" fill="red"/></for>"#
        #expect(staticCheck(body).contains("error[E0203]: undefined name 'sizee'"))
        let out = try compiled(body)
        #expect(out.components(separatedBy: "E0203").count == 2, "\(out)")
        #expect(!out.contains("in iteration"), "\(out)")
        #expect(out.hasSuffix("failed"))
    }

    /// The checker's diagnostics come before evaluation's, which reports what depends on values.
    @Test func theCheckersErrorsComeFirst() throws {
        let out = try compiled(
            #"<rect width="1 / 0" height="1" fill="red"/><rect width="'a' + 1" height="1" fill="red"/>"#)
        let typeError = try #require(out.range(of: "'+' needs numbers, not a string"))
        let division = try #require(out.range(of: "division by zero"))
        #expect(typeError.lowerBound < division.lowerBound, "\(out)")
    }
}
