// Compile-only timings: scene text → parsed and checked scene → display list → SVG, in-process,
// per scene. Each measurement is a batch of iterations timed with a monotonic clock; the median
// over repetitions is reported, so one slow batch (another process, a page fault) does not move it.
//
//   scenec-bench [--iterations N] [--repetitions R] [--only STAGE] SCENE...
//
// --only runs one stage (for example `--only compile` under callgrind, so that the instruction count
// of a run is the compile's alone, without the PNG stage's librsvg and zlib).
//
// Prints one tab-separated line per scene and stage: scene, stage, median µs, min µs, max µs.
// Stages: load (parse + check), evaluate, svg, compile (all three, from bytes), png1x (the SVG
// rendered by librsvg at scale 1, for scale).
import Foundation
import SceneCompiler
import SVGBackend

var iterations = 200
var repetitions = 15
var scenes: [String] = []
var only: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--iterations": iterations = Int(arguments.popFirst() ?? "") ?? iterations
    case "--repetitions": repetitions = Int(arguments.popFirst() ?? "") ?? repetitions
    case "--only": only = arguments.popFirst()
    default: scenes.append(argument)
    }
}
guard !scenes.isEmpty else {
    FileHandle.standardError.write(Data("usage: scenec-bench [--iterations N] [--repetitions R] SCENE...\n".utf8))
    exit(2)
}

/// Keeps results alive so the optimizer cannot drop the work.
nonisolated(unsafe) var sink = 0  // written by one thread only

/// Median, min and max of per-iteration times in microseconds.
func measure(iterations: Int, repetitions: Int, _ body: () -> Int) -> (median: Double, min: Double, max: Double) {
    for _ in 0..<max(1, iterations / 10) { sink &+= body() }  // warm up
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<repetitions {
        let start = clock.now
        for _ in 0..<iterations { sink &+= body() }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        samples.append(seconds / Double(iterations) * 1e6)
    }
    samples.sort()
    return (samples[samples.count / 2], samples.first!, samples.last!)
}

@MainActor
func report(_ scene: String, _ stage: String, _ m: @autoclosure () -> (median: Double, min: Double, max: Double)) {
    if let only, only != stage { return }
    let m = m()
    print([scene, stage, String(format: "%.2f", m.median), String(format: "%.2f", m.min), String(format: "%.2f", m.max)]
        .joined(separator: "\t"))
}

for path in scenes {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("scenec-bench: cannot read \(path)\n".utf8))
        exit(1)
    }
    let bytes = [UInt8](data)
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    let compiler = SceneCompiler()
    let loaded = compiler.load(path: path, bytes: bytes)
    guard let list = compiler.compile(loaded).list else {
        FileHandle.standardError.write(Data("scenec-bench: \(path) does not compile\n".utf8))
        exit(1)
    }
    report(name, "load", measure(iterations: iterations, repetitions: repetitions) { compiler.load(path: path, bytes: bytes).parameters.count })
    report(name, "evaluate", measure(iterations: iterations, repetitions: repetitions) { compiler.compile(loaded).list?.items.count ?? 0 })
    // The SVG alone: a fresh compilation each time would include evaluation, so the backend is timed directly.
    report(name, "svg", measure(iterations: iterations, repetitions: repetitions) { SVGBackend.render(list).utf8.count })
    report(name, "compile", measure(iterations: iterations, repetitions: repetitions) {
        compiler.compile(compiler.load(path: path, bytes: bytes)).svg?.text.utf8.count ?? 0
    })
    // The rasterizer alone: the compilation keeps its SVG document, so each call renders it again.
    let compilation = compiler.compile(loaded)
    report(name, "png1x", measure(iterations: max(1, iterations / 20), repetitions: repetitions) {
        (try? compilation.png(scale: 1))??.count ?? 0
    })
}
