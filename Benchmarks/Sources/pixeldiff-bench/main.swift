// PixelDiff's timings on one pair of PNGs, for Benchmarks/diff_bench.py (`make bench-diff`).
//
//   pixeldiff-bench [--repetitions R] [--write-raw PREFIX] OLD.png NEW.png
//       prints one JSON object: the size, the counts, and the median milliseconds over R runs of
//       decoding both files, comparing (counts and regions), and comparing with a diff image;
//       --write-raw writes both images as raw RGBA8 (PREFIX-old.rgba, PREFIX-new.rgba) for pixelmatch
//   pixeldiff-bench --once OLD.png NEW.png
//       decodes and compares once and prints the changed-pixel count: the whole job as one process,
//       timed from outside against `compare -metric AE`
import Foundation
import PNGBackend
import RasterImage
import PixelDiff

var repetitions = 15
var once = false
var rawPrefix: String?
var files: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--repetitions": repetitions = Int(arguments.popFirst() ?? "") ?? repetitions
    case "--once": once = true
    case "--write-raw": rawPrefix = arguments.popFirst()
    default: files.append(argument)
    }
}
guard files.count == 2 else {
    FileHandle.standardError.write(Data("usage: pixeldiff-bench [--repetitions R] [--write-raw PREFIX] [--once] OLD.png NEW.png\n".utf8))
    exit(2)
}

func read(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("pixeldiff-bench: cannot read \(path)\n".utf8))
        exit(1)
    }
    return [UInt8](data)
}

func decode(_ bytes: [UInt8]) -> RGBAImage {
    do { return try PNGCodec.decode(bytes) } catch {
        FileHandle.standardError.write(Data("pixeldiff-bench: \(error)\n".utf8))
        exit(1)
    }
}

let bytes = files.map(read)
if once {
    let result = PixelDiff.compare(decode(bytes[0]), decode(bytes[1]))
    print(result.changedPixels)
    exit(0)
}

/// Median milliseconds of `body` over the repetitions (after one warm-up run).
func median(_ repetitions: Int, _ body: () -> Void) -> Double {
    body()
    var times: [Double] = []
    for _ in 0..<max(1, repetitions) {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return times.sorted()[times.count / 2]
}

var images: [RGBAImage] = []
let decodeMS = median(repetitions) { images = bytes.map(decode) }
var result = PixelDiff.compare(images[0], images[1])
let compareMS = median(repetitions) { result = PixelDiff.compare(images[0], images[1]) }
var withImage = DiffOptions()
withImage.makeDiffImage = true
let imageMS = median(repetitions) { _ = PixelDiff.compare(images[0], images[1], options: withImage) }
if let rawPrefix {
    _ = FileManager.default.createFile(atPath: rawPrefix + "-old.rgba", contents: Data(images[0].pixels))
    _ = FileManager.default.createFile(atPath: rawPrefix + "-new.rgba", contents: Data(images[1].pixels))
}
let report: [String: Any] = [
    "width": result.canvas.width, "height": result.canvas.height, "changed": result.changedPixels,
    "antiAliased": result.antiAliasedPixels, "regions": result.regionCount,
    "decodeMS": decodeMS, "compareMS": compareMS, "compareWithImageMS": imageMS,
]
let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
print(String(decoding: json, as: UTF8.self))
