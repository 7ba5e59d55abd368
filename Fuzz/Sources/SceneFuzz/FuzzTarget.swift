// libFuzzer entry point: every input is a scene file. The whole pipeline runs on it as the
// command line would run it (parse, check, parameters, evaluate, SVG, dump, diagnostics in both
// styles, the parameter table and JSON). Any trap, sanitizer report, leak, hang or blow-up in
// memory is a bug: the compiler must answer every input with output or located diagnostics.
import Foundation
import SceneCompiler
import SceneEvaluator
import SceneSource

/// Evaluation limits a hundredth of the defaults (the parser's stay as they are), so that a slow
/// instrumented build still finishes any input well inside libFuzzer's -timeout: the fuzzer then
/// reaches the limit code paths instead of reporting the limits themselves as hangs.
private let limits: EvaluationLimits = {
    var l = EvaluationLimits()
    l.maxLoopIterations = 20_000
    l.maxOperations = 20_000
    l.maxSteps = 200_000
    l.maxOutputSize = 200_000
    return l
}()

/// A component file `<use src="part.scene">` can place.
let partScene = """
    <scene width="20" height="10"><param name="n" type="int" default="1" min="0" max="9"/>
    <param name="d" type="date" default="2026-11-21"/><param name="c" type="color" default="red"/>
    <rect width="width" height="height" fill="c"/><text y="height" baseline="bottom">{n} {dayInitial(d)}</text></scene>
    """

/// Bytes after a 0x01 (a byte no scene can hold) are command-line values, separated by 0x01:
/// `size=WxH` is a `--size`, anything else a `--set NAME=VALUE`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    let parts = input.split(separator: 0x01, omittingEmptySubsequences: false)
    let bytes = Array(parts[0])
    // Components come from memory, never the disk: a small component file, and the input itself
    // (so `<use src="fuzz.scene">` exercises cycle detection).
    let reader = MemoryReader(["part.scene": partScene, "fuzz.scene": String(decoding: bytes, as: UTF8.self)])
    let compiler = SceneCompiler(limits: CompilerLimits(evaluation: limits), reader: reader)
    let loaded = compiler.load(path: "fuzz.scene", bytes: bytes)
    if loaded.hasErrors {
        precondition(!loaded.diagnostics.isEmpty)
    } else {
        _ = loaded.parameterList
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = try? encoder.encode(loaded.parameters)
        precondition(json != nil, "parameters that cannot be encoded as JSON")
    }
    var assignments: [String] = []
    var sceneSize: SceneSize?
    for part in parts.dropFirst() {
        let text = String(decoding: part, as: UTF8.self)
        if text.hasPrefix("size=") {
            sceneSize = try? SceneSize(parsing: String(text.dropFirst(5)))
        } else {
            assignments.append(text)
        }
    }
    var arguments: [String: Value] = [:]
    if !loaded.hasErrors, !assignments.isEmpty {
        do {
            arguments = try compiler.arguments(assignments, for: loaded)
        } catch {
            precondition(!error.message.isEmpty)
            return 0  // the command line would stop here (exit status 2)
        }
    }
    let compilation = compiler.compile(loaded, arguments: arguments, size: sceneSize)
    let (list, diagnostics) = (compilation.list, compilation.diagnostics)
    for style in [DiagnosticRenderer.Style.short, .rich] {
        _ = DiagnosticRenderer(sources: loaded.sources, style: style).render(diagnostics)
    }
    if let list {
        precondition(!diagnostics.contains { $0.severity == .error }, "a display list with errors")
        _ = list
        let svg = compilation.svg?.text ?? ""
        precondition(svg.hasSuffix("</svg>\n"))
        _ = compilation.dump()
        _ = compilation.dump(locations: true)
    } else {
        // No output must always come with a reason.
        precondition(diagnostics.contains { $0.severity == .error }, "no display list and no error")
    }
    return 0
}
