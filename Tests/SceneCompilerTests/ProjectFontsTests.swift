import Foundation
import SceneCompiler
import SceneSource
import Testing

/// Fonts in the project's Fonts/ folder: their families become usable by name, they are measured
/// with their own advances, and their bytes make `fonts.identity` (the cache key's part).
struct ProjectFontsTests {
    static let liberation = "/usr/share/fonts/truetype/liberation/"

    /// A scratch project with the given system font files copied into its Fonts/ folder.
    func project(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Fonts"), withIntermediateDirectories: true)
        for (name, source) in files {
            try FileManager.default.copyItem(atPath: Self.liberation + source, toPath: folder.appendingPathComponent("Fonts/" + name).path)
        }
        return folder
    }

    func compile(_ body: String, in folder: URL) throws -> (loaded: LoadedScene, output: String) {
        let path = folder.appendingPathComponent("s.scene").path
        try "<scene width=\"100\" height=\"100\">\(body)</scene>".write(toFile: path, atomically: true, encoding: .utf8)
        let compiler = SceneCompiler()
        let loaded = try compiler.load(file: path)
        let compilation = compiler.compile(loaded)
        let diagnostics = DiagnosticRenderer(sources: loaded.sources, style: .short).render(compilation.diagnostics)
        return (loaded, diagnostics + (compilation.dump() ?? ""))
    }

    @Test func aProjectFontIsNamedAndMeasuredWithItsOwnAdvances() throws {
        let folder = try project(["Brand-Regular.ttf": "LiberationSans-Regular.ttf"])
        let (loaded, output) = try compile("<text font=\"Liberation Sans\">{textWidth('M', 100, 'Liberation Sans') * 1024}</text>", in: folder)
        #expect(loaded.fonts.families == ["Liberation Sans"])
        #expect(loaded.fonts.folder == folder.appendingPathComponent("Fonts").path)
        // Liberation Sans 'M': 1706 of 2048 units (its hmtx table), in Pango's units of 1/1024 point
        // (DejaVu Sans, which a fallback would measure, has 1767).
        let expected = Int((1706.0 / 2048 * 100 * 1024).rounded())
        #expect(output.contains("text \"\(expected)\""), "\(output)")
        #expect(output.contains("font=\"Liberation Sans\""))
        // A family of another project is unknown here, with a suggestion from this one's.
        let other = try project([:])
        let (_, elsewhere) = try compile("<text font=\"Liberation Sans\">x</text>", in: other)
        #expect(elsewhere.contains("error[E0529]: there is no font family 'Liberation Sans'"), "\(elsewhere)")
    }

    @Test func theIdentityFollowsTheFontBytes() throws {
        let a = try project(["Brand.ttf": "LiberationSans-Regular.ttf"])
        let b = try project(["Brand.ttf": "LiberationSans-Bold.ttf"])
        let c = try project(["Brand.ttf": "LiberationSans-Regular.ttf"])
        let (la, _) = try compile("<text>x</text>", in: a)
        let (lb, _) = try compile("<text>x</text>", in: b)
        let (lc, _) = try compile("<text>x</text>", in: c)
        #expect(la.fonts.identity.hasPrefix("Brand.ttf:"))
        #expect(la.fonts.identity != lb.fonts.identity)
        #expect(la.fonts.identity == lc.fonts.identity)
        let (none, _) = try compile("<text>x</text>", in: try project([:]))
        #expect(none.fonts.identity == "")
    }
}
