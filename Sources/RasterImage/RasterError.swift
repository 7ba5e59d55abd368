/// Why an image could not be made. The message says what is wrong in terms of the image; the
/// front end that knows how the user asked for it (command-line options, a manifest, a preview
/// control) turns `kind` into advice.
public struct RasterError: Error, Sendable, CustomStringConvertible, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The scale is not a positive finite number.
        case badScale
        /// Less than one pixel on a side: the scale or size must grow.
        case tooSmall
        /// More pixels on a side than cairo allows, or in all than the pixel budget: scale or size must shrink.
        case tooLarge
        /// Over the pixel budget only (`maxPixels`), which can be raised.
        case overPixelBudget
        /// More SVG elements than librsvg is allowed to hold in memory.
        case tooManyElements
        /// The operations together cover more pixels than the painting budget: cairo's time grows
        /// with the pixels each operation covers.
        case overPaintBudget
        /// The pinned fonts are not installed.
        case fontsMissing
        /// Memory ran out in cairo or libpng.
        case outOfMemory
        /// librsvg or cairo refused scenec's own document: a bug in scenec.
        case internalError
    }

    public let kind: Kind
    public let message: String
    public var description: String { message }

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The painting budget's error (checked by the front door, which knows the display list).
    public static func overPaintBudget(_ message: String) -> RasterError { RasterError(.overPaintBudget, message) }
}
