import Foundation
import SceneCompiler
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
    public static func plan(scenes: [InputScene], manifests: [LoadedManifest], sources: SourceMap,
                            sceneExists: (String) -> Bool) -> BuildPlan {
        var planner = Planner(scenes: scenes, sources: sources)
        for manifest in manifests { planner.add(manifest, sceneExists: sceneExists) }
        planner.addDefaultVariants(manifests: manifests)
        return planner.finish()
    }
}

private struct Planner {
    let scenes: [InputScene]
    let byPath: [String: InputScene]
    var plan: BuildPlan
    /// Scenes some manifest names (by absolute path), so they get no default variant.
    var named = Set<String>()
    /// Where each output's name was given, to point at both sides of a duplicate.
    var origins: [String: (name: String, span: SourceSpan?, scene: String)] = [:]

    init(scenes: [InputScene], sources: SourceMap) {
        self.scenes = scenes
        var byPath: [String: InputScene] = [:]
        for scene in scenes { byPath[scene.ref.absolutePath] = scene }
        self.byPath = byPath
        self.plan = BuildPlan(sources: sources)
    }

    mutating func problem(_ message: String, at span: SourceSpan, help: String? = nil, notes: [Diagnostic.Note] = []) {
        plan.problems.append(PlanProblem(.error(message, at: span, help: help, notes: notes)))
    }

    mutating func add(_ manifest: LoadedManifest, sceneExists: (String) -> Bool) {
        let m = manifest.manifest
        let root = JSONPath()
        let defaultScalesOK = m.scales.map { check(scales: $0, at: root.appending("scales"), in: manifest) } ?? true
        if m.scales == [] && m.svg == false {
            problem("the manifest's defaults make no file: \"scales\" is [] and \"svg\" is false", at: manifest.span(of: root),
                  help: "give default scales such as [1, 2, 3], or \"svg\": true")
            return
        }
        for (index, variant) in m.variants.enumerated() {
            let path = root.appending("variants").appending(index)
            addVariant(variant, at: path, in: manifest, scalesOK: defaultScalesOK, sceneExists: sceneExists)
        }
    }

    private mutating func addVariant(_ variant: BuildManifest.Variant, at path: JSONPath, in manifest: LoadedManifest,
                                     scalesOK: Bool, sceneExists: (String) -> Bool) {
        // The scene: a file relative to the manifest's folder.
        let sceneName = variant.scene
        guard !sceneName.isEmpty else {
            problem("\(path.appending("scene")): the scene name is empty", at: manifest.span(of: path.appending("scene")),
                  help: "name a scene file relative to the manifest's folder, such as \"push-button\"")
            return
        }
        let fileName = sceneName.hasSuffix(".scene") ? sceneName : sceneName + ".scene"
        let absolute = SceneDiscovery.absolute(sceneName.hasPrefix("/") ? fileName : manifest.folder + "/" + fileName)
        let input = byPath[absolute]
        if input == nil && !sceneExists(absolute) {
            let near = scenes.compactMap { relativeName($0.ref.absolutePath, to: manifest.folder) }
            let suggestion = Suggestion.didYouMean(sceneName, among: near).map { $0 + " " } ?? ""
            problem("\(path.appending("scene")): unknown scene '\(sceneName)': there is no file \(fileName) in the manifest's folder",
                  at: manifest.span(of: path.appending("scene")),
                  help: suggestion.isEmpty
                      ? "scene names are file names relative to the folder of \(manifest.path), with or without .scene"
                      : "\(suggestion)(scene names are file names relative to the folder of \(manifest.path), with or without .scene)")
            return
        }
        named.insert(absolute)

        // The name of its outputs.
        let name = variant.name ?? SceneFileRef(path: fileName).baseName
        let namePath = path.appending("name")
        let nameSpan = variant.name != nil ? manifest.span(of: namePath) : manifest.span(of: path)
        if let why = OutputName.problem(name) {
            problem("\(variant.name != nil ? namePath : path): the output name '\(name)' \(why)", at: nameSpan,
                  help: variant.name == nil ? "give the variant a \"name\"" : OutputName.rule)
            return
        }

        // Its scales and formats.
        var scales = manifest.manifest.scales ?? BuildManifest.defaultScales
        if let own = variant.scales {
            guard check(scales: own, at: path.appending("scales"), in: manifest) else { return }
            scales = own
        } else if !scalesOK {
            return
        }
        let svg = variant.svg ?? manifest.manifest.svg ?? true
        guard svg || !scales.isEmpty else {
            problem("\(path): this variant makes no file: its scales are [] and \"svg\" is false", at: manifest.span(of: path),
                  help: "give it scales such as [1, 2, 3], or \"svg\": true")
            return
        }

        // Its size.
        var size: BuildJob.Size? = nil
        if let text = variant.size {
            do {
                let parsed = try SceneCompiler.parseSize(text)
                size = BuildJob.Size(width: parsed.width, height: parsed.height)
            } catch {
                problem("\(path.appending("size")): expected WIDTHxHEIGHT in points, such as \"60x60\", got '\(text)'",
                      at: manifest.span(of: path.appending("size")),
                      help: "both sides are positive numbers up to 1000000: \"size\": \"300x200\"")
                return
            }
        }

        // Its parameters, parsed like --set, in the order written. A scene that is not built is
        // not read, and one with errors fails at build time with its own diagnostics.
        guard let input else { return }
        var arguments: [String: Value] = [:]
        if !input.loaded.hasErrors {
            guard let parsed = parameters(variant, at: path.appending("parameters"), in: manifest, scene: input) else { return }
            arguments = parsed
        }
        let outputs = BuildJob.outputs(name: name, scales: scales, svg: svg)
        guard claim(name: name, span: nameSpan, path: variant.name != nil ? namePath : path, scene: input.ref.path) else {
            return
        }
        plan.jobs.append(BuildJob(name: name, scenePath: input.ref.path, scene: input.loaded, arguments: arguments,
                                  size: size, outputs: outputs))
    }

    /// Positive, finite, and each giving its own file name.
    private mutating func check(scales: [Double], at path: JSONPath, in manifest: LoadedManifest) -> Bool {
        var names: [String: Int] = [:]
        for (index, scale) in scales.enumerated() {
            let at = path.appending(index)
            guard scale.isFinite, scale > 0 else {
                problem("\(at): a scale must be a positive number such as 1, 2 or 1.5", at: manifest.span(of: at))
                return false
            }
            let file = BuildOutput(base: "x", format: .png(scale: scale)).fileName
            if let first = names[file] {
                problem("\(at): the scale \(text(at, in: manifest)) gives the same file names (NAME\(file.dropFirst())) "
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

    private mutating func parameters(_ variant: BuildManifest.Variant, at path: JSONPath, in manifest: LoadedManifest,
                                     scene: InputScene) -> [String: Value]? {
        let loaded = scene.loaded
        let declared = loaded.parameters.map(\.name)
        // The document's order, not the dictionary's, so the first problem reported is the first written.
        var order: [String] = []
        if case .object(let members)? = manifest.document.locate(path)?.value.kind { order = members.map(\.key) }
        order += variant.parameters.keys.filter { !order.contains($0) }.sorted()
        var values: [String: Value] = [:]
        var ok = true
        for key in order {
            guard let text = variant.parameters[key] else { continue }
            let at = path.appending(key)
            let list = "the parameters of \(scene.ref.path) are " + loaded.parameters.map { "\($0.name) (\($0.type.name))" }
                .joined(separator: ", ")
            guard declared.contains(key) else {
                let suggestion = Suggestion.didYouMean(key, among: declared).map { " (\($0))" } ?? ""
                problem("\(at): unknown parameter '\(key)'\(suggestion)", at: manifest.span(of: at, key: true),
                      help: declared.isEmpty ? "\(scene.ref.path) declares no parameters" : list)
                ok = false
                continue
            }
            do {
                let parsed = try SceneCompiler.arguments([key + "=" + text], for: loaded)
                if let value = parsed[key] { values[key] = value }
            } catch let usage as UsageError {
                // "invalid value …: what is wrong; what to write" → the message, and the advice as help.
                var message = String(usage.message.split(separator: "\n", maxSplits: 1).first ?? "")
                var help: String? = nil
                if let semicolon = message.range(of: "; ", options: .backwards) {
                    help = String(message[semicolon.upperBound...])
                    message = String(message[..<semicolon.lowerBound])
                } else if let declaration = loaded.parameters.first(where: { $0.name == key }) {
                    let range = declaration.rangeText.isEmpty ? "" : " " + declaration.rangeText
                    help = "'\(key)' is \(declaration.type.name): \(declaration.type.example)\(range)"
                }
                problem("\(at): \(message)", at: manifest.span(of: at), help: help)
                ok = false
            } catch {
                problem("\(at): \(error)", at: manifest.span(of: at))
                ok = false
            }
        }
        return ok ? values : nil
    }

    /// Records the outputs' file names; a name already taken (ignoring case, as macOS and asset
    /// catalogs do) is an error pointing at both variants.
    private mutating func claim(name: String, span: SourceSpan?, path: JSONPath?,
                                scene: String) -> Bool {
        let key = name.lowercased()
        if let first = origins[key] {
            let what = first.name == name ? "'\(name)'" : "'\(name)' (the same as '\(first.name)' ignoring case)"
            let message = "two variants are named \(what): the outputs would overwrite each other"
            let help = "give each variant its own \"name\" in the manifest, or rename one of the scene files"
            if let span {
                let notes = first.span.map { [Diagnostic.Note("the first is here", at: $0)] }
                    ?? [Diagnostic.Note("the first is the default variant of \(first.scene)")]
                problem("\(path.map { "\($0): " } ?? "")\(message)", at: span, help: help, notes: notes)
            } else if let firstSpan = first.span {
                problem("\(message); the second is the default variant of \(scene)", at: firstSpan, help: help)
            } else {
                plan.problems.append(PlanProblem(message: "\(message): \(first.scene) and \(scene); \(help)"))
            }
            return false
        }
        origins[key] = (name, span, scene)
        return true
    }

    /// One variant for each scene no manifest names, with the nearest manifest's scales and svg.
    mutating func addDefaultVariants(manifests: [LoadedManifest]) {
        for scene in scenes where !named.contains(scene.ref.absolutePath) {
            let nearest = manifests.filter { scene.ref.absolutePath.hasPrefix($0.folder + "/") }
                .max { $0.folder.count < $1.folder.count }
            let scales = nearest?.manifest.scales ?? BuildManifest.defaultScales
            let svg = nearest?.manifest.svg ?? true
            let name = scene.ref.baseName
            if let why = OutputName.problem(name) {
                plan.problems.append(PlanProblem(message: "\(scene.ref.path): the output name '\(name)' \(why); "
                                                 + "rename the file, or name the scene's variants in a manifest"))
                continue
            }
            let outputs = BuildJob.outputs(name: name, scales: scales, svg: svg)
            guard claim(name: name, span: nil, path: nil, scene: scene.ref.path) else { continue }
            plan.jobs.append(BuildJob(name: name, scenePath: scene.ref.path, scene: scene.loaded, outputs: outputs))
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
