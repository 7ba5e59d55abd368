import SceneProject
import SceneSource
import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneCompiler
import SceneEvaluator
import SceneIO

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report the problems in scene files without writing anything.",
        discussion: """
            Each scene is parsed and checked statically — every branch, loop body and component, whatever the \
            parameter values — then evaluated with its default parameters (or the --set values). Folders are \
            searched for .scene files as by build, and when a folder has a manifest (scenes.json) beside its \
            scenes, or --manifest names one, every variant it lists is evaluated too. A problem is shown once \
            however many variants meet it; one met only in a variant has a note naming the variant. Warnings \
            (W codes) do not fail the check unless --deny-warnings. The last line on standard error sums up. \
            Exit status: 0 when every scene and variant compiles, 1 when any has errors (or, with \
            --deny-warnings, warnings) or the manifest is wrong, 2 when a path cannot be read or a --set value \
            does not fit a scene.
            """)

    @Argument(
        help: ArgumentHelp(
            "Scene files, or folders to search for them recursively (default: Scenes).",
            valueName: "path"))
    var paths: [String] = []

    @OptionGroup var parameters: ParameterOptions

    @Option(
        help: ArgumentHelp(
            "Also evaluate every variant of this manifest, instead of the scenes.json files beside the "
                + "scenes of the folders given.", valueName: "file"))
    var manifest: String?

    @Flag(name: .customLong("deny-warnings"), help: "Count a scene or variant with warnings as failed (exit status 1), for CI.")
    var denyWarnings = false

    @OptionGroup var common: CommonOptions

    func run() throws {
        var door = FrontDoor(common)
        var tally = Tally()
        var shown = ShownDiagnostics()
        let paths = self.paths.isEmpty ? ["Scenes"] : self.paths
        for path in paths {
            var isFolder = false
            var found = SceneDiscovery.Found()
            do throws(UsageError) {
                // A file named on the command line is checked whatever its extension; folders are
                // searched for .scene files as by build.
                if FileManager.default.fileExists(atPath: path, isFolder: &isFolder), !isFolder {
                    found.scenes = [SceneFileRef(path: path, projectRoot: common.projectRoot)]
                } else {
                    found = try SceneDiscovery.scenes(in: [path], projectRoot: common.projectRoot)
                }
            } catch {
                Console.error(DiagnosticRenderer.visible("scenec: error: \(error.message)") + "\n")
                tally.scenes += 1
                tally.unreadable += 1
                continue
            }
            for refused in found.refused {
                Console.error(DiagnosticRenderer.visible("scenec: error: '\(refused)' is a link to a file outside '\(path)'; it is not read") + "\n")
                tally.scenes += 1
                tally.unreadable += 1
            }
            for name in found.notUTF8 {
                Console.error(DiagnosticRenderer.visible("scenec: error: " + SceneDiscovery.Found.notUTF8Message(name)) + "\n")
                Console.error("help: \(SceneDiscovery.Found.notUTF8Help)\n")
                tally.scenes += 1
                tally.unreadable += 1
            }
            for scene in found.scenes {
                tally.scenes += 1
                door.compiler.projectRoot = common.projectRoot ?? scene.projectRoot
                let loaded: LoadedScene
                do {
                    loaded = try door.read(scene.path)
                } catch let error as CommandError {
                    Console.error(DiagnosticRenderer.visible("scenec: error: \(error.description)") + "\n")
                    tally.unreadable += 1
                    continue
                }
                let arguments: [String: Value]
                do {
                    arguments = try door.compiler.arguments(parameters.assignments, for: loaded)
                } catch {
                    // As for render: a --set value every scene checked must take (exit status 2).
                    let problem = FrontDoor.commandError(error, loaded: loaded)
                    let lines = "scenec: error: \(loaded.path): \(problem.description)".split(separator: "\n", omittingEmptySubsequences: false)
                    Console.error(lines.map { DiagnosticRenderer.visible(String($0)) + "\n" }.joined())
                    tally.wrongSet += 1
                    continue
                }
                let compilation = door.compiler.compile(loaded, arguments: arguments, size: parameters.sceneSize)
                tally.count(compilation, denyWarnings: denyWarnings, variant: false)
                let new = shown.new(compilation.diagnostics, sources: loaded.sources)
                tally.warnings += new.count { $0.severity == .warning }
                common.diagnostics.print(new, sources: loaded.sources)
            }
        }
        try checkVariants(paths: paths, door: &door, tally: &tally, shown: &shown)
        Console.error(tally.summary + "\n")
        if tally.unreadable + tally.wrongSet > 0 { throw ExitCode(2) }
        if tally.failed + tally.denied > 0 { throw ExitCode(1) }
    }

    /// The manifest's variants (`--manifest`, else the scenes.json files of the folders given),
    /// each evaluated with its parameters and size: every variant the manifest lists, so that the
    /// count is the manifest's and each variant a warning fails is counted (one that is the scene
    /// with its defaults shows nothing new: what it meets was shown for the scene).
    private func checkVariants(paths: [String], door: inout FrontDoor, tally: inout Tally, shown: inout ShownDiagnostics) throws {
        let folders = paths.filter {
            var isFolder = false
            return FileManager.default.fileExists(atPath: $0, isFolder: &isFolder) && isFolder
        }
        guard manifest != nil || !SceneDiscovery.manifests(for: folders).isEmpty else { return }
        door.compiler.projectRoot = common.projectRoot
        let plan: BuildPlan
        do {
            plan = try BuildInputs.plan(paths: manifest == nil ? folders : paths, manifest: manifest, compiler: door.compiler)
        } catch {
            Console.error(DiagnosticRenderer.visible("scenec: error: \(error.message)") + "\n")
            tally.unreadable += 1
            return
        }
        if !plan.problems.isEmpty {
            Console.error(plan.renderProblems(style: common.diagnostics.rendererStyle))
            tally.failed += 1
        }
        for job in plan.jobs where !job.isDefault {
            tally.variants += 1
            // Each appearance is drawn with its own values; the variant counts once, by the first
            // appearance that fails (or warns).
            var counted = false
            for appearance in job.appearances {
                let compilation = door.compiler.compile(job.scene, arguments: job.arguments(for: appearance), size: job.size)
                let failing = compilation.hasErrors || (denyWarnings && compilation.diagnostics.contains { $0.severity == .warning })
                if !counted && (failing || appearance == job.appearances.last) {
                    tally.count(compilation, denyWarnings: denyWarnings, variant: true)
                    counted = true
                }
                let note = Diagnostic.Note(
                    appearance == .dark
                        ? "in the dark appearance of variant '\(job.name)' of the manifest"
                        : "in variant '\(job.name)' of the manifest")
                let new = shown.new(compilation.diagnostics, sources: job.scene.sources).map { d in
                    var d = d
                    d.notes.append(note)
                    return d
                }
                tally.warnings += new.count { $0.severity == .warning }
                common.diagnostics.print(new, sources: job.scene.sources)
            }
        }
    }

    /// What was checked and how it went, for the last line and the exit status (warnings: those shown).
    struct Tally {
        var scenes = 0, variants = 0, failed = 0, unreadable = 0, wrongSet = 0, warnings = 0
        /// Scenes and variants failed by their warnings (--deny-warnings), counted apart: one warning
        /// of a scene fails the scene and each variant of it.
        var deniedScenes = 0, deniedVariants = 0
        var denied: Int { deniedScenes + deniedVariants }

        mutating func count(_ compilation: Compilation, denyWarnings: Bool, variant: Bool) {
            let warned = compilation.diagnostics.count { $0.severity == .warning }
            if compilation.hasErrors {
                failed += 1
            } else if denyWarnings && warned > 0 {
                if variant { deniedVariants += 1 } else { deniedScenes += 1 }
            }
        }

        var summary: String {
            CheckCommand.summary(
                checked: scenes, failed: failed, unreadable: unreadable, variants: variants, warnings: warnings,
                deniedScenes: deniedScenes, deniedVariants: deniedVariants, wrongSet: wrongSet)
        }
    }

    /// Diagnostics already printed (by code, place and message): a problem every variant meets is shown once.
    struct ShownDiagnostics {
        private var seen: Set<String> = []

        mutating func new(_ diagnostics: [Diagnostic], sources: SourceMap) -> [Diagnostic] {
            diagnostics.filter { d in
                let path = FilePath.absolute(sources[d.span.file].path)
                return seen.insert("\(path):\(d.span.start):\(d.span.end):\(d.code.rawValue):\(d.message)").inserted
            }
        }
    }

    /// `checked 3 scenes: no errors`, `checked 3 scenes and 2 variants: 1 with errors, 1 could not
    /// be read, 2 warnings`, `checked 1 scene and 2 variants: 1 warning, which fails 1 scene and
    /// 2 variants (--deny-warnings)`.
    static func summary(
        checked: Int, failed: Int, unreadable: Int, variants: Int = 0, warnings: Int = 0,
        deniedScenes: Int = 0, deniedVariants: Int = 0, wrongSet: Int = 0
    ) -> String {
        var parts: [String] = []
        if failed > 0 { parts.append("\(failed) with errors") }
        if unreadable > 0 { parts.append("\(unreadable) could not be read") }
        if wrongSet > 0 { parts.append("\(wrongSet) not checked: --set does not fit") }
        if parts.isEmpty && deniedScenes + deniedVariants == 0 { parts.append("no errors") }
        if warnings > 0 {
            var text = count(warnings, "warning")
            if deniedScenes + deniedVariants > 0 {
                let failedOnes = [
                    deniedScenes > 0 ? count(deniedScenes, "scene") : nil,
                    deniedVariants > 0 ? count(deniedVariants, "variant") : nil,
                ].compactMap { $0 }
                text += ", which fail\(warnings == 1 ? "s" : "") " + failedOnes.joined(separator: " and ") + " (--deny-warnings)"
            }
            parts.append(text)
        }
        var what = count(checked, "scene")
        if variants > 0 { what += " and " + count(variants, "variant") }
        return "checked \(what): " + parts.joined(separator: ", ")
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
