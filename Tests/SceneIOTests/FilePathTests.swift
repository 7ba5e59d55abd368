@testable import SceneIO
import Testing

/// The one path normalizer the command line, the batch and the component loader share.
struct FilePathTests {
    @Test func normalizeResolvesDotsWithoutTouchingTheDisk() {
        #expect(FilePath.normalize("a/./b/../c") == "a/c")
        #expect(FilePath.normalize("a//b/") == "a/b")
        #expect(FilePath.normalize("../a") == "../a")
        #expect(FilePath.normalize("a/../../b") == "../b")
        #expect(FilePath.normalize("/x/../y") == "/y")
        #expect(FilePath.normalize("/..") == nil)
        #expect(FilePath.normalize(".") == "")
        #expect(FilePath.normalize("") == "")
    }

    /// The ASCII road (by bytes) against the general one (by Characters), over every path of up to
    /// three parts drawn from names, dots, empty parts and non-ASCII ones, absolute or not.
    @Test func asciiPathsNormalizeAsByCharacters() {
        let parts = ["a", "bc", ".", "..", "", "...", ".a", "é", "e\u{301}", "\u{301}", "\r\n"]
        var paths: [String] = [""]
        for _ in 0..<3 { paths += paths.flatMap { path in parts.map { path.isEmpty ? $0 : path + "/" + $0 } } }
        paths = Array(Set(paths)).sorted()
        var compared = 0
        for path in paths + paths.map({ "/" + $0 }) + paths.map({ $0 + "/" }) {
            #expect(FilePath.normalize(path) == FilePath.normalizeByCharacters(path), "\(path.debugDescription)")
            var copy = path
            if let ascii = copy.withUTF8(FilePath.normalizeASCII) {
                #expect(ascii == FilePath.normalizeByCharacters(path), "\(path.debugDescription)")
                compared += 1
            }
        }
        #expect(compared > 500)
    }

    @Test func absolutePathsAreStandardized() {
        #expect(FilePath.absolute("/a/b/../c/./d") == "/a/c/d")
        #expect(FilePath.absolute("/..") == "/")
        #expect(FilePath.absolute("x").hasSuffix("/x"))
        #expect(FilePath.absolute("x").hasPrefix("/"))
    }

    @Test func partsOfAPath() {
        #expect(FilePath.parent(of: "Scenes/flo.scene") == "Scenes")
        #expect(FilePath.parent(of: "flo.scene") == ".")
        #expect(FilePath.parent(of: "/flo.scene") == "/")
        #expect(FilePath.parent(of: "a/b/") == "a")
        #expect(FilePath.fileName(of: "Scenes/flo.scene") == "flo.scene")
        #expect(FilePath.baseName(of: "Scenes/flo.scene", dropping: ".scene") == "flo")
        #expect(FilePath.baseName(of: ".scene", dropping: ".scene") == ".scene")
        #expect(FilePath.join(".", "scenes.json") == "scenes.json")
        #expect(FilePath.join("out/", "a.png") == "out/a.png")
        #expect(FilePath.join("out", "a.png") == "out/a.png")
    }

    @Test func insideIsByWholeComponents() {
        #expect(FilePath.isInside("/p/a.scene", folder: "/p"))
        #expect(FilePath.isInside("/p", folder: "/p"))
        #expect(!FilePath.isInside("/pq/a.scene", folder: "/p"))
        #expect(FilePath.isInside("a/b.scene", folder: ""))
        #expect(!FilePath.isInside("../b.scene", folder: ""))
        #expect(FilePath.isInside("/anything", folder: "/"))
        #expect(FilePath.relative("/p/q/a.scene", to: "/p") == "q/a.scene")
        #expect(FilePath.relative("/x/a.scene", to: "/p") == nil)
    }
}
