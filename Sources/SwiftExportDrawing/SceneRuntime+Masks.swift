#if canImport(CoreGraphics)
    import CoreGraphics
#else
    import CoreGraphicsRecorder
#endif
import Foundation
import SwiftExportRuntime

// MARK: embedded from here (the generator copies what follows, without the imports above)

extension SceneRuntime {
    /// A luminance `<mask>` (Grammar.md §11, "Masks"): its content drawn into a gray bitmap
    /// without alpha, which starts black (nothing shows), then `clip(to:mask:)` with that image,
    /// which shows what follows as bright as the bitmap is. An alpha mask needs no bitmap: the
    /// generated code draws it with two transparency layers, the second composited `.sourceIn`.
    ///
    /// The bitmap covers the clip's bounding box at the context's resolution (at most 8192
    /// pixels a side): in user space, so that `clip(to:mask:)` maps each pixel back where it was
    /// drawn (an image's pixel (0, 0) goes to the rect's origin whatever the context's flip).
    public struct LuminanceMask {
        /// Where the content is drawn; nil in the first run, which draws nothing.
        public let context: CGContext?
        let rect: CGRect

        public init(over target: CGContext?) {
            rect = target?.boundingBoxOfClipPath ?? .zero
            guard let target, rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else {
                context = nil
                return
            }
            let t = target.userSpaceToDeviceSpaceTransform
            let resolution = Swift.min(
                Swift.max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot()), 8192 / Swift.max(rect.width, rect.height))
            let width = Swift.max(1, Int((rect.width * resolution).rounded(.up))), height = Swift.max(1, Int((rect.height * resolution).rounded(.up)))
            let bitmap = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceGray(),
                bitmapInfo: CGImageAlphaInfo.none.rawValue)
            bitmap?.clear(CGRect(x: 0, y: 0, width: width, height: height))
            bitmap?.scaleBy(x: CGFloat(width) / rect.width, y: CGFloat(height) / rect.height)
            bitmap?.translateBy(x: -rect.minX, y: -rect.minY)
            context = bitmap
        }

        /// Clips `target` to the content's luminance: what is drawn next shows as bright as the
        /// content is there. Without a bitmap (none could be made) nothing shows, as where the
        /// content is black.
        public func clip(_ target: CGContext?) {
            guard let target else { return }
            guard let image = context?.makeImage() else {
                target.clip(to: CGRect.zero)
                return
            }
            target.clip(to: rect, mask: image)
        }
    }
}
