import CoreGraphicsRecorder
import DisplayList
import Foundation
import SceneCompiler
import SwiftExportDrawing
import SwiftExportRuntime
import Testing

/// A stroke of line width 0 draws nothing in scenec (SVG's rule) but the device's thinnest line in
/// Core Graphics (UIKit documents it; the seeds' FaceView at lineWidth 0 draws one): the runtime
/// does not stroke it, so the app draws what scenec draws, and the recorder sees no such call.
struct ZeroWidthStrokeTests {
    static let scene = """
        <scene width="100" height="100">
          <rect x="10" y="10" width="30" height="20" fill="orange" stroke="teal" lineWidth="0"/>
          <circle cx="50" cy="50" radius="20" stroke="teal" lineWidth="0" shadowOffsetY="2"/>
        </scene>
        """

    @Test func aStrokeOfWidthZeroIsNotStrokedAndMatchesTheEvaluator() throws {
        let compiler = SceneCompiler()
        let compilation = compiler.compile(compiler.load(path: "t.scene", bytes: Array(Self.scene.utf8)))
        let expected = try #require(compilation.list, "\(compilation.diagnostics)")

        typealias R = SceneRuntime
        let context = CGContext()
        var hairline = R.Stroke()
        hairline.width = 0
        let rect = CGMutablePath()
        rect.addRect(CGRect(x: 10, y: 10, width: 30, height: 20))
        R.drawShape(
            rect, fill: .color(.rgb255(255, 165, 0)), stroke: .color(.rgb255(0, 128, 128)), style: hairline, evenOdd: false,
            opacity: 1, blend: .normal, shadow: nil, in: context)
        let circle = CGMutablePath()
        circle.addEllipse(in: CGRect(x: 30, y: 30, width: 40, height: 40))
        R.drawShape(
            circle, fill: nil, stroke: .color(.rgb255(0, 128, 128)), style: hairline, evenOdd: false, opacity: 1, blend: .normal,
            shadow: R.Shadow(offsetX: 0, offsetY: 2, blur: 0, color: R.Shadow.defaultColor), in: context)

        let recorded = context.displayList(width: 100, height: 100)
        #expect(context.problems.isEmpty, "\(context.problems)")
        let difference = DisplayListMatch.difference(expected: expected, actual: recorded)
        #expect(
            difference == nil,
            "\(difference ?? "")\nexpected:\n\(DisplayListDump().render(expected))\nrecorded:\n\(DisplayListDump().render(recorded))")
    }
}
