import Foundation

/// Compiles generated Swift with a main.swift against the recorder and scenec's text measurement, as
/// built by `swift build --build-tests` (their module and object files in .build/debug), runs it,
/// and returns its output.
enum SwiftHarness {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static func run(generated: String, main: String, root: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swift-export-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try generated.write(toFile: folder + "/Generated.swift", atomically: true, encoding: .utf8)
        try main.write(toFile: folder + "/main.swift", atomically: true, encoding: .utf8)
        let build = root + "/.build/debug"
        var objects: [String] = []
        // TextMeasurement (Pango under the pinned fonts): what main.swift sets as the generated
        // code's text measure (`SceneTextMeasurement.measure`), so textWidth measures as scenec does.
        for module in ["CoreGraphicsRecorder", "DisplayList", "SceneSource", "SceneVocabulary", "TextMeasurement", "SceneFonts"] {
            let dir = build + "/\(module).build"
            objects += try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".o") }.sorted().map { dir + "/" + $0 }
        }
        let pango = try execute("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "pangocairo", "fontconfig"])
        guard pango.status == 0 else { throw Failure(description: "pkg-config failed:\n" + pango.output) }
        let pangoFlags = pango.output.split(whereSeparator: \.isWhitespace).flatMap { flag in
            flag.hasPrefix("-l") || flag.hasPrefix("-L") ? [String(flag)] : ["-Xcc", String(flag)]
        }
        let moduleMaps = ["CPango", "CFontconfig"].flatMap { ["-I", root + "/Sources/" + $0] }
        let compile = try execute(
            "/usr/bin/env",
            ["swiftc", "-Onone", "-swift-version", "6", "-warnings-as-errors", "-I", build + "/Modules"]
                + moduleMaps + pangoFlags
                + [folder + "/Generated.swift", folder + "/main.swift"] + objects + ["-o", folder + "/harness"])
        guard compile.status == 0 else { throw Failure(description: "swiftc failed:\n" + compile.output.prefix(6000)) }
        let run = try execute(folder + "/harness", [])
        guard run.status == 0 else { throw Failure(description: "the harness failed (\(run.status)):\n" + run.output.suffix(3000)) }
        return run.output
    }

    static func execute(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
