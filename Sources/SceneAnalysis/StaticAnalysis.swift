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
/// names), never a runtime value, so it costs one pass however many variants are compiled. Errors use the
/// evaluator's codes and messages and point at the same spans, so an error found both here and by
/// evaluation is shown once (`SceneCompiler.compile` keeps evaluation's, which has the loop notes).
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
        var diagnostics: [Diagnostic] = []
        for entry in links.entries {
            let (body, found) = BodyChecker.lower(body: entry.node, kind: entry.kind, file: entry.file, links: links)
            bodies.append(body)
            // Every body is lowered; past the limit its problems are not kept (counting stops).
            if diagnostics.count <= maxDiagnostics { diagnostics += found }
        }
        if diagnostics.count > maxDiagnostics {
            // Counting stops at the limit: how many more there are is not known.
            diagnostics = Array(diagnostics.prefix(maxDiagnostics))
            diagnostics[diagnostics.count - 1].notes.append(.init("more problems are not shown; fix these first"))
        }
        return (Program(bodies: bodies), diagnostics)
    }
}
