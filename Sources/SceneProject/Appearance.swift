/// Which of a variant's two parameter sets an output is drawn with. A variant with `"dark"`
/// parameters in the manifest is one image in two appearances: its light outputs use
/// `"parameters"`, its dark outputs those values with `"dark"`'s over them. Each layout puts the
/// dark files where its platform looks for them (docs/manifest.md, "Light and dark appearance").
public enum Appearance: String, Sendable, Hashable, CaseIterable {
    /// The image as it has always been made; in an asset catalog, Xcode's "Any" appearance.
    case light
    case dark

    /// The dark files' base name in the flat layout and in an image set: `NAME~dark`, so
    /// `NAME~dark.svg`, `NAME~dark.png`, `NAME~dark@2x.png`. `~` joins a modifier to a name in
    /// Apple's own file naming (`icon~ipad.png`), and the scale suffix stays last, where tools
    /// that read `@2x` look for it.
    public static let darkSuffix = "~dark"

    /// The base name of this appearance's files for a variant named `name`.
    public func baseName(_ name: String) -> String { self == .dark ? name + Self.darkSuffix : name }

    /// Android's resource qualifier for it, placed before the density as Android's qualifier order
    /// requires (`drawable-night-xhdpi`); nil for the default resources.
    public var androidQualifier: String? { self == .dark ? "night" : nil }
}
