import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Never lose data (issue 5): every output (SVG, PNG, dump -o) is written to a temporary file in
/// the same folder and renamed into place, so an error or a kill at any moment leaves the old file
/// or the new one, never a part of one; ordinary errors and interrupts leave no temporary file.
struct OutputSafetyTests {
    typealias CLI = CommandLineTests

    static func listing(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    @Test func aFailingCompileLeavesEveryKindOfOutputByteIdentical() throws {
        let folder = try CLI.temporaryFolder()
        let scene = folder.appendingPathComponent("bad.scene")
        try "<scene width=\"10\" height=\"10\">\n  <rect width=\"1 / 0\" height=\"1\" fill=\"red\"/>\n</scene>\n"
            .write(to: scene, atomically: true, encoding: .utf8)
        let previous: [UInt8] = Array("previous output\n".utf8) + [0, 0xFF, 0x89]
        for (name, command) in [("out.svg", "render"), ("out.png", "render"), ("out.txt", "dump")] {
            let out = folder.appendingPathComponent(name)
            try Data(previous).write(to: out)
            let r = try CLI.run([command, scene.path, "-o", out.path])
            #expect(r.status == 1, "\(name)")
            #expect(r.stderr.hasPrefix("\(scene.path):2:20: error[E0501]: division by zero\n"), "\(name): \(r.stderr)")
            #expect(try Self.bytes(out) == previous, "\(name) was changed")
        }
        #expect(try Self.listing(folder) == ["bad.scene", "out.png", "out.svg", "out.txt"])
    }

    @Test func anImageOverTheBudgetLeavesTheOldPNG() throws {
        let folder = try CLI.temporaryFolder()
        let out = folder.appendingPathComponent("x.png")
        let previous: [UInt8] = [1, 2, 3]
        try Data(previous).write(to: out)
        // Just under the budget (230 × 230 = 52900 pixels) it is written; just over, refused.
        let under = try CLI.run(["render", "Scenes/counter.scene", "-o", out.path, "--max-pixels", "52900"])
        #expect(under.status == 0)
        let written = try Self.bytes(out)
        #expect(CLI.pngSize(written).map { [$0.width, $0.height] } == [230, 230])
        let over = try CLI.run(["render", "Scenes/counter.scene", "-o", out.path, "--max-pixels", "52899"])
        #expect(over.status == 1)
        #expect(over.stderr.contains("(52900 in all), over the limit of 52899"))
        #expect(try Self.bytes(out) == written)
        #expect(try Self.listing(folder) == ["x.png"])
    }

    @Test func writeErrorsLeaveNoTemporaryFile() throws {
        let folder = try CLI.temporaryFolder()
        // The output path is a folder: the rename fails after the whole file was written.
        let blocker = folder.appendingPathComponent("out.svg")
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: false)
        for (command, extra) in [("render", [String]()), ("dump", [])] {
            let r = try CLI.run([command, "Scenes/face.scene", "-o", blocker.path] + extra)
            #expect(r.status == 1)
            #expect(r.stderr.hasPrefix("scenec: error: cannot write '\(blocker.path)': "), "\(r.stderr)")
            #expect(try Self.listing(folder) == ["out.svg"], "a temporary file was left behind")
            #expect(try Self.listing(blocker).isEmpty)
        }
        // A folder that does not exist: nothing is created anywhere.
        let missing = folder.appendingPathComponent("missing/out.svg").path
        let r = try CLI.run(["render", "Scenes/face.scene", "-o", missing])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("scenec: error: cannot write in '\(folder.path)/missing': No such file or directory"))
        #expect(try Self.listing(folder) == ["out.svg"])
    }

    @Test func successfulWritesReplaceTheFileAndLeaveNothingElse() throws {
        let folder = try CLI.temporaryFolder()
        let out = folder.appendingPathComponent("face.txt")
        try "previous".write(to: out, atomically: true, encoding: .utf8)
        let r = try CLI.run(["dump", "Scenes/face.scene", "-o", out.path])
        #expect(r.status == 0)
        let expected = try CLI.run(["dump", "Scenes/face.scene"]).stdout
        #expect(try String(contentsOf: out, encoding: .utf8) == expected)
        #expect(try Self.listing(folder) == ["face.txt"])
        // Written with the usual permissions for a new file, not mkstemp's 0600.
        let mode = (try FileManager.default.attributesOfItem(atPath: out.path)[.posixPermissions] as? NSNumber)?.intValue
        let mask = umask(0)
        umask(mask)
        #expect(mode == 0o666 & ~Int(mask))
    }

    /// A scene whose SVG is about 12 MB: long enough to write that a kill lands in the middle.
    static let bigScene = """
        <scene width="10" height="10">
          <path stroke="red">
            <move x="0" y="0"/>
            <for var="i" from="0" to="450000"><line x="i * 1.2345" y="i / 7"/></for>
          </path>
        </scene>

        """

    /// Starts `scenec render`, waits until its temporary file appears (or it ends), then sends
    /// `signal`. Returns whether the temporary file was seen before the signal.
    static func interrupt(_ scene: URL, output: URL, signal: Int32) throws -> (sawTemporary: Bool, status: Int32) {
        let process = try CLI.start(["render", scene.path, "-o", output.path])
        let folder = output.deletingLastPathComponent()
        var saw = false
        while process.isRunning {
            if try listing(folder).contains(where: { $0.hasPrefix(".\(output.lastPathComponent).scenec-") }) {
                saw = true
                break
            }
            usleep(500)
        }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return (saw, process.terminationStatus)
    }

    @Test(arguments: [SIGKILL, SIGTERM])
    func aKillWhileWritingLeavesTheOldFileOrTheNewNeverAPart(signal: Int32) throws {
        let folder = try CLI.temporaryFolder()
        let scene = folder.appendingPathComponent("big.scene")
        try Self.bigScene.write(to: scene, atomically: true, encoding: .utf8)
        let reference = folder.appendingPathComponent("reference.svg")
        #expect(try CLI.run(["render", scene.path, "-o", reference.path]).status == 0)
        let new = try Self.bytes(reference)
        #expect(new.count > 10_000_000)
        let old: [UInt8] = Array("<svg>the previous version</svg>\n".utf8)
        let out = folder.appendingPathComponent("out.svg")
        var interruptedMidWrite = 0
        for _ in 0..<2 {
            try Data(old).write(to: out)
            let (saw, _) = try Self.interrupt(scene, output: out, signal: signal)
            if saw { interruptedMidWrite += 1 }
            let now = try Self.bytes(out)
            #expect(now == old || now == new, "out.svg holds \(now.count) bytes: neither the old file nor the new")
            let leftovers = try Self.listing(folder).filter { $0.contains(".scenec-") }
            if signal == SIGKILL {
                // Only SIGKILL can leave the temporary file; it is never the output itself.
                #expect(leftovers.allSatisfy { $0.hasPrefix(".out.svg.scenec-") })
                for name in leftovers { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
            } else {
                #expect(leftovers.isEmpty, "SIGTERM left \(leftovers)")
            }
        }
        // The kills did land while the file was being written.
        #expect(interruptedMidWrite > 0)
    }
}
