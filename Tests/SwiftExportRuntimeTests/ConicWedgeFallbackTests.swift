import CoreGraphicsRecorder
import DisplayList
import Foundation
import SwiftExportDrawing
import SwiftExportRuntime
import Testing

/// The generated Swift's conic gradient before macOS 14 / iOS 17 (`drawConicWedges`): the wedges
/// scenec's SVG draws (`ConicGradient.wedges`), in its colors, each reaching under the next. On
/// this machine `#available` holds, so the generated code records `drawConicGradient`; the
/// fallback is called here directly.
struct ConicWedgeFallbackTests {
    typealias R = SceneRuntime

    static func recordedFills(_ g: R.Gradient, angle: Double) -> (fills: [Fill], problems: [String]) {
        let context = CGContext()
        R.drawConicWedges(g, center: CGPoint(x: 50, y: 40), angle: angle, in: context)
        let list = context.displayList(width: 100, height: 100)
        var fills: [Fill] = []
        func collect(_ items: [DisplayItem]) {
            for item in items {
                switch item {
                case .fill(let f): fills.append(f)
                case .layer(let l): collect(l.items)
                default: break
                }
            }
        }
        collect(list.items)
        return (fills, context.problems)
    }

    @Test func theWedgesAreScenecsInItsColorsAndOrder() {
        let g = R.Gradient(offsets: [0, 0.4, 1], colors: [.rgb255(225, 0, 60), .rgb255(255, 60, 154), .rgb255(30, 111, 217)], extend: .none)
        let (fills, problems) = Self.recordedFills(g, angle: -Double.pi / 2)
        #expect(problems.isEmpty, "\(problems)")
        let scenec = ConicGradient(
            stops: [
                GradientStop(offset: 0, color: .rgb255(225, 0, 60)), GradientStop(offset: 0.4, color: .rgb255(255, 60, 154)),
                GradientStop(offset: 1, color: .rgb255(30, 111, 217)),
            ],
            center: Point(50, 40), startAngle: -Double.pi / 2
        ).wedges
        // The fallback does not merge equal neighbours: run together, its wedges are scenec's.
        var colors: [Color] = []
        for f in fills {
            guard case .color(let c) = f.paint else { Issue.record("a wedge painted with \(f.paint)"); continue }
            if colors.last?.bytes != c.bytes { colors.append(c) }
        }
        // The same wedges; a middle that falls on half a byte may round the other way.
        #expect(colors.count == scenec.count)
        for (mine, theirs) in zip(colors, scenec.map(\.color)) {
            #expect(zip(mine.bytes, theirs.bytes).allSatisfy { abs($0 - $1) <= 1 }, "\(mine.hexRGBA) vs \(theirs.hexRGBA)")
        }
    }

    @Test func eachWedgeStartsWhereTheGradientSaysAndReachesUnderTheNext() throws {
        let g = R.Gradient(offsets: [0, 1], colors: [.rgb255(0, 0, 0), .rgb255(40, 0, 0)], extend: .none)
        let angle = 0.3
        let (fills, _) = Self.recordedFills(g, angle: angle)
        #expect(fills.count == 41)
        for (i, f) in fills.enumerated() {
            guard case .arc(let arc) = f.path.segments.dropFirst().first(where: { if case .arc = $0 { true } else { false } }) else {
                Issue.record("wedge \(i) has no arc: \(f.path.segments)"); continue
            }
            let from = Double(i) / 41 - (i == 0 ? 1.0 / 32 : 0)
            let to = i == 40 ? 1 : min(1, Double(i + 1) / 41 + 1.0 / 32)
            #expect(abs(arc.startAngle - (angle + 2 * Double.pi * from)) < 1e-9, "wedge \(i)")
            #expect(abs(arc.sweep - 2 * Double.pi * (to - from)) < 1e-9, "wedge \(i)")
        }
    }

    @Test func translucentWedgesReplaceEachOtherInALayer() {
        let g = R.Gradient(offsets: [0, 1], colors: [.rgb255(0, 0, 0), .rgb255(0, 0, 0).with(alpha: 0.5)], extend: .none)
        let (fills, problems) = Self.recordedFills(g, angle: 0)
        #expect(fills.count == 128) // ⌊127.5⌋ + 1
        // The recorder has no copy mode and says so: the fallback asks for it, once.
        #expect(problems == ["setBlendMode(.copy): a display list has no copy mode"])
    }
}
