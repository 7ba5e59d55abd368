import Foundation
import PNGBackend
import SceneCompiler
import Testing

/// `Compilation.pdf()`: the SVG drawn by librsvg onto a cairo PDF surface. (That its pixels match
/// the PNG's is checked by Tests/render/check_renders.py with pdftoppm.)
struct PDFTests {
    static func compilation(
        _ name: String, _ assignments: [String] = [], size: SceneSize? = nil,
        limits: CompilerLimits = .init()
    ) throws -> Compilation {
        let compiler = SceneCompiler(limits: limits)
        let loaded = try compiler.load(file: Seeds.packageFolder.appendingPathComponent("Scenes/\(name).scene").path)
        #expect(!loaded.hasErrors)
        return compiler.compile(loaded, arguments: try compiler.arguments(assignments, for: loaded), size: size)
    }

    static func pdf(_ name: String, _ assignments: [String] = [], size: SceneSize? = nil) throws -> [UInt8] {
        try #require(try compilation(name, assignments, size: size).pdf())
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func onePageTheSizeOfTheSceneInPoints() throws {
        let counter = Self.text(try Self.pdf("counter"))
        #expect(counter.hasPrefix("%PDF-1."))
        #expect(counter.contains("/MediaBox [ 0 0 230 230 ]"))
        #expect(counter.components(separatedBy: "/Type /Page ").count == 2, "one page")
        let resized = Self.text(try Self.pdf("graph", size: SceneSize(width: 400, height: 240)))
        #expect(resized.contains("/MediaBox [ 0 0 400 240 ]"))
        #expect(resized.hasSuffix("%%EOF\n"))
    }

    @Test func theSameInputGivesTheSameBytesWithNoDate() throws {
        let first = try Self.pdf("flo", ["showGraph=true"])
        let second = try Self.pdf("flo", ["showGraph=true"])
        #expect(first == second)
        let text = Self.text(first)
        // cairo 1.16 writes the time of the render unless told not to.
        #expect(!text.contains("/CreationDate"))
        #expect(!text.contains("/ModDate"))
        #expect(text.contains("/Creator (scenec)"))
    }

    @Test func textStaysTextInTheEmbeddedPinnedFont() throws {
        let text = Self.text(try Self.pdf("flo", ["showGraph=true"]))
        // A subset of DejaVu Sans, embedded (FontFile2: TrueType), not outlines or pixels.
        #expect(text.contains("/FontFile2 "))
        #expect(text.range(of: #"/BaseFont /[A-Z]{6}\+DejaVuSans"#, options: .regularExpression) != nil)
        // Vectors: no image anywhere in the file.
        #expect(!text.contains("/Subtype /Image"))
    }

    @Test func theElementLimitApplies() throws {
        var limits = CompilerLimits()
        limits.maxElements = 3
        let compilation = try Self.compilation("graph", limits: limits)
        do {
            _ = try compilation.pdf()
            Issue.record("expected the element limit")
        } catch {
            #expect(error.kind == .tooManyElements)
            #expect(error.message.contains("over the limit of 3 for PDF output"))
        }
    }

    @Test func aSceneWithErrorsHasNoPDF() throws {
        let compiler = SceneCompiler()
        let loaded = compiler.load(path: "bad.scene", bytes: Array("<scene width=\"10\" height=\"10\"><rect width=\"w\" height=\"1\"/></scene>".utf8))
        #expect(try compiler.compile(loaded).pdf() == nil)
    }
}
