import RasterImage

/// Images of different sizes are compared over the union of their canvases, each anchored at the
/// top left: the pixels an image does not have are transparent, (0, 0, 0, 0), which pixelmatch's
/// blending sees as white.
enum Canvas {
    /// `image`'s bytes on a `width` × `height` canvas (at least its own size): the image itself
    /// when it fills the canvas, else a padded copy.
    static func pixels(of image: RGBAImage, width: Int, height: Int) -> [UInt8] {
        if image.width == width && image.height == height { return image.pixels }
        var padded = [UInt8](repeating: 0, count: width * height * 4)
        let rowBytes = image.width * 4
        guard rowBytes > 0 else { return padded }
        image.pixels.withUnsafeBufferPointer { source in
            padded.withUnsafeMutableBufferPointer { target in
                for y in 0..<image.height {
                    (target.baseAddress! + y * width * 4).update(from: source.baseAddress! + y * rowBytes, count: rowBytes)
                }
            }
        }
        return padded
    }
}
