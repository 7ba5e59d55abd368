import ResolvedProgram
import SceneSource
import SceneSyntax
import SceneVocabulary

/// One expression of the resolved program as a Kotlin expression of type `SceneValue`, calling the
/// runtime (`SceneRuntime`) for every operator and function so that it computes what the evaluator
/// computes. `and`, `or` and `?:` are Kotlin's own `if` around runtime checks: one side only runs.
struct KotlinExpressionWriter {
    let names: KotlinNameTable
    let site: (SourceSpan) -> String

    func write(_ expr: ProgramExpression) throws -> String {
        let at = KotlinNames.stringLiteral(site(expr.span))
        func d(_ v: Double) -> String { KotlinNames.doubleLiteral(v) }
        switch expr.kind {
        case .constant(.int(let v)): return "SceneValue.I(\(KotlinNames.longLiteral(v)))"
        case .constant(.number(let v)): return "SceneValue.N(\(d(v)))"
        case .constant(.string(let s)): return "SceneValue.S(\(KotlinNames.stringLiteral(s)))"
        case .constant(.bool(let b)): return "SceneValue.B(\(b))"
        case .constant(.color(let r, let g, let b, let a)):
            return "SceneValue.C(SceneColor(\(d(r)), \(d(g)), \(d(b)), \(d(a))))"
        case .name(.parameter(let i)): return names.name(.parameter(i))
        case .name(.sceneInput(let input)): return names.name(input == .width ? .width : .height)
        case .name(.local(let slot)): return names.name(.slot(slot))
        case .name(.predefined(.pi)): return "SceneValue.N(Math.PI)"
        case .name(.predefined(.none)): return "SceneValue.None"
        case .name(.predefined(.color(let i))):
            let css = PredefinedNames.cssColors[i]
            return "SceneValue.C(SceneColor.rgb255(\(d(Double(css.red))), \(d(Double(css.green))), \(d(Double(css.blue))), \(d(Double(css.alpha)))))"
        case .list(let items):
            return "SceneRuntime.list(listOf<SceneValue>(\(try items.map(write).joined(separator: ", "))), \(at))"
        case .unary(let op, let operand):
            let function = op == .negate ? "negate" : op == .plus ? "plus" : "not"
            return "SceneRuntime.\(function)(\(try write(operand)), \(at))"
        case .binary(.and, let left, let right):
            return
                "(if (SceneRuntime.logical(\(try write(left)), \"and\", \(at))) SceneValue.B(SceneRuntime.logical(\(try write(right)), \"and\", \(at))) else SceneValue.B(false))"
        case .binary(.or, let left, let right):
            return
                "(if (SceneRuntime.logical(\(try write(left)), \"or\", \(at))) SceneValue.B(true) else SceneValue.B(SceneRuntime.logical(\(try write(right)), \"or\", \(at))))"
        case .binary(let op, let left, let right):
            return "SceneRuntime.binary(\(KotlinNames.stringLiteral(Self.symbol(op))), \(try write(left)), \(try write(right)), \(at))"
        case .conditional(let test, let then, let otherwise):
            return "(if (SceneRuntime.condition(\(try write(test)), \(at))) \(try write(then)) else \(try write(otherwise)))"
        case .call(let call):
            return
                "SceneRuntime.call(\(KotlinNames.stringLiteral(call.function.rawValue)), listOf<SceneValue>(\(try call.arguments.map(write).joined(separator: ", "))), \(at))"
        case .index(let base, let index):
            return "SceneRuntime.index(\(try write(base)), \(try write(index)), \(at))"
        case .unresolved:
            throw KotlinExportError(message: "the scene has errors; fix them first (scenec check)", location: site(expr.span))
        }
    }

    static func symbol(_ op: BinaryOperator) -> String {
        switch op {
        case .add: "+"
        case .subtract: "-"
        case .multiply: "*"
        case .divide: "/"
        case .integerDivide: "//"
        case .remainder: "%"
        case .equal: "=="
        case .notEqual: "!="
        case .less: "<"
        case .lessEqual: "<="
        case .greater: ">"
        case .greaterEqual: ">="
        case .and: "and"
        case .or: "or"
        }
    }
}
