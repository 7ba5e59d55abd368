import Foundation

/// How a scene's natural size fits the frame it is drawn in (PaintCode's resizing behaviours).
public enum SceneResizing: String, Sendable, CaseIterable {
    /// The whole scene, as large as fits, centered; its proportions kept.
    case aspectFit
    /// The frame covered, centered, proportions kept; what overflows is still drawn.
    case aspectFill
    /// The scene stretched to the frame.
    case stretch
    /// The natural size, centered in the frame.
    case center

    /// The rectangle the scene's `size` is drawn into inside `target`. A frame or size with a
    /// zero or non-finite side gives nil: there is nothing sensible to draw.
    public func apply(size: CGSize, to target: CGRect) -> CGRect? {
        let values = [size.width, size.height, target.origin.x, target.origin.y, target.size.width, target.size.height]
        guard values.allSatisfy(\.isFinite), size.width > 0, size.height > 0, target.size.width != 0, target.size.height != 0 else {
            return nil
        }
        let target = target.standardized
        var scaleX = target.size.width / size.width, scaleY = target.size.height / size.height
        switch self {
        case .aspectFit: scaleX = min(scaleX, scaleY); scaleY = scaleX
        case .aspectFill: scaleX = max(scaleX, scaleY); scaleY = scaleX
        case .stretch: break
        case .center: scaleX = 1; scaleY = 1
        }
        let width = size.width * scaleX, height = size.height * scaleY
        return CGRect(
            x: target.origin.x + (target.size.width - width) / 2, y: target.origin.y + (target.size.height - height) / 2,
            width: width, height: height)
    }
}
