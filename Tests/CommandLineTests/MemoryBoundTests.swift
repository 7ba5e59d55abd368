import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Memory stays bounded (issue 5): a scene of at most 1 MB never needs more than a few hundred MB,
/// whatever it asks for. Each adversarial input below runs in the real `scenec` binary, and the
/// peak resident memory of that one process is read from `wait4` (no timing is involved).
struct MemoryBoundTests {
    /// The bound checked: 300 MB of peak resident memory (the largest case needs about 180 MB).
    static let boundKB = 300 * 1024

    struct Measured {
        let status: Int32
        let maxRSSKB: Int
        let stderr: String
    }

    /// Runs scenec with `arguments` and returns its exit status and peak RSS (kB), measured for
    /// this child alone. A small python3 process forks and waits for scenec and reports wait4's
    /// figure: spawned straight from this test process, the child's peak would start at this
    /// (large, multi-test) process's own peak, because posix_spawn shares its memory until exec.
    static func measure(_ arguments: [String], in folder: URL) throws -> Measured {
        let id = UUID().uuidString
        let errPath = folder.appendingPathComponent("stderr-\(id).txt").path
        let resultPath = folder.appendingPathComponent("rusage-\(id).txt").path
        let script = """
            import os, sys
            pid = os.fork()
            if pid == 0:
                os.execv(sys.argv[2], sys.argv[2:])
            _, status, usage = os.wait4(pid, 0)
            open(sys.argv[1], "w").write("%d %d" % (status, usage.ru_maxrss))
            """
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = (["python3", "-c", script, resultPath, CommandLineTests.binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "python3", &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var wrapperStatus: Int32 = 0
        while waitpid(pid, &wrapperStatus, 0) < 0 && errno == EINTR {}
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        let fields = ((try? String(contentsOfFile: resultPath, encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int32($0) }
        guard fields.count == 2 else { return Measured(status: -1, maxRSSKB: 0, stderr: stderr) }
        let status = fields[0]
        let exited = status & 0x7f == 0
        return Measured(
            status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f),
            maxRSSKB: Int(fields[1]), stderr: stderr)
    }

    static let head = "<scene width=\"100\" height=\"100\">\n"
    static let megabyte = 1 << 20

    /// Adversarial scenes of at most 1 MB: name, text, the exit status expected, and what stderr starts with.
    static let cases: [(name: String, text: String, status: Int32, message: String)] = {
        var cases: [(String, String, Int32, String)] = []
        // The operation limit's worth of cheap operations (each paint is one entry of display list),
        // written out as SVG.
        cases.append(("operations", head + "<for var=\"i\" from=\"0\" to=\"500000\"><paint fill=\"red\"/></for>\n</scene>\n", 0, ""))
        // Past it: stopped at the limit.
        cases.append(
            (
                "too-many-operations", head + "<for var=\"i\" from=\"0\" to=\"2000000\"><paint fill=\"red\"/></for>\n</scene>\n", 1,
                "ops.scene:2:37: error[E0605]: the scene draws more than 500000 operations"
            ))
        // One path of 450 000 curves (about as many as the step limit allows), written out as an 11 MB SVG.
        cases.append(
            (
                "segments",
                head + "<path stroke=\"red\"><move x=\"0\" y=\"0\"/><for var=\"i\" from=\"0\" to=\"450000\">"
                    + "<curve x=\"i\" y=\"1\" cx1=\"2\" cy1=\"3\" cx2=\"4\" cy2=\"5\"/></for></path>\n</scene>\n", 0, ""
            ))
        // A gradient of 100 000 stops used 1000 times.
        cases.append(
            (
                "stops",
                head
                    + "<gradient name=\"g\"><for var=\"i\" from=\"0\" through=\"100000\"><stop offset=\"i / 100000\" color=\"red\"/></for></gradient>"
                    + "<for var=\"k\" from=\"0\" to=\"1000\"><rect width=\"10\" height=\"10\" fill=\"linear(g, 0, 0, k, 10)\"/></for>\n</scene>\n", 1,
                "ops.scene:2:148: error[E0607]: the display list grows past the limit of 1000000 entries"
            ))
        // A list at the length limit, folded a million times.
        let list = "[" + Array(repeating: "1", count: 99_000).joined(separator: ",") + "]"
        cases.append(
            (
                "lists",
                head
                    + "<let name=\"l\" value=\"\(list)\"/><for var=\"i\" from=\"0\" to=\"1000000\"><let name=\"m\" value=\"max(l) + sum(l)\"/></for>\n</scene>\n",
                1,
                "ops.scene:2:198082: error[E0606]: evaluation takes more than 100000000 steps"
            ))
        // Strings at the length limit, concatenated a million times.
        let text = String(repeating: "a", count: 32_768)
        cases.append(
            (
                "strings",
                head
                    + "<param name=\"s\" type=\"string\" default=\"\(text)\"/><for var=\"i\" from=\"0\" to=\"1000000\"><let name=\"t\" value=\"s + s\"/></for>\n</scene>\n",
                1,
                "ops.scene:2:32867: error[E0606]: evaluation takes more than 100000000 steps"
            ))
        // A 1 MB list literal (half a million elements, far over the list limit) to parse.
        let huge = "[" + String(Array(repeating: "1,", count: 500_000).joined().dropLast().prefix(megabyte - 100)) + "]"
        cases.append(
            (
                "parse", head + "<let name=\"l\" value=\"\(huge)\"/>\n</scene>\n", 1,
                "ops.scene:2:22: error[E0608]: list has 500000 elements; the limit is 100000"
            ))
        // 1 MB of elements, each filled and stroked.
        let element = "<rect width=\"1\" height=\"1\" fill=\"red\" stroke=\"blue\"/>\n"
        cases.append(("elements", head + String(repeating: element, count: (megabyte - 100) / element.utf8.count) + "</scene>\n", 0, ""))
        return cases
    }()

    @Test func aPNGAtTheElementLimitStaysUnderTheMemoryBound() throws {
        // 49 999 squares and the <svg> root: just under PNG output's 50 000 elements, each of which
        // librsvg holds in memory while it renders.
        let folder = try CommandLineTests.temporaryFolder()
        let scene = folder.appendingPathComponent("paints.scene")
        // (Squares of one point: 49 999 paints of the whole image would pass the painting budget.)
        try
            (Self.head
            + "<for var=\"i\" from=\"0\" to=\"49999\"><rect x=\"i % 100\" y=\"i // 500\" width=\"1\" height=\"1\" fill=\"red\" opacity=\"0.5\"/></for>\n</scene>\n")
            .write(to: scene, atomically: true, encoding: .utf8)
        let png = try Self.measure(["render", scene.path, "-o", folder.appendingPathComponent("out.png").path], in: folder)
        #expect(png.status == 0, "\(png.stderr.prefix(300))")
        #expect(png.maxRSSKB > 0 && png.maxRSSKB < Self.boundKB, "render to PNG used \(png.maxRSSKB / 1024) MB")
    }

    @Test func theLargestSceneAndComponentTheDefaultsAcceptStayUnderTheMemoryBound() throws {
        // The worst case for the default limits (issue 13): a scene at the file limit (1 MiB) that
        // places a component at the file limit, both list literals filling the file (the kind of
        // content that costs the most memory per byte), 2 MiB together: the total limit. Measured
        // with a release build: 192 MB.
        let folder = try CommandLineTests.temporaryFolder()
        func literal(_ bytes: Int) -> String { "[" + Array(repeating: "1", count: bytes / 2).joined(separator: ",") + "]" }
        let component = Self.head + "<let name=\"l\" value=\"" + literal(Self.megabyte - 120) + "\"/>\n</scene>\n"
        let main = Self.head + "<use src=\"c.scene\"/>\n<let name=\"k\" value=\"" + literal(Self.megabyte - 140) + "\"/>\n</scene>\n"
        #expect(component.utf8.count <= Self.megabyte && main.utf8.count <= Self.megabyte)
        #expect(component.utf8.count + main.utf8.count > Self.megabyte * 2 - 400)
        try component.write(to: folder.appendingPathComponent("c.scene"), atomically: true, encoding: .utf8)
        let scene = folder.appendingPathComponent("main.scene")
        try main.write(to: scene, atomically: true, encoding: .utf8)
        let run = try Self.measure(
            [
                "render", scene.path, "-o", folder.appendingPathComponent("out.svg").path,
                "--diagnostics", "short",
            ], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("error[E0608]: list has"), "\(run.stderr.prefix(300))")
        #expect(run.maxRSSKB > 0 && run.maxRSSKB < Self.boundKB, "render used \(run.maxRSSKB / 1024) MB")
    }

    @Test(arguments: cases.map(\.name))
    func aMegabyteOfHostileSceneStaysUnderTheMemoryBound(_ name: String) throws {
        let c = try #require(Self.cases.first { $0.name == name })
        #expect(c.text.utf8.count <= Self.megabyte)
        let folder = try CommandLineTests.temporaryFolder()
        let scene = folder.appendingPathComponent("ops.scene")
        try c.text.write(to: scene, atomically: true, encoding: .utf8)
        let svg = try Self.measure(
            [
                "render", scene.path, "-o", folder.appendingPathComponent("out.svg").path,
                "--diagnostics", "short",
            ], in: folder)
        #expect(svg.status == c.status, "\(svg.stderr.prefix(300))")
        #expect(
            svg.stderr.hasPrefix(c.message.isEmpty ? "" : scene.path + c.message.dropFirst("ops.scene".count)),
            "\(svg.stderr.prefix(300))")
        #expect(svg.maxRSSKB > 0 && svg.maxRSSKB < Self.boundKB, "render used \(svg.maxRSSKB / 1024) MB")
        if c.status == 0 {
            // The dump with locations is the largest text output.
            let dump = try Self.measure(
                ["dump", scene.path, "--locations", "-o", folder.appendingPathComponent("out.txt").path],
                in: folder)
            #expect(dump.status == 0)
            #expect(dump.maxRSSKB > 0 && dump.maxRSSKB < Self.boundKB, "dump used \(dump.maxRSSKB / 1024) MB")
        }
    }
}
