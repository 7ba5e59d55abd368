import DisplayList
import Foundation

extension CGContext {
    /// What this context recorded, compared with a display list as `scenec dump` prints it: both are
    /// brought to one form (`DisplayListMatch.normalized`) and printed as `scenec dump` prints, so
    /// they are compared at the dump's precision. nil when the two texts are the same, else the first
    /// line that differs. For the plugin's sample (Examples/PluginSample), which proves on Linux that
    /// the code the plugin generated draws what scenec draws, without importing DisplayList itself.
    public func difference(fromDump text: String, size: CGSize) -> String? {
        if !problems.isEmpty { return "the recorder could not record: \(problems.joined(separator: "; "))" }
        let expected: DisplayList
        do { expected = try DisplayListDumpParser.parse(text) } catch { return "the dump does not parse: \(error)" }
        let recorded = displayList(width: Double(size.width), height: Double(size.height))
        let lines = [expected, recorded].map { list in
            DisplayListDump().render(DisplayList(width: list.width, height: list.height, items: DisplayListMatch.normalized(list.items)))
                .split(separator: "\n", omittingEmptySubsequences: false)
        }
        for n in 0..<max(lines[0].count, lines[1].count) {
            let dumped = n < lines[0].count ? String(lines[0][n]) : "(nothing)"
            let drawn = n < lines[1].count ? String(lines[1][n]) : "(nothing)"
            if dumped != drawn { return "line \(n + 1): scenec dumps `\(dumped)`, the recording is `\(drawn)`" }
        }
        return nil
    }
}
