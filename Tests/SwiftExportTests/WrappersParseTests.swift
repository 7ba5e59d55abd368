import Foundation
import SceneCompiler
import SwiftExport
import Testing

/// The UIKit and SwiftUI views cannot be compiled without an Apple SDK: they are parsed
/// (`swiftc -parse` reads the inactive `#if canImport(UIKit)` blocks too) and checked for the
/// pieces the README promises.
struct WrappersParseTests {
    @Test func theViewsParseAndHaveOneInspectablePerSimpleParameter() throws {
        let root = GeneratedSwiftDrawsWhatTheEvaluatorDrawsTests.root
        let loaded = try SceneCompiler().load(file: root + "/Scenes/push-button.scene")
        let text = try SwiftExporter.export([SwiftExporter.Input(loaded: loaded, path: "Scenes/push-button.scene")])
        #expect(text.contains("@IBDesignable public final class PushButtonView: UIView {"))
        #expect(text.contains("@IBInspectable public var fillColor: UIColor"))
        #expect(text.contains("@IBInspectable public var isAddButton: Bool"))
        #expect(text.contains("didSet { setNeedsDisplay() }"))
        #expect(text.contains("Canvas { context, size in") && text.contains("context.withCGContext"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wrappers-\(UUID().uuidString).swift").path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let parse = try SwiftHarness.execute("/usr/bin/env", ["swiftc", "-parse", file])
        #expect(parse.status == 0, "\(parse.output)")
        // A syntax error in a wrapper is caught: the same text with one brace removed fails.
        let broken = text.replacingOccurrences(of: "public var body: some View {", with: "public var body: some View ")
        try broken.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try SwiftHarness.execute("/usr/bin/env", ["swiftc", "-parse", file]).status != 0)
    }
}
