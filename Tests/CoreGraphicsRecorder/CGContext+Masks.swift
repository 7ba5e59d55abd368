import DisplayList
import Foundation

/// `CGImageAlphaInfo`, as a bitmap context's `bitmapInfo` takes its raw value.
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

/// The device gray space: a luminance mask's bitmap (gray, no alpha).
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(gray: ()) }

/// An image made by `CGContext.makeImage()` of a bitmap context: here, what was drawn into it, and
/// whether its samples are gray (a luminance mask) or not.
public final class CGImage: @unchecked Sendable {
    public let width: Int, height: Int
    let items: [DisplayItem]
    let isGray: Bool
    init(width: Int, height: Int, items: [DisplayItem], isGray: Bool) {
        self.width = width; self.height = height; self.items = items; self.isGray = isGray
    }
}

/// Masks as Core Graphics draws them, recorded as the display list's `mask`:
/// - alpha: a transparency layer holding the mask's content, then, with `setBlendMode(.sourceIn)`,
///   a transparency layer holding the masked drawing (recorded by `CGContext.close`);
/// - an image: a bitmap context the content is drawn into, `makeImage()`, then `clip(to:mask:)`,
///   after which what is drawn shows through the image (gray: its luminance) until the
///   `restoreGState` that undoes the clip.
extension CGContext {
    /// `CGContext(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)`: a bitmap
    /// context of that many pixels, which records what is drawn into it, in its own coordinates
    /// (y up from its bottom-left corner, one unit a pixel).
    public convenience init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int, space: CGColorSpace,
        bitmapInfo: UInt32
    ) {
        guard data == nil, width > 0, height > 0, bitsPerComponent == 8 else { return nil }
        let gray = space.name == CGColorSpace.deviceGray
        // Core Graphics makes gray bitmaps without alpha, and color ones with premultiplied alpha.
        guard gray ? bitmapInfo == CGImageAlphaInfo.none.rawValue : bitmapInfo == CGImageAlphaInfo.premultipliedLast.rawValue else {
            return nil
        }
        self.init()
        bitmap = (width, height, gray)
    }

    /// A bitmap context's drawing as an image.
    public func makeImage() -> CGImage? {
        guard let bitmap else { problems.append("makeImage of a context that is not a bitmap"); return nil }
        if !savedStates.isEmpty { problems.append("makeImage with \(savedStates.count) saveGState not restored") }
        close(downTo: 1)
        return CGImage(width: bitmap.width, height: bitmap.height, items: containers[0].items, isGray: bitmap.gray)
    }

    /// Clears a bitmap: without alpha, to black. Here only before anything is drawn into it.
    public func clear(_ rect: CGRect) {
        if bitmap == nil || !containers[0].items.isEmpty || containers.count > 1 {
            problems.append("clear(_:) other than on a fresh bitmap context")
        }
    }

    /// The current transform from user space to the context's pixels: the product of the
    /// transforms in force.
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform {
        var t = ListTransform.identity
        for container in containers {
            if case .group(let g) = container.kind { t = g.concatenating(t) }
        }
        return CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
    }

    /// Core Graphics maps the image onto `rect` (its pixel (0, 0) at the rect's origin) and shows
    /// what follows where the image is opaque (gray: bright). The image's drawing is recorded
    /// moved back into user space: the identity, up to rounding, when the bitmap was drawn with
    /// the inverse mapping (its CTM), as generated code draws it.
    public func clip(to rect: CGRect, mask: CGImage) {
        let toUser = ListTransform(
            a: rect.width / CGFloat(mask.width), b: 0, c: 0, d: rect.height / CGFloat(mask.height), tx: rect.minX, ty: rect.minY)
        let scale = max(1, abs(rect.minX), abs(rect.minY), abs(rect.maxX), abs(rect.maxY))
        let content = mask.items.flatMap { item -> [DisplayItem] in
            guard case .group(let g) = item else { return [self.moved(item, by: toUser)] }
            let t = g.transform.concatenating(toUser)
            let entries = [t.a - 1, t.b, t.c, t.d - 1, t.tx / scale, t.ty / scale]
            if entries.allSatisfy({ abs($0) <= 1e-12 }) { return g.items }
            return [.group(Group(transform: t, items: g.items, blend: g.blend, source: g.source))]
        }
        containers.append(Container(.mask(mask.isGray ? .luminance : .alpha, content: content)))
    }

    /// Clips to a rectangle (where a mask's bitmap could not be made: to nothing).
    public func clip(to rect: CGRect) {
        beginPath()
        addRect(rect)
        clip()
    }

    private func moved(_ item: DisplayItem, by t: ListTransform) -> DisplayItem {
        t.isIdentity ? item : .group(Group(transform: t, items: [item], source: span))
    }
}
