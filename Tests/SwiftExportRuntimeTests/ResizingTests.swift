import Foundation
import SwiftExportRuntime
import Testing

/// A scene's natural size fitted to a frame, as PaintCode's resizing behaviours do.
struct ResizingTests {
    let size = CGSize(width: 230, height: 115)
    let frame = CGRect(x: 10, y: 20, width: 100, height: 100)

    func close(_ a: CGRect?, _ b: CGRect) -> Bool {
        guard let a else { return false }
        return [a.minX - b.minX, a.minY - b.minY, a.width - b.width, a.height - b.height].allSatisfy { abs($0) < 1e-9 }
    }

    @Test func eachBehaviourPlacesTheSceneAsNamed() {
        #expect(close(SceneResizing.aspectFit.apply(size: size, to: frame), CGRect(x: 10, y: 45, width: 100, height: 50)))
        #expect(close(SceneResizing.aspectFill.apply(size: size, to: frame), CGRect(x: -40, y: 20, width: 200, height: 100)))
        #expect(SceneResizing.stretch.apply(size: size, to: frame) == frame)
        #expect(SceneResizing.center.apply(size: size, to: frame) == CGRect(x: 60 - 115, y: 70 - 57.5, width: 230, height: 115))
    }

    @Test func aFlippedFrameIsStandardizedAndAnEmptyOneDrawsNothing() {
        let flipped = CGRect(x: 110, y: 120, width: -100, height: -100)
        #expect(SceneResizing.stretch.apply(size: size, to: flipped) == frame)
        #expect(SceneResizing.aspectFit.apply(size: size, to: CGRect(x: 0, y: 0, width: 0, height: 10)) == nil)
        #expect(SceneResizing.aspectFit.apply(size: size, to: CGRect(x: 0, y: 0, width: Double.nan, height: 10)) == nil)
    }
}
