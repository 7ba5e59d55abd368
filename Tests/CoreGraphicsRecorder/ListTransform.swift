import DisplayList

/// The display list's transform under a name of its own: Foundation, which the Core Graphics files
/// import, has an `AffineTransform` too.
typealias ListTransform = AffineTransform
