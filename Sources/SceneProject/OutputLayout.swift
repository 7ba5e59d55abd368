import SceneIO

/// How a build lays out its files in the output folder (`--layout`, or `"layout"` in the manifest):
/// the conventions of the tools that take them.
///
/// - `flat`: `NAME.svg`, `NAME.png`, `NAME@2x.png`, … side by side (the default).
/// - `xcassets`: an Xcode asset catalog, `Assets.xcassets/NAME.imageset/` with `NAME.png`,
///   `NAME@2x.png`, `NAME@3x.png` and the `Contents.json` Xcode writes for such a set (or one
///   vector PDF), plus the catalog's own `Contents.json`. Each image set is replaced as a whole.
/// - `android`: `res/drawable-mdpi/NAME.png` … `res/drawable-xxxhdpi/NAME.png`, NAME made a valid
///   Android resource name.
/// - `android-vector`: `res/drawable/NAME.xml`, one VectorDrawable for every density.
public enum OutputLayout: String, Sendable, CaseIterable, Hashable {
    case flat, xcassets, android
    case androidVector = "android-vector"

    /// The scales the layout has a place for; nil: any positive scale.
    public var scales: [Double]? {
        switch self {
        case .flat, .androidVector: return nil
        case .xcassets: return [1, 2, 3]
        case .android: return AndroidDensity.all.map(\.scale)
        }
    }

    /// The scales when neither the manifest nor a variant names any.
    public var defaultScales: [Double] { self == .android ? AndroidDensity.all.map(\.scale) : BuildManifest.defaultScales }

    /// Whether `"vector": true` is possible: a PDF in the flat layout or in an image set. Android's
    /// vector format is VectorDrawable XML, which scenec does not write.
    public var takesVectors: Bool { self != .android }

    /// Whether every variant is one vector image whatever the manifest says: android-vector writes
    /// a VectorDrawable, and leaves `scales` (a setting of the PNG layouts) aside.
    public var onlyVectors: Bool { self == .androidVector }

    /// Whether outputs are named as Android resources.
    public var usesResourceNames: Bool { self == .android || self == .androidVector }

    /// The files of one variant and how they are written. A variant with a dark appearance
    /// (`appearances` holds `.dark`) has each file twice, the dark one where the layout's platform
    /// looks for it.
    ///
    /// - flat: `NAME.svg` when `svg`; then `NAME.pdf` when `vector`, else a PNG per scale; then the
    ///   same for `NAME~dark`.
    /// - xcassets: the image set's images (a PNG per scale, or `NAME.pdf` when `vector`, and their
    ///   `NAME~dark` twins), then its `Contents.json`, which gives the dark ones Xcode's
    ///   `appearances` (luminosity dark); written as one folder. SVG has no place in an image set.
    /// - android: a PNG per density, and per `drawable-night-…` density for dark; written only when
    ///   every one of them could be made.
    public func outputs(
        name: String, scales: [Double], svg: Bool, vector: Bool,
        appearances: [Appearance] = [.light]
    ) -> (outputs: [BuildOutput], writing: BuildJob.Writing) {
        switch self {
        case .flat:
            let outputs = appearances.flatMap { appearance -> [BuildOutput] in
                let base = appearance.baseName(name)
                let svgFile = svg ? [BuildOutput(base: base, format: .svg, appearance: appearance)] : []
                if vector { return svgFile + [BuildOutput(path: base + ".pdf", format: .pdf, appearance: appearance)] }
                return svgFile + scales.map { BuildOutput(base: base, format: .png(scale: $0), appearance: appearance) }
            }
            return (outputs, .eachAlone)
        case .xcassets:
            let set = AssetCatalog.imageSetFolder(name)
            if vector {
                let pdfs = appearances.map { BuildOutput(path: set + "/" + $0.baseName(name) + ".pdf", format: .pdf, appearance: $0) }
                let contents = AssetCatalog.vectorImageSetContents(pdfs.map { (FilePath.fileName(of: $0.fileName), $0.appearance) })
                return (pdfs + [BuildOutput(path: set + "/Contents.json", format: .data(Array(contents.utf8)))], .asOneFolder(set))
            }
            let images = appearances.flatMap { appearance in
                scales.sorted().map { BuildOutput(base: appearance.baseName(name), format: .png(scale: $0), appearance: appearance) }
            }
            let contents = AssetCatalog.imageSetContents(images.map { (scale($0), $0.fileName, $0.appearance) })
            return (
                images.map { BuildOutput(path: set + "/" + $0.fileName, format: $0.format, appearance: $0.appearance) }
                    + [BuildOutput(path: set + "/Contents.json", format: .data(Array(contents.utf8)))],
                .asOneFolder(set)
            )
        case .android:
            let resource = AndroidDensity.resourceName(name)
            let outputs = appearances.flatMap { appearance in
                scales.compactMap { scale in
                    AndroidDensity.all.first { $0.scale == scale }.map {
                        let qualifiers = ([appearance.androidQualifier].compactMap { $0 } + [$0.qualifier]).joined(separator: "-")
                        return BuildOutput(path: "res/drawable-\(qualifiers)/\(resource).png", format: .png(scale: scale), appearance: appearance)
                    }
                }
            }
            return (outputs, .allOrNothing)
        case .androidVector:
            // `res/drawable/R.xml`, and `res/drawable-night/R.xml` for a dark appearance.
            let resource = AndroidDensity.resourceName(name)
            let outputs = appearances.map { appearance in
                let folder = (["drawable"] + [appearance.androidQualifier].compactMap { $0 }).joined(separator: "-")
                return BuildOutput(path: "res/\(folder)/\(resource).xml", format: .vectorDrawable, appearance: appearance)
            }
            return (outputs, .allOrNothing)
        }
    }

    /// Files the whole build writes once, not per variant: the asset catalog's own Contents.json.
    public var sharedOutputs: [BuildOutput] {
        switch self {
        case .xcassets: return [BuildOutput(path: AssetCatalog.folder + "/Contents.json", format: .data(Array(AssetCatalog.catalogContents.utf8)))]
        case .flat, .android, .androidVector: return []
        }
    }

    /// Two variant names that may not both be used (they would write the same files): names equal
    /// ignoring case (macOS and asset catalogs ignore case), or, in the android layout, names that
    /// become the same resource name.
    /// (A dark appearance's files are named `NAME~dark`: the planner claims that name too.)
    public func clashKey(_ name: String) -> String {
        usesResourceNames ? AndroidDensity.resourceName(name) : name.lowercased()
    }

    private func scale(_ output: BuildOutput) -> Double {
        if case .png(let scale) = output.format { return scale }
        return 1
    }
}

/// Android's screen densities that scenec writes, and its rules for resource names.
public enum AndroidDensity {
    public struct Density: Sendable, Hashable {
        public let qualifier: String
        public let scale: Double
    }

    /// mdpi is the baseline (160 dpi, one pixel per dp).
    public static let all = [
        Density(qualifier: "mdpi", scale: 1), Density(qualifier: "hdpi", scale: 1.5),
        Density(qualifier: "xhdpi", scale: 2), Density(qualifier: "xxhdpi", scale: 3),
        Density(qualifier: "xxxhdpi", scale: 4),
    ]

    /// Java's reserved words: a resource is a field of `R.drawable`, so its name cannot be one.
    static let javaKeywords: Set<String> = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "false", "final", "finally", "float", "for", "goto",
        "if", "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "null", "package",
        "private", "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized",
        "this", "throw", "throws", "transient", "true", "try", "void", "volatile", "while",
    ]

    /// A variant name as a file-based resource name: lower case, every character other than a–z,
    /// 0–9 and `_` (such as `-` or `.`) made `_`, starting with a letter (`img_` is put before one
    /// that does not), and no Java keyword (`_` is added to one). `plus-button` → `plus_button`,
    /// `Counter.3` → `counter_3`, `2x-icon` → `img_2x_icon`, `new` → `new_`.
    public static func resourceName(_ name: String) -> String {
        var out = ""
        for scalar in name.lowercased().unicodeScalars {
            let ok = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
            out.unicodeScalars.append(ok ? scalar : "_")
        }
        if !(out.unicodeScalars.first.map { ("a"..."z").contains($0) } ?? false) { out = "img_" + out }
        if javaKeywords.contains(out) { out += "_" }
        return out
    }
}
