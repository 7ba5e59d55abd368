import Foundation
import ReviewPage
import SceneCompiler
@testable import SceneDiff
import SceneIO
import Testing

/// Reviews made as `scenec diff` makes them (the seed counter compiled before and after a color
/// change, compared structurally, rendered through the front door), written as pages.
struct ReviewPageTests {
    static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenes")
    static let counter = try! String(contentsOf: scenes.appendingPathComponent("counter.scene"), encoding: .utf8)
    static let recolored = counter.replacingOccurrences(of: "rgb(87, 218, 213)", with: "rgb(200, 30, 30)")

    static func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// A variant of `counter.scene` compared before and after `new`, with its renders at @2x.
    static func variant(
        _ name: String, old: String = counter, new: String = recolored, set: [String] = [],
        parameters: [String: String] = [:], images: Bool = true
    ) throws -> (VariantDiff, PixelImages?) {
        let compiler = SceneCompiler()
        let a = compiler.load(path: "Scenes/counter.scene", bytes: Array(old.utf8))
        let b = compiler.load(path: "Scenes/counter.scene", bytes: Array(new.utf8))
        let x = compiler.compile(a, arguments: try compiler.arguments(set, for: a))
        let y = compiler.compile(b, arguments: try compiler.arguments(set, for: b))
        let report = StructuralDiff().compare(try #require(x.list), try #require(y.list), oldSources: a.sources, newSources: b.sources)
        let pixels = PixelSummary(
            width: 460, height: 460, changedPixels: 1200, antialiasedPixels: 30,
            regions: [PixelRegion(x: 20, y: 40, width: 100, height: 300, pixels: 1200)], sizeChange: nil)
        let diff = VariantDiff(
            name: name, status: report.isEmpty ? .unchanged : .changed, oldScene: "Scenes/counter.scene",
            newScene: "Scenes/counter.scene", parameters: parameters, size: nil, scale: 2,
            reasons: ["Scenes/counter.scene changed"], structural: report, pixels: pixels,
            oldDiagnostics: [], newDiagnostics: [])
        guard images else { return (diff, nil) }
        // The diff image stands in for pixelmatch's: any PNG of the right size.
        return (diff, PixelImages(old: try x.png(scale: 2), new: try y.png(scale: 2), diff: try x.png(scale: 2)))
    }

    static func review(
        _ variants: [(VariantDiff, PixelImages?)], old: String = "main (1a2b3c4d5e6f)",
        new: String = "working tree"
    ) -> (ReviewResult, ReviewImages) {
        var images: ReviewImages = [:]
        for (v, p) in variants { if let p { images[v.name] = p } }
        return (ReviewResult(oldLabel: old, newLabel: new, variants: variants.map(\.0), oldProblems: [], newProblems: []), images)
    }

    static func only(_ status: VariantDiff.Status, name: String, diagnostics: [String] = [], image: [UInt8]? = nil)
        -> (VariantDiff, PixelImages?)
    {
        let v = VariantDiff(
            name: name, status: status, oldScene: status == .added ? nil : "Scenes/x.scene",
            newScene: status == .removed ? nil : "Scenes/x.scene", parameters: [:], size: "50x50", scale: 2,
            reasons: ["Scenes/x.scene: a new variant"], structural: nil, pixels: nil,
            oldDiagnostics: status == .failed ? diagnostics : [], newDiagnostics: [])
        let images = image.map { PixelImages(old: status == .removed ? $0 : nil, new: status == .added ? $0 : nil, diff: nil) }
        return (v, images)
    }

    static func attributes(_ name: String, in html: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: "\\s\(name)=\"([^\"]*)\"")
        return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            String(html[Range($0.range(at: 1), in: html)!])
        }
    }

    // MARK: content

    @Test func aChangedVariantShowsItsImagesChangesSourceLinesAndValues() throws {
        let (result, images) = Self.review([try Self.variant("counter-3", set: ["counter=3"], parameters: ["counter": "3"])])
        let files = ReviewPage.files(result, images: images)
        #expect(
            files.map(\.path) == ["index.html", "images/counter-3-old.png", "images/counter-3-new.png", "images/counter-3-diff.png", "review.json"])
        #expect(files[1].bytes == images["counter-3"]?.old)
        #expect(files[2].bytes == images["counter-3"]?.new)
        let html = String(decoding: files[0].bytes, as: UTF8.self)
        #expect(html.contains("1 changed, 0 unchanged, 0 failed"))
        #expect(html.contains("<section class=\"variant changed\" id=\"v-counter-3\""))
        // The change, the field old → new, and each side's location with its line's text.
        #expect(html.contains("<code class=\"op\" title=\"scene#0/arc#0\">stroke &lt;arc&gt;</code>"), "\(html)")
        #expect(html.contains("<span class=\"field\">paint</span> <span class=\"swatch\" style=\"background:#57dad5ff\"></span><del>#57dad5ff</del>"))
        #expect(
            html.contains(
                "<span class=\"loc\">Scenes/counter.scene:23:4</span> <code class=\"line\">&lt;arc cx=&quot;centerX&quot; cy=&quot;centerY&quot;"))
        #expect(html.components(separatedBy: "<div class=\"src ").count == 3)
        // The values and the size used.
        #expect(html.contains("<tr><th><code>counter</code></th><td><code>3</code></td></tr>"))
        #expect(html.contains("<dd>230×230 pt</dd>"))
        #expect(html.contains("@2x (2 pixels per point): images of 460×460 pixels</dd>"))
        // The changed operation's bounds for the click-to-find, in points.
        let change = try #require(result.variants[0].structural?.changes.first?.new?.bounds)
        #expect(Self.attributes("data-new", in: html).contains("\(fmt(change.x)) \(fmt(change.y)) \(fmt(change.width)) \(fmt(change.height))"))
        // Images with their pixel sizes, in all four views.
        #expect(html.contains("src=\"images/counter-3-old.png\" width=\"460\" height=\"460\""))
        for pane in ["side-by-side", "stack-pane", "diff-pane"] { #expect(html.contains("class=\"pane \(pane)\"")) }
        #expect(html.contains("data-regions=\"20 40 100 300\""))
        #expect(html.contains("1200 of 211600 pixels changed (0.57%), 30 anti-aliasing only; 1 changed region"))
    }

    func fmt(_ value: Double) -> String {
        var text = String(format: "%.4f", value)
        while text.contains(".") && (text.hasSuffix("0") || text.hasSuffix(".")) { text.removeLast() }
        return text
    }

    @Test func everyTextIsEscaped() throws {
        let hostile = "<script>alert(\"x\")</script>'&"
        var (v, images) = try Self.variant("a<b>\"c'&", parameters: ["fill<": hostile])
        v = VariantDiff(
            name: v.name, status: .changed, oldScene: "Scenes/<x>.scene", newScene: v.newScene,
            parameters: v.parameters, size: "300x200\"", scale: 2, reasons: [hostile], structural: v.structural,
            pixels: nil, oldDiagnostics: ["Scenes/x.scene:1:2: error: expected '>' but found \"<\""],
            newDiagnostics: [hostile + "\u{0}\u{1B}[31m"])
        let result = ReviewResult(
            oldLabel: "<old>", newLabel: "\"new\"", variants: [v],
            oldProblems: [hostile], newProblems: ["scenes.json:1:1: error: <bad>"])
        let html = ReviewPage.html(result, images: images.map { [v.name: $0] } ?? [:])
        // One script element: the page's own.
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(!html.contains("<x>") && !html.contains("<old>") && !html.contains("<bad>") && !html.contains("<b>"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&amp;"))
        #expect(html.contains("<title>scenec diff: &lt;old&gt; → &quot;new&quot;</title>"))
        #expect(html.contains("data-name=\"a&lt;b&gt;&quot;c&#39;&amp;\""))
        #expect(html.contains("expected &#39;&gt;&#39; but found &quot;&lt;&quot;"))
        // No control character reaches the page.
        #expect(!html.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(html.contains("\u{FFFD}\u{FFFD}[31m"))
        // File names and anchors are made of safe characters only.
        #expect(html.contains("id=\"v-a_b__c__\""))
        #expect(Self.attributes("src", in: html).allSatisfy { $0.range(of: "^images/[A-Za-z0-9_.-]+\\.png$", options: .regularExpression) != nil })
    }

    @Test func safeNamesAreUniqueWhateverTheCase() throws {
        let names = ["Counter", "counter", "../up", ".hidden", "ünï/cöde", ""]
        let variants = try names.map { name -> (VariantDiff, PixelImages?) in
            let (v, p) = try Self.variant("x", images: true)
            return (
                VariantDiff(
                    name: name, status: .changed, oldScene: v.oldScene, newScene: v.newScene, parameters: [:],
                    size: nil, scale: 2, reasons: [], structural: v.structural, pixels: nil,
                    oldDiagnostics: [], newDiagnostics: []), p
            )
        }
        let (result, images) = Self.review(variants)
        let paths = ReviewPage.files(result, images: images).map(\.path).filter { $0.hasSuffix("-old.png") }
        #expect(
            paths == [
                "images/Counter-old.png", "images/counter-2-old.png", "images/_._up-old.png",
                "images/_hidden-old.png", "images/_n__c_de-old.png", "images/variant-old.png",
            ])
        #expect(Set(paths.map { $0.lowercased() }).count == paths.count)
    }

    @Test func theSameReviewGivesTheSameBytes() throws {
        let first = try Self.variant("counter-3", set: ["counter=3"], parameters: ["counter": "3", "a": "1", "z": "2"])
        // The same values inserted in another order.
        var parameters: [String: String] = [:]
        for key in ["z", "counter", "a"] { parameters[key] = first.0.parameters[key] }
        let v = first.0
        let again = VariantDiff(
            name: v.name, status: v.status, oldScene: v.oldScene, newScene: v.newScene, parameters: parameters,
            size: v.size, scale: v.scale, reasons: v.reasons, structural: v.structural, pixels: v.pixels,
            oldDiagnostics: [], newDiagnostics: [])
        let (a, imagesA) = Self.review([first, Self.only(.added, name: "new-one", image: first.1?.new)])
        let (b, imagesB) = Self.review([(again, first.1), Self.only(.added, name: "new-one", image: first.1?.new)])
        #expect(ReviewPage.files(a, images: imagesA) == ReviewPage.files(b, images: imagesB))
        #expect(ReviewPage.files(a, images: imagesA) == ReviewPage.files(a, images: imagesA))
    }

    @Test func nothingOnThePageIsFetchedFromAnywhere() throws {
        let (result, images) = Self.review([try Self.variant("counter"), Self.only(.added, name: "b", image: nil)])
        let html = ReviewPage.html(result, images: images)
        for reference in ["http:", "https:", "//", "ftp:", "ws:", "wss:"] {
            for name in ["src", "href", "action", "poster", "data"] {
                #expect(!Self.attributes(name, in: html).contains { $0.contains(reference) }, "\(name) with \(reference)")
            }
        }
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(!html.contains("@import") && !html.contains("url("))
        #expect(!html.contains("fetch(") && !html.contains("XMLHttpRequest") && !html.contains("<link") && !html.contains("<iframe"))
        #expect(Self.attributes("href", in: html).allSatisfy { $0.hasPrefix("#v-") })
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"))
    }

    @Test func variantsWithoutImagesAddedRemovedAndFailing() throws {
        let png = try #require(try SceneCompiler().compile(SceneCompiler().load(path: "c.scene", bytes: Array(Self.counter.utf8))).png(scale: 1))
        let (result, images) = Self.review([
            try Self.variant("structural", images: false),
            Self.only(.added, name: "fresh", image: png),
            Self.only(.removed, name: "gone", image: png),
            Self.only(.failed, name: "broken", diagnostics: ["Scenes/x.scene:3:5: error: unknown element <ovl>"]),
            try Self.variant("same", new: Self.counter),
        ])
        let files = ReviewPage.files(result, images: images)
        #expect(files.map(\.path) == ["index.html", "images/fresh-new.png", "images/gone-old.png", "review.json"])
        let html = String(decoding: files[0].bytes, as: UTF8.self)
        #expect(html.contains("1 changed, 1 unchanged, 1 failed, 1 added, 1 removed"))
        #expect(html.contains("No images: the pixels of this variant were not compared."))
        #expect(html.contains("<figcaption>After (added)</figcaption>"))
        #expect(html.contains("<figcaption>Before (removed)</figcaption>"))
        #expect(html.contains("<h3>The old side does not compile</h3>\n<pre>Scenes/x.scene:3:5: error: unknown element &lt;ovl&gt;</pre>"))
        #expect(html.contains("<section class=\"unchanged-list\">\n<h2>Unchanged (1)</h2>"))
        #expect(!html.contains("id=\"v-same\""))
        // Four changes to step through, in the order of the review.
        #expect(Self.attributes("href", in: html) == ["#v-structural", "#v-fresh", "#v-gone", "#v-broken"])
    }

    @Test func aReviewWithNothingToShow() {
        let html = ReviewPage.html(ReviewResult(oldLabel: "a", newLabel: "b", variants: [], oldProblems: [], newProblems: []), images: [:])
        #expect(html.contains("No scene's drawing is touched by the changes."))
        #expect(html.contains("0 changed, 0 unchanged, 0 failed"))
    }

    // MARK: writing

    @Test func writesTheFolderWithImagesBesideThePage() throws {
        let (result, images) = Self.review([try Self.variant("counter-3", set: ["counter=3"])])
        let parent = try Self.temporaryFolder()
        let folder = parent + "/review/nested"
        try ReviewPage.write(result, images: images, to: folder)
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(html == ReviewPage.html(result, images: images))
        for src in Set(Self.attributes("src", in: html)) {
            let bytes = try #require(FileManager.default.contents(atPath: folder + "/" + src), "\(src)")
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["images", "index.html", "review.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent + "/review") == ["nested"])
        let attributes = try FileManager.default.attributesOfItem(atPath: folder)
        #expect((attributes[.posixPermissions] as? Int ?? 0) & 0o055 != 0)
    }

    @Test func anEarlierPageIsReplacedWhole() throws {
        let parent = try Self.temporaryFolder()
        let folder = parent + "/review"
        let (first, firstImages) = Self.review([try Self.variant("one")])
        try ReviewPage.write(first, images: firstImages, to: folder)
        let (second, secondImages) = Self.review([try Self.variant("two")])
        try ReviewPage.write(second, images: secondImages, to: folder + "/")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder + "/images").sorted()
                == ["two-diff.png", "two-new.png", "two-old.png"])
        #expect(try String(contentsOfFile: folder + "/index.html", encoding: .utf8).contains("id=\"v-two\""))
        // No temporary folder is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["review"])
        // An empty folder is fine too.
        try FileManager.default.createDirectory(atPath: parent + "/empty", withIntermediateDirectories: false)
        try ReviewPage.write(second, images: secondImages, to: parent + "/empty")
        #expect(FileManager.default.fileExists(atPath: parent + "/empty/index.html"))
    }

    @Test func aFolderOfOtherFilesOrAFileIsNeverReplaced() throws {
        let parent = try Self.temporaryFolder()
        let (result, images) = Self.review([try Self.variant("one")])
        // A folder holding anything else (here, sources and an index.html of its own).
        try FileManager.default.createDirectory(atPath: parent + "/Scenes", withIntermediateDirectories: false)
        try Self.counter.write(toFile: parent + "/Scenes/counter.scene", atomically: true, encoding: .utf8)
        try "<p>mine</p>".write(toFile: parent + "/Scenes/index.html", atomically: true, encoding: .utf8)
        #expect(throws: OutputError.self) { try ReviewPage.write(result, images: images, to: parent + "/Scenes") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent + "/Scenes").sorted() == ["counter.scene", "index.html"])
        // A file.
        try "x".write(toFile: parent + "/file", atomically: true, encoding: .utf8)
        do {
            try ReviewPage.write(result, images: images, to: parent + "/file")
            Issue.record("a file was replaced")
        } catch {
            #expect(error.description.contains("is a file, not a folder"))
        }
        #expect(try String(contentsOfFile: parent + "/file", encoding: .utf8) == "x")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent).sorted() == ["Scenes", "file"])
    }

    @Test func aFolderThatCannotBeMadeIsAnErrorAndNothingIsLeft() throws {
        let parent = try Self.temporaryFolder()
        try "x".write(toFile: parent + "/file", atomically: true, encoding: .utf8)
        let (result, images) = Self.review([try Self.variant("one")])
        #expect(throws: OutputError.self) { try ReviewPage.write(result, images: images, to: parent + "/file/review") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["file"])
    }
}

/// Colors on the review page (issue 27): a swatch for every color the diff writes, an alpha
/// between 255ths included, and nothing but checked hex reaching a style attribute.
struct ReviewPageSwatchTests {
    @Test func everyColorNotationOfTheDiffHasASwatch() throws {
        let change = OperationChange(
            kind: .changed, old: nil, new: nil,
            fields: [
                FieldChange(field: "paint", old: "#d8e2ecff", new: "#d8e2ec/0.5"),
                FieldChange(field: "geometry.radius", old: "2.96", new: "2", label: "radius"),
            ])
        let report = StructuralReport(
            oldSize: SizeValue(width: 10, height: 10), newSize: SizeValue(width: 10, height: 10),
            sizeChanged: false, changes: [change], unchanged: 0)
        let v = VariantDiff(
            name: "card", status: .changed, oldScene: "card.scene", newScene: "card.scene", parameters: [:],
            size: nil, scale: 2, reasons: [], structural: report, pixels: nil, oldDiagnostics: [], newDiagnostics: [])
        let result = ReviewResult(oldLabel: "a", newLabel: "b", variants: [v], oldProblems: [], newProblems: [])
        let html = String(decoding: ReviewPage.files(result, images: [:])[0].bytes, as: UTF8.self)
        #expect(html.contains("<span class=\"swatch\" style=\"background:#d8e2ecff\"></span><del>#d8e2ecff</del>"), "\(html)")
        #expect(html.contains("<span class=\"swatch\" style=\"background:#d8e2ec80\"></span><ins>#d8e2ec/0.5</ins>"), "\(html)")
        // The geometry reads as its label, the identifier in the title.
        #expect(html.contains("<span class=\"field\" title=\"geometry.radius\">radius</span> <del>2.96</del>"), "\(html)")
    }
}
