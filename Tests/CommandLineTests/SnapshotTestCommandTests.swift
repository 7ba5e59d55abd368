import Foundation
import Testing

/// `scenec test` as a team uses it in CI: references recorded once, a change caught with a JUnit
/// entry, a Markdown summary and a review page, accepted with one command.
struct SnapshotTestCommandTests {
    typealias CLI = CommandLineTests

    /// A copy of Scenes/ (with its manifest, without the project's own references) in a folder of its own.
    static func library() throws -> URL {
        let folder = try CLI.temporaryFolder()
        try FileManager.default.copyItem(at: DiffCommandTests.scenes, to: folder.appendingPathComponent("Scenes"))
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("Scenes/__snapshots__"))
        return folder
    }

    static let onCI = ["CI": "true"]

    /// A variant that passed cleanly with the same inputs and references passes again without being
    /// compiled or rendered; a changed component is looked at again in exactly the variants that
    /// place it (push-button: the two buttons and the two Flo screens); a changed reference too.
    @Test func anUnchangedVariantIsNeitherCompiledNorRenderedAgain() throws {
        let lib = try Self.library()
        let unseen = " unchanged since last passing, neither compiled nor rendered (cache .scenec/cache; --no-cache looks again)\n"
        #expect(try CLI.run(["test"], in: lib).status == 0)
        // The first comparison remembers the passes; the second skips them all.
        let clean = try CLI.run(["test"], environment: Self.onCI, in: lib)
        #expect(clean.stderr == "15 variants: 15 passed, 0 failed, 0 errors, 0 recorded\n", "\(clean.stderr)")
        let again = try CLI.run(["test"], environment: Self.onCI, in: lib)
        #expect(
            again.stderr == "test: 15 variants" + unseen + "15 variants: 15 passed, 0 failed, 0 errors, 0 recorded\n",
            "\(again.stderr)")
        // --no-cache compares every variant again.
        let looked = try CLI.run(["test", "--no-cache"], environment: Self.onCI, in: lib)
        #expect(looked.stderr == "15 variants: 15 passed, 0 failed, 0 errors, 0 recorded\n", "\(looked.stderr)")
        // A component changes: the four variants placing it are compiled and compared, the eleven others are not.
        try DiffCommandTests.edit(lib.appendingPathComponent("Scenes/push-button.scene"), "rgb(87, 218, 213)", "rgb(200, 30, 30)")
        let changed = try CLI.run(["test"], environment: Self.onCI, in: lib)
        #expect(changed.status == 1)
        #expect(changed.stderr.contains("test: 11 variants" + unseen), "\(changed.stderr)")
        #expect(changed.stderr.hasSuffix("15 variants: 12 passed, 3 failed, 0 errors, 0 recorded\n"), "\(changed.stderr)")
        // The change undone, but one reference replaced (recorded over): that variant is compared again.
        try DiffCommandTests.edit(lib.appendingPathComponent("Scenes/push-button.scene"), "rgb(200, 30, 30)", "rgb(87, 218, 213)")
        let counter = lib.appendingPathComponent("Scenes/__snapshots__/counter@2x.png")
        let copy = try Data(contentsOf: counter)
        try Data(contentsOf: lib.appendingPathComponent("Scenes/__snapshots__/counter-3@2x.png")).write(to: counter)
        let reference = try CLI.run(["test"], environment: Self.onCI, in: lib)
        #expect(reference.stderr.contains("FAIL counter "), "\(reference.stderr)")
        #expect(reference.stderr.hasSuffix("15 variants: 14 passed, 1 failed, 0 errors, 0 recorded\n"), "\(reference.stderr)")
        try copy.write(to: counter)
        let restored = try CLI.run(["test"], environment: Self.onCI, in: lib)
        #expect(restored.stderr.contains("test: 15 variants" + unseen), "\(restored.stderr)")
    }

    /// A pass is remembered for this machine only: a `.scenec/cache` that came from elsewhere (a
    /// committed one, another user's) holds no pass this machine trusts, so a forged entry cannot
    /// make a changed drawing pass unseen. Two cache homes stand for two machines.
    @Test func aPassFromAnotherMachineIsNotTrusted() throws {
        let lib = try Self.library()
        let unseen = " unchanged since last passing, neither compiled nor rendered"
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let here = Self.onCI.merging(["XDG_CACHE_HOME": home.appendingPathComponent("here").path]) { $1 }
        let elsewhere = Self.onCI.merging(["XDG_CACHE_HOME": home.appendingPathComponent("elsewhere").path]) { $1 }
        #expect(try CLI.run(["test"], in: lib).status == 0)
        #expect(try CLI.run(["test"], environment: elsewhere, in: lib).status == 0)
        let again = try CLI.run(["test"], environment: elsewhere, in: lib)
        #expect(again.stderr.contains("test: 15 variants" + unseen), "\(again.stderr)")
        // The same cache folder on another machine: every variant is compiled and compared.
        let there = try CLI.run(["test"], environment: here, in: lib)
        #expect(there.status == 0)
        #expect(!there.stderr.contains(unseen), "\(there.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("here/scenec/secret").path))
    }

    @Test func aNewUsersDay() throws {
        let lib = try Self.library()
        // First run on a workstation: every reference is recorded.
        let first = try CLI.run(["test"], in: lib)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.hasSuffix("15 variants: 0 passed, 0 failed, 0 errors, 15 recorded\n"), "\(first.stderr)")
        let references = try FileManager.default.contentsOfDirectory(atPath: lib.path + "/Scenes/__snapshots__").sorted()
        #expect(references.count == 30)
        #expect(references.contains("plus-button.dump") && references.contains("plus-button@2x.png"))
        // In CI nothing changed: every variant passes and nothing is written.
        let clean = try CLI.run(["test"], environment: Self.onCI, in: lib)
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stderr == "15 variants: 15 passed, 0 failed, 0 errors, 0 recorded\n")

        // A widget's color changes: CI fails, and says where.
        try DiffCommandTests.edit(lib.appendingPathComponent("Scenes/push-button.scene"), "rgb(87, 218, 213)", "rgb(200, 30, 30)")
        let failing = try CLI.run(["test", "--junit", "junit.xml", "--summary", "summary.md"], environment: Self.onCI, in: lib)
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("FAIL plus-button (Scenes/push-button.scene): "), "\(failing.stderr)")
        #expect(
            failing.stderr.contains("  changed fill <oval> at Scenes/push-button.scene:10:4: paint #57dad5ff → #c81e1eff\n"),
            "\(failing.stderr)")
        #expect(failing.stderr.contains("review page: .scenec/test-report/index.html\n"))
        #expect(failing.stderr.hasSuffix("15 variants: 12 passed, 3 failed, 0 errors, 0 recorded\n"), "\(failing.stderr)")
        let junit = try String(contentsOf: lib.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuite name=\"scenec test\" tests=\"15\" failures=\"3\" errors=\"0\""), "\(junit)")
        #expect(junit.contains("<testcase classname=\"Scenes/push-button.scene\" name=\"plus-button\""))
        #expect(junit.contains("changed fill &lt;oval&gt; at Scenes/push-button.scene:10:4: paint #57dad5ff → #c81e1eff"))
        let summary = try String(contentsOf: lib.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("### scenec test: ❌ 15 variants: 12 passed, 3 failed, 0 errors, 0 recorded\n"))
        #expect(summary.contains("| `plus-button` | `Scenes/push-button.scene` | ❌ failed |"), "\(summary)")
        let page = try String(contentsOf: lib.appendingPathComponent(".scenec/test-report/index.html"), encoding: .utf8)
        #expect(page.contains("plus-button"))
        #expect(FileManager.default.fileExists(atPath: lib.path + "/.scenec/test-report/images/plus-button-diff.png"))
        // The minus button passes its own color from the manifest: unchanged, not reported.
        #expect(!failing.stderr.contains("minus-button"))

        // Accepted with one command, then CI passes again.
        let accept = try CLI.run(["test", "--record", "failed"], in: lib)
        #expect(accept.status == 0, "\(accept.stderr)")
        #expect(accept.stderr.contains("recorded plus-button: reference rewritten: "))
        let green = try CLI.run(["test"], environment: Self.onCI, in: lib)
        #expect(green.status == 0, "\(green.stderr)")
    }

    @Test func missingReferencesFailInCIAndNotesDoNotFail() throws {
        let lib = try Self.library()
        #expect(try CLI.run(["test"], in: lib).status == 0)
        try FileManager.default.removeItem(atPath: lib.path + "/Scenes/__snapshots__/face-sad.dump")
        let missing = try CLI.run(["test"], environment: Self.onCI, in: lib)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("FAIL face-sad (Scenes/face.scene): no reference"), "\(missing.stderr)")
        // --record none says the same on a workstation; --record missing writes it again.
        #expect(try CLI.run(["test", "--record", "none"], in: lib).status == 1)
        #expect(try CLI.run(["test"], in: lib).status == 0)

        // An invisible shape changes the operations but not one pixel: a note, and a pass.
        try DiffCommandTests.edit(
            lib.appendingPathComponent("Scenes/face.scene"), "</scene>",
            "  <rect x=\"1\" y=\"1\" width=\"3\" height=\"3\" fill=\"red\" opacity=\"0\"/>\n</scene>")
        let note = try CLI.run(["test"], environment: Self.onCI, in: lib)
        #expect(note.status == 0, "\(note.stderr)")
        #expect(
            note.stderr.contains("note face-happy (Scenes/face.scene): the operations changed (1) but the pixels did not"),
            "\(note.stderr)")
    }

    @Test func aToleranceInTheManifestLetsSmallChangesPass() throws {
        let lib = try Self.library()
        #expect(try CLI.run(["test"], in: lib).status == 0)
        // Move the counter's label of the Flo screen by one point: a few hundred pixels change.
        try DiffCommandTests.edit(lib.appendingPathComponent("Scenes/flo.scene"), "size=\"36\"", "size=\"37\"")
        let strict = try CLI.run(["test", "Scenes"], environment: Self.onCI, in: lib)
        #expect(strict.status == 1)
        try DiffCommandTests.edit(
            lib.appendingPathComponent("Scenes/scenes.json"),
            "{\"name\": \"flo\", \"scene\": \"flo\"}",
            "{\"name\": \"flo\", \"scene\": \"flo\", \"snapshot\": {\"maxChangedShare\": 0.01}}")
        let tolerant = try CLI.run(["test", "Scenes"], environment: Self.onCI, in: lib)
        #expect(tolerant.status == 0, "\(tolerant.stderr)")
        #expect(tolerant.stderr.contains("note flo (Scenes/flo.scene): the operations changed (1), and "), "\(tolerant.stderr)")
        #expect(tolerant.stderr.contains("allowed: within the tolerance"), "\(tolerant.stderr)")
    }

    @Test func orphanedReferencesAreReportedAndPruned() throws {
        let lib = try Self.library()
        #expect(try CLI.run(["test"], in: lib).status == 0)
        let snapshots = lib.path + "/Scenes/__snapshots__"
        try "scene 1 1\n".write(toFile: snapshots + "/gone.dump", atomically: true, encoding: .utf8)
        try "keep me".write(toFile: snapshots + "/README.txt", atomically: true, encoding: .utf8)
        let r = try CLI.run(["test"], environment: Self.onCI, in: lib)
        #expect(r.status == 0)
        #expect(r.stderr.contains("orphaned reference Scenes/__snapshots__/gone.dump: no variant has this name; --prune removes it"))
        let pruned = try CLI.run(["test", "--prune"], environment: Self.onCI, in: lib)
        #expect(pruned.stderr.contains("removed Scenes/__snapshots__/gone.dump"))
        #expect(!FileManager.default.fileExists(atPath: snapshots + "/gone.dump"))
        #expect(FileManager.default.fileExists(atPath: snapshots + "/README.txt"), "only references are pruned")
    }

    @Test func shardsAndTheirReportsMergeIntoOne() throws {
        let lib = try Self.library()
        #expect(try CLI.run(["test"], in: lib).status == 0)
        try DiffCommandTests.edit(lib.appendingPathComponent("Scenes/counter.scene"), "rgb(87, 218, 213)", "rgb(200, 30, 30)")
        var failures = 0
        for k in 1...2 {
            let r = try CLI.run(["test", "--shard", "\(k)/2", "--junit", "j\(k).xml", "--html", "page\(k)"], environment: Self.onCI, in: lib)
            #expect(r.status == 1 || r.status == 0)
            #expect(r.stderr.contains("(shard \(k)/2)"), "\(r.stderr)")
            failures += r.stderr.components(separatedBy: "FAIL ").count - 1
        }
        #expect(failures == 6, "counter ×5 and flo")
        let merge = try CLI.run(
            [
                "report", "merge", "--junit-in", "j1.xml", "--junit-in", "j2.xml", "--junit", "all.xml",
                "--html-in", "page1", "--html-in", "page2", "--html", "all",
            ], in: lib)
        #expect(merge.status == 0, "\(merge.stderr)")
        let junit = try String(contentsOf: lib.appendingPathComponent("all.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuite name=\"scenec test\" tests=\"15\" failures=\"6\" errors=\"0\""), "\(junit)")
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 15)
        let page = try String(contentsOf: lib.appendingPathComponent("all/index.html"), encoding: .utf8)
        for name in ["counter-0", "counter-small", "flo"] { #expect(page.contains("id=\"v-\(name)\""), "\(name)") }
        // Not a scenec report: refused.
        try "<testsuites/>".write(to: lib.appendingPathComponent("other.xml"), atomically: true, encoding: .utf8)
        let bad = try CLI.run(["report", "merge", "--junit-in", "other.xml", "--junit", "x.xml"], in: lib)
        #expect(bad.status == 2 && bad.stderr.contains("'other.xml' is not a JUnit report written by scenec test"))
    }

    @Test func usageMistakes() throws {
        let lib = try Self.library()
        let cases: [([String], String)] = [
            (["test", "--record", "sometimes"], "record"),
            (["test", "--shard", "3/2"], "--shard expects K/N with 1 ≤ K ≤ N"),
            (["test", "nope"], "cannot read 'nope': no such file or folder"),
            (["report", "merge", "--junit", "x.xml"], "--junit needs the shards' files"),
        ]
        for (arguments, message) in cases {
            let r = try CLI.run(arguments, in: lib)
            #expect(r.status == 2, "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
    }
}
