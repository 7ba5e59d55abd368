import Foundation
import SceneBuild
import SceneCompiler
import SceneProject
import SceneSource
import Testing

/// A variant's dark appearance (`"dark"` in the manifest): where each layout puts the dark files,
/// the image set's `appearances`, the mistakes, and the files a run writes.
struct AppearanceTests {
    static let dark =
        ##"{"variants": [{"name": "plus", "scene": "push-button", "parameters": {"fillColor": "#57dad5"}, "dark": {"fillColor": "#1d6b68"}}]}"##

    func job(_ plan: BuildPlan, _ name: String) throws -> BuildJob { try #require(plan.jobs.first { $0.name == name }) }

    @Test func theFlatLayoutNamesDarkFilesWithATilde() throws {
        let plan = try Support.plan(Self.dark)
        #expect(Support.problems(plan) == "")
        let plus = try job(plan, "plus")
        #expect(
            plus.outputs.map(\.fileName) == [
                "plus.svg", "plus.png", "plus@2x.png", "plus@3x.png",
                "plus~dark.svg", "plus~dark.png", "plus~dark@2x.png", "plus~dark@3x.png",
            ])
        #expect(plus.outputs.map(\.appearance) == Array(repeating: .light, count: 4) + Array(repeating: .dark, count: 4))
        // The dark values are the light ones with "dark"'s over them.
        #expect(plus.arguments(for: .dark)["fillColor"] != plus.arguments(for: .light)["fillColor"])
        #expect(plus.arguments(for: .dark)["isAddButton"] == nil && plus.arguments(for: .light)["isAddButton"] == nil)
        // A variant without "dark" is as it was.
        let plain = try job(try Support.plan(#"{"variants": [{"name": "plus", "scene": "push-button"}]}"#), "plus")
        #expect(plain.darkArguments == nil && plain.appearances == [.light])
        #expect(plain.outputs.map(\.fileName) == ["plus.svg", "plus.png", "plus@2x.png", "plus@3x.png"])
    }

    @Test func androidPutsDarkImagesInNightFolders() throws {
        let plan = try Support.plan(Self.dark, layout: .android)
        #expect(Support.problems(plan) == "")
        let densities = ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"]
        #expect(
            try job(plan, "plus").outputs.map(\.fileName)
                == densities.map { "res/drawable-\($0)/plus.png" } + densities.map { "res/drawable-night-\($0)/plus.png" })
        #expect(try job(plan, "plus").writing == .allOrNothing)
    }

    /// One image set per image, its Contents.json byte for byte as Xcode writes a set with the
    /// "Any, Dark" appearances: each scale's slot, then its dark slot with `appearances`.
    @Test func anImageSetHoldsBothAppearances() throws {
        let plan = try Support.plan(
            ##"{"variants": [{"name": "plus", "scene": "push-button", "scales": [1, 2], "dark": {"fillColor": "#1d6b68"}}]}"##,
            layout: .xcassets)
        #expect(Support.problems(plan) == "")
        let plus = try job(plan, "plus")
        let set = "Assets.xcassets/plus.imageset/"
        #expect(plus.outputs.map(\.fileName) == ["plus.png", "plus@2x.png", "plus~dark.png", "plus~dark@2x.png", "Contents.json"].map { set + $0 })
        #expect(plus.writing == .asOneFolder("Assets.xcassets/plus.imageset"))
        guard case .data(let bytes)? = plus.outputs.last?.format else { Issue.record("no Contents.json"); return }
        #expect(
            String(decoding: bytes, as: UTF8.self) == """
                {
                  "images" : [
                    {
                      "filename" : "plus.png",
                      "idiom" : "universal",
                      "scale" : "1x"
                    },
                    {
                      "appearances" : [
                        {
                          "appearance" : "luminosity",
                          "value" : "dark"
                        }
                      ],
                      "filename" : "plus~dark.png",
                      "idiom" : "universal",
                      "scale" : "1x"
                    },
                    {
                      "filename" : "plus@2x.png",
                      "idiom" : "universal",
                      "scale" : "2x"
                    },
                    {
                      "appearances" : [
                        {
                          "appearance" : "luminosity",
                          "value" : "dark"
                        }
                      ],
                      "filename" : "plus~dark@2x.png",
                      "idiom" : "universal",
                      "scale" : "2x"
                    },
                    {
                      "idiom" : "universal",
                      "scale" : "3x"
                    },
                    {
                      "appearances" : [
                        {
                          "appearance" : "luminosity",
                          "value" : "dark"
                        }
                      ],
                      "idiom" : "universal",
                      "scale" : "3x"
                    }
                  ],
                  "info" : {
                    "author" : "xcode",
                    "version" : 1
                  }
                }

                """)
    }

    @Test func aVectorImageSetHoldsTwoPDFs() throws {
        let plan = try Support.plan(
            #"{"variants": [{"name": "face", "scene": "face", "vector": true, "dark": {"color": "white"}}]}"#,
            layout: .xcassets)
        #expect(Support.problems(plan) == "")
        let face = try job(plan, "face")
        #expect(face.outputs.map(\.fileName) == ["face.pdf", "face~dark.pdf", "Contents.json"].map { "Assets.xcassets/face.imageset/" + $0 })
        guard case .data(let bytes)? = face.outputs.last?.format else { Issue.record("no Contents.json"); return }
        #expect(
            String(decoding: bytes, as: UTF8.self) == """
                {
                  "images" : [
                    {
                      "filename" : "face.pdf",
                      "idiom" : "universal"
                    },
                    {
                      "appearances" : [
                        {
                          "appearance" : "luminosity",
                          "value" : "dark"
                        }
                      ],
                      "filename" : "face~dark.pdf",
                      "idiom" : "universal"
                    }
                  ],
                  "info" : {
                    "author" : "xcode",
                    "version" : 1
                  },
                  "properties" : {
                    "preserves-vector-representation" : true
                  }
                }

                """)
    }

    @Test func darkMistakesAreLocated() throws {
        // Not an object.
        #expect(
            Support.errors(##"{"variants": [{"scene": "push-button", "dark": "#000"}]}"##)
                .contains("scenes.json:1:48: error[E0904]: variants[0].dark: expected an object of parameter names and values, found a string"))
        // No values: the dark images would be the light ones.
        #expect(
            Support.problems(try Support.plan("{\"variants\": [\n {\"scene\": \"push-button\", \"dark\": {}}\n]}")) == """
                /virtual/Scenes/scenes.json:2:35: error[E0930]: variants[0].dark: the dark appearance names no parameter, so its images would be the light ones
                  help: give the values that differ in dark mode, such as "dark": {"fillColor": "#1d6b68"}, or leave out "dark"

                """)
        // A parameter the scene does not declare, and a value it does not take: located inside "dark".
        let wrong = Support.problems(
            try Support.plan("{\"variants\": [\n {\"scene\": \"push-button\", \"dark\": {\"fillColour\": \"#000\", \"isAddButton\": \"maybe\"}}\n]}"))
        #expect(
            wrong.contains(
                "/virtual/Scenes/scenes.json:2:36: error[E0912]: variants[0].dark.fillColour: unknown parameter 'fillColour' (did you mean 'fillColor'?)"
            ), "\(wrong)")
        #expect(wrong.contains("/virtual/Scenes/scenes.json:2:73: error[E0408]: variants[0].dark.isAddButton: invalid value 'maybe'"), "\(wrong)")
        // A string value, as for "parameters".
        #expect(
            Support.errors(#"{"variants": [{"scene": "push-button", "dark": {"isAddButton": false}}]}"#)
                .contains("error[E0904]: variants[0].dark.isAddButton: expected a string, found false"))
    }

    /// The other way to say it: a variant of its own with `"appearance": "dark"` and the light
    /// variant's name, drawn with its own parameters (not over the light ones).
    @Test func aDarkVariantIsTheDarkAppearanceOfTheLightVariantOfItsName() throws {
        let text =
            ##"{"variants": [{"name": "plus", "scene": "push-button", "appearance": "dark", "parameters": {"fillColor": "#1d6b68"}}, {"name": "plus", "scene": "push-button", "parameters": {"fillColor": "#57dad5", "isAddButton": "false"}}]}"##
        let plan = try Support.plan(text, layout: .xcassets)
        #expect(Support.problems(plan) == "")
        #expect(plan.jobs.map(\.name) == ["counter", "face", "graph", "plus"])
        let plus = try job(plan, "plus")
        #expect(
            plus.outputs.map(\.fileName)
                == [
                    "plus.png", "plus@2x.png", "plus@3x.png", "plus~dark.png", "plus~dark@2x.png", "plus~dark@3x.png",
                    "Contents.json",
                ].map { "Assets.xcassets/plus.imageset/" + $0 })
        // Its own values: isAddButton is not taken from the light variant.
        #expect(plus.arguments(for: .dark)["isAddButton"] == nil && plus.arguments(for: .light)["isAddButton"] != nil)
        #expect(plus.arguments(for: .dark)["fillColor"] != plus.arguments(for: .light)["fillColor"])
        // The same as "dark" in the flat layout, NAME~dark taken.
        #expect(try job(try Support.plan(text), "plus").outputs.map(\.fileName).contains("plus~dark@2x.png"))
    }

    @Test func aDarkVariantNeedsItsLightOne() throws {
        func problems(_ variants: String) throws -> String { Support.problems(try Support.plan("{\"variants\": [\n" + variants + "\n]}")) }
        #expect(
            try problems(#" {"name": "plus", "scene": "push-button", "appearance": "dark"}"#) == """
                /virtual/Scenes/scenes.json:2:11: error[E0932]: variants[0].name: no light variant is named 'plus': a variant with "appearance": "dark" is the dark appearance of the light variant of its name
                  help: add the light variant, {"name": "plus", "scene": …}, or leave out "appearance"

                """)
        #expect(
            try problems(#" {"name": "x", "scene": "face"},"# + "\n" + #" {"name": "x", "scene": "push-button", "appearance": "dark"}"#)
                .contains(
                    "scenes.json:3:11: error[E0932]: variants[1].name: it draws /virtual/Scenes/push-button.scene and its light variant /virtual/Scenes/face.scene: both appearances of an image draw one scene"
                ))
        #expect(
            try problems(#" {"name": "x", "scene": "face"},"# + "\n" + #" {"name": "x", "scene": "face", "size": "20x20", "appearance": "dark"}"#)
                .contains("error[E0932]: variants[1].name: its size differs from its light variant's"))
        #expect(
            try problems(
                #" {"name": "x", "scene": "face", "dark": {"color": "red"}},"# + "\n" + #" {"name": "x", "scene": "face", "appearance": "dark"}"#
            )
            .contains("error[E0932]: variants[1].name: 'x' has a dark appearance already"))
        #expect(
            try problems(
                #" {"name": "x", "scene": "face"},"# + "\n" + #" {"name": "x", "scene": "face", "appearance": "dark", "dark": {"color": "red"}}"#
            )
            .contains("error[E0932]: variants[1].dark: a dark variant has no \"dark\" of its own"))
        #expect(
            Support.errors(#"{"variants": [{"scene": "face", "appearance": "night"}]}"#)
                .contains("error[E0904]: variants[0].appearance: expected \"light\" or \"dark\", found \"night\""))
        // Two light variants of one name are still a duplicate; "appearance": "light" is a light variant.
        #expect(
            try problems(#" {"name": "x", "scene": "face"},"# + "\n" + #" {"name": "x", "scene": "face", "appearance": "light"}"#)
                .contains("error[E0914]: variants[1].name: two variants are named 'x'"))
    }

    /// In the flat layout the dark files are `NAME~dark…`: a variant of that name would overwrite them.
    @Test func theDarkNameIsTakenInTheFlatLayout() throws {
        let text =
            "{\"variants\": [\n {\"name\": \"plus\", \"scene\": \"push-button\", \"dark\": {\"fillColor\": \"black\"}},\n {\"name\": \"plus~dark\", \"scene\": \"push-button\"}\n]}"
        #expect(
            Support.problems(try Support.plan(text)).contains(
                "/virtual/Scenes/scenes.json:3:11: error[E0914]: variants[1].name: two variants are named 'plus~dark'"))
        // In an image set and in Android's folders they live apart.
        #expect(Support.problems(try Support.plan(text, layout: .xcassets)) == "")
        #expect(Support.problems(try Support.plan(text, layout: .android)) == "")
    }

    /// A run draws each appearance with its own values, writes every file, and serves both from the
    /// cache the next time; a change to the dark values remakes the dark files only.
    @Test func aRunWritesBothAppearancesAndCachesEach() throws {
        let folder = try Support.temporaryFolder()
        let cache = OutputCache(folder: folder + "/.cache", limits: CompilerLimits())
        let plan = try Support.plan(Self.dark, layout: .android)
        let plus = try job(plan, "plus")
        let first = JobRunner(folder: folder, cache: cache).run(plus)
        #expect(!first.failed)
        #expect(first.outputs.allSatisfy { $0.status == .rendered && $0.origin == .made })
        let light = try Data(contentsOf: URL(fileURLWithPath: folder + "/res/drawable-mdpi/plus.png"))
        let dark = try Data(contentsOf: URL(fileURLWithPath: folder + "/res/drawable-night-mdpi/plus.png"))
        #expect(light != dark)
        // The light PNG is exactly what a variant without "dark" makes.
        let plain = try job(
            try Support.plan(
                ##"{"variants": [{"name": "plus", "scene": "push-button", "parameters": {"fillColor": "#57dad5"}}]}"##,
                layout: .android), "plus")
        let alone = try Support.temporaryFolder()
        #expect(!JobRunner(folder: alone).run(plain).failed)
        #expect(try Data(contentsOf: URL(fileURLWithPath: alone + "/res/drawable-mdpi/plus.png")) == light)
        // Again: every file from the cache, unchanged.
        let again = JobRunner(folder: folder, cache: cache).run(plus)
        #expect(again.outputs.allSatisfy { $0.status == .unchanged && $0.origin == .cache })
        // Other dark values: the dark files are made, the light ones come from the cache.
        let other = try job(try Support.plan(Self.dark.replacingOccurrences(of: "#1d6b68", with: "#202020"), layout: .android), "plus")
        let changed = JobRunner(folder: folder, cache: cache).run(other)
        #expect(changed.outputs.map(\.origin) == Array(repeating: .cache, count: 5) + Array(repeating: .made, count: 5))
        #expect(changed.outputs.map(\.status) == Array(repeating: .unchanged, count: 5) + Array(repeating: .rendered, count: 5))
        // --check against what is on disk: all up to date.
        let check = JobRunner(folder: folder, checkOnly: true).run(other)
        #expect(check.outputs.allSatisfy { $0.status == .unchanged })
    }

    /// A dark value that fails the scene's own assertions fails the variant, with the diagnostics.
    @Test func aDarkAppearanceThatFailsFailsTheVariant() throws {
        let scene = Support.scene(
            """
            <scene width="10" height="10">
              <param name="side" type="number" default="5"/>
              <assert test="8 > side" message="side must stay under 8"/>
              <rect x="0" y="0" width="side" height="side" fill="teal"/>
            </scene>
            """, at: "/virtual/Scenes/box.scene")
        let plan = try Support.plan(#"{"variants": [{"name": "box", "scene": "box", "dark": {"side": "9"}}]}"#, scenes: [scene])
        #expect(Support.problems(plan) == "")
        let result = JobRunner(folder: try Support.temporaryFolder()).run(try job(plan, "box"))
        #expect(result.failed && result.sceneFailed)
        #expect(result.diagnostics.contains { $0.message.contains("side must stay under 8") }, "\(result.diagnostics)")
    }
}
