import SceneSource

/// Core Graphics' `setShadow(offset:blur:color:)`: a copy of what is drawn, in `color`, blurred and
/// moved by the offset, drawn under it.
///
/// The offset is in canvas space (Core Graphics' base space): it is not turned, scaled or mirrored by
/// the transforms above the operation, as in Core Graphics, so every shadow of a scene falls the same
/// way. The blur is Core Graphics' `blur`, in canvas points; the Gaussian it stands for has a standard
/// deviation of half of it (σ = blur / 2, the rule HTML canvas' `shadowBlur` takes from Core Graphics).
public struct Shadow: Hashable, Sendable {
    public let offsetX: Double
    public let offsetY: Double
    /// Not negative.
    public let blur: Double
    public let color: Color

    public init(offsetX: Double, offsetY: Double, blur: Double, color: Color) {
        self.offsetX = Invariant.finite(offsetX); self.offsetY = Invariant.finite(offsetY)
        self.blur = Invariant.length(blur); self.color = color
    }

    /// The standard deviation of the Gaussian blur, in canvas points.
    public var sigma: Double { blur / 2 }

    /// Core Graphics' color for `setShadow(offset:blur:)` without a color: black at a third.
    public static let defaultColor = Color(red: 0, green: 0, blue: 0, alpha: 1.0 / 3.0)
}

/// A transparency layer (`beginTransparencyLayer` … `endTransparencyLayer`): the items are drawn
/// together onto a transparent image (their blend modes blend with that image only), which is then
/// drawn with `opacity`, `shadow` and `blend` as one picture. So where the items overlap, only the
/// top one shows (unlike an opacity multiplied into each operation), and the shadow is the shadow of
/// the whole.
///
/// The image is composited as Core Graphics draws any image under a shadow (and as HTML canvas
/// specifies it): first the shadow, faded by `opacity` and composited with `blend`, then the image,
/// faded by `opacity` and composited with `blend`. So the shadow shows through a faded layer, and
/// under a blend mode both the shadow and the image blend with what lies under them.
public struct Layer: Hashable, Sendable {
    public let opacity: Double
    public let shadow: Shadow?
    /// How the shadow and the image combine with what is already drawn: `setBlendMode` before
    /// `beginTransparencyLayer`. A shadowed shape with a blend mode is a layer with that mode around
    /// the shape drawn normally.
    public let blend: BlendMode
    public let items: [DisplayItem]
    public let source: SourceSpan
    /// The element chain that drew it (see `Origin`); nil for lists built by hand.
    public let origin: Origin?
    public init(
        opacity: Double = 1, shadow: Shadow? = nil, blend: BlendMode = .normal, items: [DisplayItem], source: SourceSpan,
        origin: Origin? = nil
    ) {
        self.opacity = Invariant.unit(opacity); self.shadow = shadow; self.blend = blend; self.items = items; self.source = source
        self.origin = origin
    }
}
