#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import PNGBackend
import SceneCompiler
import SceneIO
import SceneEvaluator
import SceneSource

/// Turns the scenes found and the manifests read into jobs, checking everything a manifest says
/// before anything is rendered: scene names, output names, scales, sizes and parameter values
/// (parsed exactly like `--set`). Pure: the file system is asked only whether a named scene exists.
public enum BuildPlanner {
    /// - Parameters:
    ///   - scenes: the scenes to build, loaded.
    ///   - manifests: the manifests that apply; a scene any of them names gets exactly the variants
    ///     named, every other scene one default variant named after its file.
    ///   - sources: the map the manifests were loaded into.
    ///   - sceneExists: whether a scene file exists at an absolute path (one a manifest names but
    ///     that is not among `scenes` is skipped when it exists, an error when it does not).
    ///   - layout: the layout the command line asks for (`--layout`), over the manifests' `layout`.
    public static func plan(
        scenes: [InputScene], manifests: [LoadedManifest], sources: SourceMap,
        compiler: SceneCompiler = SceneCompiler(), layout: OutputLayout? = nil,
        sceneExists: (String) -> Bool
    ) -> BuildPlan {
        var planner = Planner(scenes: scenes, sources: sources, compiler: compiler)
        planner.resolveLayout(manifests, commandLine: layout)
        for manifest in manifests { planner.add(manifest, sceneExists: sceneExists) }
        planner.attachDarkVariants()
        planner.addDefaultVariants(manifests: manifests)
        return planner.finish()
    }
}

private struct Planner {
    let scenes: [InputScene]
    /// Parses parameter values exactly as `--set` does, with the same limits.
    let compiler: SceneCompiler
    let byPath: [String: InputScene]
    var plan: BuildPlan
    /// Scenes some manifest names (by absolute path), so they get no default variant.
    var named = Set<String>()
    /// Each manifest's own snapshot settings (nil when they have a mistake), by its path.
    var topSnapshots: [String: SnapshotSettings?] = [:]
    /// Where each output's name was given, to point at both sides of a duplicate.
    var origins: [String: (name: String, span: SourceSpan?, scene: String)] = [:]
    /// The layout of the whole build: `--layout`, else the manifests' `layout`, else flat.
    var layout: OutputLayout = .flat
    /// Variants that say `"appearance": "dark"`, given to the light variants of their names once
    /// every manifest is planned.
    var darkVariants: [DarkVariant] = []
    /// The names of the light variants (planned or failed), and how each planned one is laid out.
    var lightNames = Set<String>()
    var shapes: [String: (scales: [Double], svg: Bool, vector: Bool)] = [:]

    struct DarkVariant {
        let name: String
        let scene: String
        let size: SceneSize?
        let arguments: [String: Value]
        let span: SourceSpan
        let path: JSONPath
    }

    init(scenes: [InputScene], sources: SourceMap, compiler: SceneCompiler) {
        self.scenes = scenes
        self.compiler = compiler
        var byPath: [String: InputScene] = [:]
        for scene in scenes { byPath[scene.ref.absolutePath] = scene }
        self.byPath = byPath
        self.plan = BuildPlan(sources: sources)
    }

    mutating func problem(
        _ code: DiagnosticCode, _ message: String, at span: SourceSpan, help: String? = nil,
        notes: [Diagnostic.Note] = []
    ) {
        plan.problems.append(PlanProblem(.error(code, message, at: span, help: help, notes: notes)))
    }

    /// The layout: `--layout` when given (the manifests' words are still checked), else the one the
    /// manifests name (all that name one must agree), else flat.
    mutating func resolveLayout(_ manifests: [LoadedManifest], commandLine: OutputLayout?) {
        var chosen: (layout: OutputLayout, manifest: LoadedManifest)?
        let words = OutputLayout.allCases.map(\.rawValue)
        for manifest in manifests {
            guard let word = manifest.manifest.layout else { continue }
            let at = JSONPath().appending("layout")
            guard let layout = OutputLayout(rawValue: word) else {
                problem(
                    .invalidLayout, "\(at): unknown layout '\(word)'", at: manifest.span(of: at),
                    help: (Suggestion.didYouMean(word, among: words).map { $0 + " " } ?? "")
                        + "(the layouts are \"flat\", \"xcassets\", \"android\" and \"android-vector\")")
                continue
            }
            guard commandLine == nil else { continue }
            if let first = chosen, first.layout != layout {
                problem(
                    .invalidLayout, "\(at): this manifest's layout '\(word)' differs from '\(first.layout.rawValue)' in \(first.manifest.path)",
                    at: manifest.span(of: at), help: "one build has one layout: make the manifests agree, or choose with --layout",
                    notes: [Diagnostic.Note("the other layout is here", at: first.manifest.span(of: at))])
                continue
            }
            if chosen == nil { chosen = (layout, manifest) }
        }
        layout = commandLine ?? chosen?.layout ?? .flat
        plan.layout = layout
    }

    mutating func add(_ manifest: LoadedManifest, sceneExists: (String) -> Bool) {
        let m = manifest.manifest
        let root = JSONPath()
        let defaultScalesOK = m.scales.map { check(scales: $0, at: root.appending("scales"), in: manifest) } ?? true
        // `"vector"` belongs to the layouts that take vector images: in the others (android) it is
        // left aside and the variants are PNGs, so one manifest serves iOS and Android builds.
        let vectorDefault = layout.onlyVectors || (layout.takesVectors && m.vector == true)
        if m.scales == [] && m.svg == false && !vectorDefault {
            problem(
                .noOutputs, "the manifest's defaults make no file: \"scales\" is [] and \"svg\" is false", at: manifest.span(of: root),
                help: "give default scales such as [1, 2, 3], or \"svg\": true")
            return
        }
        // The manifest's own snapshot settings, checked once for all its variants.
        let topSnapshot = snapshotSettings(m.snapshot, over: SnapshotSettings(), at: root.appending("snapshot"), in: manifest)
        topSnapshots[manifest.path] = topSnapshot
        for (index, variant) in m.variants.enumerated() {
            let path = root.appending("variants").appending(variant.position ?? index)
            addVariant(variant, at: path, in: manifest, scalesOK: defaultScalesOK, topSnapshot: topSnapshot, sceneExists: sceneExists)
        }
    }

    /// Checks one variant and adds its job. Every independent mistake of the variant is reported
    /// (its scene, name, scales, size and parameters), not the first one only.
    private mutating func addVariant(
        _ variant: BuildManifest.Variant, at path: JSONPath, in manifest: LoadedManifest,
        scalesOK: Bool, topSnapshot: SnapshotSettings?, sceneExists: (String) -> Bool
    ) {
        var ok = variant.isComplete
        // The scene: a file relative to the manifest's folder.
        let sceneName = variant.scene
        let fileName = sceneName.hasSuffix(".scene") ? sceneName : sceneName + ".scene"
        let absolute = FilePath.absolute(sceneName.hasPrefix("/") ? fileName : manifest.folder + "/" + fileName)
        var input: InputScene? = nil
        if sceneName.isEmpty {
            problem(
                .unknownScene, "\(path.appending("scene")): the scene name is empty", at: manifest.span(of: path.appending("scene")),
                help: "name a scene file relative to the manifest's folder, such as \"push-button\"")
            ok = false
        } else if byPath[absolute] == nil && !sceneExists(absolute) {
            let near = scenes.compactMap { relativeName($0.ref.absolutePath, to: manifest.folder) }
            let suggestion = Suggestion.didYouMean(sceneName, among: near).map { $0 + " " } ?? ""
            problem(
                .unknownScene, "\(path.appending("scene")): unknown scene '\(sceneName)': there is no file \(fileName) in the manifest's folder",
                at: manifest.span(of: path.appending("scene")),
                help: suggestion.isEmpty
                    ? "scene names are file names relative to the folder of \(manifest.path), with or without .scene"
                    : "\(suggestion)(scene names are file names relative to the folder of \(manifest.path), with or without .scene)")
            ok = false
        } else {
            named.insert(absolute)
            input = byPath[absolute]
        }

        // The name of its outputs.
        let name = variant.name ?? SceneFileRef(path: fileName).baseName
        if variant.appearance != .dark { lightNames.insert(name) }
        let namePath = path.appending("name")
        let nameSpan = variant.name != nil ? manifest.span(of: namePath) : manifest.span(of: path)
        if let why = OutputName.problem(name), !(sceneName.isEmpty && variant.name == nil) {
            problem(
                .invalidOutputName, "\(variant.name != nil ? namePath : path): the output name '\(name)' \(why)", at: nameSpan,
                help: variant.name == nil ? "give the variant a \"name\"" : OutputName.rule)
            ok = false
        }

        // Its scales and formats. `"vector"` is a setting of the layouts that take vector images:
        // in the android layout the variant is PNGs at its scales (Android's vector format,
        // VectorDrawable XML, is not written by scenec).
        let vectorAsWritten = variant.vector ?? manifest.manifest.vector ?? false
        if vectorAsWritten, variant.scales != nil {
            problem(
                .invalidVector, "\(path.appending("scales")): a vector variant has no scales: it is one PDF",
                at: manifest.span(of: path.appending("scales")),
                help: "leave out \"scales\", or give the variant \"vector\": false for PNGs")
            ok = false
        }
        // android-vector makes every variant one VectorDrawable, whatever its scales.
        let vector = layout.onlyVectors || (vectorAsWritten && layout.takesVectors)
        var scales = vector ? [] : manifest.manifest.scales ?? layout.defaultScales
        if let own = variant.scales, !vector {
            if check(scales: own, at: path.appending("scales"), in: manifest) { scales = own } else { ok = false }
        } else if !scalesOK && !vector {
            ok = false
        }
        // SVG has a place in the flat layout only.
        let svg = layout == .flat && (variant.svg ?? manifest.manifest.svg ?? true)
        if !(svg || vector || !scales.isEmpty) {
            let why = layout == .flat ? "its scales are [] and \"svg\" is false" : "its scales are [] (the \(layout.rawValue) layout writes no SVG)"
            problem(
                .noOutputs, "\(path): this variant makes no file: \(why)", at: manifest.span(of: path),
                help: layout == .flat ? "give it scales such as [1, 2, 3], or \"svg\": true" : "give it scales such as [1, 2, 3], or \"vector\": true"
            )
            ok = false
        }

        // Its size.
        var size: SceneSize? = nil
        if let text = variant.size {
            do {
                size = try SceneSize(parsing: text)
            } catch {
                problem(
                    .invalidVariantSize, "\(path.appending("size")): expected WIDTHxHEIGHT in points, such as \"60x60\", \(error.detail)",
                    at: manifest.span(of: path.appending("size")),
                    help: "both sides are numbers from 0.0001 to 1000000: \"size\": \"300x200\"")
                ok = false
            }
        }

        // Its snapshot settings (`scenec test`).
        // Checked even over a broken manifest-wide setting, so its own mistakes are reported too.
        let own = snapshotSettings(variant.snapshot, over: topSnapshot ?? SnapshotSettings(), at: path.appending("snapshot"), in: manifest)
        let snapshot = topSnapshot == nil ? nil : own
        if snapshot == nil { ok = false }

        // Its parameters, parsed like --set, in the order written. A scene that is not built is
        // not read, and one with errors fails at build time with its own diagnostics.
        // Its dark appearance: values over the light ones, checked the same way.
        if variant.dark?.isEmpty == true {
            problem(
                .emptyDarkAppearance, "\(path.appending("dark")): the dark appearance names no parameter, so its images would be the light ones",
                at: manifest.span(of: path.appending("dark")),
                help: "give the values that differ in dark mode, such as \"dark\": {\"fillColor\": \"#1d6b68\"}, or leave out \"dark\"")
            ok = false
        }
        guard let input else { return }
        var arguments: [String: Value] = [:]
        var darkArguments: [String: Value]?
        if !input.loaded.hasErrors {
            if let parsed = parameters(variant.parameters, at: path.appending("parameters"), in: manifest, scene: input) {
                arguments = parsed
            } else {
                ok = false
            }
            if let dark = variant.dark, !dark.isEmpty {
                if let parsed = parameters(dark, at: path.appending("dark"), in: manifest, scene: input) {
                    darkArguments = arguments.merging(parsed) { _, dark in dark }
                } else {
                    ok = false
                }
            }
        }
        guard ok, let snapshot else { return }
        if variant.appearance == .dark {
            guard variant.dark == nil else {
                problem(
                    .unpairedDarkVariant, "\(path.appending("dark")): a dark variant has no \"dark\" of its own",
                    at: manifest.span(of: path.appending("dark")),
                    help: "give the dark values in its \"parameters\", or leave out \"appearance\" and keep \"dark\"")
                return
            }
            darkVariants.append(
                DarkVariant(
                    name: name, scene: input.ref.path, size: size, arguments: arguments, span: nameSpan,
                    path: variant.name != nil ? namePath : path))
            return
        }
        let appearances: [Appearance] = variant.dark == nil ? [.light] : [.light, .dark]
        let (outputs, writing) = layout.outputs(name: name, scales: scales, svg: svg, vector: vector, appearances: appearances)
        guard claim(name: name, span: nameSpan, path: variant.name != nil ? namePath : path, scene: input.ref.path) else {
            return
        }
        // In the flat layout the dark files sit beside the light ones as NAME~dark…: that name is
        // taken too, so no variant of that name overwrites them.
        if variant.dark != nil, layout == .flat,
            !claim(name: Appearance.dark.baseName(name), span: nameSpan, path: variant.name != nil ? namePath : path, scene: input.ref.path)
        {
            return
        }
        var job = BuildJob(
            name: name, scenePath: input.ref.path, scene: input.loaded, arguments: arguments,
            size: size, outputs: outputs, writing: writing, snapshot: snapshot)
        job.darkArguments = darkArguments
        plan.jobs.append(job)
        shapes[name] = (scales, svg, vector)
    }

    /// Each `"appearance": "dark"` variant becomes the dark appearance of the light variant of its
    /// name: the same scene and size, drawn with the dark variant's own parameters.
    mutating func attachDarkVariants() {
        for dark in darkVariants {
            guard let index = plan.jobs.firstIndex(where: { $0.name == dark.name && !$0.isDefault }), let shape = shapes[dark.name] else {
                // A light variant with mistakes of its own has been reported already.
                if !lightNames.contains(dark.name) {
                    problem(
                        .unpairedDarkVariant,
                        "\(dark.path): no light variant is named '\(dark.name)': "
                            + "a variant with \"appearance\": \"dark\" is the dark appearance of the light variant of its name", at: dark.span,
                        help: "add the light variant, {\"name\": \"\(dark.name)\", \"scene\": …}, or leave out \"appearance\"")
                }
                continue
            }
            let light = plan.jobs[index]
            let why: String?
            if light.scenePath != dark.scene {
                why = "it draws \(dark.scene) and its light variant \(light.scenePath): both appearances of an image draw one scene"
            } else if light.size != dark.size {
                why = "its size differs from its light variant's: both appearances of an image have one size"
            } else if light.darkArguments != nil {
                why = "'\(dark.name)' has a dark appearance already"
            } else {
                why = nil
            }
            if let why {
                problem(
                    .unpairedDarkVariant, "\(dark.path): \(why)", at: dark.span,
                    help: "name the light variant's scene and size, with the parameter values of dark mode")
                continue
            }
            if layout == .flat, !claim(name: Appearance.dark.baseName(dark.name), span: dark.span, path: dark.path, scene: dark.scene) {
                continue
            }
            let (outputs, writing) = layout.outputs(
                name: light.name, scales: shape.scales, svg: shape.svg, vector: shape.vector,
                appearances: [.light, .dark])
            var job = BuildJob(
                name: light.name, scenePath: light.scenePath, scene: light.scene, arguments: light.arguments,
                size: light.size, outputs: outputs, writing: writing, snapshot: light.snapshot)
            job.darkArguments = dark.arguments
            plan.jobs[index] = job
        }
    }

    /// Snapshot settings given at `path` over others (the manifest's over the defaults, a
    /// variant's over the manifest's); nil after reporting a value out of its range.
    private mutating func snapshotSettings(
        _ given: BuildManifest.Snapshot?, over base: SnapshotSettings, at: JSONPath,
        in manifest: LoadedManifest
    ) -> SnapshotSettings? {
        var settings = base
        var ok = true
        if let layer = given {
            if let scale = layer.scale {
                if scale >= PNGBackend.minScale && scale <= 16 {
                    settings.scale = scale
                } else {
                    problem(
                        .manifestType, "\(at.appending("scale")): a snapshot's scale is a number from 0.0001 to 16",
                        at: manifest.span(of: at.appending("scale")), help: "the scale of the reference PNG, such as 2")
                    ok = false
                }
            }
            if let threshold = layer.threshold {
                if (0...1).contains(threshold) {
                    settings.threshold = threshold
                } else {
                    problem(
                        .manifestType, "\(at.appending("threshold")): the threshold runs from 0 to 1",
                        at: manifest.span(of: at.appending("threshold")),
                        help: "pixelmatch's scale, such as 0.1; leave it out to count every visible change")
                    ok = false
                }
            }
            if let pixels = layer.maxChangedPixels { settings.maxChangedPixels = pixels }
            if let share = layer.maxChangedShare {
                if (0...1).contains(share) {
                    settings.maxChangedShare = share
                } else {
                    problem(
                        .manifestType, "\(at.appending("maxChangedShare")): the share of changed pixels runs from 0 to 1",
                        at: manifest.span(of: at.appending("maxChangedShare")), help: "0.001 allows one pixel in a thousand")
                    ok = false
                }
            }
        }
        return ok ? settings : nil
    }

    /// Positive, finite, and each giving its own file name.
    private mutating func check(scales: [Double], at path: JSONPath, in manifest: LoadedManifest) -> Bool {
        var names: [String: Int] = [:]
        for (index, scale) in scales.enumerated() {
            let at = path.appending(index)
            guard scale.isFinite, scale >= PNGBackend.minScale else {
                problem(.invalidScale, "\(at): a scale must be a number from 0.0001 up, such as 1, 2 or 1.5", at: manifest.span(of: at))
                return false
            }
            if let allowed = layout.scales, !allowed.contains(scale) {
                let places =
                    layout == .android
                    ? "Android's densities are 1 (mdpi), 1.5 (hdpi), 2 (xhdpi), 3 (xxhdpi) and 4 (xxxhdpi)"
                    : "an image set has 1x, 2x and 3x"
                problem(
                    .scaleNotInLayout, "\(at): the \(layout.rawValue) layout has no place for the scale \(text(at, in: manifest)): \(places)",
                    at: manifest.span(of: at),
                    help: "use scales among " + allowed.map { BuildOutput.scaleText($0) }.joined(separator: ", ")
                        + ", or the flat layout for any scale")
                return false
            }
            let file = BuildOutput(base: "x", format: .png(scale: scale)).fileName
            if let first = names[file] {
                problem(
                    .invalidScale,
                    "\(at): the scale \(text(at, in: manifest)) gives the same file names (NAME\(file.dropFirst())) "
                        + "as \(path.appending(first)), \(text(path.appending(first), in: manifest))",
                    at: manifest.span(of: at), help: "list each scale once; file names show scales to 4 decimals")
                return false
            }
            names[file] = index
        }
        return true
    }

    /// A value as written in the manifest.
    private func text(_ path: JSONPath, in manifest: LoadedManifest) -> String {
        let span = manifest.span(of: path)
        return String(decoding: plan.sources[manifest.file].bytes[span.start..<span.end], as: UTF8.self)
    }

    /// Parameter values as the manifest writes them (`"parameters"`, or `"dark"`'s), at `path`.
    private mutating func parameters(
        _ given: [String: String], at path: JSONPath, in manifest: LoadedManifest,
        scene: InputScene
    ) -> [String: Value]? {
        let loaded = scene.loaded
        let declared = loaded.parameters.map(\.name)
        // The document's order, not the dictionary's, so the first problem reported is the first written.
        var order: [String] = []
        if case .object(let members)? = manifest.document.locate(path)?.value.kind { order = members.map(\.key) }
        order += given.keys.filter { !order.contains($0) }.sorted()
        var values: [String: Value] = [:]
        var ok = true
        for key in order {
            guard let text = given[key] else { continue }
            let at = path.appending(key)
            let list =
                "the parameters of \(scene.ref.path) are "
                + loaded.parameters.map { "\($0.name) (\($0.type.name))" }
                .joined(separator: ", ")
            guard declared.contains(key) else {
                let suggestion = Suggestion.didYouMean(key, among: declared).map { " (\($0))" } ?? ""
                problem(
                    .unknownManifestParameter, "\(at): unknown parameter '\(key)'\(suggestion)", at: manifest.span(of: at, key: true),
                    help: declared.isEmpty ? "\(scene.ref.path) declares no parameters" : list)
                ok = false
                continue
            }
            do {
                values[key] = try compiler.value(text, for: key, in: loaded)
            } catch {
                // The problem with its own help; without one, what the parameter takes.
                var help = error.help
                if help == nil, let declaration = loaded.parameters.first(where: { $0.name == key }) {
                    let range = declaration.rangeText.isEmpty ? "" : " " + declaration.rangeText
                    help = "'\(key)' is \(declaration.type.name): \(declaration.type.example)\(range)"
                }
                // A manifest's value always has a code (only `--set` text without '=' has none).
                problem(error.code ?? .typeMismatch, "\(at): \(error.message)", at: manifest.span(of: at), help: help)
                ok = false
            }
        }
        return ok ? values : nil
    }

    /// Records the outputs' file names; a name already taken (ignoring case, as macOS and asset
    /// catalogs do) is an error pointing at both variants.
    private mutating func claim(
        name: String, span: SourceSpan?, path: JSONPath?,
        scene: String
    ) -> Bool {
        let key = layout.clashKey(name)
        if let first = origins[key] {
            let resource = layout.usesResourceNames && first.name.lowercased() != name.lowercased()
            let what = first.name == name ? "'\(name)'" : "'\(name)' (the same as '\(first.name)' ignoring case)"
            let message =
                resource
                ? "'\(name)' and '\(first.name)' both become the Android resource name '\(key)': the outputs would overwrite each other"
                : "two variants are named \(what): the outputs would overwrite each other"
            let help = "give each variant its own \"name\" in the manifest, or rename one of the scene files"
            let code: DiagnosticCode = resource ? .resourceNameClash : .duplicateVariant
            if let span {
                let notes =
                    first.span.map { [Diagnostic.Note("the first is here", at: $0)] }
                    ?? [Diagnostic.Note("the first is the default variant of \(first.scene)")]
                problem(code, "\(path.map { "\($0): " } ?? "")\(message)", at: span, help: help, notes: notes)
            } else if let firstSpan = first.span {
                problem(code, "\(message); the second is the default variant of \(scene)", at: firstSpan, help: help)
            } else {
                plan.problems.append(PlanProblem(message: "\(message): \(first.scene) and \(scene); \(help)"))
            }
            return false
        }
        origins[key] = (name, span, scene)
        return true
    }

    /// One variant for each scene no manifest names, with the nearest manifest's scales and svg,
    /// except for component files of a folder with a manifest (which lists what is an asset): a
    /// scene that another scene of the build places with `<use>`, and a scene a manifest's
    /// `"exclude"` takes. Without a manifest every scene is an asset, as it always was. (Uses are
    /// taken from scenes that load without errors: scenes in a `<use>` cycle are still built, and
    /// so report the cycle.)
    mutating func addDefaultVariants(manifests: [LoadedManifest]) {
        var placed = Set<String>()
        for scene in scenes where !scene.loaded.hasErrors {
            for file in scene.loaded.files.dropFirst() { placed.insert(FilePath.absolute(file)) }
        }
        let patterns = manifests.map { manifest in (manifest.folder, manifest.manifest.exclude.map(ExcludePattern.init)) }
        func excluded(_ path: String) -> Bool {
            patterns.contains { folder, patterns in
                path.hasPrefix(folder + "/") && patterns.contains { $0.matches(String(path.dropFirst(folder.count + 1))) }
            }
        }
        for scene in scenes where !named.contains(scene.ref.absolutePath) {
            let nearest = manifests.filter { scene.ref.absolutePath.hasPrefix($0.folder + "/") }
                .max { $0.folder.count < $1.folder.count }
            if nearest != nil && placed.contains(scene.ref.absolutePath) || excluded(scene.ref.absolutePath) { continue }
            let vector = layout.onlyVectors || (layout.takesVectors && nearest?.manifest.vector == true)
            let scales = vector ? [] : nearest?.manifest.scales ?? layout.defaultScales
            let svg = layout == .flat && (nearest?.manifest.svg ?? true)
            let name = scene.ref.baseName
            if let why = OutputName.problem(name) {
                plan.problems.append(
                    PlanProblem(
                        message: "\(scene.ref.path): the output name '\(name)' \(why); "
                            + "rename the file, or name the scene's variants in a manifest"))
                continue
            }
            let (outputs, writing) = layout.outputs(name: name, scales: scales, svg: svg, vector: vector)
            guard !outputs.isEmpty else {
                plan.problems.append(
                    PlanProblem(
                        message: "\(scene.ref.path): its variant would make no file: the manifest's "
                            + "\"scales\" are [] and the \(layout.rawValue) layout writes no SVG; "
                            + "name the scene's variants in the manifest, or give scales"))
                continue
            }
            guard claim(name: name, span: nil, path: nil, scene: scene.ref.path) else { continue }
            let snapshot = nearest.flatMap { topSnapshots[$0.path] ?? nil } ?? SnapshotSettings()
            var job = BuildJob(
                name: name, scenePath: scene.ref.path, scene: scene.loaded, outputs: outputs, writing: writing,
                snapshot: snapshot)
            job.isDefault = true
            plan.jobs.append(job)
        }
    }

    func relativeName(_ absolute: String, to folder: String) -> String? {
        guard absolute.hasPrefix(folder + "/") else { return nil }
        var name = String(absolute.dropFirst(folder.count + 1))
        if name.hasSuffix(".scene") { name.removeLast(6) }
        return name
    }

    func finish() -> BuildPlan {
        var plan = self.plan
        plan.jobs.sort { $0.name < $1.name }
        return plan
    }
}
