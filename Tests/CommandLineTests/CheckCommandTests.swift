import Foundation
import Testing

/// `scenec check`: the static checker, --set, the manifest's variants and --deny-warnings.
struct CheckCommandTests {
    typealias CLI = CommandLineTests

    /// A folder with one scene whose mistakes only some parameter values reach, and a manifest.
    static func gauge(manifest: Bool = true) throws -> URL {
        let folder = try CLI.temporaryFolder()
        try """
        <scene width="100" height="100">
          <param name="level" type="number" default="0.5"/>
          <assert test="level le 1" message="level is a fraction of 1"/>
          <rect width="100 / (1 - level)" height="10" fill="red"/>
        </scene>

        """.write(to: folder.appendingPathComponent("gauge.scene"), atomically: true, encoding: .utf8)
        if manifest {
            try #"{"variants": [{"name": "full", "scene": "gauge", "parameters": {"level": "1"}}]}"#
                .write(to: folder.appendingPathComponent("scenes.json"), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func anErrorInAnUntakenBranchFailsTheCheck() throws {
        let folder = try CLI.temporaryFolder()
        let scene = folder.appendingPathComponent("big.scene").path
        try """
        <scene width="10" height="10">
          <param name="big" type="bool" default="false"/>
          <if test="big"><rect width="sizee" height="1" fill="red"/></if>
        </scene>

        """.write(toFile: scene, atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", scene, "--diagnostics", "short"])
        #expect(r.status == 1)
        #expect(
            r.stderr == "\(scene):3:31: error[E0203]: undefined name 'sizee'\n  help: names in scope here: big, height, width\n"
                + "checked 1 scene: 1 with errors\n")
    }

    @Test func setEvaluatesWithOtherValues() throws {
        let scene = try Self.gauge(manifest: false).appendingPathComponent("gauge.scene").path
        #expect(try CLI.run(["check", scene]).status == 0)
        let full = try CLI.run(["check", scene, "--set", "level=1", "--diagnostics", "short"])
        #expect(full.status == 1)
        #expect(full.stderr.contains("gauge.scene:4:23: error[E0501]: division by zero"))
        let wrong = try CLI.run(["check", scene, "--set", "levle=1"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("unknown parameter 'levle'"))
        #expect(wrong.stderr.hasSuffix("checked 1 scene: 1 not checked: --set does not fit\n"))
    }

    @Test func everyVariantOfTheManifestIsEvaluated() throws {
        let folder = try Self.gauge()
        let r = try CLI.run(["check", folder.path, "--diagnostics", "short"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("gauge.scene:4:23: error[E0501]: division by zero\n  note: in variant 'full' of the manifest\n"))
        #expect(r.stderr.hasSuffix("checked 1 scene and 1 variant: 1 with errors\n"))
        // The same manifest named with --manifest, for a scene given as a file.
        let other = folder.appendingPathComponent("other.json")
        try #"{"variants": [{"name": "over", "scene": "gauge", "parameters": {"level": "2"}}]}"#
            .write(to: other, atomically: true, encoding: .utf8)
        let named = try CLI.run(["check", folder.path, "--manifest", other.path, "--diagnostics", "short"])
        #expect(named.stderr.contains("error[E0505]: level is a fraction of 1\n  note: in variant 'over' of the manifest\n"))
        // One error, not the division by zero the assert guards.
        #expect(!named.stderr.contains("E0501"))
    }

    @Test func warningsFailOnlyWithDenyWarnings() throws {
        let folder = try CLI.temporaryFolder()
        let scene = folder.appendingPathComponent("w.scene").path
        try """
        <scene width="10" height="10">
          <let name="spare" value="1"/>
          <group rotate="90"><rect width="1" height="1" fill="rgb(0.5, 0.5, 0.5)"/></group>
        </scene>

        """.write(toFile: scene, atomically: true, encoding: .utf8)
        let plain = try CLI.run(["check", scene, "--diagnostics", "short"])
        #expect(plain.status == 0)
        #expect(plain.stderr.contains("w.scene:2:14: warning[W0201]: 'spare' is never used"))
        #expect(plain.stderr.contains("w.scene:3:18: warning[W0206]: rotate=\"90\" is 90 radians"))
        #expect(plain.stderr.contains("w.scene:3:55: warning[W0205]: rgb() channels run from 0 to 255"))
        #expect(plain.stderr.hasSuffix("checked 1 scene: no errors, 3 warnings\n"))
        let denied = try CLI.run(["check", scene, "--deny-warnings", "--diagnostics", "short"])
        #expect(denied.status == 1)
        #expect(denied.stderr.hasSuffix("checked 1 scene: 3 warnings, which fail 1 scene (--deny-warnings)\n"))
        // render shows the same warnings and still writes the file.
        let out = folder.appendingPathComponent("w.svg").path
        let render = try CLI.run(["render", scene, "-o", out, "--diagnostics", "short"])
        #expect(render.status == 0)
        #expect(render.stderr.contains("warning[W0201]: 'spare' is never used"))
        #expect(FileManager.default.fileExists(atPath: out))
        let strictOut = folder.appendingPathComponent("strict.svg").path
        let strict = try CLI.run(["render", scene, "-o", strictOut, "--deny-warnings", "--diagnostics", "short"])
        #expect(strict.status == 1)
        #expect(strict.stderr.hasSuffix("scenec: error: the scene has warnings and --deny-warnings is given; nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: strictOut))
        // build: the warnings are shown; with --deny-warnings the variant fails and makes no file.
        let built = try CLI.run([
            "build", scene, "-o", folder.appendingPathComponent("out").path, "--progress", "lines",
            "--diagnostics", "short", "--no-cache",
        ])
        #expect(built.status == 0)
        #expect(built.stderr.contains("warning[W0201]: 'spare' is never used"))
        let strictFolder = folder.appendingPathComponent("strict")
        let strictBuild = try CLI.run([
            "build", scene, "-o", strictFolder.path, "--progress", "lines", "--deny-warnings",
            "--diagnostics", "short",
        ])
        #expect(strictBuild.status == 1)
        #expect(strictBuild.stderr.contains("w.svg: the scene has warnings (--deny-warnings)"))
        #expect(!FileManager.default.fileExists(atPath: strictFolder.appendingPathComponent("w.svg").path))
    }
}
