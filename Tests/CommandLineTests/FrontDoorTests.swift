import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Every command compiles and renders through one road (`SceneCompiler`): what `render` draws,
/// `build` draws, under the same limits and with the same fonts, whatever the machine says.
struct FrontDoorTests {
    typealias CLI = CommandLineTests

    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// A fontconfig configuration that keeps the machine's fonts and puts Liberation Sans before
    /// every family asked for: an unpinned renderer draws the Flo screen's labels in it.
    static func hostileFontconfig() throws -> [String: String] {
        let liberation = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"
        #expect(
            FileManager.default.fileExists(atPath: liberation),
            "Liberation Sans is missing: `make test` installs Debian's fonts-liberation for this test")
        let folder = try CLI.temporaryFolder()
        let conf = folder.appendingPathComponent("hostile.conf").path
        try """
        <?xml version="1.0"?>
        <fontconfig>
          <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
          <dir>/usr/share/fonts/truetype/liberation</dir>
          <match target="pattern">
            <edit name="family" mode="prepend" binding="strong"><string>Liberation Sans</string></edit>
          </match>
        </fontconfig>
        """.write(toFile: conf, atomically: true, encoding: .utf8)
        return ["FONTCONFIG_FILE": conf]
    }

    /// rsvg-convert on an SVG, with an environment.
    static func rsvgConvert(_ svg: String, _ environment: [String: String]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
        process.arguments = [svg]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }

    @Test func buildAndRenderDrawTheSamePixelsUnderAHostileFontconfig() throws {
        let hostile = try Self.hostileFontconfig()
        let folder = try CLI.temporaryFolder().path

        // The environment really is hostile: rsvg-convert draws the labels differently in it.
        let svg = folder + "/flo-graph.svg"
        #expect(try CLI.run(["render", "Scenes/flo.scene", "--set", "showGraph=true", "--set", "counter=8", "-o", svg]).status == 0)
        #expect(
            try Self.rsvgConvert(svg, hostile) != Self.rsvgConvert(svg, [:]),
            "the hostile fontconfig does not change rsvg-convert's output, so this test could not fail")

        // render, with and without it, and build (the manifest's flo-graph variant) with it.
        let plain = folder + "/plain.png", underHostile = folder + "/hostile.png"
        for (out, environment) in [(plain, [String: String]()), (underHostile, hostile)] {
            let r = try CLI.run(
                ["render", "Scenes/flo.scene", "--set", "showGraph=true", "--set", "counter=8", "-o", out],
                environment: environment)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let built = folder + "/built"
        let b = try CLI.run(["build", "Scenes/flo.scene", "-o", built, "--jobs", "2"], environment: hostile)
        #expect(b.status == 0, "\(b.stderr)")
        let reference = try Self.bytes(plain)
        #expect(try Self.bytes(underHostile) == reference, "render depends on the machine's fontconfig")
        #expect(try Self.bytes(built + "/flo-graph.png") == reference, "build draws text differently from render")
        #expect(try Self.bytes(built + "/flo-graph.svg") == Self.bytes(svg))
    }

    @Test func buildRefusesAnImageOverTheElementLimitCleanly() throws {
        let lib = try CLI.temporaryFolder()
        // 50 001 rectangles: over the PNG element limit (50 000 with the root), fine as SVG.
        try """
        <scene width="100" height="100">
          <for var="i" from="0" to="50001"><rect x="i % 100" y="0" width="1" height="1" fill="red"/></for>
        </scene>
        """.write(to: lib.appendingPathComponent("many.scene"), atomically: true, encoding: .utf8)
        let out = lib.appendingPathComponent("out").path
        let r = try CLI.run(["build", lib.path, "-o", out, "--progress", "lines"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("rendered \(out)/many.svg\n"), "\(r.stderr)")
        #expect(
            r.stderr.contains("failed \(out)/many.png: the image's SVG has 50002 elements, over the limit of 50000 for PNG output"),
            "\(r.stderr)")
        #expect(r.stderr.contains("draw fewer shapes, or write SVG only"), "\(r.stderr)")
        // render says the same, with the same limit.
        let single = try CLI.run(["render", lib.appendingPathComponent("many.scene").path, "-o", out + "/x.png"])
        #expect(single.status == 1)
        #expect(single.stderr.contains("the image's SVG has 50002 elements, over the limit of 50000 for PNG output"))
        // Nothing half-written: the SVG only.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [".scenec-cache", ".scenec-outputs", "many.svg"])
    }

    /// A build of many variants on two workers, interrupted with SIGINT at random moments: each
    /// time, no temporary file is left and every output holds either its old or its new bytes.
    @Test func interruptingAParallelBuildLeavesOnlyWholeFiles() throws {
        let lib = try CLI.temporaryFolder()
        let scene = try String(contentsOfFile: Package.folder.appendingPathComponent("Scenes/counter.scene").path, encoding: .utf8)
        try scene.write(to: lib.appendingPathComponent("counter.scene"), atomically: true, encoding: .utf8)
        func manifest(_ color: String) -> String {
            let variants = (0..<40).map { i in
                "{\"name\": \"c\(i)\", \"scene\": \"counter\", \"size\": \"\(200 + i)x\(200 + i)\", "
                    + "\"parameters\": {\"counter\": \"\(i % 9)\", \"counterColor\": \"\(color)\"}}"
            }
            return "{\"scales\": [1, 2, 3], \"variants\": [\n" + variants.joined(separator: ",\n") + "\n]}\n"
        }
        func build(_ color: String, into out: String) throws {
            try manifest(color).write(to: lib.appendingPathComponent("scenes.json"), atomically: true, encoding: .utf8)
            // Without the cache, so every round renders (and the folders hold outputs only).
            let r = try CLI.run(["build", lib.path, "-o", out, "--jobs", "2", "--no-cache"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        // The old and the new outputs, made whole.
        let old = lib.path + "-old", new = lib.path + "-new"
        try build("red", into: old)
        try build("blue", into: new)
        // Every output, and the record of them (the same in both).
        let names = try FileManager.default.contentsOfDirectory(atPath: new).sorted()
        #expect(names.count == 161 && names.contains(".scenec-outputs"))
        var oldBytes: [String: [UInt8]] = [:], newBytes: [String: [UInt8]] = [:]
        for name in names {
            oldBytes[name] = try Self.bytes(old + "/" + name)
            newBytes[name] = try Self.bytes(new + "/" + name)
        }

        // The manifest now says blue; each round starts from the old outputs.
        let started = Date()
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: CLI.binary)
        probe.arguments = ["build", lib.path, "-o", lib.path + "-probe", "--jobs", "2", "--no-cache"]
        probe.standardError = FileHandle.nullDevice
        try probe.run()
        probe.waitUntilExit()
        let full = Date().timeIntervalSince(started)
        var interruptedMidway = 0
        var generator = SystemRandomNumberGenerator()
        for round in 0..<12 {
            let out = lib.path + "-round\(round)"
            try FileManager.default.copyItem(atPath: old, toPath: out)
            let process = try CLI.start(["build", lib.path, "-o", out, "--jobs", "2", "--no-cache"])
            usleep(UInt32(Double.random(in: 0.05...0.9, using: &generator) * full * 1_000_000))
            process.interrupt()
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { interruptedMidway += 1 }
            let left = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
            let extra = left.filter { !names.contains($0) }
            #expect(extra.isEmpty, "round \(round): temporary files left: \(extra)")
            #expect(left.count - extra.count == names.count, "round \(round): outputs went missing")
            for name in names {
                let bytes = try Self.bytes(out + "/" + name)
                #expect(bytes == oldBytes[name] || bytes == newBytes[name], "round \(round): \(name) is neither old nor new")
            }
        }
        // The rounds must mostly have interrupted a build in progress, or they proved nothing.
        #expect(interruptedMidway >= 6, "only \(interruptedMidway) of 12 builds were interrupted midway")
    }
}

/// One voice: every command-line mistake is `scenec: error: …` and a `help:` line, exit status 2.
struct OneVoiceTests {
    typealias CLI = CommandLineTests

    @Test func everyUsageMistakeHasTheSameShape() throws {
        let folder = try CLI.temporaryFolder().path
        let cases: [([String], String, String)] = [
            (["render", "Scenes/counter.scene", "-o", "c.jpg"], "the output must end in .svg, .png or .pdf", "render"),
            (["render", "Scenes/counter.scene", "-o", folder + "/c.png", "--scale", "0"], "--scale expects a number from 0.0001 up", "render"),
            (["build", "-o", folder, "--jobs", "0"], "--jobs expects a positive whole number such as 2, got 0", "build"),
            (["build", "-o", folder, "--shard", "5/4"], "--shard expects K/N with 1 ≤ K ≤ N", "build"),
            (["render", "Scenes/counter.scene"], "missing expected argument '--output <out.svg|out.png|out.pdf>'", "render"),
            (["dump", "Scenes/counter.scene", "--bogus"], "unknown option '--bogus'", "dump"),
            (["frobnicate"], "unexpected argument 'frobnicate'", ""),
        ]
        for (arguments, message, command) in cases {
            let r = try CLI.run(arguments)
            #expect(r.status == 2, "\(arguments)")
            let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first?.hasPrefix("scenec: error: ") == true, "\(arguments): \(r.stderr)")
            #expect(lines.first?.contains(message) == true, "\(arguments): \(r.stderr)")
            #expect(
                lines.dropFirst().first == "help: see 'scenec \(command.isEmpty ? "" : command + " ")--help' for the options",
                "\(arguments): \(r.stderr)")
            #expect(!r.stderr.contains("USAGE:"), "\(arguments): the usage text is not repeated after an error")
            #expect(lines.count == 3, "\(arguments): \(r.stderr)")
        }
    }

    @Test func helpForACommandThatDoesNotExistIsAnError() throws {
        let r = try CLI.run(["help", "nope"])
        #expect(r.status == 2)
        #expect(
            r.stderr == "scenec: error: no command named 'nope'\n"
                + "help: the commands are render, build, diff, test, report, cache, preview, params, dump, check, schema, import, explain, program, export; see 'scenec --help'\n"
        )
        let fine = try CLI.run(["help", "render"])
        #expect(fine.status == 0)
        #expect(fine.stdout.contains("USAGE: scenec render"))
    }

    @Test func checkCountsWhatCouldNotBeReadAndTakesFolders() throws {
        let missing = try CLI.run(["check", "nope.scene"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "scenec: error: cannot read 'nope.scene': no such file or folder\nchecked 1 scene: 1 could not be read\n")
        let folder = try CLI.run(["check", "Scenes"])
        #expect(folder.status == 0, "\(folder.stderr)")
        #expect(folder.stderr == "checked 5 scenes and 15 variants: no errors\n")
        let mixed = try CLI.run([
            "check", "Scenes", "Tests/SceneCompilerTests/Fixtures/error-types.scene", "nope.scene",
            "--diagnostics", "short",
        ])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.hasSuffix("checked 7 scenes and 15 variants: 1 with errors, 1 could not be read\n"), "\(mixed.stderr)")
    }

    @Test func aFIFOGivenAsTheSceneIsRefusedAtOnce() throws {
        let folder = try CLI.temporaryFolder().path
        #expect(mkfifo(folder + "/pipe.scene", 0o600) == 0)
        // Nobody writes to the pipe: opening it for reading the usual way would wait forever.
        let r = try CLI.run(["render", folder + "/pipe.scene", "-o", folder + "/out.svg"])
        #expect(r.status == 2)
        #expect(
            r.stderr.hasPrefix(
                "scenec: error: '\(folder)/pipe.scene' is a FIFO (named pipe), not a regular file; "
                    + "scenec reads only files\nhelp: save the content to a file and name that file\n"), "\(r.stderr)")
    }
}

/// An output never replaces the scene or one of its components.
struct SourceProtectionTests {
    typealias CLI = CommandLineTests

    @Test func anOutputThatIsTheSceneOrAComponentIsRefused() throws {
        let folder = try CLI.temporaryFolder()
        let scene = folder.appendingPathComponent("a.scene").path
        let part = folder.appendingPathComponent("part.scene").path
        let partText = "<scene width=\"10\" height=\"10\"><rect width=\"5\" height=\"5\" fill=\"red\"/></scene>\n"
        let sceneText = "<scene width=\"20\" height=\"20\"><use src=\"part.scene\"/></scene>\n"
        try partText.write(toFile: part, atomically: true, encoding: .utf8)
        try sceneText.write(toFile: scene, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.svg").path, withDestinationPath: scene)
        let cases: [([String], String)] = [
            (["dump", scene, "-o", scene], "the output '\(scene)' is \(scene), the scene being compiled; it would be overwritten"),
            (["render", scene, "-o", folder.appendingPathComponent("link.svg").path], "the scene being compiled"),
            (["render", scene, "-o", folder.path + "/../" + folder.lastPathComponent + "/part.scene.svg"], ""),
            (["dump", scene, "-o", part], "a component the scene uses"),
        ]
        for (arguments, message) in cases {
            let r = try CLI.run(arguments)
            if message.isEmpty {
                // A different file: written as asked.
                #expect(r.status == 0, "\(arguments): \(r.stderr)")
                continue
            }
            #expect(r.status == 1, "\(arguments)")
            #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
        #expect(try String(contentsOfFile: scene, encoding: .utf8) == sceneText)
        #expect(try String(contentsOfFile: part, encoding: .utf8) == partText)
    }
}

/// A library can share components between folders: the project is the folder given to `build`.
struct ProjectFolderTests {
    typealias CLI = CommandLineTests

    @Test func componentsFromASiblingFolderWorkInsideTheProjectOnly() throws {
        let lib = try CLI.temporaryFolder().appendingPathComponent("Lib")
        try FileManager.default.createDirectory(at: lib.appendingPathComponent("controls"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: lib.appendingPathComponent("common"), withIntermediateDirectories: true)
        try "<scene width=\"10\" height=\"10\"><oval width=\"width\" height=\"height\" fill=\"green\"/></scene>\n"
            .write(to: lib.appendingPathComponent("common/toggle.scene"), atomically: true, encoding: .utf8)
        let row = lib.appendingPathComponent("controls/row.scene")
        try "<scene width=\"30\" height=\"10\"><use src=\"../common/toggle.scene\" x=\"20\"/></scene>\n"
            .write(to: row, atomically: true, encoding: .utf8)
        let out = lib.deletingLastPathComponent().appendingPathComponent("out").path

        let whole = try CLI.run(["build", lib.path, "-o", out])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/row.png"))

        // Built on its own, controls/ is the project: ../common is outside it.
        let alone = try CLI.run(["build", lib.appendingPathComponent("controls").path, "-o", out, "--diagnostics", "short"])
        #expect(alone.status == 1)
        #expect(alone.stderr.contains("'../common/toggle.scene' leaves the project folder"), "\(alone.stderr)")
        // --project widens it, for build and for render alike.
        let widened = try CLI.run(["build", lib.appendingPathComponent("controls").path, "-o", out, "--project", lib.path])
        #expect(widened.status == 0, "\(widened.stderr)")
        let render = try CLI.run(["render", row.path, "-o", out + "/r.svg", "--project", lib.path])
        #expect(render.status == 0, "\(render.stderr)")
        let refused = try CLI.run(["render", row.path, "-o", out + "/r.svg", "--diagnostics", "short"])
        #expect(refused.status == 1)
    }
}
