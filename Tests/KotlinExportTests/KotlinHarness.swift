import Foundation

/// Compiles generated Kotlin files, the android.graphics stub (AndroidStub/) and a Main.kt with one
/// kotlinc invocation (Debian's `kotlin` package, 1.3.31), runs it in one JVM, and returns its output.
/// Prints how long each step took: kotlinc's start-up is most of what this check adds to `make test`.
enum KotlinHarness {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static let standardLibrary = "/usr/share/java/kotlin-stdlib.jar"

    static func run(generated: [(file: String, text: String)], main: String, root: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kotlin-export-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var sources: [String] = []
        for (file, text) in generated {
            try text.write(toFile: folder + "/" + file, atomically: true, encoding: .utf8)
            sources.append(folder + "/" + file)
        }
        try main.write(toFile: folder + "/Main.kt", atomically: true, encoding: .utf8)
        let stub = root + "/Tests/KotlinExportTests/AndroidStub"
        sources += try FileManager.default.contentsOfDirectory(atPath: stub).filter { $0.hasSuffix(".kt") }.sorted().map { stub + "/" + $0 }
        sources.append(folder + "/Main.kt")
        let started = Date()
        let compile = try execute("/usr/bin/env", ["kotlinc", "-nowarn", "-d", folder + "/classes"] + sources)
        let compiled = Date()
        guard compile.status == 0 else {
            let errors = compile.output.split(separator: "\n").filter { !$0.hasPrefix("OpenJDK") }.joined(separator: "\n")
            throw Failure(description: "kotlinc failed:\n" + errors.prefix(8000))
        }
        let run = try execute("/usr/bin/env", ["java", "-cp", folder + "/classes:" + standardLibrary, "MainKt"])
        guard run.status == 0 else { throw Failure(description: "the harness failed (\(run.status)):\n" + run.output.suffix(3000)) }
        print("Kotlin export proof: kotlinc took \(Int(compiled.timeIntervalSince(started))) s, the JVM \(Int(Date().timeIntervalSince(compiled))) s")
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
