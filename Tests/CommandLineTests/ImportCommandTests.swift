import Foundation
import Testing

/// `scenec import` as a user runs it: a folder of SVGs into scenes that build, the report and its
/// summary, the dry run, --strict, and the output folder's safety (no file it did not write is
/// replaced without --force, no link below it is followed).
struct ImportCommandTests {
    typealias CLI = CommandLineTests

    static let icon = ##"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><path d="M 1 1 H 15 V 15 H 1 Z" fill="#2e3436"/></svg>"##
    static let filtered =
        ##"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="teal" filter="url(#f)"/></svg>"##

    /// icons/a.svg, icons/sub/b.svg (with a filter: a warning), icons/broken.svg (refused).
    static func icons() throws -> URL {
        let folder = try CLI.temporaryFolder()
        let icons = folder.appendingPathComponent("icons")
        try FileManager.default.createDirectory(at: icons.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try icon.write(to: icons.appendingPathComponent("a.svg"), atomically: true, encoding: .utf8)
        try filtered.write(to: icons.appendingPathComponent("sub/b.svg"), atomically: true, encoding: .utf8)
        try "<svg".write(to: icons.appendingPathComponent("broken.svg"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func importsAFolderIntoScenesThatBuild() throws {
        let folder = try Self.icons()
        let r = try CLI.run(["import", "icons", "-o", "scenes"], in: folder)
        #expect(r.status == 1, "a refused file fails the command")
        #expect(r.stderr.hasSuffix("3 files: 1 imported exactly, 1 with warnings, 1 refused\n"), "\(r.stderr)")
        #expect(r.stderr.contains("icons/sub/b.svg:1:"), "the warning is located in the SVG: \(r.stderr)")
        #expect(r.stderr.contains("filter=\"url(#f)\" is not imported"))
        #expect(r.stderr.contains("icons/broken.svg:1:"), "\(r.stderr)")
        let a = try String(contentsOf: folder.appendingPathComponent("scenes/a.scene"), encoding: .utf8)
        #expect(a.contains(##"<path d="M 1 1 H 15 V 15 H 1 Z" fill="#2e3436"/>"##))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("scenes/sub/b.scene").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("scenes/broken.scene").path))
        // The scenes are scenes: they check without a diagnostic.
        let check = try CLI.run(["check", "scenes", "--deny-warnings"], in: folder)
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func checkWritesNothingAndStrictRefusesWarnings() throws {
        let folder = try Self.icons()
        let r = try CLI.run(["import", "--check", "icons/a.svg", "icons/sub"], in: folder)
        #expect(r.status == 0)
        #expect(r.stderr.contains("icons/a.svg: would import exactly → a.scene"))
        #expect(r.stderr.hasSuffix("2 files: 1 imported exactly, 1 with warnings, 0 refused\n"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["icons"])
        let strict = try CLI.run(["import", "--strict", "icons/sub", "-o", "scenes"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("icons/sub/b.svg:1:") && strict.stderr.contains(": error: "), "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("scenes/b.scene").path))
    }

    @Test func neverReplacesAFileItDidNotWriteUnlessForced() throws {
        let folder = try Self.icons()
        let scenes = folder.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        let mine = #"<scene width="1" height="1"/>"# + "\n"
        try mine.write(to: scenes.appendingPathComponent("a.scene"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["import", "icons/a.svg", "-o", "scenes"], in: folder)
        #expect(r.status == 1)
        #expect(r.stderr.contains("scenes/a.scene exists and was not written by scenec import") && r.stderr.contains("--force"), "\(r.stderr)")
        #expect(try String(contentsOf: scenes.appendingPathComponent("a.scene"), encoding: .utf8) == mine)
        // With --force it is replaced; the importer's own file is then replaced without it.
        #expect(try CLI.run(["import", "icons/a.svg", "-o", "scenes", "--force"], in: folder).status == 0)
        #expect(try CLI.run(["import", "icons/a.svg", "-o", "scenes"], in: folder).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scenes.path) == ["a.scene"], "no temporary file is left")
    }

    @Test func neverWritesThroughALinkBelowTheOutputFolder() throws {
        let folder = try Self.icons()
        let outside = folder.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let scenes = folder.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: scenes.appendingPathComponent("sub"), withDestinationURL: outside)
        // icons/sub/b.svg would go to scenes/sub/b.scene: through the link, so it is refused.
        let r = try CLI.run(["import", "icons/sub/b.svg", "icons", "-o", "scenes"], in: folder)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("scenes/sub") && r.stderr.contains("icons/sub/b.svg: refused"), "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: scenes.appendingPathComponent("b.scene").path), "the same file named alone is written")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test func aFileThatCannotBeReadIsNamedWithoutALine() throws {
        let folder = try CLI.temporaryFolder()
        let r = try CLI.run(["import", "missing.svg", "-o", "scenes"], in: folder)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("missing.svg: error: cannot read 'missing.svg'"), "\(r.stderr)")
    }

    @Test func everyOptionHasHelp() throws {
        let r = try CLI.run(["import", "--help"])
        #expect(r.status == 0)
        for option in ["--output <folder>", "--check", "--strict", "--force"] {
            #expect(r.stdout.contains(option), "\(option)")
        }
        let usage = try CLI.run(["import", "icons"])
        #expect(usage.status == 2 && usage.stderr.contains("-o FOLDER"), "\(usage.stderr)")
    }
}
