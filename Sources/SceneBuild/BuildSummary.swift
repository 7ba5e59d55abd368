#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneProject

/// The counts a build ends with. Files are counted one by one (an SVG and three PNGs are four),
/// failures also by variant, because a scene that does not compile fails all its files at once.
public struct BuildSummary: Sendable, Equatable {
    public var variants = 0
    public var failedVariants = 0
    public var rendered = 0
    public var unchanged = 0
    public var failed = 0
    /// `--check`: files on disk with other bytes, and files that are not there.
    public var outOfDate = 0
    public var missing = 0
    /// `--prune`: the stale files removed (with `--check`: found); nil without `--prune`.
    public var stale: Int?
    /// Outputs made by this build (evaluated and rendered) and outputs taken from the build cache.
    public var made = 0
    public var cached = 0
    /// Whether the build had a cache (then the summary says what came from it).
    public var usesCache = false

    public init() {}

    public mutating func add(_ result: JobResult) {
        variants += 1
        if result.failed { failedVariants += 1 }
        add(result.outputs)
    }

    /// Files that belong to no variant (an asset catalog's own Contents.json).
    public mutating func add(_ outputs: [OutputResult]) {
        for output in outputs {
            switch output.origin {
            case .made: made += 1
            case .cache: cached += 1
            case .none: break
            }
            switch output.status {
            case .rendered: rendered += 1
            case .unchanged: unchanged += 1
            case .failed: failed += 1
            case .outOfDate: outOfDate += 1
            case .missing: missing += 1
            }
        }
    }

    public var files: Int { rendered + unchanged + failed + outOfDate + missing }

    /// Whether `--check` found every file as the build would write it.
    public var upToDate: Bool { outOfDate == 0 && missing == 0 && failed == 0 && (stale ?? 0) == 0 }

    /// `check: 12 variants, 48 files: 46 up to date, 1 out of date, 1 missing, 0 failed, 0.84 s`
    public func checkText(seconds: Double, shard: Shard? = nil) -> String {
        let head = shard.map { "check (shard \($0))" } ?? "check"
        let failures = failedVariants > 0 ? "\(failed) failed (\(plural(failedVariants, "variant")))" : "0 failed"
        let found = stale.map { ", \($0) stale" } ?? ""
        let cache = usesCache ? ", \(cached) from the cache (\(made) made)" : ""
        return "\(head): \(plural(variants, "variant")), \(plural(files, "file")): \(unchanged) up to date, "
            + "\(outOfDate) out of date, \(missing) missing\(found), \(failures)\(cache), " + FixedDecimal.text(seconds, places: 2) + " s"
    }

    /// `build: 12 variants, 48 files: 40 rendered, 4 unchanged, 4 failed (1 variant), 0.84 s`; with a
    /// cache, before the time: `, 30 from the cache (14 made)`. (Rendered: written, whether made or
    /// taken from the cache; unchanged: the file already held those bytes.)
    public func text(seconds: Double, shard: Shard? = nil) -> String {
        let head = shard.map { "build (shard \($0))" } ?? "build"
        let failures = failedVariants > 0 ? "\(failed) failed (\(plural(failedVariants, "variant")))" : "0 failed"
        let time = FixedDecimal.text(seconds, places: 2) + " s"
        let removed = stale.map { ", \($0) removed" } ?? ""
        let cache = usesCache ? ", \(cached) from the cache (\(made) made)" : ""
        return "\(head): \(plural(variants, "variant")), \(plural(files, "file")): \(rendered) rendered, "
            + "\(unchanged) unchanged, \(failures)\(removed)\(cache), \(time)"
    }

    private func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
