import CoreGraphicsRecorder
import DisplayList
import Foundation
import SceneCompiler
import SwiftExportDrawing
import SwiftExportRuntime
import Testing

/// The runtime's drawing helpers, run through the recorder, draw the operations the evaluator
/// makes: gradient fills and strokes, dashes, opacity, blend modes and shadows.
struct DrawingMatchesEvaluatorTests {
    static let scene = """
        <scene width="100" height="100">
          <gradient name="g"><stop offset="0" color="red"/><stop offset="1" color="blue" opacity="0.5"/></gradient>
          <rect x="10" y="10" width="30" height="20" fill="linear(g, 0, 0, 100, 0)" stroke="teal" lineWidth="3" dash="[4, 2]"
                opacity="0.5" blend="multiply" shadowOffsetY="2"/>
          <circle cx="50" cy="50" radius="20" fill="orange" fillRule="evenodd" stroke="radial(g, 50, 50, 0, 50, 50, 20)" lineWidth="4"/>
          <clip><shape><rect width="50" height="50"/></shape><paint fill="rgba(0, 0, 0, 0.25)"/></clip>
        </scene>
        """

    @Test func shapesDrawnByTheHelpersRecordTheEvaluatorsOperations() throws {
        let compiler = SceneCompiler()
        let loaded = compiler.load(path: "t.scene", bytes: Array(Self.scene.utf8))
        let compilation = compiler.compile(loaded)
        let expected = try #require(compilation.list, "\(compilation.diagnostics)")

        typealias R = SceneRuntime
        let context = CGContext()
        let g = R.Gradient(offsets: [0, 1], colors: [.rgb255(255, 0, 0), .rgb255(0, 0, 255).with(alpha: 0.5)], extend: .none)
        let rect = CGMutablePath()
        rect.addRect(CGRect(x: 10, y: 10, width: 30, height: 20))
        var dashed = R.Stroke()
        dashed.width = 3
        dashed.dash = [4, 2]
        R.drawShape(
            rect, fill: .linear(g, x0: 0, y0: 0, x1: 100, y1: 0), stroke: .color(.rgb255(0, 128, 128)), style: dashed, evenOdd: false,
            opacity: 0.5, blend: .multiply, shadow: R.Shadow(offsetX: 0, offsetY: 2, blur: 0, color: R.Shadow.defaultColor), in: context)
        let circle = CGMutablePath()
        circle.addEllipse(in: CGRect(x: 30, y: 30, width: 40, height: 40))
        var wide = R.Stroke()
        wide.width = 4
        R.drawShape(
            circle, fill: .color(.rgb255(255, 165, 0)), stroke: .radial(g, x0: 50, y0: 50, r0: 0, x1: 50, y1: 50, r1: 20), style: wide,
            evenOdd: true, opacity: 1, blend: .normal, shadow: nil, in: context)
        context.saveGState()
        let clip = CGMutablePath()
        clip.addRect(CGRect(x: 0, y: 0, width: 50, height: 50))
        context.addPath(clip)
        context.clip()
        R.drawPaint(.color(R.Color(red: 0, green: 0, blue: 0, alpha: 0.25)), opacity: 1, blend: .normal, in: context)
        context.restoreGState()

        let recorded = context.displayList(width: 100, height: 100)
        #expect(context.problems.isEmpty, "\(context.problems)")
        let difference = DisplayListMatch.difference(expected: expected, actual: recorded)
        #expect(
            difference == nil,
            "\(difference ?? "")\nexpected:\n\(DisplayListDump().render(expected))\nrecorded:\n\(DisplayListDump().render(recorded))")
    }
}
