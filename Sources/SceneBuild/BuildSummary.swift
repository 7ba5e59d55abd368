import Foundation

/// The counts a build ends with. Files are counted one by one (an SVG and three PNGs are four),
/// failures also by variant, because a scene that does not compile fails all its files at once.
public struct BuildSummary: Sendable, Equatable {
    public var variants = 0
    public var failedVariants = 0
    public var rendered = 0
    public var unchanged = 0
    public var failed = 0

    public init() {}

    public mutating func add(_ result: JobResult) {
        variants += 1
        if result.failed { failedVariants += 1 }
        for output in result.outputs {
            switch output.status {
            case .rendered: rendered += 1
            case .unchanged: unchanged += 1
            case .failed: failed += 1
            }
        }
    }

    public var files: Int { rendered + unchanged + failed }

    /// `build: 12 variants, 48 files: 40 rendered, 4 unchanged, 4 failed (1 variant), 0.84 s`
    public func text(seconds: Double, shard: Shard? = nil) -> String {
        let head = shard.map { "build (shard \($0))" } ?? "build"
        let failures = failedVariants > 0 ? "\(failed) failed (\(plural(failedVariants, "variant")))" : "0 failed"
        let time = String(format: "%.2f s", seconds)
        return "\(head): \(plural(variants, "variant")), \(plural(files, "file")): \(rendered) rendered, "
            + "\(unchanged) unchanged, \(failures), \(time)"
    }

    private func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
