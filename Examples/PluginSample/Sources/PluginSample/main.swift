// CounterScene and PushButtonScene are not in this folder and not committed anywhere: scenec's
// build-tool plugin generates them from counter.scene and push-button.scene at every build where a
// scene changed (docs/export.md, "In the build").
//
// Run without arguments, this prints the generated sizes and defaults and draws both scenes with the
// app's values. Given `counter=FILE button=FILE` (what `scenec dump` prints for the same values),
// it also checks on Linux that the recorded drawing is that display list: the proof
// Tests/export/check_plugin_sample.py runs in `make test`.
import Foundation
#if canImport(CoreGraphics)
    import CoreGraphics
#elseif canImport(CoreGraphicsRecorder)
    import CoreGraphicsRecorder
#endif

func hex(_ color: SceneColor) -> String {
    "#" + [color.red, color.green, color.blue, color.alpha].map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
}

// The generated types as an app reads them: the natural size and the parameters at the scene's defaults.
var counter = CounterScene.Parameters()
print(
    "CounterScene size=\(Int(CounterScene.size.width))x\(Int(CounterScene.size.height)) counter=\(counter.counter)"
        + " counterColor=\(hex(counter.counterColor)) outlineColor=\(hex(counter.outlineColor))")
var button = PushButtonScene.Parameters()
print(
    "PushButtonScene size=\(Int(PushButtonScene.size.width))x\(Int(PushButtonScene.size.height))"
        + " isAddButton=\(button.isAddButton) fillColor=\(hex(button.fillColor))")

// The app's values (typed: an Int, a Bool), then drawing with them.
counter.counter = 3
button.isAddButton = false

/// A context to draw a scene of this size into: a bitmap with Core Graphics, scenec's recorder without.
func makeContext(_ size: CGSize) -> CGContext {
    #if canImport(CoreGraphics)
        return CGContext(
            data: nil, width: Int(size.width), height: Int(size.height), bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    #else
        return CGContext()
    #endif
}

let expectedDumps = Dictionary(
    CommandLine.arguments.dropFirst().map { argument in
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        return (parts[0], parts.count > 1 ? parts[1] : "")
    }, uniquingKeysWith: { _, last in last })
var failed = false

@MainActor func report(_ name: String, _ error: SceneDrawError?, _ context: CGContext, _ size: CGSize) {
    if let error {
        print("\(name): not drawn: \(error)")
        failed = true
        return
    }
    guard let file = expectedDumps[name] else { print("\(name): drawn"); return }
    #if canImport(CoreGraphicsRecorder) && !canImport(CoreGraphics)
        guard let dump = try? String(contentsOfFile: file, encoding: .utf8) else { print("\(name): cannot read \(file)"); failed = true; return }
        if let difference = context.difference(fromDump: dump, size: size) {
            print("\(name): drawn, but not what scenec draws: \(difference)")
            failed = true
        } else {
            print("\(name): drawn, the same operations as scenec's display list")
        }
    #else
        print("\(name): drawn (comparing it with \(file) needs the recorder)")
    #endif
}

let counterContext = makeContext(CounterScene.size)
report("counter", CounterScene.draw(in: counterContext, counter), counterContext, CounterScene.size)
let buttonContext = makeContext(PushButtonScene.size)
report("button", PushButtonScene.draw(in: buttonContext, button), buttonContext, PushButtonScene.size)
exit(failed ? 1 : 0)
