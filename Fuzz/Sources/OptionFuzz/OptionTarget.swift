// libFuzzer entry point for what a user types rather than what a scene says (issue 13): the
// values of `--set`, `--size` and `--scale`, and the build manifest. The first byte chooses:
// even — the rest is a manifest (JSON), decoded and planned against in-memory scenes as
// `scenec build` plans it, its problems rendered in both styles; odd — the rest is command-line
// values separated by 0x01: `size=WxH` a `--size`, `scale=S` a `--scale` (rendered to a tiny
// PNG under a small pixel budget), anything else a `--set NAME=VALUE` for a scene that declares
// a parameter of every type. Any trap, sanitizer report, leak, hang or blow-up is a bug, and so is
// a refused value without a message or an accepted one outside its documented range.
import DisplayList
import Foundation
import PNGBackend
import SceneCompiler
import SceneEvaluator
import SceneProject
import SceneSource

/// One parameter of every type, with ranges, so `--set` reaches every value parser.
let typesScene = """
    <scene width="40" height="30">
      <param name="i" type="int" default="1" min="-5" max="100"/>
      <param name="n" type="number" default="0.5" min="0" max="1"/>
      <param name="b" type="bool" default="false"/>
      <param name="c" type="color" default="red"/>
      <param name="s" type="string" default="x"/>
      <param name="d" type="date" default="2026-11-21"/>
      <param name="l" type="list&lt;int&gt;" default="1, 2"/>
      <param name="ln" type="list&lt;number&gt;" default="0.5"/>
      <rect width="width * n + 1" height="height" fill="c"/>
    </scene>
    """

let folder = "/fuzz/Scenes"
let compiler = SceneCompiler()

/// Loaded again for every input rather than kept in a global: LeakSanitizer's check at exit does
/// not see Swift's references from globals into expression trees (pointers with enum tag bits) and
/// would report the loaded scenes as leaked.
func scenes() -> [InputScene] {
    [InputScene(ref: SceneFileRef(path: folder + "/types.scene"),
                loaded: compiler.load(path: folder + "/types.scene", bytes: Array(typesScene.utf8))),
     InputScene(ref: SceneFileRef(path: folder + "/sub/plain.scene"),
                loaded: compiler.load(path: folder + "/sub/plain.scene",
                                      bytes: Array("<scene width=\"10\" height=\"10\"/>".utf8)))]
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard size > 0, let data else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    if input[0] & 1 == 0 {
        manifest(Array(input.dropFirst()))
    } else {
        commandLine(Array(input.dropFirst()))
    }
    return 0
}

func manifest(_ bytes: [UInt8]) {
    var sources = SourceMap()
    let (loaded, problems) = ManifestLoader.load(path: folder + "/scenes.json", bytes: bytes, folder: folder, sources: &sources)
    if loaded == nil { precondition(!problems.isEmpty, "a manifest refused without a reason") }
    for problem in problems { precondition(!problem.message.isEmpty) }
    var plan = BuildPlanner.plan(scenes: scenes(), manifests: loaded.map { [$0] } ?? [], sources: sources,
                                 sceneExists: { $0.hasPrefix(folder) && $0.hasSuffix(".scene") })
    plan.problems = problems.map(PlanProblem.init) + plan.problems
    _ = plan.renderProblems(style: .short)
    _ = plan.renderProblems(style: .rich)
    guard plan.problems.isEmpty else { return }
    for job in plan.jobs {
        precondition(!job.outputs.isEmpty, "a variant that makes no file")
        for output in job.outputs {
            let name = output.fileName
            precondition(!name.isEmpty && !name.hasPrefix("/") && !name.split(separator: "/").contains(".."),
                         "an output outside the folder: \(name)")
            precondition(name.utf8.count < 1024)
        }
        if let size = job.size {
            precondition(size.width >= SceneSize.minSide && size.width <= SceneSize.maxSide
                         && size.height >= SceneSize.minSide && size.height <= SceneSize.maxSide, "size out of range")
        }
    }
}

func commandLine(_ bytes: [UInt8]) {
    let scenes = scenes()
    var assignments: [String] = []
    for part in bytes.split(separator: 0x01, omittingEmptySubsequences: false) {
        let text = String(decoding: part, as: UTF8.self)
        if text.hasPrefix("size=") {
            do {
                let size = try SceneSize(parsing: String(text.dropFirst(5)))
                precondition(size.width >= SceneSize.minSide && size.width <= SceneSize.maxSide
                             && size.height >= SceneSize.minSide && size.height <= SceneSize.maxSide, "size out of range")
                // The size reaches the drawing: a small scene at that size, as SVG.
                let compilation = compiler.compile(scenes[1].loaded, size: size)
                precondition(compilation.svg != nil || compilation.hasErrors)
            } catch {
                precondition(!error.description.isEmpty)
            }
        } else if text.hasPrefix("scale=") {
            guard let scale = DecimalNumber.parse(text.dropFirst(6)) else { continue }
            var options = RasterOptions()
            options.scale = scale
            options.maxPixels = 4096
            let list = DisplayList(width: 10, height: 10, items: [])
            do throws(RasterError) {
                let png = try PNGBackend.render(list, options: options)
                precondition(scale.isFinite && scale >= PNGBackend.minScale && !png.isEmpty, "a PNG at scale \(scale)")
            } catch {
                precondition(!error.message.isEmpty)
            }
        } else {
            assignments.append(text)
        }
    }
    guard !assignments.isEmpty else { return }
    do {
        let arguments = try compiler.arguments(assignments, for: scenes[0].loaded)
        let compilation = compiler.compile(scenes[0].loaded, arguments: arguments)
        precondition(compilation.svg != nil || compilation.hasErrors)
        _ = DiagnosticRenderer(sources: scenes[0].loaded.sources, style: .rich).render(compilation.diagnostics)
    } catch {
        precondition(!error.message.isEmpty, "a --set refused without a reason")
    }
}
