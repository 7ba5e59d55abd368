import Foundation
import TextMeasurement

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
        // kotlinc's own default heap (256 MB) is too small for every scene, fixture and limit scene in one run.
        let compile = try execute("/usr/bin/env", ["kotlinc", "-J-Xmx1536M", "-nowarn", "-d", folder + "/classes"] + sources)
        let compiled = Date()
        guard compile.status == 0 else {
            let errors = compile.output.split(separator: "\n").filter { !$0.hasPrefix("OpenJDK") }.joined(separator: "\n")
            throw Failure(description: "kotlinc failed:\n" + errors.prefix(8000))
        }
        let run = try measuringText(["java", "-cp", folder + "/classes:" + standardLibrary, "MainKt"])
        guard run.status == 0 else { throw Failure(description: "the harness failed (\(run.status)):\n" + run.output.suffix(3000)) }
        print("Kotlin export proof: kotlinc took \(Int(compiled.timeIntervalSince(started))) s, the JVM \(Int(Date().timeIntervalSince(compiled))) s")
        return run.output
    }

    /// Runs the JVM, answering the stub's text measurements (`MEASURE <text> <family> <size> <weight>`,
    /// text and family in base64; AndroidStub/Graphics.kt) with Pango under the pinned fonts, as
    /// scenec measures: `Paint.measureText` then gives what `textWidth` gives in the evaluator.
    /// Returns the other lines.
    static func measuringText(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = input
        try process.run()
        var kept: [UInt8] = []
        // The line being read: a case's JSON can be megabytes, so it is scanned once, chunk by chunk.
        var pending: [UInt8] = []
        let reader = output.fileHandleForReading
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            for byte in chunk {
                pending.append(byte)
                guard byte == 10 else { continue }
                if pending.starts(with: Array("MEASURE ".utf8)) {
                    let answer = measure(String(decoding: pending.dropLast(), as: UTF8.self)).map { "\($0)\n" } ?? "NaN\n"
                    try input.fileHandleForWriting.write(contentsOf: Data(answer.utf8))
                } else {
                    kept += pending
                }
                pending.removeAll(keepingCapacity: true)
            }
        }
        kept += pending
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: kept, as: UTF8.self))
    }

    /// One `MEASURE` request's width, nil when it cannot be read or measured.
    static func measure(_ request: String) -> Double? {
        let parts = request.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 5, let text = Data(base64Encoded: String(parts[1])), let family = Data(base64Encoded: String(parts[2])),
            let size = Double(parts[3]), let weight = Int(parts[4])
        else { return nil }
        return PangoMeasurer.shared.width(
            of: String(decoding: text, as: UTF8.self), family: String(decoding: family, as: UTF8.self),
            size: size, weight: weight)
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
