import DisplayList

/// A review as text for a terminal: one block per variant that differs, each change on a line
/// with its element and source location on each side, then a summary line. Colors (ANSI) only
/// when asked, for a terminal.
public struct ReviewText: Sendable {
    public var color: Bool

    public init(color: Bool) { self.color = color }

    public func render(_ review: ReviewResult) -> String {
        var out = "scenec diff: \(review.oldLabel) → \(review.newLabel)\n"
        for problem in review.oldProblems { out += paint("old side: \(problem)", .red) + "\n" }
        for problem in review.newProblems { out += paint("new side: \(problem)", .red) + "\n" }
        // An unchanged variant whose pixels changed below the threshold says so: "unchanged" alone
        // would read as "not one pixel changed".
        for variant in review.variants where variant.status != .unchanged || variant.pixels?.uncountedText != nil {
            out += "\n" + block(variant)
        }
        if review.variants.isEmpty {
            out += "\nno scene's drawing is touched by the changes\n"
        }
        out += "\n" + summary(review) + "\n"
        return out
    }

    public func summary(_ review: ReviewResult) -> String {
        var parts = ["\(review.count(.changed)) changed", "\(review.count(.unchanged)) unchanged", "\(review.count(.failed)) failed"]
        if review.count(.added) > 0 { parts.append("\(review.count(.added)) added") }
        if review.count(.removed) > 0 { parts.append("\(review.count(.removed)) removed") }
        return parts.joined(separator: ", ")
    }

    func block(_ v: VariantDiff) -> String {
        let tone: Tone = v.status == .changed || v.status == .unchanged ? .yellow : v.status == .added ? .green : .red
        var context: [String] = [v.newScene ?? v.oldScene ?? ""]
        let parameters = v.parameters.keys.sorted().map { "\($0)=\(v.parameters[$0]!)" }
        if !parameters.isEmpty { context.append(parameters.joined(separator: " ")) }
        if let size = v.size { context.append(size) }
        context.append("@\(NumberFormat.format(v.scale))x")
        var out = paint("\(v.name)  \(v.status.rawValue)", tone) + "  (" + context.joined(separator: ", ") + ")\n"
        for reason in v.reasons { out += "  why: \(reason)\n" }
        for line in v.oldDiagnostics { out += "  old: \(line)\n" }
        for line in v.newDiagnostics { out += "  new: \(line)\n" }
        if let s = v.structural {
            if s.sizeChanged {
                out +=
                    "  ~ canvas \(NumberFormat.format(s.oldSize.width))×\(NumberFormat.format(s.oldSize.height)) → "
                    + "\(NumberFormat.format(s.newSize.width))×\(NumberFormat.format(s.newSize.height))\n"
            }
            for item in s.changes { out += line(item) }
        }
        if let p = v.pixels { out += "  " + pixels(p) + "\n" }
        return out
    }

    func line(_ c: OperationChange) -> String {
        func name(_ ref: OperationRef?) -> String { ref?.name ?? "" }
        func at(_ ref: OperationRef?) -> String { ref?.location?.description ?? "?" }
        switch c.kind {
        case .added:
            return paint("  + \(name(c.new))", .green) + "  \(at(c.new))\n"
        case .removed:
            return paint("  - \(name(c.old))", .red) + "  \(at(c.old))\n"
        case .changed, .moved:
            let sign = c.kind == .moved ? "↕" : "~"
            var out =
                paint("  \(sign) \(name(c.new))", .yellow) + "  \(at(c.old)) → \(at(c.new))"
                + (c.kind == .moved ? "  moved from #\(c.old?.index.last ?? 0) to #\(c.new?.index.last ?? 0)" : "") + "\n"
            for field in c.fields { out += "      \(field.description)\n" }
            return out
        }
    }

    func pixels(_ p: PixelSummary) -> String {
        let percent = NumberFormat.format(p.share * 100, decimals: 2)
        var text = "pixels: \(p.changedPixels) of \(p.width * p.height) changed (\(percent)%)"
        if let uncounted = p.uncountedText { text += ", " + uncounted }
        if let change = p.sizeChange { text += "; image size \(change)" }
        if !p.regions.isEmpty {
            text += "; regions: " + p.regions.prefix(5).map { "\($0.x),\($0.y) \($0.width)×\($0.height)" }.joined(separator: "; ")
            if p.regions.count > 5 { text += "; \(p.regions.count - 5) more" }
        }
        return text
    }

    enum Tone: String { case red = "31", green = "32", yellow = "33" }

    func paint(_ text: String, _ tone: Tone) -> String {
        color ? "\u{1B}[\(tone.rawValue)m\(text)\u{1B}[0m" : text
    }
}
