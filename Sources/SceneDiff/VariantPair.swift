import SceneCompiler
import SceneIO
import SceneProject
import SceneSource

/// One thing a review compares: a variant (a scene with parameter values and a size, as the build
/// manifest names it) as it is on each side. A side is nil when the variant does not exist there.
public struct VariantPair: Sendable {
    public let name: String
    public let old: BuildJob?
    public let new: BuildJob?
    /// Why it is compared: "counter.scene changed", "through <use src="counter.scene"> at flo.scene:14:3", …
    public let reasons: [String]
}

/// Pairs the variants of two plans by name, keeping those a change can have touched.
public enum ReviewPlanner {
    /// - Parameters:
    ///   - changed: the files that differ between the sides (normalized user paths), or nil to
    ///     compare every variant.
    public static func pairs(old: BuildPlan, new: BuildPlan, changed: Set<String>?) -> [VariantPair] {
        // Each appearance is compared on its own: a variant's dark images are reviewed as `NAME~dark`.
        let oldJobs = Dictionary(old.jobs.flatMap(\.perAppearance).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let newJobs = Dictionary(new.jobs.flatMap(\.perAppearance).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var pairs: [VariantPair] = []
        for name in Set(oldJobs.keys).union(newJobs.keys).sorted() {
            let a = oldJobs[name], b = newJobs[name]
            var reasons: [String] = []
            if let a, let b {
                reasons = Self.reasons(a, b, changed: changed)
                if changed != nil && reasons.isEmpty { continue }
            } else if let b {
                reasons = ["\(b.scenePath): a new variant"]
            } else if let a {
                reasons = ["\(a.scenePath): the variant is gone"]
            }
            pairs.append(VariantPair(name: name, old: a, new: b, reasons: reasons))
        }
        return pairs
    }

    /// What changed for one variant present on both sides; empty when nothing it depends on did.
    static func reasons(_ a: BuildJob, _ b: BuildJob, changed: Set<String>?) -> [String] {
        var reasons: [String] = []
        if a.scenePath != b.scenePath { reasons.append("its scene is now \(b.scenePath) (was \(a.scenePath))") }
        if a.arguments != b.arguments { reasons.append("its parameter values changed in the manifest") }
        if a.size != b.size { reasons.append("its size changed in the manifest") }
        guard let changed else { return reasons.isEmpty ? ["compared in full"] : reasons }
        let main = normalized(b.scenePath)
        if changed.contains(main) || changed.contains(normalized(a.scenePath)) {
            reasons.append("\(b.scenePath) changed")
        }
        // A component's change reaches the scene through the <use> elements of its own file that
        // lead, directly or through other components, to a changed file.
        for scene in [b.scene, a.scene] {
            let reached = Self.reached(scene)
            for use in scene.componentUses where normalized(use.fromFile) == normalized(scene.path) {
                let changedBelow = (reached[normalized(use.file)] ?? []).union([normalized(use.file)]).intersection(changed)
                guard !changedBelow.isEmpty else { continue }
                let location = SourceLocation(use.span, in: scene.sources)
                let reason = "through <use src=…> at \(location) (\(changedBelow.sorted().joined(separator: ", ")) changed)"
                if !reasons.contains(reason) { reasons.append(reason) }
            }
            if !reasons.isEmpty { break }
        }
        return reasons
    }

    /// For each component file of a scene, every file it reaches through its own `<use>`s.
    static func reached(_ scene: LoadedScene) -> [String: Set<String>] {
        var edges: [String: Set<String>] = [:]
        for use in scene.componentUses { edges[normalized(use.fromFile), default: []].insert(normalized(use.file)) }
        var result: [String: Set<String>] = [:]
        for start in edges.keys {
            var seen = Set<String>(), stack = Array(edges[start] ?? [])
            while let file = stack.popLast() {
                guard seen.insert(file).inserted else { continue }
                stack += edges[file] ?? []
            }
            result[start] = seen
        }
        return result
    }

    static func normalized(_ path: String) -> String { FilePath.normalize(path) ?? path }
}
