import Foundation
import SceneCompiler
import SceneEvaluator
import SceneSource
import SceneSyntax
import Testing

/// Help lines that must say what to write, for authors who arrive from SVG, Core Graphics and
/// Android VectorDrawable and write what they know there.
struct HintTests {
    /// Every diagnostic of a scene with this body (loaded and, when that worked, evaluated).
    func diagnostics(_ body: String, width: String = "100", height: String = "100") -> [Diagnostic] {
        let text = "<scene width=\"\(width)\" height=\"\(height)\">\n\(body)\n</scene>\n"
        let loaded = SceneCompiler().load(path: "t.scene", bytes: Array(text.utf8))
        return SceneCompiler().compile(loaded).diagnostics
    }

    /// The one diagnostic of a scene with this body, as code and help.
    func only(
        _ body: String, width: String = "100", height: String = "100",
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (code: DiagnosticCode?, help: String) {
        let found = diagnostics(body, width: width, height: height)
        #expect(found.count == 1, "\(found.map(\.message))", sourceLocation: sourceLocation)
        return (found.first?.code, found.first?.help ?? "")
    }

    // MARK: the evaluator serves other front ends than the command line

    @Test func evaluatorMessagesNameNoCommandLineFlags() throws {
        let tooWide = only("", width: "2000000")
        #expect(tooWide.code == .sceneTooLarge)
        #expect(tooWide.help == "scene sides are at most 1000000 points")
        let sizeParameter = only("<param name=\"width\" type=\"number\" default=\"1\"/>")
        #expect(sizeParameter.code == .reservedParameterName)
        #expect(!sizeParameter.help.contains("--"), "\(sizeParameter.help)")
        // And no string literal in the evaluator's sources names a flag.
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/SceneEvaluator")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let source = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in source.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                #expect(line.range(of: #""[^"]*--[a-z]"#, options: .regularExpression) == nil, "\(name): \(line)")
            }
        }
    }

    // MARK: names from SVG, Core Graphics and Android

    /// The help of the one diagnostic with this code.
    func help(_ body: String, _ code: DiagnosticCode, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let found = diagnostics(body).filter { $0.code == code }
        #expect(found.count == 1, "\(diagnostics(body).map(\.message))", sourceLocation: sourceLocation)
        return found.first?.help ?? ""
    }

    @Test func foreignAttributeNamesGetTheLanguagesOwn() {
        let rect = "<rect width=\"10\" height=\"10\" stroke=\"red\" "
        #expect(help(rect + "stroke-width=\"2\"/>", .unknownAttribute) == "did you mean 'lineWidth'? (SVG calls it 'stroke-width')")
        #expect(help(rect + "strokeWidth=\"2\"/>", .unknownAttribute) == "did you mean 'lineWidth'? (Android calls it 'strokeWidth')")
        #expect(help(rect + "rx=\"4\"/>", .unknownAttribute).hasPrefix("did you mean 'radius'? (SVG calls it 'rx')"))
        #expect(help(rect + "cornerRadius=\"4\"/>", .unknownAttribute) == "did you mean 'radius'? (UIKit calls it 'cornerRadius')")
        #expect(help(rect + "stroke-linecap=\"round\"/>", .unknownAttribute).hasPrefix("did you mean 'lineCap'?"))
        #expect(
            help(rect + "stroke-dasharray=\"5 3\"/>", .unknownAttribute)
                == "did you mean 'dash'? (SVG calls it 'stroke-dasharray'); write the lengths as a list: dash=\"[6, 3]\"")
        #expect(help(rect + "fill-opacity=\"0.5\"/>", .unknownAttribute).hasPrefix("did you mean 'opacity'?"))
        #expect(
            help(rect + "fillColor=\"red\"/>", .unknownAttribute)
                == "did you mean 'fill'? (Android and Core Animation call it 'fillColor')")
        #expect(help(rect + "transform=\"rotate(45)\"/>", .unknownAttribute).contains("<group x=… y=… rotate=… scale=…>"))
        #expect(
            help("<circle cx=\"5\" cy=\"5\" r=\"4\" fill=\"red\"/>", .unknownAttribute)
                == "did you mean 'radius'? (SVG calls it 'r')")
        #expect(help("<path fill=\"red\" pathData=\"M 0 0 L 10 10\"/>", .unknownAttribute) == "did you mean 'd'? (Android calls it 'pathData')")
        #expect(
            help(rect + "shadowRadius=\"3\"/>", .unknownAttribute)
                == "did you mean 'shadowBlur'? (Core Animation calls it 'shadowRadius'); shadowBlur is Core Graphics' blur, twice Core Animation's shadowRadius: shadowBlur=\"2 * radius\""
        )
        #expect(
            help("<layer box-shadow=\"0 2px 4px black\"><rect width=\"1\" height=\"1\" fill=\"red\"/></layer>", .unknownAttribute)
                .contains("write shadowOffsetX, shadowOffsetY, shadowBlur and shadowColor"))
        #expect(help("<path fill=\"red\" points=\"0,0 10,10\"/>", .unknownAttribute).hasPrefix("a <path> takes SVG path data in d="))
        #expect(help("<text font-size=\"12\">x</text>", .unknownAttribute) == "did you mean 'size'? (SVG calls it 'font-size')")
        // Per element: an <oval> has no radius, a <group> no line width.
        #expect(help("<oval width=\"9\" height=\"9\" fill=\"red\" rx=\"4\"/>", .unknownAttribute).hasPrefix("an <oval> is drawn in a box"))
        #expect(
            help("<group stroke-width=\"2\"/>", .unknownAttribute)
                == "SVG calls it 'stroke-width'; here it is 'lineWidth', which <group> does not take")
        // Inside a path, the paint belongs on the <path>.
        #expect(
            help("<path stroke=\"red\"><rect width=\"9\" height=\"9\" stroke-width=\"2\"/></path>", .paintInsidePath)
                == "set 'lineWidth' on the enclosing <path>; inside it, <rect> only adds geometry")
        #expect(help(rect + "color=\"red\"/>", .unknownAttribute) == "did you mean 'fill'? (SVG calls it 'color')")
        #expect(
            help("<circle cx=\"5\" cy=\"5\" radius=\"4\" fill=\"red\" rx=\"4\"/>", .unknownAttribute)
                == "did you mean 'radius'? (SVG calls it 'rx')")
        // Plain typos still go by spelling.
        #expect(help(rect + "fil=\"red\"/>", .unknownAttribute) == "did you mean 'fill'?")
    }

    @Test func foreignElementNamesGetTheLanguagesOwn() {
        #expect(
            help("<ellipse x=\"0\" y=\"0\" width=\"9\" height=\"9\"/>", .unknownElement).hasPrefix("did you mean 'oval'? (SVG calls it 'ellipse')"))
        #expect(help("<g></g>", .unknownElement) == "did you mean 'group'? (SVG calls it 'g')")
        #expect(
            help("<polygon/>", .unknownElement)
                == "did you mean 'path'? (SVG calls it 'polygon'); write its points as <move> and <line> children, then <close/>")
        #expect(help("<linearGradient/>", .unknownElement).hasPrefix("did you mean 'gradient'?"))
        #expect(help("<clipPath/>", .unknownElement).hasPrefix("did you mean 'clip'?"))
        #expect(help("<defs/>", .unknownElement).hasPrefix("there is no <defs>"))
        let root = SceneCompiler().load(path: "t.scene", bytes: Array("<svg width=\"10\" height=\"10\"/>".utf8)).diagnostics
        #expect(root.map(\.code) == [.wrongRoot])
        #expect(root.first?.help?.hasPrefix("did you mean 'scene'? (SVG calls it 'svg')") == true)
    }

    @Test func androidAttributesSayWhatToWriteNotJustDropThePrefix() {
        let found = diagnostics("<path android:fillColor=\"#ff0000\" android:strokeWidth=\"2\" fill=\"red\"><move x=\"0\" y=\"0\"/></path>")
        #expect(found.map(\.code) == [.namespacePrefix, .namespacePrefix])
        #expect(
            found.map(\.help) == [
                "did you mean 'fill'? (Android and Core Animation call it 'fillColor')",
                "did you mean 'lineWidth'? (Android calls it 'strokeWidth')",
            ])
        // Where the local name is right, dropping the prefix is the fix.
        let svg = diagnostics("<rect svg:fill=\"red\" width=\"1\" height=\"1\"/>")
        #expect(svg.map(\.message) == ["namespace prefixes are not supported: write 'fill' instead of 'svg:fill'"])
    }

    @Test func everyForeignNameMapsToOneOfOurs() {
        for (name, entry) in ForeignNames.elements {
            if let ours = entry.ours { #expect(ElementKind(rawValue: ours) != nil, "<\(name)> → <\(ours)>") }
            #expect(ElementKind(rawValue: name) == nil, "<\(name)> is one of ours")
            #expect(entry.ours != nil || entry.advice != nil, "<\(name)> says nothing")
        }
        for (name, entries) in ForeignNames.attributes {
            for entry in entries {
                #expect(entry.ours != nil || entry.advice != nil, "'\(name)' says nothing")
                guard let ours = entry.ours else { continue }
                let kinds = entry.elements.map(Array.init) ?? ElementKind.allCases
                #expect(
                    kinds.contains { Schema.spec($0).allAttributes(in: .drawing).contains { $0.name == ours } },
                    "'\(name)' → '\(ours)', which no element takes")
            }
        }
    }

    // MARK: numbers with units

    @Test func numbersWithUnitsSayWhatToWrite() {
        let rect = { (attribute: String) in "<rect width=\"10\" height=\"10\" fill=\"red\" \(attribute)/>" }
        #expect(only(rect("x=\"10px\"")) == (.numberWithUnit, "lengths are plain numbers in points: write 10"))
        #expect(only(rect("x=\"2.5pt\"")) == (.numberWithUnit, "lengths are plain numbers in points: write 2.5"))
        #expect(only(rect("x=\"16dp\"")) == (.numberWithUnit, "lengths are plain numbers in points: write 16"))
        #expect(only(rect("x=\"1.5em\"")).help == "there are no units: write the length as a plain number of points")
        #expect(only("<rotate angle=\"45deg\"/>") == (.numberWithUnit, "angles are in radians: write radians(45)"))
        #expect(only("<rotate angle=\"45°\"/>") == (.numberWithUnit, "angles are in radians: write radians(45)"))
        #expect(only("<rotate angle=\"1.5rad\"/>") == (.numberWithUnit, "angles are already in radians: write 1.5"))
        #expect(only("<rotate angle=\"0.25turn\"/>") == (.numberWithUnit, "angles are in radians: write 0.25 * 2 * pi"))
        #expect(only("", width: "100PX") == (.numberWithUnit, "lengths are plain numbers in points: write 100"))
        let message = diagnostics(rect("x=\"10px\"")).first?.message
        #expect(message == "numbers have no units ('px' in '10px')")
        // Percentages: '%' glued to a number with nothing after it.
        #expect(
            only(rect("opacity=\"50%\"")) == (
                .numberWithUnit,
                "there are no percentages: write a fraction, such as 0.5 for an opacity or width * 0.5 for a length"
            ))
        #expect(only(rect("x=\"width * 25%\"")).help.contains("width * 0.25"))
        #expect(only(rect("x=\"(12.5%)\"")).help.contains("0.125"))
        #expect(diagnostics(rect("x=\"10px\"")).first.map { ($0.span.start, $0.span.end - $0.span.start) }?.1 == 4)
        // The remainder operator is untouched, and other letters still mean a missing '*'.
        #expect(value("10 % 3") == "1")
        #expect(value("10%3") == "1")
        #expect(value("7.5 % 2") == "1.5")
        #expect(only(rect("x=\"2pi\"")) == (.numberWithUnit, "write '2 * pi' to multiply; lengths are plain numbers in points"))
    }

    // MARK: lists written the SVG way

    @Test func listsWithoutBracketsSayHowToWriteAList() {
        let rect = { (attribute: String) in "<rect width=\"10\" height=\"10\" stroke=\"red\" \(attribute)/>" }
        #expect(only(rect("dash=\"5, 3\"")) == (.expressionSyntax, "a list is written in brackets: dash=\"[5, 3]\""))
        #expect(only(rect("dash=\"5 3\"")) == (.expressionSyntax, "a list is written in brackets, with commas: dash=\"[5, 3]\""))
        #expect(only(rect("dash=\"[5 3]\"")) == (.expressionSyntax, "separate the elements with commas: [5, 3]"))
        #expect(only(rect("x=\"1, 2\"")).help == "an attribute holds one expression; a list is written in brackets: [1, 2]")
        #expect(only("<for var=\"v\" in=\"1, 2, 3\"></for>").help == "a list is written in brackets: in=\"[1, 2, 3]\"")
        #expect(only(rect("fill=\"rgb(1 2 3)\"")).help == "separate the arguments with commas")
        // A long value is not copied into the help.
        let long = Array(repeating: "1", count: 5000).joined(separator: ", ")
        #expect(only(rect("dash=\"\(long)\"")).help == "a list is written in brackets: dash=\"[6, 3]\"")
        // A list parameter's default and --set value may leave the brackets out, but not the commas.
        #expect(only("<param name=\"p\" type=\"list\" default=\"4 2 6\"/>") == (.expressionSyntax, "write 4,2,6 or [4, 2, 6]"))
    }

    @Test func aListSetFromTheCommandLineIsToldAboutCommasNotBrackets() throws {
        let text = "<scene width=\"10\" height=\"10\"><param name=\"graphPoints\" type=\"list&lt;int&gt;\" default=\"1\"/></scene>"
        let loaded = SceneCompiler().load(path: "t.scene", bytes: Array(text.utf8))
        func error(_ assignment: String) -> String {
            do {
                _ = try SceneCompiler().arguments([assignment], for: loaded)
                return "no error"
            } catch {
                return "\(error)".split(separator: "\n").first.map(String.init) ?? ""
            }
        }
        #expect(
            error("graphPoints=1 2 3") == "invalid value '1 2 3' for parameter 'graphPoints' (list<int>): "
                + "expected numbers separated by commas; write 1,2,3 or [1, 2, 3]")
        #expect(error("graphPoints=[1 2 3]").hasSuffix("; separate the elements with commas: [1, 2, 3]"))
        #expect(error("graphPoints=1,2,3") == "no error")
        #expect(error("graphPoints=[1, 2, 3]") == "no error")
        #expect(!error("graphPoints=1 x").contains("']'"))
    }

    // MARK: operators from C, Swift and JavaScript

    @Test func cStyleOperatorsWorkOrSayWhatToWrite() {
        let branch = { (test: String) in
            compile(
                "<let name=\"a\" value=\"true\"/><let name=\"b\" value=\"false\"/>"
                    + "<if test=\"\(test)\"><rect width=\"1\" height=\"1\" fill=\"red\"/></if>")
        }
        // The grammar takes ||, !, == and != as they are, and && written as entities.
        for test in ["a || b", "!b", "a == true", "a != b", "a &amp;&amp; !b", "a and not b"] {
            #expect(branch(test).contains("fill #ff0000ff"), "\(test): \(branch(test))")
        }
        // A raw && is an XML error; the help names the operator.
        let amp = only("<if test=\"true && false\"></if>")
        #expect(amp == (.bareAmpersand, "write the operator '&&' as 'and' (XML reserves '&'): test=\"a and b\""))
        #expect(only("<let name=\"x\" value=\"1 &amp; 2\"/>") == (.unexpectedCharacter, "write the operator as 'and'"))
        #expect(only("<let name=\"x\" value=\"2 ^ 3\"/>") == (.unexpectedCharacter, "write powers as pow(x, y)"))
        #expect(only("<let name=\"x\" value=\"2 ** 3\"/>") == (.expressionSyntax, "write powers as pow(x, y)"))
    }
}
