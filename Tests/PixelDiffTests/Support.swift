import Foundation
import PNGBackend
import RasterImage
import PixelDiff
import SceneCompiler
import Testing

/// A scene written in the test, compiled and rendered as `scenec render` would.
func render(_ scene: String, scale: Double = 1, sourceLocation: SourceLocation = #_sourceLocation) throws -> RGBAImage {
    let compiler = SceneCompiler()
    let compilation = compiler.compile(compiler.load(path: "test.scene", bytes: Array(scene.utf8)))
    let list = try #require(compilation.list, "\(compilation.diagnostics)", sourceLocation: sourceLocation)
    var options = RasterOptions()
    options.scale = scale
    return try PNGBackend.image(list, options: options)
}

/// A scene of `width` × `height` points holding `body`.
func scene(_ width: Int, _ height: Int, _ body: String) -> String {
    "<scene width=\"\(width)\" height=\"\(height)\">\n\(body)\n</scene>"
}

/// An image of one color with some pixels of another.
func image(
    _ width: Int, _ height: Int, _ background: RGBAImage.Pixel,
    _ pixels: [(Int, Int)] = [], _ color: RGBAImage.Pixel = .init(0, 0, 0)
) -> RGBAImage {
    RGBAImage(width: width, height: height, filledWith: background).replacing(pixels.map { ($0.0, $0.1, color) })
}

func compare(_ a: RGBAImage, _ b: RGBAImage, _ configure: (inout DiffOptions) -> Void = { _ in }) -> DiffResult {
    var options = DiffOptions()
    configure(&options)
    return PixelDiff.compare(a, b, options: options)
}

extension RGBAImage.Pixel {
    static let white = RGBAImage.Pixel(255, 255, 255)
    static let gray = RGBAImage.Pixel(128, 128, 128)
    static let clear = RGBAImage.Pixel(0, 0, 0, 0)
}

/// The package checkout: commands run in it, so paths read as a user types them.
enum Package {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}

/// Child processes: the built `scenec` and python3.
enum Tool {
    /// The `scenec` built beside this test binary, else `.build/debug/scenec`.
    static let scenec: String = {
        if let beside = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("scenec").path,
            FileManager.default.isExecutableFile(atPath: beside)
        {
            return beside
        }
        return Package.folder.appendingPathComponent(".build/debug/scenec").path
    }()

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = Package.folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Standard error is read on another thread, so that neither pipe can fill up and stall the child.
        let errors = ErrorReader(err.fileHandleForReading)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), errors.text())
    }

    private final class ErrorReader: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)
        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }
        }
        func text() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }
}
