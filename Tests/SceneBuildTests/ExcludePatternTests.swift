import SceneProject
import Testing

/// The patterns of a manifest's "exclude" list.
struct ExcludePatternTests {
    @Test func foldersFilesAndWildcards() {
        for pattern in ["parts/**", "parts", "parts/", "./parts", "parts/*", "parts/*.scene", "**/knob", "parts/kn?b", "*/knob.scene"] {
            #expect(ExcludePattern(pattern).matches("parts/knob.scene"), "\(pattern)")
        }
        for pattern in ["part", "parts/knob/x", "knob", "*.scene", "parts/k?b", "other/**", ""] {
            #expect(!ExcludePattern(pattern).matches("parts/knob.scene"), "\(pattern)")
        }
        #expect(ExcludePattern("**/*-part").matches("a/b/c/knob-part.scene"))
        #expect(ExcludePattern("**").matches("top.scene"))
        #expect(ExcludePattern("*.scene").matches("top.scene"))
    }

    /// A pattern full of stars against a long name is answered at once (it is user input).
    @Test func manyStarsDoNotBacktrackForever() {
        let pattern = String(repeating: "*a", count: 40) + "b"
        let name = String(repeating: "a", count: 250) + ".scene"
        #expect(!ExcludePattern(pattern).matches(name))
        #expect(!ExcludePattern(String(repeating: "**/", count: 30) + "x").matches(String(repeating: "d/", count: 30) + "y.scene"))
    }

    @Test func patternsOutsideTheFolderAreRefused() {
        let errors = Support.errors(#"{"exclude": ["/abs/**", "../up", "ok/**", 3]}"#)
        #expect(errors.contains("error[E0904]: exclude[0]: the pattern '/abs/**' is not inside the manifest's folder"), "\(errors)")
        #expect(errors.contains("error[E0904]: exclude[1]: the pattern '../up' is not inside the manifest's folder"), "\(errors)")
        #expect(errors.contains("error[E0904]: exclude[3]: expected a string, found a number"), "\(errors)")
        #expect(!errors.contains("exclude[2]"))
    }
}
