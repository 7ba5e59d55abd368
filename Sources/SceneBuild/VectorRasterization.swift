import DisplayList
import SceneSource

/// What a vector PDF cannot hold as vectors. librsvg draws an SVG filter, and so every shadow
/// (`ShadowFilter`), into an image, which cairo then puts into the PDF as a bitmap of one pixel
/// per point (72 ppi): the PDF stays a PDF, but Xcode's "Preserve Vector Data" or any zoom shows
/// that part pixelated. A build says so (W0901) for each `"vector": true` variant that has one.
public enum VectorRasterization {
    /// At most this many places are named; the warning counts the rest.
    static let maxPlaces = 4

    /// The warning for variant `name` when its display list draws anything that becomes a bitmap
    /// in its PDF, else nil. Located at the first such element, with a note at each further one.
    public static func warning(for list: DisplayList, variant name: String) -> Diagnostic? {
        var places: [SourceSpan] = []
        var seen = Set<SourceSpan>()
        var total = 0
        for (_, item, _) in list.preOrder {
            guard case .layer(let layer) = item, let shadow = layer.shadow, shadow.color.alpha > 0,
                seen.insert(layer.source).inserted
            else { continue }
            total += 1
            if places.count < maxPlaces { places.append(layer.source) }
        }
        guard let first = places.first else { return nil }
        var notes = places.dropFirst().map { Diagnostic.Note("this shadow is rasterized too", at: $0) }
        if total > places.count { notes.append(.init("and \(total - places.count) more shadows")) }
        return .warning(
            .rasterizedInVector,
            "variant '\(name)' is a vector PDF, but this shadow is drawn into it as a bitmap of 1 pixel per point "
                + "(72 ppi): scaled up, as Xcode's \"Preserve Vector Data\" does, it looks pixelated",
            at: first,
            help: "build the variant as PNGs (\"vector\": false in the manifest), or draw it without the shadow",
            notes: notes)
    }
}
