import Foundation
import SceneCompiler
import SceneEvaluator
import SceneSource
import Testing

/// The hostile-input corpus (issue 5): one broken or malicious scene per file in Hostile/, each
/// with the exact diagnostics it must produce (`.diagnostics`), and, when it compiles, its display
/// list (`.dump`). A first-line comment `<!-- … limits: maxLoopIterations=10 … -->` runs the case
/// with those limits, so that every limit is tested just under (works) and just over (a clean,
/// located error) without megabyte files. Re-record with `SCENEC_RECORD=1 swift test`.
struct HostileTests {
    static let cases = Fixtures.files(in: "Hostile", withExtension: "scene").map(\.lastPathComponent)

    @Test("hostile cases exist")
    func casesExist() {
        #expect(Self.cases.count >= 60)
    }

    /// The limits named in the first comment of a case, over the defaults.
    static func limits(_ bytes: [UInt8]) -> (EvaluationLimits, ParserLimits) {
        var evaluation = EvaluationLimits()
        var parser = ParserLimits()
        let head = String(decoding: bytes.prefix(400), as: UTF8.self)
        guard head.hasPrefix("<!--"), let end = head.range(of: "-->"),
            let start = head.range(of: "limits:"), start.upperBound < end.lowerBound
        else { return (evaluation, parser) }
        for pair in head[start.upperBound..<end.lowerBound].split(separator: " ") {
            let parts = pair.split(separator: "=")
            guard parts.count == 2, let value = Double(parts[1]) else {
                Issue.record("bad limit '\(pair)'")
                continue
            }
            let n = Int(value)
            switch parts[0] {
            case "maxLoopIterations": evaluation.maxLoopIterations = n
            case "maxOperations": evaluation.maxOperations = n
            case "maxSteps": evaluation.maxSteps = n
            case "maxOutputSize": evaluation.maxOutputSize = n
            case "maxListLength": evaluation.maxListLength = n
            case "maxStringLength": evaluation.maxStringLength = n
            case "maxNesting": evaluation.maxNesting = n
            case "maxDiagnostics": evaluation.maxDiagnostics = n
            case "maxCoordinate": evaluation.maxCoordinate = value
            case "maxDepth": parser.maxDepth = n
            case "maxBytes": parser.maxBytes = n
            case "maxAttributes": parser.maxAttributes = n
            default: Issue.record("unknown limit '\(parts[0])'")
            }
        }
        return (evaluation, parser)
    }

    /// Runs one file through the whole pipeline (as `scenec render` does): the rich diagnostics,
    /// and the dump and SVG when it compiles.
    static func compile(_ relativePath: String, bytes: [UInt8], limits: EvaluationLimits, parserLimits: ParserLimits)
        -> (diagnostics: String, dump: String?, hasErrors: Bool)
    {
        let compiler = SceneCompiler(limits: CompilerLimits(parser: parserLimits, evaluation: limits))
        let loaded = compiler.load(path: relativePath, bytes: bytes)
        let compilation = compiler.compile(loaded)
        let (list, diagnostics) = (compilation.list, compilation.diagnostics)
        let hasErrors = diagnostics.contains { $0.severity == .error }
        var dump: String?
        if let list {
            dump = dumpText(list)
            _ = svgText(list)
        }
        return (Fixtures.rich(diagnostics, loaded.sources), dump, hasErrors)
    }

    @Test("hostile input", arguments: cases)
    func hostile(_ name: String) throws {
        let relative = "Tests/SceneCompilerTests/Hostile/" + name
        let base = Fixtures.testsFolder.appendingPathComponent("Hostile").appendingPathComponent(String(name.dropLast(6)))
        let bytes = [UInt8](try Data(contentsOf: Fixtures.packageFolder.appendingPathComponent(relative)))
        let (limits, parserLimits) = Self.limits(bytes)
        let result = Self.compile(relative, bytes: bytes, limits: limits, parserLimits: parserLimits)
        let dumpURL = base.appendingPathExtension("dump")
        let diagnosticsURL = base.appendingPathExtension("diagnostics")
        if name.contains("-works") || name.contains("-never-stop") {
            // Just under a limit: it compiles.
            #expect(!result.hasErrors, "\(name) should compile:\n\(result.diagnostics)")
        }
        if name.contains("-fails") {
            #expect(result.hasErrors && result.dump == nil, "\(name) should fail")
        }
        if let dump = result.dump, !result.hasErrors {
            Fixtures.expectMatches(dump, dumpURL)
            if !result.diagnostics.isEmpty || FileManager.default.fileExists(atPath: diagnosticsURL.path) {
                Fixtures.expectMatches(result.diagnostics, diagnosticsURL)
            }
        } else {
            #expect(result.hasErrors)
            Fixtures.expectMatches(result.diagnostics, diagnosticsURL)
            #expect(!FileManager.default.fileExists(atPath: dumpURL.path))
            // Every error is located (FILE:LINE:COL) and says what to do or what is wrong.
            for line in result.diagnostics.split(separator: "\n") where line.contains(": error[") {
                #expect(line.hasPrefix(relative + ":"), "\(line)")
            }
        }
    }

    // MARK: Generated inputs (too large to commit)

    static func run(_ text: String, limits: EvaluationLimits = .init(), parserLimits: ParserLimits = .init())
        -> (diagnostics: String, dump: String?, hasErrors: Bool)
    {
        compile("big.scene", bytes: Array(text.utf8), limits: limits, parserLimits: parserLimits)
    }

    static func short(_ bytes: [UInt8], parserLimits: ParserLimits = .init(), fileSize: Int? = nil) -> String {
        let loaded = SceneCompiler(limits: CompilerLimits(parser: parserLimits)).load(path: "big.scene", bytes: bytes, fileSize: fileSize)
        return DiagnosticRenderer(sources: loaded.sources, style: .short).render(loaded.diagnostics)
    }

    @Test func fileSizeLimitBothSides() {
        // Exactly 1 MiB of scene (white space pads it) is read; one byte more is refused up front.
        let head = Array("<scene width=\"10\" height=\"10\">\n".utf8), tail = Array("</scene>\n".utf8)
        let limit = ParserLimits().maxBytes
        #expect(limit == 1 << 20)
        let padding = [UInt8](repeating: UInt8(ascii: " "), count: limit - head.count - tail.count)
        let exact = head + padding + tail
        #expect(exact.count == limit)
        #expect(Self.short(exact).isEmpty)
        let over = head + padding + [UInt8(ascii: " ")] + tail
        #expect(
            Self.short(over) == "big.scene:1:1: error[E0601]: the file is 1048577 bytes, over the limit of 1048576 bytes; "
                + "make the scene smaller or raise the limit\n")
        // A caller that read only the first bytes of a larger file says how large it is.
        #expect(Self.short(Array(head.prefix(10)), fileSize: 9_000_000).hasPrefix("big.scene:1:1: error[E0601]: the file is 9000000 bytes"))
        #expect(
            Self.short(Array(head.prefix(10)), fileSize: Int.max).hasPrefix(
                "big.scene:1:1: error[E0601]: the file is more than 1048576 bytes, over the limit"))
    }

    @Test func aHundredThousandAttributesAreRefusedBeforeLibxml2() {
        // libxml2 2.9 is quadratic in the attributes of one element (100 000 took 2.5 s): the
        // precheck stops at the 257th, at its name, before libxml2 sees the file.
        let attributes = (0..<90_000).map { "a\($0)=\"1\"" }
        let r = Self.run("<scene width=\"10\" height=\"10\">\n<rect " + attributes.joined(separator: " ") + "/>\n</scene>\n")
        let column = "<rect ".count + attributes.prefix(256).joined(separator: " ").count + 2
        #expect(
            r.diagnostics.hasPrefix("big.scene:2:\(column): error[E0616]: this element has more than 256 attributes"), "\(r.diagnostics.prefix(300))")
        #expect(r.diagnostics.contains("^^^^\n"))
        // 256 are read (and then checked as usual).
        let r2 = Self.run("<scene width=\"10\" height=\"10\">\n<rect " + attributes.prefix(256).joined(separator: " ") + "/>\n</scene>\n")
        #expect(!r2.diagnostics.contains("E0616") && r2.diagnostics.contains("E0302"), "\(r2.diagnostics.prefix(300))")
    }

    @Test func thousandsOfMisspelledComponentUsesCostOnlyTheSuggestionsShown() {
        // 3 000 local components with long, alike names and 6 000 uses of names that are not
        // declared: a suggestion each took 67 s in a release build; now only the 100 diagnostics
        // shown get one.
        let prefix = "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwx"
        var text = "<scene width=\"10\" height=\"10\">\n"
        for i in 0..<3_000 { text += "<component name=\"\(prefix)\(10_000 + i)\" width=\"1\" height=\"1\"/>\n" }
        for i in 0..<6_000 { text += "<use component=\"\(prefix)Q\(i)\"/>\n" }
        text += "</scene>\n"
        // No clock here (a timed test flakes on a shared machine: this one once took 63 s under
        // load): the bound is structural — problems past the hundredth are counted by the checker,
        // never built, so they get no suggestion — and the note's count shows they were counted.
        let diagnostics = SceneCompiler().load(path: "big.scene", bytes: Array(text.utf8)).diagnostics
        #expect(diagnostics.count == 100)
        #expect(diagnostics.first?.help?.hasPrefix("did you mean '\(prefix)1") == true, "\(diagnostics.first?.help ?? "")")
        #expect(diagnostics.last?.notes.last?.message == "5900 more problems are not shown; fix these first")
    }

    @Test func suggestionsCompareABoundedNumberOfNames() {
        // Tens of thousands of 60-letter names and a near miss: at most 2 000 are compared, and
        // only within the distance that could still be accepted.
        let names = (0..<60_000).map { "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcd" + String(100_000 + $0) }
        // The bound is checked by what is found, not by a clock (timed tests flake on shared
        // machines; the benchmark measures the time).
        #expect(Suggestion.closest(to: "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcX100001", among: names) == names[1])
        // A name past the first 2 000 is not compared, so not found.
        #expect(Suggestion.closest(to: names[59_999] + "x", among: names) != names[59_999])
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.closest(to: "widht", among: ["height", "width"]) == "width")
    }

    @Test func aMegabyteChainOfOperatorsIsAnErrorNotAStackOverflow() {
        // Built by the parser's loop, such a tree would recurse 250 000 levels deep in the
        // evaluator (and when it is freed): it is refused at level 201.
        let chain = Array(repeating: "1", count: 250_000).joined(separator: "+")
        let r = Self.run("<scene width=\"10\" height=\"10\">\n<let name=\"x\" value=\"\(chain)\"/>\n</scene>\n")
        #expect(r.hasErrors)
        #expect(r.diagnostics.hasPrefix("big.scene:2:421: error[E0603]: expression is nested too deeply (more than 200 levels)\n"))
        let index = "l" + String(repeating: "[0]", count: 300_000)
        let r2 = Self.run("<scene width=\"10\" height=\"10\">\n<let name=\"x\" value=\"\(index)\"/>\n</scene>\n")
        #expect(r2.diagnostics.hasPrefix("big.scene:2:622: error[E0603]: expression is nested too deeply (more than 200 levels)\n"))
    }

    @Test func longNamesGetNoSuggestionAndShortMessages() {
        // A 200 kB name and a misspelling of it: an edit distance would cost 4·10^10 steps; there
        // is no suggestion, and the message quoting the name is cut at 300 characters.
        let name = String(repeating: "n", count: 200_000)
        let r = Self.run(
            "<scene width=\"10\" height=\"10\">\n<let name=\"\(name)\" value=\"1\"/>\n"
                + "<rect width=\"\(name)m\" height=\"1\" fill=\"red\"/>\n</scene>\n")
        let first = r.diagnostics.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("big.scene:3:14: error[E0203]: undefined name 'nnnn"))
        #expect(first.hasSuffix("…") && first.unicodeScalars.count == "big.scene:3:14: error[E0203]: ".count + 300)
        #expect(!r.diagnostics.contains("did you mean"))
        #expect(r.diagnostics.utf8.count < 2_000)
    }

    @Test func defaultLoopAndOperationLimitsBothSides() {
        // The defaults themselves, on both sides, with cheap bodies.
        let limits = EvaluationLimits()
        #expect(limits.maxLoopIterations == 2_000_000 && limits.maxOperations == 500_000)
        // 500 000 paints (1 entry of display list each, under the size limit of 1 000 000) work; one more fails.
        func paints(_ n: Int) -> (list: Bool, diagnostics: String) {
            let text = "<scene width=\"10\" height=\"10\">\n<for var=\"i\" from=\"0\" to=\"\(n)\"><paint fill=\"red\"/></for>\n</scene>\n"
            let loaded = SceneCompiler().load(path: "big.scene", bytes: Array(text.utf8))
            let compilation = SceneCompiler().compile(loaded)
            let (list, diagnostics) = (compilation.list, compilation.diagnostics)
            return (list != nil, DiagnosticRenderer(sources: loaded.sources, style: .short).render(diagnostics))
        }
        let atLimit = paints(500_000)
        #expect(atLimit.list && atLimit.diagnostics.isEmpty)
        let pastLimit = paints(500_001)
        #expect(!pastLimit.list)
        #expect(pastLimit.diagnostics.hasPrefix("big.scene:2:36: error[E0605]: the scene draws more than 500000 operations\n"))
        let under = Self.run("<scene width=\"10\" height=\"10\">\n<for var=\"i\" from=\"0\" to=\"2000000\"/>\n</scene>\n")
        #expect(!under.hasErrors, "\(under.diagnostics)")
        let over = Self.run("<scene width=\"10\" height=\"10\">\n<for var=\"i\" from=\"0\" through=\"2000000\"/>\n</scene>\n")
        #expect(
            over.diagnostics.hasPrefix(
                "big.scene:2:2: error[E0604]: this loop would run 2000001 times, over the limit of 2000000 iterations in a scene\n"))
    }

    @Test func thousandsOfErrorsOnOneLineStayCheapAndShort() {
        // 200 000 unknown elements on one 800 kB line: 100 diagnostics, each excerpt a window of the line.
        let text = "<scene width=\"1\" height=\"1\">" + String(repeating: "<x/>", count: 200_000) + "</scene>"
        let loaded = SceneCompiler().load(path: "big.scene", bytes: Array(text.utf8))
        #expect(loaded.diagnostics.count == 100)
        #expect(loaded.diagnostics.last?.notes.last?.message == "199900 more problems are not shown; fix these first")
        let rendered = Fixtures.rich(loaded.diagnostics, loaded.sources)
        #expect(rendered.utf8.count < 100 * 600)
        #expect(rendered.hasPrefix("big.scene:1:30: error[E0301]: unknown element <x>\n1 | <scene width=\"1\" height=\"1\"><x/><x/>"))
        let last = rendered.split(separator: "\n").suffix(6).joined(separator: "\n")
        #expect(last.contains("big.scene:1:426: error[E0301]: unknown element <x>\n1 | …"), "\(last)")
    }
}
