import SceneCompiler

/// What `scenec check` checked and how it went, for its last line and its exit status (warnings:
/// those shown).
public struct CheckTally: Sendable, Equatable {
    public var scenes = 0, variants = 0, failed = 0, unreadable = 0, wrongSet = 0, warnings = 0
    /// Scenes and variants failed by their warnings (--deny-warnings), counted apart: one warning
    /// of a scene fails the scene and each variant of it.
    public var deniedScenes = 0, deniedVariants = 0
    public var denied: Int { deniedScenes + deniedVariants }

    public init() {}

    /// The exit status: 2 when a path could not be read or a `--set` value does not fit, 1 when
    /// anything has errors (or warnings, with `--deny-warnings`), else 0.
    public var exitStatus: Int32 {
        if unreadable + wrongSet > 0 { return 2 }
        return failed + denied > 0 ? 1 : 0
    }

    mutating func count(_ compilation: Compilation, denyWarnings: Bool, variant: Bool) {
        let warned = compilation.diagnostics.count { $0.severity == .warning }
        if compilation.hasErrors {
            failed += 1
        } else if denyWarnings && warned > 0 {
            if variant { deniedVariants += 1 } else { deniedScenes += 1 }
        }
    }

    /// `checked 3 scenes: no errors`, `checked 3 scenes and 2 variants: 1 with errors, 1 could not
    /// be read, 2 warnings`, `checked 1 scene and 2 variants: 1 warning, which fails 1 scene and
    /// 2 variants (--deny-warnings)`.
    public var summary: String {
        var parts: [String] = []
        if failed > 0 { parts.append("\(failed) with errors") }
        if unreadable > 0 { parts.append("\(unreadable) could not be read") }
        if wrongSet > 0 { parts.append("\(wrongSet) not checked: --set does not fit") }
        if parts.isEmpty && denied == 0 { parts.append("no errors") }
        if warnings > 0 {
            var text = Self.count(warnings, "warning")
            if denied > 0 {
                let failedOnes = [
                    deniedScenes > 0 ? Self.count(deniedScenes, "scene") : nil,
                    deniedVariants > 0 ? Self.count(deniedVariants, "variant") : nil,
                ].compactMap { $0 }
                text += ", which fail\(warnings == 1 ? "s" : "") " + failedOnes.joined(separator: " and ") + " (--deny-warnings)"
            }
            parts.append(text)
        }
        var what = Self.count(scenes, "scene")
        if variants > 0 { what += " and " + Self.count(variants, "variant") }
        return "checked \(what): " + parts.joined(separator: ", ")
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
