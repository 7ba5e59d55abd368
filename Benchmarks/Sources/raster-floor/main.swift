// The rasterizer's floor under `scenec build`: the PNGs a build makes, each rendered in-process by
// librsvg and encoded by libpng on all cores, with nothing else (no start-up, no compile, no files).
// A build cannot be faster than this; Benchmarks/bench.py reports the build's time as a ratio to it.
//
//   raster-floor [--repetitions R] SCENES_FOLDER MANIFEST
//
// The scenes are planned and compiled as `scenec build SCENES_FOLDER --manifest MANIFEST` does it,
// before the clock starts; then every PNG output of every variant is made from the compiled SVG
// document, on one worker per core (WorkQueue, as the build's), R times. Prints one tab-separated
// line: the PNG count, the median seconds, the min and the max.
import Foundation
import PNGBackend
import RasterImage
import SVGBackend
import SceneProject
import SceneCompiler

var repetitions = 5
var paths: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--repetitions": repetitions = Int(arguments.popFirst() ?? "") ?? repetitions
    default: paths.append(argument)
    }
}
guard paths.count == 2 else {
    FileHandle.standardError.write(Data("usage: raster-floor [--repetitions R] SCENES_FOLDER MANIFEST\n".utf8))
    exit(2)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("raster-floor: \(message)\n".utf8))
    exit(1)
}

let compiler = SceneCompiler()
let plan: BuildPlan
do { plan = try BuildInputs.plan(paths: [paths[0]], manifest: paths[1], compiler: compiler) } catch { fail("\(error)") }
guard plan.problems.isEmpty else { fail("the manifest has problems: \(plan.problems.map(\.message))") }

// Every PNG the build makes: the compiled document and the scale.
var renders: [(document: SVGDocument, scale: Double)] = []
for job in plan.jobs {
    guard let document = compiler.compile(job.scene, arguments: job.arguments, size: job.size).svg else {
        fail("\(job.name) does not compile")
    }
    for output in job.outputs {
        if case .png(let scale) = output.format { renders.append((document, scale)) }
    }
}

/// Keeps the work from being optimized away: the bytes made, added up (by `deliver`, one at a time).
final class ByteCount: @unchecked Sendable {
    var total = 0
}

/// Seconds to make every PNG of `work` once, on all cores; nil when one could not be made.
func makeAll(_ work: [(document: SVGDocument, scale: Double)]) -> Double? {
    let made = ByteCount()
    let clock = ContinuousClock()
    let start = clock.now
    WorkQueue.run(count: work.count, work: { index in
        var options = RasterOptions()
        options.scale = work[index].scale
        return (try? PNGBackend.render(work[index].document, options: options))?.count
    }, deliver: { _, count in made.total += count ?? -(1 << 40) })
    let elapsed = clock.now - start
    return made.total > 0 ? Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18 : nil
}

var seconds: [Double] = []
for _ in 0..<max(1, repetitions) {
    guard let taken = makeAll(renders) else { fail("a PNG could not be made") }
    seconds.append(taken)
}
seconds.sort()
print([String(renders.count), String(format: "%.4f", seconds[seconds.count / 2]), String(format: "%.4f", seconds.first!),
       String(format: "%.4f", seconds.last!)].joined(separator: "\t"))
