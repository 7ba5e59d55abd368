import ResolvedProgram
import SceneSource
import SceneSyntax

/// The static checker: walks every element of a linked scene — every branch of every `<if>`, the
/// body of every loop (even one that runs zero times), every `<component>` whether it is placed or
/// not — with the scopes the evaluator would have, and reports what is wrong whatever the
/// parameter values: undefined names, unknown functions and wrong argument counts, and type errors
/// where the types are known without running anything (literals, declared parameter types,
/// builtin result types). It also gives the warnings of Grammar.md section 15 (W02xx).
///
/// It reads only the checked tree and the vocabulary's tables (builtin functions, predefined
/// names), never a runtime value, so it costs one pass however many variants are compiled. It
/// owns these errors: what it reports lowers to `.unresolved`, where evaluation fails without
/// reporting it again; evaluation reports only what depends on the values (and the types this
/// pass cannot know: a list's element, a value that depends on a branch).
public enum StaticAnalysis {
    /// The most diagnostics kept for one program.
    public static let maxDiagnostics = 100

    /// Every file of the program (the scene and the component files it places), each file's scene
    /// body and each of its `<component>`s, in file and source order.
    public static func check(_ program: SceneProgram) -> [Diagnostic] {
        lower(program, sources: nil).diagnostics
    }

    /// The program lowered (`Program`: every body, names resolved, calls to builtins, types) and
    /// what the check found on the way, as `check` gives it. `sources` names component files in
    /// `UseStatement.label` (their paths; without it, as `src` writes them).
    /// `constants`: bodies' constants already lowered in this load (the others are lowered here).
    public static func lower(_ program: SceneProgram, sources: SourceMap?, constants: BodyConstantTable = .init())
        -> (program: Program, diagnostics: [Diagnostic])
    {
        let links = ProgramLinks(program, sources: sources, constants: constants)
        var bodies: [ProgramBody] = []
        var found: [[Diagnostic]] = []
        for entry in links.entries {
            let (body, problems) = BodyChecker.lower(body: entry.node, kind: entry.kind, file: entry.file, links: links)
            bodies.append(body)
            found.append(problems)
        }
        let uses = firstUses(of: bodies)
        var diagnostics: [Diagnostic] = []
        for (index, problems) in found.enumerated() {
            // Every body is lowered; past the limit its problems are not kept (counting stops).
            guard diagnostics.count <= maxDiagnostics else { break }
            guard let use = uses[index] else {
                diagnostics += problems
                continue
            }
            // An error in a component points at the component's (first) use, as evaluation did.
            diagnostics += problems.map { d in
                guard d.severity == .error else { return d }
                var noted = d
                noted.notes.append(.init("in component \(use.label) used here", at: use.span))
                return noted
            }
        }
        if diagnostics.count > maxDiagnostics {
            // Counting stops at the limit: how many more there are is not known.
            diagnostics = Array(diagnostics.prefix(maxDiagnostics))
            diagnostics[diagnostics.count - 1].notes.append(.init("more problems are not shown; fix these first"))
        }
        return (Program(bodies: bodies), diagnostics)
    }

    /// The first `<use>` placing each body (by body index), in body and source order.
    private static func firstUses(of bodies: [ProgramBody]) -> [Int: (label: String, span: SourceSpan)] {
        var uses: [Int: (label: String, span: SourceSpan)] = [:]
        func walk(_ statements: [ProgramStatement]) {
            for statement in statements {
                switch statement {
                case .use(let use):
                    if let target = use.target, uses[target] == nil { uses[target] = (use.label, use.span) }
                case .if(let statement): statement.branches.forEach { walk($0.body) }
                case .for(let statement): walk(statement.body)
                case .element(let statement): walk(statement.children)
                case .let, .assert, .parameter, .component: break
                }
            }
        }
        bodies.forEach { walk($0.statements) }
        return uses
    }
}
