import CoreGraphicsRecorder
import Foundation
import PNGBackend
import Testing

/// The recorder's Core Graphics conventions pinned by the seeds (issue 26): the tutorials' own
/// drawing code (Seeds/, each file listing what it changed from Swift 2), over a test-only UIKit
/// layer (UIKit/) and through the recorder, draws what `Scenes/` draws with the same parameter
/// values, in pixels (SeedComparison). The sizes and values are those of `Scenes/scenes.json`'s
/// variants and the storyboard's (the tutorial sets the counter's and graph's colors there).
struct SeedsDrawWhatScenesDrawTests {
    static let counterColor = UIColor(rgb: 87, 218, 213), outlineColor = UIColor(rgb: 34, 110, 100)

    /// The pixels match within the render checks' tolerance at each scale; so do the operations
    /// recorded, exactly (what the pixels show and what they hide, such as a gradient's extension
    /// past a clip's edge).
    static func expectMatch(_ comparison: SeedComparison, scales: [Double] = [1, 2]) throws {
        #expect(comparison.problems.isEmpty, "\(comparison.label): \(comparison.problems)")
        for scale in scales {
            let difference = try comparison.pixelDifference(scale: scale)
            #expect(difference == nil, "\(difference ?? "")")
        }
        #expect(comparison.listDifference == nil, "\(comparison.listDifference ?? "")")
    }

    // PushButtonView: the oval, the plus or minus, the 0.5-point offsets that keep the 3-point
    // strokes on pixel boundaries at 1x, 2x and 3x.
    @Test(arguments: [(100, true, "87,218,213"), (50, false, "238,77,77"), (50, true, "87,218,213"), (100, false, "238,77,77")])
    func pushButton(side: Int, isAddButton: Bool, rgb: String) throws {
        let c = rgb.split(separator: ",").map { Int($0)! }
        let view = PushButtonView(frame: CGRect(x: 0, y: 0, width: side, height: side))
        view.fillColor = UIColor(rgb: c[0], c[1], c[2])
        view.isAddButton = isAddButton
        let comparison = try SeedComparison(
            view, scene: "push-button",
            set: ["fillColor=rgb(\(rgb))", "isAddButton=\(isAddButton)"])
        try Self.expectMatch(comparison, scales: [1, 2, 3])
    }

    // CounterView: the arc (UIKit's clockwise in a flipped context), the outline of two arcs, and
    // the markers drawn by saving, translating, rotating and restoring the context.
    @Test(arguments: [(230, 0), (230, 3), (230, 5), (230, 8), (160, 6)])
    func counter(side: Int, counter: Int) throws {
        let view = CounterView(frame: CGRect(x: 0, y: 0, width: side, height: side))
        view.counterColor = Self.counterColor
        view.outlineColor = Self.outlineColor
        view.counter = counter
        try Self.expectMatch(SeedComparison(view, scene: "counter", set: ["counter=\(counter)"]))
    }

    // GraphView: the rounded clip, the gradients drawn with no extension (`options: []`), the
    // gradient clipped under the line between saveGState and restoreGState, then the line, the
    // circles and the guide lines outside that clip.
    @Test(arguments: [
        (300, 300, [4, 2, 6, 4, 5, 8, 3], (250, 233, 222), (252, 79, 8)),
        (400, 240, [1, 7, 3, 9, 2], (250, 233, 222), (252, 79, 8)),
        (300, 300, [2, 3, 5, 8, 6, 7, 9], (40, 50, 90), (0, 0, 128)),
    ])
    func graph(width: Int, height: Int, points: [Int], start: (Int, Int, Int), end: (Int, Int, Int)) throws {
        let view = GraphView(frame: CGRect(x: 0, y: 0, width: width, height: height))
        view.graphPoints = points
        view.startColor = UIColor(rgb: start.0, start.1, start.2)
        view.endColor = UIColor(rgb: end.0, end.1, end.2)
        let set = [
            "graphPoints=\(points.map(String.init).joined(separator: ","))",
            "startColor=rgb(\(start.0), \(start.1), \(start.2))", "endColor=rgb(\(end.0), \(end.1), \(end.2))",
        ]
        try Self.expectMatch(SeedComparison(view, scene: "graph", set: set))
    }

    // FaceView: full-turn arcs from angle 0, and the cubic smile from sad to happy.
    @Test(arguments: [
        (300, 300, 0.75, 3.0, (0, 0, 255)), (300, 300, 1.0, 3.0, (0, 0, 255)), (300, 300, 0.0, 3.0, (0, 0, 255)),
        (200, 120, -0.6, 4.0, (204, 0, 0)),
    ])
    func face(width: Int, height: Int, smiliness: Double, lineWidth: Double, rgb: (Int, Int, Int)) throws {
        let view = FaceView(frame: CGRect(x: 0, y: 0, width: width, height: height))
        view.smiliness = smiliness
        view.lineWidth = lineWidth
        view.color = UIColor(rgb: rgb.0, rgb.1, rgb.2)
        let set = ["smiliness=\(smiliness)", "lineWidth=\(lineWidth)", "color=rgb(\(rgb.0), \(rgb.1), \(rgb.2))"]
        try Self.expectMatch(SeedComparison(view, scene: "face", set: set))
    }

    // The checks above can fail: the arc direction got wrong in the flipped context, and one glass
    // less, are both seen in the pixels.

    @Test func passingUIKitsClockwiseToCoreGraphicsUnchangedIsCaught() throws {
        let view = CounterView(frame: CGRect(x: 0, y: 0, width: 230, height: 230))
        view.counterColor = Self.counterColor
        view.outlineColor = Self.outlineColor
        let comparison = try UIBezierPath.$passesClockwiseUnchanged.withValue(true) {
            try SeedComparison(view, scene: "counter", set: [])
        }
        let difference = try comparison.pixelDifference(scale: 1, keepingImages: false)
        #expect(difference != nil, "the counter's arcs drawn the other way round went unnoticed")
    }

    @Test func oneGlassLessIsCaught() throws {
        let view = CounterView(frame: CGRect(x: 0, y: 0, width: 230, height: 230))
        view.counterColor = Self.counterColor
        view.outlineColor = Self.outlineColor
        view.counter = 4
        let comparison = try SeedComparison(view, scene: "counter", set: ["counter=5"])
        #expect(try comparison.pixelDifference(scale: 1, keepingImages: false) != nil, "4 glasses drawn as 5 went unnoticed")
    }

    // Where the seeds draw what the scenes deliberately refuse: values the seed's code takes without
    // a check, which scenec reports as errors (a parameter's declared range, the graph's asserts).
    // The seed draws an outline past the arc's ends (CounterView's `counter` setter only skips the
    // redraw above 8: "Try adjusting the counter to be more than eight and less than zero. You'll
    // fix that up later on."), and a graph at NaN coordinates (`maxValue` 0: 0 / 0) or with an
    // infinite spacing (one point). No pixels to compare: scenec draws nothing.

    @Test(arguments: [9, -1])
    func scenecRefusesACounterTheSeedDrawsPastTheArc(counter: Int) throws {
        let view = CounterView(frame: CGRect(x: 0, y: 0, width: 230, height: 230))
        view.counter = counter
        #expect(!SeedComparison.recording(view).list.items.isEmpty)
        #expect(throws: (any Error).self, "scenec drew counter=\(counter)") {
            try SeedComparison.compiled("counter", size: view.bounds.size, set: ["counter=\(counter)"])
        }
    }

    @Test(arguments: [[0, 0, 0], [4]])
    func scenecRefusesAGraphTheSeedDrawsAtNaN(points: [Int]) throws {
        let view = GraphView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        view.graphPoints = points
        #expect(!SeedComparison.recording(view).list.items.isEmpty)
        let set = ["graphPoints=\(points.map(String.init).joined(separator: ","))"]
        #expect(throws: SeedComparison.SceneFailed.self, "scenec drew graphPoints=\(points)") {
            try SeedComparison.compiled("graph", size: view.bounds.size, set: set)
        }
    }
}

extension SeedsDrawWhatScenesDrawTests {
    // Where the scene deliberately draws what the seed does not: a line width of 0. UIKit draws
    // "the thinnest line that can be rendered" (UIBezierPath.lineWidth; Core Graphics' setLineWidth
    // wants more than 0); the scene language's width 0 is SVG's, no stroke at all, as scenec and the
    // exported TypeScript draw it. The recorder cannot draw a device's thinnest line: it reports the
    // call, so that generated code which strokes at width 0 (a hairline on the device, nothing in
    // scenec) fails its tests.
    @Test func aFaceOfLineWidthZeroIsAHairlineInUIKitAndNothingInScenec() throws {
        let view = FaceView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        view.lineWidth = 0
        let recording = SeedComparison.recording(view)
        #expect(recording.problems.count == 4 && recording.problems.allSatisfy { $0.contains("line width of 0") }, "\(recording.problems)")
        let scene = try SeedComparison.compiled("face", size: view.bounds.size, set: ["lineWidth=0"])
        let pixels = try PNGBackend.image(scene)
        #expect(pixels.pixels.allSatisfy { $0 == 0 }, "scenec drew a face of line width 0")
    }
}

private extension UIColor {
    /// A color as scenes write it, `rgb(r, g, b)` with 0–255 channels.
    convenience init(rgb red: Int, _ green: Int, _ blue: Int) {
        self.init(red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: 1)
    }
}
