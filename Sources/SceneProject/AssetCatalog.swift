#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneSource

/// The JSON of an Xcode asset catalog, byte for byte as Xcode writes it (two-space indents,
/// `"key" : value`, keys sorted, a final newline), so opening the catalog in Xcode changes nothing.
/// The format is Apple's "Asset Catalog Format Reference": a catalog folder and each image set in it
/// hold a `Contents.json`; an image set lists its images by `filename`, `idiom` and `scale`.
public enum AssetCatalog {
    /// The catalog's folder in the output folder.
    public static let folder = "Assets.xcassets"

    /// An image set's folder, relative to the output folder.
    public static func imageSetFolder(_ name: String) -> String { folder + "/" + name + ".imageset" }

    /// `info` as Xcode writes it in every Contents.json.
    static let info = """
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        """

    /// The catalog folder's own Contents.json.
    public static let catalogContents = "{\n" + info + "\n}\n"

    /// An image set of PNGs for the universal idiom: Xcode's three slots, 1x, 2x and 3x, each with
    /// the file of that scale, or without `filename` when the set has none (as Xcode leaves an empty
    /// slot). When any image is dark, the set has Xcode's "Any, Dark" appearances: each scale's slot
    /// is followed by its dark slot, marked `"appearances" : [{"appearance" : "luminosity", "value" :
    /// "dark"}]`, in the order and with the keys (sorted) Xcode writes.
    public static func imageSetContents(_ images: [(scale: Double, fileName: String, appearance: Appearance)]) -> String {
        let appearances: [Appearance] = images.contains { $0.appearance == .dark } ? [.light, .dark] : [.light]
        let slots = [1.0, 2, 3].flatMap { scale in
            appearances.map { appearance -> String in
                let file =
                    images.first { $0.scale == scale && $0.appearance == appearance }
                    .map { "      \"filename\" : \(quoted($0.fileName)),\n" } ?? ""
                return "    {\n" + marks(appearance) + file + "      \"idiom\" : \"universal\",\n      \"scale\" : \"\(Int(scale))x\"\n    }"
            }
        }
        return "{\n  \"images\" : [\n" + slots.joined(separator: ",\n") + "\n  ],\n" + info + "\n}\n"
    }

    /// An image set of PNGs, all of the light ("Any") appearance.
    public static func imageSetContents(_ images: [(scale: Double, fileName: String)]) -> String {
        imageSetContents(images.map { ($0.scale, $0.fileName, Appearance.light) })
    }

    /// An image set of one vector PDF for the universal idiom (Xcode's "Single Scale"), and its dark
    /// twin when there is one, with "Preserve Vector Data" on: Xcode keeps the vectors and makes
    /// bitmaps of any size from them.
    public static func vectorImageSetContents(_ pdfs: [(fileName: String, appearance: Appearance)]) -> String {
        let images = pdfs.map { pdf in
            "    {\n" + marks(pdf.appearance) + "      \"filename\" : \(quoted(pdf.fileName)),\n      \"idiom\" : \"universal\"\n    }"
        }
        return "{\n  \"images\" : [\n" + images.joined(separator: ",\n") + "\n  ],\n"
            + info + ",\n  \"properties\" : {\n    \"preserves-vector-representation\" : true\n  }\n}\n"
    }

    /// An image set of one light vector PDF.
    public static func vectorImageSetContents(pdf fileName: String) -> String { vectorImageSetContents([(fileName, .light)]) }

    /// The `appearances` key of a slot, as Xcode writes it (first, keys being sorted): none for
    /// the "Any" appearance.
    static func marks(_ appearance: Appearance) -> String {
        guard appearance == .dark else { return "" }
        return "      \"appearances\" : [\n        {\n          \"appearance\" : \"luminosity\",\n"
            + "          \"value\" : \"dark\"\n        }\n      ],\n"
    }

    /// A JSON string: `"` and `\` escaped (names have no control characters).
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingEvery("\\", with: "\\\\").replacingEvery("\"", with: "\\\"") + "\""
    }
}
