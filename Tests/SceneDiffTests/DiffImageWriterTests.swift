import Foundation
import SceneDiff
import SceneProject
import Testing

/// `--diff-image` as a module: the one file for two scenes, NAME.png per changed variant in a
/// folder for `--rev`, why nothing was written, and a place that cannot be written: the error
/// names the path and says what to do, and no image of the failed run is left behind.
struct DiffImageWriterTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-diffimages-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func variant(_ name: String, _ status: VariantDiff.Status) -> VariantDiff {
        VariantDiff(
            name: name, status: status, oldScene: "Scenes/\(name).scene", newScene: "Scenes/\(name).scene", parameters: [:],
            size: nil, scale: 2, reasons: [], structural: nil, pixels: nil, oldDiagnostics: [], newDiagnostics: [])
    }

    /// A review of the variants, each with a distinct diff image unless `withoutImages` names it.
    static func review(_ variants: [VariantDiff], withoutImages: Set<String> = []) -> (ReviewResult, ReviewImages) {
        var images: ReviewImages = [:]
        for (index, v) in variants.enumerated() where !withoutImages.contains(v.name) {
            images[v.name] = PixelImages(old: nil, new: nil, diff: [0x89, 0x50, 0x4E, 0x47, UInt8(index)])
        }
        return (ReviewResult(oldLabel: "old", newLabel: "new", variants: variants, oldProblems: [], newProblems: []), images)
    }

    static func contents(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func twoScenesWriteTheOneFileNamed() throws {
        let folder = try Self.folder()
        let (result, images) = Self.review([Self.variant("a", .changed)])
        let path = folder + "/d.png"
        let outcome = try DiffImageWriter.write(images, result: result, to: .file(path), pixelsCompared: true)
        #expect(outcome == .written([path]))
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == images["a"]?.diff)
    }

    @Test func aFolderGetsOneImagePerChangedVariant() throws {
        let folder = try Self.folder() + "/new/images"
        let (result, images) = Self.review([Self.variant("a", .changed), Self.variant("b", .unchanged), Self.variant("c", .changed)])
        let outcome = try DiffImageWriter.write(images, result: result, to: .folder(folder), pixelsCompared: true)
        #expect(outcome == .written([folder + "/a.png", folder + "/c.png"]))
        #expect(try Self.contents(folder) == ["a.png", "c.png"])
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/c.png"))) == images["c"]?.diff)
    }

    @Test func nothingWrittenSaysWhy() throws {
        let folder = try Self.folder()
        let unchanged = Self.review([Self.variant("a", .unchanged)])
        #expect(
            try DiffImageWriter.write(unchanged.1, result: unchanged.0, to: .file(folder + "/d.png"), pixelsCompared: true)
                == .skipped(.nothingChanged))
        let noPixels = Self.review([Self.variant("a", .changed)], withoutImages: ["a"])
        #expect(
            try DiffImageWriter.write(noPixels.1, result: noPixels.0, to: .folder(folder + "/f"), pixelsCompared: true)
                == .skipped(.noChangedPixels))
        #expect(
            try DiffImageWriter.write(noPixels.1, result: noPixels.0, to: .file(folder + "/d.png"), pixelsCompared: false)
                == .skipped(.pixelsNotCompared))
        #expect(DiffImageWriter.Skipped.pixelsNotCompared.description == "--structural-only compares no pixels")
        #expect(!FileManager.default.fileExists(atPath: folder + "/d.png"))
    }

    /// A file where the folder belongs: a usage error (exit status 2, as before) naming the folder, with what to do.
    @Test func aFolderThatCannotBeMadeIsNamedWithWhatToDo() throws {
        let folder = try Self.folder()
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/taken"))
        let (result, images) = Self.review([Self.variant("a", .changed)])
        let error = try #require(throws: ProjectError.self) {
            try DiffImageWriter.write(images, result: result, to: .folder(folder + "/taken/images"), pixelsCompared: true)
        }
        #expect(error.kind == .usage)
        #expect(error.message.contains("'\(folder)/taken/images'"), "\(error.message)")
        #expect(error.help?.contains("--diff-image") == true, "\(String(describing: error.help))")
        #expect(try Self.contents(folder) == ["taken"])
    }

    /// A folder the image cannot be written in: a failure (exit status 1, as before) naming it, with what to do.
    @Test func aFileInAFolderThatCannotBeWrittenIsNamedWithWhatToDo() throws {
        let folder = try Self.folder()
        let (result, images) = Self.review([Self.variant("a", .changed)])
        let error = try #require(throws: ProjectError.self) {
            try DiffImageWriter.write(images, result: result, to: .file(folder + "/missing/d.png"), pixelsCompared: true)
        }
        #expect(error.kind == .failure)
        #expect(error.message.contains("'\(folder)/missing'"), "\(error.message)")
        #expect(error.help?.contains("--diff-image") == true, "\(String(describing: error.help))")
        #expect(try Self.contents(folder).isEmpty)
    }

    /// The second image cannot be written (a folder stands where b.png belongs): the first is
    /// removed again, and no temporary file is left, so the folder holds no partial set.
    @Test func aFailedRunLeavesNoImageOfItsOwn() throws {
        let folder = try Self.folder()
        try FileManager.default.createDirectory(atPath: folder + "/b.png", withIntermediateDirectories: true)
        let (result, images) = Self.review([Self.variant("a", .changed), Self.variant("b", .changed)])
        let error = try #require(throws: ProjectError.self) {
            try DiffImageWriter.write(images, result: result, to: .folder(folder), pixelsCompared: true)
        }
        #expect(error.kind == .failure)
        #expect(error.message.contains("b.png"), "\(error.message)")
        #expect(error.help != nil)
        #expect(try Self.contents(folder) == ["b.png"])
    }
}
