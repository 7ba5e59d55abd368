/// One group of changed pixels: the bounding box of its changed pixels, in canvas pixels.
public struct DiffRegion: Sendable, Hashable, CustomStringConvertible {
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int
    /// Changed pixels inside (anti-aliasing excluded); at most width × height.
    public let changedPixels: Int

    public init(x: Int, y: Int, width: Int, height: Int, changedPixels: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
        self.changedPixels = changedPixels
    }

    public var description: String { "\(width)×\(height) at (\(x), \(y)), \(changedPixels) changed" }
}
