import CoreGraphicsRecorder
import DisplayList
import Foundation
import SceneCompiler
import SceneSource
import Testing

/// The recorder turns Core Graphics calls into the display list the evaluator makes for the same
/// drawing: checked here with drawing code written by hand the way the seeds write it (the Flo
/// tutorial's CounterView), before any generated code runs through it.
struct RecorderMatchesEvaluatorTests {
    static func evaluated(_ path: String, set: [String] = []) throws -> DisplayList {
        let compiler = SceneCompiler()
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let loaded = compiler.load(path: path, bytes: bytes)
        let compilation = compiler.compile(loaded, arguments: try compiler.arguments(set, for: loaded))
        return try #require(compilation.list, "\(compilation.diagnostics)")
    }

    static var scenes: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenes").standardized.path
    }

    /// CounterView.draw(_:) of the seeds (part 1 and the markers of part 2), in today's spelling.
    static func drawCounter(in context: CGContext, counter: Int) {
        let counterColor = CGColor(srgbRed: 87 / 255, green: 218 / 255, blue: 213 / 255, alpha: 1)
        let outlineColor = CGColor(srgbRed: 34 / 255, green: 110 / 255, blue: 100 / 255, alpha: 1)
        let bounds = CGRect(x: 0, y: 0, width: 230, height: 230)
        let noOfGlasses = 8
        let center = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        let radius = max(bounds.width, bounds.height)
        let arcWidth: CGFloat = 76
        let startAngle: CGFloat = 3 * .pi / 4
        let endAngle: CGFloat = .pi / 4

        // UIBezierPath(arcCenter:…clockwise: true) in UIKit's flipped space is Core Graphics'
        // clockwise: false (angles increasing, clockwise on screen).
        let arc = CGMutablePath()
        arc.addArc(center: center, radius: radius / 2 - arcWidth / 2, startAngle: startAngle, endAngle: endAngle, clockwise: false)
        context.setLineWidth(arcWidth)
        context.setStrokeColor(counterColor)
        context.addPath(arc)
        context.strokePath()

        let angleDifference: CGFloat = 2 * .pi - startAngle + endAngle
        let arcLengthPerGlass = angleDifference / CGFloat(noOfGlasses)
        let outlineEndAngle = arcLengthPerGlass * CGFloat(counter) + startAngle
        let outline = CGMutablePath()
        outline.addArc(center: center, radius: bounds.width / 2 - 2.5, startAngle: startAngle, endAngle: outlineEndAngle, clockwise: false)
        outline.addArc(
            center: center, radius: bounds.width / 2 - arcWidth + 2.5, startAngle: outlineEndAngle, endAngle: startAngle,
            clockwise: true)
        outline.closeSubpath()
        context.setStrokeColor(outlineColor)
        context.setLineWidth(5)
        context.addPath(outline)
        context.strokePath()

        let markerWidth: CGFloat = 5, markerSize: CGFloat = 10
        context.saveGState()
        context.translateBy(x: bounds.width / 2, y: bounds.height / 2)
        for i in 1...noOfGlasses {
            context.saveGState()
            let angle = arcLengthPerGlass * CGFloat(i) + startAngle - .pi / 2
            context.rotate(by: angle)
            context.translateBy(x: 0, y: bounds.height / 2 - markerSize)
            context.setFillColor(outlineColor)
            context.fill(CGRect(x: -markerWidth / 2, y: 0, width: markerWidth, height: markerSize))
            context.restoreGState()
        }
        context.restoreGState()
    }

    @Test(arguments: [0, 5, 8])
    func theSeedsCounterViewRecordsWhatCounterSceneDraws(counter: Int) throws {
        let expected = try Self.evaluated(Self.scenes + "/counter.scene", set: ["counter=\(counter)"])
        let context = CGContext()
        Self.drawCounter(in: context, counter: counter)
        let recorded = context.displayList(width: 230, height: 230)
        #expect(context.problems.isEmpty, "\(context.problems)")
        let difference = DisplayListMatch.difference(expected: expected, actual: recorded)
        #expect(difference == nil, "\(difference ?? "")\n\(DisplayListDump().render(recorded))")
    }

    @Test func aDifferentArcDirectionIsCaught() throws {
        let expected = try Self.evaluated(Self.scenes + "/counter.scene")
        let context = CGContext()
        // The classic mistake: UIKit's clockwise passed straight to Core Graphics.
        let arc = CGMutablePath()
        arc.addArc(center: CGPoint(x: 115, y: 115), radius: 77, startAngle: 3 * .pi / 4, endAngle: .pi / 4, clockwise: true)
        context.setLineWidth(76)
        context.setStrokeColor(CGColor(srgbRed: 87 / 255, green: 218 / 255, blue: 213 / 255, alpha: 1))
        context.addPath(arc)
        context.strokePath()
        let difference = DisplayListMatch.difference(expected: expected, actual: context.displayList(width: 230, height: 230))
        #expect(difference?.contains("items[0].path[1]") == true, "\(difference ?? "no difference")")
    }

    @Test func gradientsClipsLayersAndShadowsBecomeTheirOperations() {
        let context = CGContext()
        let space = CGColorSpace(name: CGColorSpace.sRGB)!
        let gradient = CGGradient(colorSpace: space, colorComponents: [1, 0, 0, 1, 0, 0, 1, 1], locations: [0, 1], count: 2)!
        // A filled gradient: clip to the path, draw, restore (PaintCode's and the seeds' way).
        context.saveGState()
        let rect = CGMutablePath()
        rect.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        context.addPath(rect)
        context.clip(using: .evenOdd)
        context.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 10, y: 0), options: [.drawsAfterEndLocation])
        context.restoreGState()
        // A stroked gradient: the stroke's outline as the clip.
        context.saveGState()
        context.setLineWidth(3)
        context.addPath(rect)
        context.replacePathWithStrokedPath()
        context.clip()
        context.drawRadialGradient(
            gradient, startCenter: CGPoint(x: 5, y: 5), startRadius: 0, endCenter: CGPoint(x: 5, y: 5), endRadius: 5,
            options: [])
        context.restoreGState()
        // A shadowed fill at half alpha, then a blended layer.
        context.saveGState()
        context.setAlpha(0.5)
        context.setShadow(offset: CGSize(width: 0, height: 2), blur: 4)
        context.setFillColor(CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1))
        context.addPath(rect)
        context.fillPath()
        context.restoreGState()
        context.setBlendMode(.multiply)
        context.beginTransparencyLayer(auxiliaryInfo: nil)
        context.addPath(rect)
        context.fillPath()
        context.endTransparencyLayer()
        let list = context.displayList(width: 10, height: 10)
        #expect(context.problems.isEmpty, "\(context.problems)")
        let dump = DisplayListDump().render(DisplayList(width: 10, height: 10, items: DisplayListMatch.normalized(list.items)))
        let lines = dump.split(separator: "\n").map(String.init)
        #expect(lines.count == 9, "\(dump)")
        #expect(lines[1].hasPrefix("  fill linear(0 0 -> 10 0 extend=after [#ff0000ff@0 #0000ffff@1]) rule=evenodd path M 0 0"), "\(dump)")
        #expect(lines[2].hasPrefix("  stroke radial(5 5 r=0 -> 5 5 r=5 extend=none") && lines[2].contains("width=3"), "\(dump)")
        #expect(lines[3] == "  layer shadow=0,2 blur=4 #00000055", "\(dump)")
        #expect(lines[4].hasPrefix("    fill #00ff00ff opacity=0.5 path"), "the shape inside keeps its alpha: \(dump)")
        #expect(lines[6] == "  layer blend=multiply" && lines[7].hasPrefix("    fill #000000ff path"), "\(dump)")
    }
}
