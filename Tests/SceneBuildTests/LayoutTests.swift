import Foundation
import SceneBuild
import SceneCompiler
import SceneProject
import SceneSource
import Testing

/// The output layouts (flat, xcassets, android) as planned, `"vector"`, and their mistakes.
struct LayoutTests {
    func files(_ plan: BuildPlan, _ name: String) -> [String] {
        plan.jobs.first { $0.name == name }?.outputs.map(\.fileName) ?? []
    }

    func contents(_ plan: BuildPlan, _ name: String) throws -> String {
        let output = try #require(plan.jobs.first { $0.name == name }?.outputs.last)
        guard case .data(let bytes) = output.format else { Issue.record("not data"); return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func xcassetsMakesAnImageSetPerVariant() throws {
        let plan = try Support.plan(
            #"{"variants": [{"name": "plus-button", "scene": "push-button"}, {"name": "counter-2x", "scene": "counter", "scales": [2]}]}"#,
            layout: .xcassets)
        #expect(Support.problems(plan) == "")
        #expect(plan.layout == .xcassets)
        #expect(
            files(plan, "plus-button") == [
                "Assets.xcassets/plus-button.imageset/plus-button.png",
                "Assets.xcassets/plus-button.imageset/plus-button@2x.png",
                "Assets.xcassets/plus-button.imageset/plus-button@3x.png",
                "Assets.xcassets/plus-button.imageset/Contents.json",
            ])
        #expect(plan.jobs.first { $0.name == "plus-button" }?.writing == .asOneFolder("Assets.xcassets/plus-button.imageset"))
        // Byte for byte what Xcode writes for a set of three PNGs…
        #expect(
            try contents(plan, "plus-button") == """
                {
                  "images" : [
                    {
                      "filename" : "plus-button.png",
                      "idiom" : "universal",
                      "scale" : "1x"
                    },
                    {
                      "filename" : "plus-button@2x.png",
                      "idiom" : "universal",
                      "scale" : "2x"
                    },
                    {
                      "filename" : "plus-button@3x.png",
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
        // …and for one with only its 2x slot filled.
        let partial = try contents(plan, "counter-2x")
        #expect(
            partial.contains(
                """
                    {
                      "idiom" : "universal",
                      "scale" : "1x"
                    },
                    {
                      "filename" : "counter-2x@2x.png",
                      "idiom" : "universal",
                      "scale" : "2x"
                    },
                """))
        // No SVG in a catalog; the catalog's own Contents.json once for the build.
        #expect(!plan.jobs.flatMap(\.outputs).contains { $0.fileName.hasSuffix(".svg") })
        #expect(plan.layout.sharedOutputs.map(\.fileName) == ["Assets.xcassets/Contents.json"])
    }

    @Test func aVectorVariantIsOnePDF() throws {
        let plan = try Support.plan(#"{"layout": "xcassets", "variants": [{"name": "face", "scene": "face", "vector": true}]}"#)
        #expect(Support.problems(plan) == "")
        #expect(files(plan, "face") == ["Assets.xcassets/face.imageset/face.pdf", "Assets.xcassets/face.imageset/Contents.json"])
        #expect(
            try contents(plan, "face") == """
                {
                  "images" : [
                    {
                      "filename" : "face.pdf",
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
        // In the flat layout: the SVG and the PDF, no PNGs.
        let flat = try Support.plan(#"{"vector": true, "variants": []}"#)
        #expect(files(flat, "counter") == ["counter.svg", "counter.pdf"])
    }

    @Test func androidWritesEveryDensityWithResourceNames() throws {
        let plan = try Support.plan(#"{"variants": [{"name": "Plus-Button.big", "scene": "push-button"}]}"#, layout: .android)
        #expect(Support.problems(plan) == "")
        #expect(files(plan, "Plus-Button.big") == ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"].map { "res/drawable-\($0)/plus_button_big.png" })
        #expect(plan.jobs.allSatisfy { $0.writing == .allOrNothing })
        // The manifest's scales choose densities.
        let some = try Support.plan(#"{"layout": "android", "scales": [1, 2], "variants": []}"#)
        #expect(files(some, "push-button") == ["res/drawable-mdpi/push_button.png", "res/drawable-xhdpi/push_button.png"])
    }

    /// One manifest for iOS and Android (issue 27): `"vector"` applies to the layouts that take
    /// vector images; an android build of the same manifest makes PNGs of those variants.
    @Test func vectorIsLeftAsideByTheAndroidLayout() throws {
        let manifest =
            #"{"scales": [1, 2, 3], "variants": [{"name": "face", "scene": "face", "vector": true}, {"name": "plus", "scene": "push-button"}]}"#
        let android = try Support.plan(manifest, layout: .android)
        #expect(Support.problems(android) == "")
        #expect(files(android, "face") == ["mdpi", "xhdpi", "xxhdpi"].map { "res/drawable-\($0)/face.png" })
        #expect(files(android, "plus") == ["mdpi", "xhdpi", "xxhdpi"].map { "res/drawable-\($0)/plus.png" })
        // The same manifest still makes a vector image set for Xcode.
        let catalog = try Support.plan(manifest, layout: .xcassets)
        #expect(files(catalog, "face") == ["Assets.xcassets/face.imageset/face.pdf", "Assets.xcassets/face.imageset/Contents.json"])
        // A manifest-wide "vector": the default variants are PNGs at the layout's densities.
        let everything = try Support.plan(#"{"vector": true, "variants": []}"#, layout: .android)
        #expect(Support.problems(everything) == "")
        #expect(files(everything, "counter") == ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"].map { "res/drawable-\($0)/counter.png" })
    }

    @Test func resourceNames() {
        #expect(AndroidDensity.resourceName("plus-button") == "plus_button")
        #expect(AndroidDensity.resourceName("Counter.3") == "counter_3")
        #expect(AndroidDensity.resourceName("2x-icon") == "img_2x_icon")
        #expect(AndroidDensity.resourceName("_x") == "img__x")
        #expect(AndroidDensity.resourceName("new") == "new_")
        #expect(AndroidDensity.resourceName("café") == "caf_")
    }

    @Test func namesThatBecomeTheSameResourceClash() throws {
        let plan = try Support.plan(
            "{\"variants\": [\n {\"name\": \"plus-button\", \"scene\": \"push-button\"},\n {\"name\": \"plus_button\", \"scene\": \"push-button\"}\n]}",
            layout: .android)
        #expect(
            Support.problems(plan) == """
                /virtual/Scenes/scenes.json:3:11: error[E0918]: variants[1].name: 'plus_button' and 'plus-button' both become the Android resource name 'plus_button': the outputs would overwrite each other
                  note: /virtual/Scenes/scenes.json:2:11: the first is here
                  help: give each variant its own "name" in the manifest, or rename one of the scene files

                """)
        // The same names are fine in the other layouts.
        #expect(
            Support.problems(
                try Support.plan(
                    "{\"variants\": [{\"name\": \"plus-button\", \"scene\": \"push-button\"}, {\"name\": \"plus_button\", \"scene\": \"push-button\"}]}",
                    layout: .xcassets)) == "")
    }

    @Test func layoutMistakesAreLocated() throws {
        #expect(
            Support.problems(try Support.plan(#"{"layout": "xcasset", "variants": []}"#)) == """
                /virtual/Scenes/scenes.json:1:12: error[E0915]: layout: unknown layout 'xcasset'
                  help: did you mean 'xcassets'? (the layouts are "flat", "xcassets", "android" and "android-vector")

                """)
        #expect(
            Support.problems(try Support.plan("{\"layout\": \"xcassets\", \"variants\": [\n {\"scene\": \"face\", \"scales\": [1, 1.5]}\n]}")) == """
                /virtual/Scenes/scenes.json:2:34: error[E0916]: variants[0].scales[1]: the xcassets layout has no place for the scale 1.5: an image set has 1x, 2x and 3x
                  help: use scales among 1, 2, 3, or the flat layout for any scale

                """)
        #expect(
            Support.problems(try Support.plan("{\"scales\": [0.75], \"variants\": []}", layout: .android))
                .contains(
                    "error[E0916]: scales[0]: the android layout has no place for the scale 0.75: Android's densities are 1 (mdpi), 1.5 (hdpi), 2 (xhdpi), 3 (xxhdpi) and 4 (xxxhdpi)"
                ))
        let vectorScales = Support.problems(try Support.plan("{\"variants\": [\n {\"scene\": \"face\", \"vector\": true, \"scales\": [2]}\n]}"))
        #expect(
            vectorScales.contains("scenes.json:2:46: error[E0917]: variants[0].scales: a vector variant has no scales: it is one PDF"),
            "\(vectorScales)")
        #expect(
            Support.problems(try Support.plan("{\"variants\": [\n {\"scene\": \"face\", \"scales\": []}\n]}", layout: .xcassets))
                .contains("error[E0910]: variants[0]: this variant makes no file: its scales are [] (the xcassets layout writes no SVG)"))
        #expect(Support.errors(#"{"layout": 2}"#).contains("error[E0904]: layout: expected a string, found a number"))
        #expect(
            Support.errors(#"{"variants": [{"scene": "a", "vector": "yes"}]}"#).contains("error[E0904]: variants[0].vector: expected true or false"))
    }

    @Test func theCommandLineLayoutWinsOverTheManifest() throws {
        let plan = try Support.plan(#"{"layout": "android", "variants": []}"#, layout: .flat)
        #expect(Support.problems(plan) == "")
        #expect(files(plan, "face") == ["face.svg", "face.png", "face@2x.png", "face@3x.png"])
    }

    @Test func manifestsMustAgreeOnTheLayout() throws {
        var sources = SourceMap()
        let a = try Support.manifest(#"{"layout": "xcassets"}"#, folder: "/virtual/Scenes", sources: &sources).get()
        let b = try Support.manifest(#"{"layout": "android"}"#, folder: "/virtual/Scenes/more", sources: &sources).get()
        let plan = BuildPlanner.plan(scenes: [try Support.seed("face")], manifests: [a, b], sources: sources, sceneExists: { _ in false })
        #expect(
            Support.problems(plan).contains(
                """
                /virtual/Scenes/more/scenes.json:1:12: error[E0915]: layout: this manifest's layout 'android' differs from 'xcassets' in /virtual/Scenes/scenes.json
                """))
    }

    /// Every output of a variant that is written together is written only when all could be made.
    @Test func anImageSetIsWrittenWholeOrNotAtAll() throws {
        let folder = try Support.temporaryFolder()
        let plan = try Support.plan(#"{"variants": [{"name": "big", "scene": "face"}]}"#, layout: .xcassets)
        let runner = JobRunner(folder: folder)
        _ = runner.runShared(plan.layout.sharedOutputs)
        let big = try #require(plan.jobs.first { $0.name == "big" })
        #expect(!runner.run(big).failed)
        let set = folder + "/Assets.xcassets/big.imageset"
        let before = try FileManager.default.contentsOfDirectory(atPath: set).sorted()
        #expect(before == ["Contents.json", "big.png", "big@2x.png", "big@3x.png"])
        let old = try Data(contentsOf: URL(fileURLWithPath: set + "/big@3x.png"))
        // Now its 3x image cannot be made (over the pixel budget): nothing of the set changes.
        var limits = CompilerLimits()
        limits.maxPixels = 800 * 800
        let bigger = try Support.plan(#"{"variants": [{"name": "big", "scene": "face", "size": "400x400"}]}"#, layout: .xcassets)
        let result = JobRunner(folder: folder, compiler: SceneCompiler(limits: limits)).run(try #require(bigger.jobs.first { $0.name == "big" }))
        #expect(result.failed)
        #expect(
            result.outputs.map(\.status) == [
                .failed("not written: big@3x.png could not be made, and the variant's files are written together"),
                .failed("not written: big@3x.png could not be made, and the variant's files are written together"),
                result.outputs[2].status,
                .failed("not written: big@3x.png could not be made, and the variant's files are written together"),
            ])
        #expect(result.outputs[2].raster == .overPixelBudget)
        #expect(try FileManager.default.contentsOfDirectory(atPath: set).sorted() == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: set + "/big@3x.png")) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/Assets.xcassets").sorted() == ["Contents.json", "big.imageset"])
    }
}
