import DisplayList
import SceneSource

/// Joins the JUnit files of several shards of `scenec test` into one report, as CI systems want a
/// single file: the test cases in order, the counts and times added up. Each file is parsed
/// (`JUnitReader`, which takes only what `scenec test` writes) and its cases written again,
/// escaped: a shard's file is never pasted in, so a hostile one cannot make the merged report
/// ill-formed or add markup to it.
public enum JUnitMerge {
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public static func merge(_ files: [(name: String, text: String)]) throws(Problem) -> String {
        var cases = ""
        var tests = 0, failures = 0, errors = 0
        var time = 0.0
        for (name, text) in files {
            let suite: JUnitReader.Suite
            do { suite = try JUnitReader.read(text) } catch {
                throw Problem(description: "'\(name)' is not a JUnit report written by scenec test (\(error.reason))")
            }
            guard suite.attributes["name"]?.hasPrefix("scenec test") == true else {
                throw Problem(description: "'\(name)' is not a JUnit report written by scenec test")
            }
            guard let t = suite.attributes["tests"].flatMap(Int.init), let f = suite.attributes["failures"].flatMap(Int.init),
                let e = suite.attributes["errors"].flatMap(Int.init), let s = suite.attributes["time"].flatMap(Double.init),
                s.isFinite, s >= 0
            else {
                throw Problem(description: "'\(name)' has a <testsuite> without its counts")
            }
            let (sumTests, o1) = tests.addingReportingOverflow(t), (sumFailures, o2) = failures.addingReportingOverflow(f)
            let (sumErrors, o3) = errors.addingReportingOverflow(e)
            guard !o1, !o2, !o3 else { throw Problem(description: "'\(name)' has counts too large to add up") }
            (tests, failures, errors) = (sumTests, sumFailures, sumErrors)
            time += s
            for testCase in suite.cases {
                guard let written = write(testCase) else {
                    throw Problem(description: "'\(name)' has a <testcase> without its classname, name and time")
                }
                cases += written
            }
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
            + "  <testsuite name=\"scenec test\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" "
            + "time=\"\(NumberFormat.format(time, decimals: 3))\">\n"
            + cases + "  </testsuite>\n</testsuites>\n"
    }

    /// One case as `SnapshotRun.junit` writes it.
    static func write(_ testCase: JUnitReader.TestCase) -> String? {
        let a = testCase.attributes
        guard let classname = a["classname"], let name = a["name"], let time = a["time"].flatMap(Double.init), time.isFinite else {
            return nil
        }
        let x = MarkupText.escape
        var out = "    <testcase classname=\"\(x(classname))\" name=\"\(x(name))\" time=\"\(NumberFormat.format(time, decimals: 3))\""
        guard let outcome = testCase.outcome else { return out + "/>\n" }
        let message = outcome.message.map { " message=\"\(x($0))\"" } ?? ""
        out += ">\n      <\(outcome.kind)\(message)>\(x(outcome.text))</\(outcome.kind)>\n    </testcase>\n"
        return out
    }
}
