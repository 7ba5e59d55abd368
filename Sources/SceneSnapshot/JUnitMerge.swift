import DisplayList

/// Joins the JUnit files of several shards of `scenec test` into one report, as CI systems want a
/// single file: the test cases in order, the counts and times added up. Only files that
/// `scenec test` wrote are taken (anything else is refused, not guessed at).
public enum JUnitMerge {
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public static func merge(_ files: [(name: String, text: String)]) throws(Problem) -> String {
        var cases: [String] = []
        var tests = 0, failures = 0, errors = 0
        var time = 0.0
        for (name, text) in files {
            guard let open = text.firstRange(of: "<testsuite name=\"scenec test"),
                  let headerEnd = text[open.upperBound...].firstRange(of: ">\n"),
                  let close = text.ranges(of: "  </testsuite>").last else {
                throw Problem(description: "'\(name)' is not a JUnit report written by scenec test")
            }
            let header = String(text[open.lowerBound..<headerEnd.lowerBound])
            func attribute(_ key: String) -> String? {
                guard let start = header.firstRange(of: " \(key)=\"") else { return nil }
                let rest = header[start.upperBound...]
                return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
            }
            guard let t = attribute("tests").flatMap(Int.init), let f = attribute("failures").flatMap(Int.init),
                  let e = attribute("errors").flatMap(Int.init), let s = attribute("time").flatMap(Double.init) else {
                throw Problem(description: "'\(name)' has a <testsuite> without its counts")
            }
            tests += t; failures += f; errors += e; time += s
            let body = text[headerEnd.upperBound..<close.lowerBound]
            if !body.isEmpty { cases.append(String(body)) }
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
            + "  <testsuite name=\"scenec test\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" "
            + "time=\"\(NumberFormat.format(time, decimals: 3))\">\n"
            + cases.joined() + "  </testsuite>\n</testsuites>\n"
    }
}
