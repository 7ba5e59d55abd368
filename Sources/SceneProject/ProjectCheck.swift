#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneCompiler
import SceneEvaluator
import SceneIO
import SceneSource

/// `scenec check` over files and folders: each scene read, checked and evaluated with its
/// defaults (or the `--set` values), then every variant of the manifests found (or named), a
/// problem shown once however many scenes and variants meet it. What it has to say goes to
/// `Events` as it goes, in order; the tally is the result.
public struct ProjectCheck {
    public struct Options: Sendable {
        /// Scene files, or folders searched for them (empty: `Scenes`).
        public var paths: [String] = []
        /// `--manifest`, instead of the `scenes.json` files of the folders given.
        public var manifest: String?
        /// `--project`: every scene's project folder (default: the folder it was found under).
        public var projectRoot: String?
        /// `--set` and `--size`, for the scenes (the variants have their own).
        public var assignments: [String] = []
        public var size: SceneSize?
        /// `--deny-warnings`: a scene or variant with warnings fails.
        public var denyWarnings = false

        public init() {}
    }

    /// Where what the check finds is said, in order.
    public struct Events {
        /// Text for standard error, escaped for a terminal already: errors, diagnostics, the plan's problems.
        public var say: (String) -> Void
        /// A `--set` value that does not fit `scene`, said in the command line's words.
        public var wrongSet: (ParameterProblem, LoadedScene) -> Void

        public init(say: @escaping (String) -> Void, wrongSet: @escaping (ParameterProblem, LoadedScene) -> Void) {
            self.say = say
            self.wrongSet = wrongSet
        }
    }

    public let options: Options
    public var compiler: SceneCompiler
    public let style: DiagnosticRenderer.Style

    public init(_ options: Options, compiler: SceneCompiler = SceneCompiler(), style: DiagnosticRenderer.Style = .rich) {
        self.options = options
        self.compiler = compiler
        self.style = style
    }

    public func run(_ events: Events) -> CheckTally {
        var state = Run(check: self, events: events)
        let paths = options.paths.isEmpty ? ["Scenes"] : options.paths
        for path in paths { state.checkScenes(under: path) }
        state.checkVariants(paths: paths)
        return state.tally
    }

    /// One run's counts and the diagnostics already shown.
    private struct Run {
        let check: ProjectCheck
        let events: Events
        var compiler: SceneCompiler
        var tally = CheckTally()
        var shown = ShownDiagnostics()

        init(check: ProjectCheck, events: Events) {
            self.check = check
            self.events = events
            compiler = check.compiler
        }

        var options: Options { check.options }

        func error(_ message: String, help: String? = nil) {
            events.say(DiagnosticRenderer.visible("scenec: error: \(message)") + "\n" + (help.map { "help: \($0)\n" } ?? ""))
        }

        func show(_ diagnostics: [Diagnostic], sources: SourceMap) {
            guard !diagnostics.isEmpty else { return }
            events.say(DiagnosticRenderer(sources: sources, style: check.style).render(diagnostics))
        }

        mutating func checkScenes(under path: String) {
            let found: SceneDiscovery.Found
            do throws(UsageError) {
                found = try SceneDiscovery.named(path, projectRoot: options.projectRoot)
            } catch {
                self.error(error.message)
                tally.scenes += 1
                tally.unreadable += 1
                return
            }
            for refused in found.refused {
                error("'\(refused)' is a link to a file outside '\(path)'; it is not read")
                tally.scenes += 1
                tally.unreadable += 1
            }
            for name in found.notUTF8 {
                error(SceneDiscovery.Found.notUTF8Message(name), help: SceneDiscovery.Found.notUTF8Help)
                tally.scenes += 1
                tally.unreadable += 1
            }
            for scene in found.scenes {
                tally.scenes += 1
                compiler.projectRoot = options.projectRoot ?? scene.projectRoot
                let loaded: LoadedScene
                do {
                    loaded = try compiler.load(file: scene.path)
                } catch {
                    self.error(error.message)
                    tally.unreadable += 1
                    continue
                }
                let arguments: [String: Value]
                do {
                    arguments = try compiler.arguments(options.assignments, for: loaded)
                } catch {
                    // As for render: a --set value every scene checked must take (exit status 2).
                    events.wrongSet(error, loaded)
                    tally.wrongSet += 1
                    continue
                }
                let compilation = compiler.compile(loaded, arguments: arguments, size: options.size)
                tally.count(compilation, denyWarnings: options.denyWarnings, variant: false)
                let new = shown.new(compilation.diagnostics, sources: loaded.sources)
                tally.warnings += new.count { $0.severity == .warning }
                show(new, sources: loaded.sources)
            }
        }

        /// The manifest's variants (`--manifest`, else the scenes.json files of the folders given),
        /// each evaluated with its parameters and size: every variant the manifest lists, so that the
        /// count is the manifest's and each variant a warning fails is counted (one that is the scene
        /// with its defaults shows nothing new: what it meets was shown for the scene).
        mutating func checkVariants(paths: [String]) {
            let folders = paths.filter {
                var isFolder = false
                return FileManager.default.fileExists(atPath: $0, isFolder: &isFolder) && isFolder
            }
            guard options.manifest != nil || !SceneDiscovery.manifests(for: folders).isEmpty else { return }
            compiler.projectRoot = options.projectRoot
            let plan: BuildPlan
            do {
                plan = try BuildInputs.plan(paths: options.manifest == nil ? folders : paths, manifest: options.manifest, compiler: compiler)
            } catch {
                self.error(error.message)
                tally.unreadable += 1
                return
            }
            if !plan.problems.isEmpty {
                events.say(plan.renderProblems(style: check.style))
                tally.failed += 1
            }
            for job in plan.jobs where !job.isDefault {
                tally.variants += 1
                // Each appearance is drawn with its own values; the variant counts once, by the first
                // appearance that fails (or warns).
                var counted = false
                for appearance in job.appearances {
                    let compilation = compiler.compile(job.scene, arguments: job.arguments(for: appearance), size: job.size)
                    let failing = compilation.hasErrors || (options.denyWarnings && compilation.diagnostics.contains { $0.severity == .warning })
                    if !counted && (failing || appearance == job.appearances.last) {
                        tally.count(compilation, denyWarnings: options.denyWarnings, variant: true)
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
                    show(new, sources: job.scene.sources)
                }
            }
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
}
