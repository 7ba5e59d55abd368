import Foundation
import ResolvedProgram
import SceneCompiler
import Testing

/// What a code generator may rely on, checked on the program of every scene of the repository that
/// loads (Scenes/ and the fixtures): every index points at something that exists, a slot is read
/// only after its declaration, and `.unresolved` appears exactly when the checker reported errors.
struct ProgramInvariantTests {
    static let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let scenes: [String] = ["Scenes", "Tests/SceneCompilerTests/Fixtures"].flatMap { folder in
        ((try? FileManager.default.contentsOfDirectory(atPath: packageFolder.appendingPathComponent(folder).path)) ?? [])
            .filter { $0.hasSuffix(".scene") }.sorted().map { folder + "/" + $0 }
    }

    /// Walks a body in source order, checking each reference against what is declared so far.
    struct Checker {
        let program: Program
        let body: ProgramBody
        var declared: Set<Int> = []
        var problems: [String] = []
        var unresolved = 0

        mutating func declare(_ d: Declaration?) {
            guard let slot = d?.slot else { return }
            if slot >= body.slotCount || body.slots[slot].name != d!.name.text { problems.append("slot \(slot) of \(d!.name.text)") }
            if !declared.insert(slot).inserted { problems.append("slot \(slot) declared twice") }
        }

        mutating func check(_ e: ProgramExpression) {
            switch e.kind {
            case .constant: break
            case .name(.parameter(let i)): if i >= body.parameters.count { problems.append("parameter \(i)") }
            case .name(.local(let slot)): if !declared.contains(slot) { problems.append("slot \(slot) read before it is declared") }
            case .name(.predefined(.color(let i))): if i >= PredefinedNames.cssColors.count { problems.append("color \(i)") }
            case .name: break
            case .list(let items): items.forEach { check($0) }
            case .unary(_, let a): check(a)
            case .binary(_, let a, let b), .index(let a, let b): check(a); check(b)
            case .conditional(let a, let b, let c): check(a); check(b); check(c)
            case .call(let call):
                let usage = call.function.spec.usages.indices.contains(call.usage) ? call.function.spec.usages[call.usage] : nil
                if let usage, call.arguments.count >= usage.low, call.arguments.count <= (usage.high ?? Int.max) {
                } else {
                    problems.append("\(call.function) usage \(call.usage) with \(call.arguments.count) arguments")
                }
                call.arguments.forEach { check($0) }
            case .unresolved: unresolved += 1
            }
        }

        mutating func check(_ attributes: ProgramAttributes) {
            for entry in attributes.entries { if case .expression(let e) = entry.value { check(e) } }
        }

        mutating func check(_ statements: [ProgramStatement]) {
            for statement in statements {
                switch statement {
                case .let(let s): check(s.value); declare(s.declaration)
                case .assert(let s): check(s.test)
                case .if(let s):
                    for branch in s.branches {
                        if let test = branch.test { check(test) }
                        check(branch.body)
                    }
                case .for(let s):
                    switch s.range {
                    case .list(let list, let index): check(list); declare(s.variable); declare(index)
                    case .numbers(let from, let end, _, let step):
                        check(from); check(end); if let step { check(step) }
                        declare(s.variable)
                    }
                    check(s.body)
                case .use(let s):
                    check(s.attributes)
                    guard let target = s.target, target < program.bodies.count else { problems.append("use target"); continue }
                    for argument in s.arguments {
                        check(argument.value)
                        if let p = argument.parameter, p >= program.bodies[target].parameters.count { problems.append("argument \(p)") }
                    }
                case .element(let s):
                    check(s.attributes)
                    s.text?.pieces.forEach { if case .expression(let e) = $0 { check(e) } }
                    check(s.children)
                    declare(s.declaration)
                case .parameter(let i, _): if i >= body.parameters.count { problems.append("param marker \(i)") }
                case .component(let b, _): if let b, b >= program.bodies.count { problems.append("component \(b)") }
                }
            }
        }
    }

    @Test("the scenes are found")
    func scenesExist() {
        #expect(Self.scenes.count >= 80)
    }

    @Test("indexes, slots and unresolved expressions", arguments: scenes)
    func invariants(_ relative: String) throws {
        let data = try Data(contentsOf: Self.packageFolder.appendingPathComponent(relative))
        let loaded = SceneCompiler().load(path: relative, bytes: [UInt8](data))
        guard let program = loaded.resolvedProgram else { return }
        var unresolved = 0
        for body in program.bodies {
            #expect(body.slots.count == body.slotCount)
            var checker = Checker(program: program, body: body)
            checker.check(body.statements)
            #expect(checker.problems.isEmpty, "\(relative): \(checker.problems)")
            unresolved += checker.unresolved
        }
        let errors = loaded.staticDiagnostics.contains { $0.severity == .error }
        // An unresolved expression is an error the checker reported (a type error too).
        #expect(unresolved == 0 || errors, "\(relative): \(unresolved) unresolved expressions and no static error")
    }
}
