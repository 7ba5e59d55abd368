import ResolvedProgram
import SceneCompiler
import Testing

/// What the lowering resolves, checked on the program's values (the goldens show the rest).
struct LoweringTests {
    func program(_ text: String, file: String = "test.scene") throws -> Program {
        let loaded = SceneCompiler().load(path: file, bytes: Array(text.utf8))
        #expect(!loaded.hasErrors)
        return try #require(loaded.resolvedProgram)
    }

    /// The statements of `body`, flattened in source order (children after their parent).
    func flatten(_ statements: [ProgramStatement]) -> [ProgramStatement] {
        statements.flatMap { statement -> [ProgramStatement] in
            switch statement {
            case .if(let s): return [statement] + s.branches.flatMap { flatten($0.body) }
            case .for(let s): return [statement] + flatten(s.body)
            case .element(let s): return [statement] + flatten(s.children)
            default: return [statement]
            }
        }
    }

    func lets(_ body: ProgramBody) -> [LetStatement] {
        flatten(body.statements).compactMap { if case .let(let s) = $0 { return s } else { return nil } }
    }

    @Test("a let shadowing an outer one gets its own slot, and each use refers to the one visible")
    func shadowing() throws {
        let program = try program(
            """
            <scene width="10" height="10">
              <let name="a" value="1"/>
              <group>
                <let name="a" value="a + 1"/>
                <rect width="a" height="1"/>
              </group>
              <rect width="a" height="2"/>
            </scene>
            """)
        let body = program.main
        let (outer, inner) = (lets(body)[0], lets(body)[1])
        #expect(outer.declaration.slot == 0)
        #expect(inner.declaration.slot == 1)
        #expect(body.slotCount == 2)
        #expect(body.slots.map(\.name) == ["a", "a"])
        #expect(body.slots.map(\.kind) == [.let, .let])
        #expect(body.slots.map(\.type) == [.int, .int])
        // The inner value reads the outer a.
        guard case .binary(.add, let left, _) = inner.value.kind else { Issue.record("not an addition"); return }
        #expect(left.kind == .name(.local(0)))
        let widths = flatten(body.statements).compactMap { statement -> ProgramExpression.Kind? in
            guard case .element(let s) = statement, s.kind == .rect else { return nil }
            return s.attributes.expression(.width)?.kind
        }
        #expect(widths == [.name(.local(1)), .name(.local(0))])
    }

    @Test("names resolve to parameters, the size, predefined names and loop slots, with their types")
    func names() throws {
        let program = try program(
            """
            <scene width="10" height="10">
              <param name="n" type="int" default="3"/>
              <param name="c" type="color" default="red"/>
              <for var="i" from="0" to="n">
                <rect x="i" width="width" height="pi" fill="c"/>
              </for>
              <rect width="1" height="1" fill="teal"/>
            </scene>
            """)
        let body = program.main
        #expect(body.parameters.map(\.name.text) == ["n", "c"])
        let statements = flatten(body.statements)
        guard case .for(let loop) = statements.first(where: { $0.elementKind == .for }) else { Issue.record("no loop"); return }
        #expect(loop.variable.slot == 0)
        #expect(body.slots == [ProgramSlot(name: "i", span: loop.variable.name.span, kind: .loopVariable, type: .int)])
        guard case .numbers(let from, let end, let inclusive, let step) = loop.range else { Issue.record("not numbers"); return }
        #expect(from.kind == .constant(.int(0)) && from.type == .int)
        #expect(end.kind == .name(.parameter(0)) && end.type == .int)
        #expect(!inclusive && step == nil)
        let rects = statements.compactMap { statement -> ElementStatement? in
            if case .element(let s) = statement, s.kind == .rect { return s } else { return nil }
        }
        #expect(rects[0].attributes.expression(.x)?.kind == .name(.local(0)))
        #expect(rects[0].attributes.expression(.x)?.type == .int)
        #expect(rects[0].attributes.expression(.width)?.kind == .name(.sceneInput(.width)))
        #expect(rects[0].attributes.expression(.height)?.kind == .name(.predefined(.pi)))
        #expect(rects[0].attributes.expression(.fill)?.kind == .name(.parameter(1)))
        #expect(rects[0].attributes.expression(.fill)?.type == .color)
        let teal = try #require(PredefinedNames.cssColors.firstIndex { $0.name == "teal" })
        #expect(rects[1].attributes.expression(.fill)?.kind == .name(.predefined(.color(teal))))
    }

    @Test("a loop over a list has a variable of unknown type and an int index; a gradient's slot holds a gradient")
    func slotKinds() throws {
        let program = try program(
            """
            <scene width="10" height="10">
              <gradient name="g"><stop offset="0" color="red"/><stop offset="1" color="blue"/></gradient>
              <for var="v" in="[1, 2]" index="k">
                <rect x="v + k" width="1" height="1" fill="linear(g, 0, 0, 1, 1)"/>
              </for>
            </scene>
            """)
        #expect(program.main.slots.map(\.name) == ["g", "v", "k"])
        #expect(program.main.slots.map(\.kind) == [.gradient, .loopVariable, .loopIndex])
        #expect(program.main.slots.map(\.type) == [.gradient, .any, .int])
    }

    @Test("a call is a builtin with the usage its argument count chooses")
    func calls() throws {
        let program = try program(
            """
            <scene width="10" height="10">
              <let name="xs" value="[1, 2]"/>
              <rect width="min(xs)" height="min(1, 2, 3)" fill="white(0.5)" stroke="white(0.5, 0.2)"/>
            </scene>
            """)
        let rect = flatten(program.main.statements).compactMap { statement -> ElementStatement? in
            if case .element(let s) = statement, s.kind == .rect { return s } else { return nil }
        }[0]
        func call(_ id: AttributeID) -> BuiltinCall? {
            if case .call(let c)? = rect.attributes.expression(id)?.kind { return c } else { return nil }
        }
        #expect(call(.width)?.function == .min && call(.width)?.usage == 1)
        #expect(call(.height)?.function == .min && call(.height)?.usage == 0 && call(.height)?.arguments.count == 3)
        #expect(call(.fill)?.usage == 0 && call(.stroke)?.usage == 1)
        #expect(rect.attributes.expression(.fill)?.type == .color)
    }

    @Test("a use points at the component's body, its arguments at the parameters' indexes")
    func uses() throws {
        let program = try program(
            """
            <scene width="100" height="100">
              <component name="badge" width="10" height="10">
                <param name="size" type="number" default="1"/>
                <param name="tint" type="color" default="red"/>
                <rect width="size" height="size" fill="tint"/>
              </component>
              <use component="badge" tint="blue" x="5"/>
            </scene>
            """)
        #expect(program.bodies.count == 2)
        #expect(program.bodies[1].kind == .component(name: "badge"))
        #expect(program.bodies[1].parameters.map(\.name.text) == ["size", "tint"])
        guard case .use(let use) = program.main.statements.last else { Issue.record("no use"); return }
        #expect(use.target == 1)
        #expect(use.label == "'badge'")
        #expect(use.arguments.map(\.parameter) == [1])
        #expect(use.attributes.expression(.x)?.kind == .constant(.int(5)))
        guard case .component(let body, _) = program.main.statements.first else { Issue.record("no component marker"); return }
        #expect(body == 1)
    }

    @Test("an undefined name is reported by the analysis and left unresolved in the program")
    func unresolved() throws {
        let loaded = SceneCompiler().load(
            path: "bad.scene",
            bytes: Array(
                """
                <scene width="10" height="10">
                  <if test="false"><rect width="nope" height="1"/></if>
                </scene>
                """.utf8))
        #expect(loaded.staticDiagnostics.map(\.code) == [.undefinedName])
        let program = try #require(loaded.resolvedProgram)
        guard case .if(let s) = program.main.statements.first, case .element(let rect)? = s.branches.first?.body.first else {
            Issue.record("no rect"); return
        }
        #expect(rect.attributes.expression(.width)?.kind == .unresolved(.undefinedName("nope")))
    }
}
