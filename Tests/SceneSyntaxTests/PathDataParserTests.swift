import SceneSource
import SceneSyntax
import Testing

/// SVG path data: the number forms exporters write, implicit repeats, relative commands made
/// absolute, and errors at the offending byte (the value starts at byte 10, see `attribute`).
@Suite struct PathDataParserTests {
    private func commands(_ d: String) -> [String] {
        switch PathDataParser.parse(attribute(d, name: "d")) {
        case .success(let data):
            return data.commands.map { command in
                func n(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
                switch command.operation {
                case .move(let x, let y): return "M\(n(x)),\(n(y))"
                case .line(let x, let y): return "L\(n(x)),\(n(y))"
                case .cubic(let x1, let y1, let x2, let y2, let x, let y): return "C\(n(x1)),\(n(y1)) \(n(x2)),\(n(y2)) \(n(x)),\(n(y))"
                case .quad(let x1, let y1, let x, let y): return "Q\(n(x1)),\(n(y1)) \(n(x)),\(n(y))"
                case .arc(_, _, let rx, let ry, let r, let large, let sweep, let x, let y):
                    return "A\(n(rx)),\(n(ry)) \(n(r)) \(large ? 1 : 0)\(sweep ? 1 : 0) \(n(x)),\(n(y))"
                case .close: return "Z"
                }
            }
        case .failure(let diagnostic): return ["error: \(diagnostic.message)"]
        }
    }

    private func errorStart(_ d: String) -> Int? {
        if case .failure(let diagnostic) = PathDataParser.parse(attribute(d, name: "d")) { return diagnostic.span.start - 10 }
        return nil
    }

    @Test func numberForms() {
        #expect(commands("M.5.5") == ["M0.5,0.5"])
        #expect(commands("M-1-2") == ["M-1,-2"])
        #expect(commands("M1e1,2E-1") == ["M10,0.2"])
        #expect(commands("M 1.5e+1 +2") == ["M15,2"])
    }

    @Test func implicitRepeatsAndRelativeCommands() {
        #expect(commands("M0 0 10 0 10 10") == ["M0,0", "L10,0", "L10,10"])
        #expect(commands("m5 5 10 0") == ["M5,5", "L15,5"])
        #expect(commands("M1 1 h4 v4 H0 V0 z m1 1 l1 1") == ["M1,1", "L5,1", "L5,5", "L0,5", "L0,0", "Z", "M2,2", "L3,3"])
        #expect(commands("M0 0 c1 0 2 1 2 2 s0 2-2 2") == ["M0,0", "C1,0 2,1 2,2", "C2,3 2,4 0,4"])
        #expect(commands("M0 0 S1 1 2 0") == ["M0,0", "C0,0 1,1 2,0"]) // no previous curve: first control is the current point
        #expect(commands("M0 0 Q1 1 2 0 T4 0") == ["M0,0", "Q1,1 2,0", "Q3,-1 4,0"])
        #expect(commands("M0 0 a1 1 0 0110 10") == ["M0,0", "A1,1 0 01 10,10"])
    }

    @Test func errorsPointAtTheCharacter() {
        #expect(commands("L 1 1") == ["error: path data must start with a move (M or m), not 'L'"])
        #expect(errorStart("L 1 1") == 0)
        #expect(commands("M 1 1 L 2") == ["error: expected the y of the line's end, found the end of the path data"])
        #expect(errorStart("M 1 1 L 2") == 9)
        #expect(errorStart("M 1 1 X 2 2") == 6)
        #expect(errorStart("M 1 1 A 1 1 0 2 1 2 2") == 14)
        #expect(errorStart("M 1 1 Z 3") == 8)
        #expect(errorStart("M 1 1, L 2 2") == 5)
        #expect(errorStart("M 1e 1") == 4)
        #expect(commands("   ") == ["error: empty path data"])
    }
}
