import DisplayList
import SceneDiff
import SceneSource

/// Writes the page's HTML and collects its image files. Every text from the review goes through
/// `HTML.escape`; every number is formatted by `NumberFormat`; dictionaries are walked in sorted
/// order: the same review always gives the same bytes.
struct PageBuilder {
    let result: ReviewResult
    let images: ReviewImages
    let names: SafeNames
    private var out = ""
    private var imageFiles: [PageFile] = []

    init(result: ReviewResult, images: ReviewImages) {
        self.result = result
        self.images = images
        self.names = SafeNames(result.variants.map(\.name))
    }

    /// The variants that get a section of their own: all but the unchanged.
    var shown: [VariantDiff] { result.variants.filter { $0.status != .unchanged } }

    consuming func build() -> [PageFile] {
        head()
        header()
        out += "<main>\n"
        for variant in shown { section(variant) }
        unchangedList()
        out += "</main>\n<script>\n\(PageAssets.script)</script>\n</body>\n</html>\n"
        return [PageFile(path: "index.html", bytes: Array(out.utf8))] + imageFiles
    }

    // MARK: head and header

    private mutating func head() {
        out += """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            \(PageFolder.generator)
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(PageAssets.contentSecurityPolicy)">
            <title>scenec diff: \(e(result.oldLabel)) → \(e(result.newLabel))</title>
            <style>
            \(PageAssets.style)</style>
            </head>
            <body data-view="side" data-zoom="fit">

            """
    }

    private mutating func header() {
        out +=
            "<header>\n<h1>scenec diff: <span class=\"label old-label\">\(e(result.oldLabel))</span> → "
            + "<span class=\"label new-label\">\(e(result.newLabel))</span></h1>\n"
        out += "<p class=\"summary\" id=\"summary\">\(e(ReviewText(color: false).summary(result)))</p>\n"
        if !result.oldProblems.isEmpty || !result.newProblems.isEmpty {
            out += "<div class=\"problems\">\n"
            for problem in result.oldProblems { out += "<p class=\"problem\">old side: <code>\(e(problem))</code></p>\n" }
            for problem in result.newProblems { out += "<p class=\"problem\">new side: <code>\(e(problem))</code></p>\n" }
            out += "</div>\n"
        }
        if result.variants.isEmpty {
            out += "<p class=\"nothing\">No scene's drawing is touched by the changes.</p>\n"
        } else if shown.isEmpty {
            out += "<p class=\"nothing\">Every variant compared draws the same on both sides.</p>\n"
        }
        if !shown.isEmpty {
            out += "<nav class=\"toc\" aria-label=\"Changes\">\n<ol>\n"
            for variant in shown {
                out +=
                    "<li><a href=\"#\(anchor(variant))\">\(badge(variant.status)) \(e(variant.name))</a>"
                    + " <span class=\"muted\">\(e(gist(variant)))</span></li>\n"
            }
            out += "</ol>\n</nav>\n"
        }
        out += "</header>\n"
        out += """
            <div class="toolbar" role="toolbar" aria-label="Views">
            <span class="group">View
            <button type="button" data-view="side" aria-pressed="true"><kbd>1</kbd> Side by side</button>
            <button type="button" data-view="swipe" aria-pressed="false"><kbd>2</kbd> Swipe</button>
            <button type="button" data-view="onion" aria-pressed="false"><kbd>3</kbd> Onion skin</button>
            <button type="button" data-view="diff" aria-pressed="false"><kbd>4</kbd> Diff</button>
            </span>
            <span class="group">Zoom
            <button type="button" data-zoom="fit" aria-pressed="true">Fit</button>
            <button type="button" data-zoom="1" aria-pressed="false">1:1</button>
            <button type="button" data-zoom="4" aria-pressed="false">4×</button>
            </span>
            <span class="position" id="position" aria-live="polite"></span>
            <span class="keys"><kbd>j</kbd> <kbd>k</kbd> or <kbd>↓</kbd> <kbd>↑</kbd> next and previous change · \
            <kbd>1</kbd>–<kbd>4</kbd> views · <kbd>z</kbd> zoom · click an image to find what drew it</span>
            </div>

            """
    }

    /// A few words on a variant for the list of changes.
    private func gist(_ v: VariantDiff) -> String {
        switch v.status {
        case .added: return "new variant"
        case .removed: return "variant removed"
        case .unchanged: return "unchanged"
        case .failed:
            switch (v.oldDiagnostics.isEmpty, v.newDiagnostics.isEmpty) {
            case (false, false): return "neither side compiles"
            case (false, true): return "the old side does not compile"
            case (true, false): return "the new side does not compile"
            case (true, true): return "does not compile"
            }
        case .changed:
            var parts: [String] = []
            if let s = v.structural {
                if s.sizeChanged { parts.append("canvas size") }
                if !s.changes.isEmpty { parts.append(s.changes.count == 1 ? "1 operation" : "\(s.changes.count) operations") }
            }
            if let p = v.pixels { parts.append("\(NumberFormat.format(p.share * 100, decimals: 2))% of pixels") }
            return parts.joined(separator: ", ")
        }
    }

    // MARK: one variant

    private func anchor(_ v: VariantDiff) -> String { "v-" + names[v.name] }

    private func badge(_ status: VariantDiff.Status) -> String {
        "<span class=\"badge \(status.rawValue)\">\(status.rawValue)</span>"
    }

    private mutating func section(_ v: VariantDiff) {
        out +=
            "<section class=\"variant \(v.status.rawValue)\" id=\"\(anchor(v))\" data-name=\"\(e(v.name))\" "
            + "data-scale=\"\(NumberFormat.format(v.scale))\" tabindex=\"-1\">\n"
        out += "<h2>\(badge(v.status)) \(e(v.name))</h2>\n"
        facts(v)
        diagnostics(v)
        if let p = v.pixels { pixels(p) }
        viewer(v)
        structure(v)
        out += "</section>\n"
    }

    private mutating func facts(_ v: VariantDiff) {
        out += "<dl class=\"facts\">\n"
        if let old = v.oldScene, let new = v.newScene, old != new {
            out += "<dt>scene</dt><dd><code>\(e(new))</code> (was <code>\(e(old))</code>)</dd>\n"
        } else if let scene = v.newScene ?? v.oldScene {
            out += "<dt>scene</dt><dd><code>\(e(scene))</code></dd>\n"
        }
        out += "<dt>parameters</dt><dd>"
        if v.parameters.isEmpty {
            out += "<span class=\"muted\">the scene's defaults</span>"
        } else {
            out += "<table class=\"parameters\">"
            for name in v.parameters.keys.sorted() {
                out += "<tr><th><code>\(e(name))</code></th><td><code>\(e(v.parameters[name]!))</code></td></tr>"
            }
            out += "</table>"
        }
        out += "</dd>\n<dt>size</dt><dd>\(e(sizeText(v)))</dd>\n"
        out += "<dt>scale</dt><dd>@\(NumberFormat.format(v.scale))x (\(NumberFormat.format(v.scale)) pixels per point)"
        let pictures = images[v.name]
        let sizes = [pictures?.old, pictures?.new].compactMap { $0.flatMap(pngSize) }.map { "\($0.width)×\($0.height)" }
        if v.status != .unchanged, let first = sizes.first {
            out += ": images of " + (sizes.count == 2 && sizes[0] != sizes[1] ? "\(sizes[0]) → \(sizes[1])" : first) + " pixels"
        }
        out += "</dd>\n"
        if !v.reasons.isEmpty {
            out += "<dt>why</dt><dd><ul class=\"reasons\">"
            for reason in v.reasons { out += "<li>\(e(reason))</li>" }
            out += "</ul></dd>\n"
        }
        out += "</dl>\n"
    }

    private func sizeText(_ v: VariantDiff) -> String {
        func points(_ s: SizeValue) -> String { "\(NumberFormat.format(s.width))×\(NumberFormat.format(s.height)) pt" }
        var text: String
        if let s = v.structural {
            text = s.sizeChanged ? "\(points(s.oldSize)) → \(points(s.newSize))" : points(s.newSize)
        } else {
            text = v.size.map { $0 + " pt" } ?? "the scene's own"
        }
        if let size = v.size { text += " (\(size) set for this variant)" }
        return text
    }

    private mutating func diagnostics(_ v: VariantDiff) {
        for (side, lines) in [("old", v.oldDiagnostics), ("new", v.newDiagnostics)] where !lines.isEmpty {
            out += "<div class=\"diagnostics \(side)\">\n<h3>The \(side) side does not compile</h3>\n<pre>"
            out += lines.map(HTML.escape).joined(separator: "\n")
            out += "</pre>\n</div>\n"
        }
    }

    private mutating func pixels(_ p: PixelSummary) {
        var text = "\(p.changedPixels) of \(p.width * p.height) pixels changed (\(NumberFormat.format(p.share * 100, decimals: 2))%)"
        if let uncounted = p.uncountedText { text += ", " + uncounted }
        if let change = p.sizeChange { text += "; image size \(change)" }
        if !p.regions.isEmpty { text += "; \(p.regions.count) changed region\(p.regions.count == 1 ? "" : "s")" }
        out += "<p class=\"pixels\">\(e(text))</p>\n"
    }

    // MARK: images

    /// Adds the image file and returns its `<img>` element.
    private mutating func image(_ bytes: [UInt8], _ v: VariantDiff, _ role: String, classes: String, alt: String) -> String {
        let path = "images/\(names[v.name])-\(role).png"
        if !imageFiles.contains(where: { $0.path == path }) { imageFiles.append(PageFile(path: path, bytes: bytes)) }
        var size = ""
        if let (w, h) = pngSize(bytes) { size = " width=\"\(w)\" height=\"\(h)\"" }
        return "<img class=\"\(classes)\" src=\"\(path)\"\(size) alt=\"\(e(alt))\" draggable=\"false\">"
    }

    private mutating func viewer(_ v: VariantDiff) {
        let pictures = images[v.name]
        let old = pictures?.old, new = pictures?.new, diff = pictures?.diff
        guard old != nil || new != nil || diff != nil else {
            if v.status != .failed {
                out += "<p class=\"no-images muted\">No images: the pixels of this variant were not compared.</p>\n"
            }
            return
        }
        let regions = (v.pixels?.regions ?? []).map { "\($0.x) \($0.y) \($0.width) \($0.height)" }.joined(separator: ",")
        guard let old, let new else {
            // Added, removed, or a diff image alone: one picture.
            let (bytes, role, caption, side) =
                new.map { ($0, "new", "After (\(v.status.rawValue))", "new") }
                ?? old.map { ($0, "old", "Before (\(v.status.rawValue))", "old") }
                ?? (diff!, "diff", "Diff", "both")
            out +=
                "<div class=\"viewer single\">\n<div class=\"stage\">\n<div class=\"pane single\"><figure>"
                + "<div class=\"frame\" data-side=\"\(side)\">"
                + image(bytes, v, role, classes: role, alt: "\(caption): \(v.name)")
                + "<div class=\"marks\"></div></div><figcaption>\(e(caption))</figcaption></figure></div>\n</div>\n</div>\n"
            return
        }
        out += "<div class=\"viewer both\(diff == nil ? "" : " has-diff")\" style=\"--swipe:50%;--onion:0.5\">\n"
        out += """
            <div class="controls">
            <label class="for-swipe">before <input type="range" class="swipe" min="0" max="100" value="50" \
            aria-label="Swipe: before to the left of the line, after to the right"> after</label>
            <label class="for-onion">before <input type="range" class="onion" min="0" max="100" value="50" \
            aria-label="Onion skin: the opacity of after over before"> after</label>
            <span class="for-diff legend">\(diff == nil
                ? "no diff image: after over before in the browser's difference blend (black where they agree)"
                : "red: changed pixels · yellow: anti-aliasing only · faded: unchanged")</span>
            <output class="point"></output>
            </div>
            <div class="stage">

            """
        let oldImage = image(old, v, "old", classes: "old", alt: "before: \(v.name)")
        let newImage = image(new, v, "new", classes: "new", alt: "after: \(v.name)")
        let diffImage = diff.map { image($0, v, "diff", classes: "diff", alt: "diff: \(v.name)") }
        out +=
            "<div class=\"pane side-by-side\">"
            + "<figure><div class=\"frame\" data-side=\"old\">\(oldImage)<div class=\"marks\"></div></div><figcaption>Before</figcaption></figure>"
            + "<figure><div class=\"frame\" data-side=\"new\">\(newImage)<div class=\"marks\"></div></div><figcaption>After</figcaption></figure>"
            + (diffImage.map {
                "<figure><div class=\"frame\" data-side=\"both\">\($0)<div class=\"marks\"></div></div><figcaption>Diff</figcaption></figure>"
            } ?? "")
            + "</div>\n"
        out +=
            "<div class=\"pane stack-pane\"><div class=\"frame stack\" data-side=\"both\" data-regions=\"\(regions)\">"
            + oldImage + newImage.replacingEvery("class=\"new\"", with: "class=\"new top\"")
            + "<div class=\"handle\"></div><div class=\"marks\"></div></div></div>\n"
        if let diffImage {
            out +=
                "<div class=\"pane diff-pane\"><div class=\"frame\" data-side=\"both\" data-regions=\"\(regions)\">"
                + diffImage + "<div class=\"marks\"></div></div></div>\n"
        }
        out += "</div>\n</div>\n"
    }

    // MARK: the structural diff

    private mutating func structure(_ v: VariantDiff) {
        guard v.status == .changed else { return }
        guard let s = v.structural else {
            out += "<p class=\"muted\">The display lists were not compared (pixels only).</p>\n"
            return
        }
        out +=
            "<div class=\"structure\">\n<h3>Drawing: \(s.changes.count) change\(s.changes.count == 1 ? "" : "s")"
            + " <span class=\"muted\">(\(s.unchanged) operation\(s.unchanged == 1 ? "" : "s") unchanged)</span></h3>\n"
        if s.sizeChanged {
            func size(_ z: SizeValue) -> String { "\(NumberFormat.format(z.width))×\(NumberFormat.format(z.height))" }
            out += "<p class=\"canvas\">canvas \(size(s.oldSize)) → \(size(s.newSize)) pt</p>\n"
        }
        if !s.changes.isEmpty {
            out += "<ol class=\"changes\">\n"
            for change in s.changes { self.change(change) }
            out += "</ol>\n"
        }
        out += "</div>\n"
    }

    private mutating func change(_ c: OperationChange) {
        func bounds(_ ref: OperationRef?) -> String {
            guard let b = ref?.bounds else { return "" }
            return [b.x, b.y, b.width, b.height].map { NumberFormat.format($0) }.joined(separator: " ")
        }
        let shown = c.new ?? c.old
        let sign = ["added": "+", "removed": "−", "changed": "~", "moved": "↕"][c.kind.rawValue] ?? "~"
        let name = shown?.name ?? ""
        out += "<li class=\"change \(c.kind.rawValue)\" data-old=\"\(bounds(c.old))\" data-new=\"\(bounds(c.new))\" tabindex=\"0\">"
        out +=
            "<div class=\"head\"><span class=\"sign\">\(sign)</span> <code class=\"op\""
            + (shown?.origin.map { " title=\"\(e($0))\"" } ?? "") + ">\(e(name))</code> <span class=\"kind\">\(c.kind.rawValue)</span>"
        if c.kind == .moved, let from = c.old?.index.last, let to = c.new?.index.last {
            out += " <span class=\"muted\">from #\(from) to #\(to)</span>"
        }
        out += "</div>\n"
        if !c.fields.isEmpty {
            out += "<ul class=\"fields\">"
            for field in c.fields {
                let title = field.label == nil ? "" : " title=\"\(e(field.field))\""
                out +=
                    "<li><span class=\"field\"\(title)>\(e(field.name))</span> \(swatch(field.old))<del>\(e(field.old))</del> → "
                    + "\(swatch(field.new))<ins>\(e(field.new))</ins></li>"
            }
            out += "</ul>\n"
        }
        out += "<div class=\"sources\">"
        for (side, ref) in [("old", c.old), ("new", c.new)] {
            guard let ref else { continue }
            out +=
                "<div class=\"src \(side)\"><span class=\"side\">\(side)</span> "
                + "<span class=\"loc\">\(e(ref.location?.description ?? "location unknown"))</span>"
            if let line = ref.sourceLine { out += " <code class=\"line\">\(e(line))</code>" }
            out += "</div>"
        }
        out += "</div></li>\n"
    }

    /// A color sample for a value written as the diff writes colors: `#rrggbb`, `#rrggbbaa`, or
    /// `#rrggbb/0.123` (an alpha between 255ths). Only text that passed this check reaches a
    /// style attribute.
    func swatch(_ value: String) -> String {
        let parts = value.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let hex = parts[0].dropFirst()
        guard parts[0].hasPrefix("#"), hex.count == 6 || (hex.count == 8 && parts.count == 1),
            hex.allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0) })
        else { return "" }
        guard parts.count == 2 else { return "<span class=\"swatch\" style=\"background:\(value)\"></span>" }
        guard let alpha = Double(parts[1]), (0...1).contains(alpha), parts[1].allSatisfy({ $0.isNumber || $0 == "." }) else { return "" }
        let alphaByte = Int((alpha * 255).rounded())
        let hexAlpha = String(alphaByte, radix: 16)
        return "<span class=\"swatch\" style=\"background:#\(hex)\(hexAlpha.count == 1 ? "0" : "")\(hexAlpha)\"></span>"
    }

    // MARK: the unchanged

    private mutating func unchangedList() {
        let unchanged = result.variants.filter { $0.status == .unchanged }
        guard !unchanged.isEmpty else { return }
        out += "<section class=\"unchanged-list\">\n<h2>Unchanged (\(unchanged.count))</h2>\n<ul>\n"
        for v in unchanged {
            var context = [v.newScene ?? v.oldScene ?? ""]
            let parameters = v.parameters.keys.sorted().map { "\($0)=\(v.parameters[$0]!)" }
            if !parameters.isEmpty { context.append(parameters.joined(separator: " ")) }
            if let size = v.size { context.append(size) }
            // Pixels that changed below the threshold are said, never hidden behind "unchanged".
            if let uncounted = v.pixels?.uncountedText { context.append("pixels: " + uncounted) }
            out += "<li><code>\(e(v.name))</code> <span class=\"muted\">\(e(context.joined(separator: ", ")))</span></li>\n"
        }
        out += "</ul>\n</section>\n"
    }

    private func e(_ text: String) -> String { HTML.escape(text) }
}
