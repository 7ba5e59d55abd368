import DisplayList
import SceneSource

/// Android's vector image format, VectorDrawable (API 24 and later: gradients through
/// `aapt:attr`), written from a display list: one `res/drawable/NAME.xml` that Android draws at
/// any density, instead of a PNG per density.
///
/// VectorDrawable draws paths, filled and stroked (caps, joins, miter limit), in nested groups that
/// rotate, scale and translate, clipped by paths, painted in colors or in linear and radial
/// gradients. What it cannot draw the same way as the SVG is refused, item by item, with the
/// element that drew it (`VectorDrawableProblem`): text, shadows, layers that fade more than one shape, blend
/// modes, dashes, skewed transforms, strokes under a non-uniform scale (Android strokes them with
/// one width), even-odd clips, and gradients it has no form for.
public enum VectorDrawableBackend {
    /// The XML document, or every problem found (the first `maxProblems`), in drawing order.
    public static func render(_ list: DisplayList) -> Result<String, VectorDrawableProblems> {
        var writer = VectorDrawableWriter(width: list.width, height: list.height)
        writer.writeDocument(list.items)
        if !writer.problems.isEmpty { return .failure(VectorDrawableProblems(problems: writer.problems, total: writer.problemCount)) }
        return .success(writer.text)
    }

    /// At most this many problems are kept; the rest are counted.
    public static let maxProblems = 8
}

/// Something VectorDrawable cannot draw as the SVG does, and the element that drew it.
public struct VectorDrawableProblem: Sendable, Hashable {
    /// What it is, as a noun phrase: "text", "a shadow", "a dashed stroke".
    public let what: String
    /// Why VectorDrawable cannot hold it.
    public let why: String
    public let source: SourceSpan
}

public struct VectorDrawableProblems: Error, Sendable {
    public let problems: [VectorDrawableProblem]
    /// All problems found, also those not kept.
    public let total: Int
}
