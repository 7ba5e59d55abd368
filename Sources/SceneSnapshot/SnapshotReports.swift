import DisplayList
import SceneDiff
import SceneSource

/// The results of a snapshot run, as the tools around CI read them: JUnit XML (what CI systems
/// show natively), a Markdown summary (a pull-request comment, `$GITHUB_STEP_SUMMARY`), and the
/// review page's `ReviewResult`.
public struct SnapshotRun: Sendable {
    public let results: [SnapshotResult]
    /// Reference files no variant of the run claims.
    public let orphans: [String]
    /// "1/4" when the run is one shard of several.
    public let shard: String?

    public init(results: [SnapshotResult], orphans: [String], shard: String?) {
        self.results = results
        self.orphans = orphans
        self.shard = shard
    }

    public func count(_ status: SnapshotResult.Status) -> Int { results.filter { $0.status == status }.count }

    public var failed: Bool { results.contains { $0.status == .failed || $0.status == .error } }

    /// `103 variants: 101 passed, 1 failed, 0 errors, 1 recorded`.
    public var summaryLine: String {
        "\(results.count) variant\(results.count == 1 ? "" : "s"): \(count(.passed)) passed, \(count(.failed)) failed, "
            + "\(count(.error)) error\(count(.error) == 1 ? "" : "s"), \(count(.recorded)) recorded"
            + (shard.map { " (shard \($0))" } ?? "")
    }

    // MARK: JUnit

    /// One `<testsuite name="scenec test">` with a `<testcase>` per variant: classname the scene,
    /// name the variant; `<failure>` for a change beyond the tolerance, `<error>` for a scene that
    /// does not compile, `<system-out>` for notes and recorded references.
    public func junit() -> String {
        let time = results.reduce(0) { $0 + $1.seconds }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites>\n"
        out +=
            "  <testsuite name=\"scenec test\(shard.map { " " + $0 } ?? "")\" tests=\"\(results.count)\" "
            + "failures=\"\(count(.failed))\" errors=\"\(count(.error))\" skipped=\"0\" time=\"\(seconds(time))\">\n"
        for r in results {
            out += "    <testcase classname=\"\(xml(r.job.scenePath))\" name=\"\(xml(r.name))\" time=\"\(seconds(r.seconds))\""
            let details = detailLines(r).joined(separator: "\n")
            switch r.status {
            case .passed, .recorded:
                let notes = [r.status == .recorded ? r.message : nil, r.note].compactMap { $0 }
                if notes.isEmpty {
                    out += "/>\n"
                } else {
                    out += ">\n      <system-out>\(xml(notes.joined(separator: "\n")))</system-out>\n    </testcase>\n"
                }
            case .failed:
                out += ">\n      <failure message=\"\(xml(r.message))\">\(xml(details))</failure>\n    </testcase>\n"
            case .error:
                out += ">\n      <error message=\"\(xml(r.message))\">\(xml(details))</error>\n    </testcase>\n"
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// What a reader needs under a failure: the pixels, the changed operations with their source
    /// lines, the diagnostics.
    func detailLines(_ r: SnapshotResult) -> [String] {
        var lines = [r.message]
        if let note = r.note { lines.append("note: " + note) }
        lines += r.diagnostics
        for change in r.structural?.changes.prefix(20) ?? [] {
            let ref = change.new ?? change.old
            let what = ref?.name ?? ""
            lines.append(
                "\(change.kind.rawValue) \(what) at \(ref?.location?.description ?? "the reference")"
                    + (change.fields.isEmpty ? "" : ": " + change.fields.map(\.description).joined(separator: "; ")))
        }
        if let count = r.structural?.changes.count, count > 20 { lines.append("… \(count - 20) more changes") }
        return lines
    }

    // MARK: Markdown

    /// A summary fit for a pull-request comment: counts, then a table of what did not pass.
    public func markdown() -> String {
        var out = "### scenec test: " + (failed ? "❌ " : "✅ ") + summaryLine + "\n\n"
        let shown = results.filter { $0.status != .passed || $0.note != nil }
        guard !shown.isEmpty || !orphans.isEmpty else { return out + "Every variant matches its reference.\n" }
        if !shown.isEmpty {
            out += "| Variant | Scene | Result | Details |\n| --- | --- | --- | --- |\n"
            for r in shown {
                let icon = r.status == .passed ? "ℹ️ note" : r.status == .recorded ? "📝 recorded" : r.status == .failed ? "❌ failed" : "⚠️ error"
                var details = r.message + (r.note.map { "; " + $0 } ?? "")
                // The first change that shows in the changed pixels: what the reader should look at.
                if let first = r.structural?.firstVisibleChange(pixels: r.pixels, scale: r.job.snapshot.scale),
                    let shown = first.new ?? first.old, let location = shown.location
                {
                    details += "; first change: \(shown.name) at " + code("\(location)")
                    if !first.fields.isEmpty { details += ": " + first.fields.map { code($0.description) }.joined(separator: ", ") }
                }
                if let diagnostic = r.diagnostics.first { details += "; " + code(diagnostic) }
                out += "| \(code(cell(r.name))) | \(code(cell(r.job.scenePath))) | \(icon) | \(cell(details)) |\n"
            }
        }
        if !orphans.isEmpty {
            out += "\nReferences of variants that no longer exist (remove them with `scenec test --prune`):\n\n"
            for path in orphans { out += "- \(code(cell(path)))\n" }
        }
        return out
    }

    // MARK: review page

    /// The run as a review: each variant that did not pass (and each note) compared with its
    /// reference, for `ReviewPage`.
    public func review(referenceLabel: String) -> (ReviewResult, ReviewImages) {
        var variants: [VariantDiff] = []
        var images: ReviewImages = [:]
        for r in results {
            let status: VariantDiff.Status
            switch r.status {
            case .passed: status = r.note == nil && (r.pixels?.changedPixels ?? 0) == 0 ? .unchanged : .changed
            case .failed: status = r.pixels == nil && r.structural == nil ? .added : .changed
            case .recorded: status = r.pixels == nil ? .added : .changed
            case .error: status = .failed
            }
            variants.append(
                VariantDiff(
                    name: r.name, status: status, oldScene: r.job.scenePath, newScene: r.job.scenePath,
                    parameters: r.job.arguments.mapValues { VariantComparer.text($0) }, size: r.job.size?.description,
                    scale: r.job.snapshot.scale, reasons: [r.message] + (r.note.map { [$0] } ?? []), structural: r.structural,
                    pixels: r.pixels, oldDiagnostics: [], newDiagnostics: r.diagnostics))
            if let pictures = r.images { images[r.name] = pictures }
        }
        return (
            ReviewResult(
                oldLabel: referenceLabel, newLabel: "working tree", variants: variants,
                oldProblems: [], newProblems: []), images
        )
    }

    // MARK: text helpers

    private func seconds(_ value: Double) -> String { NumberFormat.format(value, decimals: 3) }

    private func cell(_ text: String) -> String {
        text.replacingEvery("|", with: "\\|").replacingEvery("\n", with: " ")
    }

    /// `text` as a Markdown code span nothing in it can end (a backtick in a variant name or a
    /// path would otherwise close the span and let the rest be read as Markdown): fenced with one
    /// backtick more than its longest run of them, with a space inside each fence when it starts
    /// or ends with a backtick or a space (CommonMark's code spans drop one such space each side).
    func code(_ text: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = text.first == "`" || text.last == "`" || text.first == " " && text.last == " " ? " " : ""
        return fence + pad + text + pad + fence
    }

    func xml(_ text: String) -> String { MarkupText.escape(text) }
}
