import SceneCompiler
import DisplayList
import SceneEvaluator
import SceneProject
import Testing

struct PlannerTests {
    func names(_ plan: BuildPlan) -> [String] { plan.jobs.map(\.name) }
    func files(_ plan: BuildPlan, _ name: String) -> [String] {
        plan.jobs.first { $0.name == name }?.outputs.map(\.fileName) ?? []
    }

    @Test func withoutAManifestEachSceneIsOneVariantAtThreeScales() throws {
        let plan = try Support.plan(nil)
        #expect(plan.problems.isEmpty)
        #expect(names(plan) == ["counter", "face", "graph", "push-button"])
        #expect(files(plan, "counter") == ["counter.svg", "counter.png", "counter@2x.png", "counter@3x.png"])
        #expect(plan.jobs.allSatisfy { $0.arguments.isEmpty && $0.size == nil })
    }

    @Test func namedScenesGetExactlyTheirVariants() throws {
        let plan = try Support.plan(
            """
            {"scales": [1, 2], "variants": [
              {"name": "plus-button", "scene": "push-button"},
              {"name": "minus-button", "scene": "push-button.scene", "size": "50x50", "svg": false,
               "parameters": {"isAddButton": "false", "fillColor": "rgb(238, 77, 77)"}},
              {"name": "counter-8", "scene": "counter", "parameters": {"counter": "8"}, "scales": [1.5]}
            ]}
            """)
        #expect(Support.problems(plan) == "")
        // Sorted by name; face and graph are not named, so they keep one default variant each.
        #expect(names(plan) == ["counter-8", "face", "graph", "minus-button", "plus-button"])
        #expect(files(plan, "counter-8") == ["counter-8.svg", "counter-8@1.5x.png"])
        #expect(files(plan, "minus-button") == ["minus-button.png", "minus-button@2x.png"])
        // The manifest's default scales apply to the default variants too.
        #expect(files(plan, "face") == ["face.svg", "face.png", "face@2x.png"])
        let minus = try #require(plan.jobs.first { $0.name == "minus-button" })
        #expect(minus.arguments["isAddButton"] == .bool(false))
        #expect(minus.arguments["fillColor"] == .color(Color(red: 238 / 255, green: 77 / 255, blue: 77 / 255, alpha: 1)))
        #expect(minus.size == SceneSize(width: 50, height: 50))
        #expect(minus.scenePath == "/virtual/Scenes/push-button.scene")
        #expect(plan.jobs.first { $0.name == "counter-8" }?.arguments == ["counter": .int(8)])
    }

    @Test func aVariantWithoutANameIsNamedAfterItsScene() throws {
        let plan = try Support.plan(#"{"variants": [{"scene": "counter", "parameters": {"counter": "1"}}]}"#)
        #expect(names(plan) == ["counter", "face", "graph", "push-button"])
        #expect(plan.jobs[0].arguments == ["counter": .int(1)])
    }

    @Test func unknownScenesAreErrorsWithSuggestions() throws {
        let plan = try Support.plan("{\"variants\": [\n {\"name\": \"a\", \"scene\": \"push-buton\"}\n]}")
        #expect(
            Support.problems(plan) == """
                /virtual/Scenes/scenes.json:2:25: error[E0907]: variants[0].scene: unknown scene 'push-buton': there is no file push-buton.scene in the manifest's folder
                  help: did you mean 'push-button'? (scene names are file names relative to the folder of /virtual/Scenes/scenes.json, with or without .scene)

                """)
    }

    @Test func aSceneThatExistsButIsNotBuiltIsSkipped() throws {
        let plan = try Support.plan(
            #"{"variants": [{"name": "x", "scene": "other/thing"}]}"#,
            exists: ["/virtual/Scenes/other/thing.scene"])
        #expect(plan.problems.isEmpty)
        #expect(!names(plan).contains("x"))
    }

    @Test func parametersAreCheckedLikeSetAndLocated() throws {
        let plan = try Support.plan(
            """
            {"variants": [
              {"name": "a", "scene": "counter", "parameters": {"counter": "9", "countr": "1"}},
              {"name": "b", "scene": "face", "parameters": {"smiliness": "x"}}
            ]}
            """)
        #expect(
            Support.problems(plan) == """
                /virtual/Scenes/scenes.json:2:63: error[E0516]: variants[0].parameters.counter: invalid value for parameter 'counter': 9 is above the maximum (range 0…8)
                  help: 'counter' is int: a whole number such as 5 (range 0…8)
                /virtual/Scenes/scenes.json:2:68: error[E0912]: variants[0].parameters.countr: unknown parameter 'countr' (did you mean 'counter'?)
                  help: the parameters of /virtual/Scenes/counter.scene are counter (int), counterColor (color), outlineColor (color)
                /virtual/Scenes/scenes.json:3:62: error[E0408]: variants[1].parameters.smiliness: invalid value 'x' for parameter 'smiliness' (number): expected a number, found 'x'
                  help: write a number such as 0.75

                """)
        #expect(plan.jobs.allSatisfy { $0.name != "a" && $0.name != "b" })
    }

    @Test func parameterProblemsKeepTheirOwnHelp() throws {
        // The value's own advice becomes the help (taken from the diagnostic, not cut out of a text).
        let plan = try Support.plan(#"{"variants": [{"name": "g", "scene": "graph", "parameters": {"graphPoints": "4 2 6"}}]}"#)
        #expect(plan.problems.map { $0.diagnostic?.code } == [.expressionSyntax])
        #expect(plan.problems.first?.diagnostic?.help == "write 4,2,6 or [4, 2, 6]")
        #expect(
            plan.problems.first?.message
                == "variants[0].parameters.graphPoints: invalid value '4 2 6' for parameter 'graphPoints' (list<int>): "
                + "expected numbers separated by commas")
    }

    @Test func duplicateOutputNamesPointAtBoth() throws {
        let plan = try Support.plan(
            """
            {"variants": [
              {"name": "one", "scene": "counter"},
              {"name": "One", "scene": "face"}
            ]}
            """)
        #expect(
            Support.problems(plan) == """
                /virtual/Scenes/scenes.json:3:12: error[E0914]: variants[1].name: two variants are named 'One' (the same as 'one' ignoring case): the outputs would overwrite each other
                  note: /virtual/Scenes/scenes.json:2:12: the first is here
                  help: give each variant its own "name" in the manifest, or rename one of the scene files

                """)
    }

    @Test func aVariantNamedLikeAnotherScenesDefaultIsADuplicate() throws {
        let plan = try Support.plan(#"{"variants": [{"name": "graph", "scene": "counter"}]}"#)
        #expect(Support.problems(plan).contains("two variants are named 'graph'"))
        #expect(Support.problems(plan).contains("the second is the default variant of /virtual/Scenes/graph.scene"))
    }

    @Test func twoSceneFilesWithOneNameAreADuplicate() throws {
        let plan = try Support.plan(nil, scenes: [try Support.seed("face"), try Support.seed("face", at: "/virtual/Scenes/old/face.scene")])
        #expect(
            Support.problems(plan) == "scenec: error: two variants are named 'face': the outputs would overwrite each other: "
                + "/virtual/Scenes/face.scene and /virtual/Scenes/old/face.scene; give each variant its own \"name\" in the manifest, "
                + "or rename one of the scene files\n")
    }

    @Test func namesScalesAndSizesAreChecked() throws {
        let plan = try Support.plan(
            """
            {"variants": [
              {"name": "x@2x", "scene": "face"},
              {"name": "a", "scene": "face", "scales": [1, 0]},
              {"name": "b", "scene": "face", "scales": [2, 2.00001]},
              {"name": "c", "scene": "face", "size": "10by10"},
              {"name": "d", "scene": "face", "scales": [], "svg": false},
              {"name": ".hidden", "scene": "face"},
              {"name": "e", "scene": ""}
            ]}
            """)
        let text = Support.problems(plan)
        #expect(text.contains("variants[0].name: the output name 'x@2x' contains '@'"))
        #expect(text.contains("scenes.json:3:48: error[E0909]: variants[1].scales[1]: a scale must be a number from 0.0001 up"))
        #expect(text.contains("variants[2].scales[1]: the scale 2.00001 gives the same file names (NAME@2x.png) as variants[2].scales[0], 2"))
        #expect(text.contains("variants[3].size: expected WIDTHxHEIGHT in points, such as \"60x60\", got '10by10'"))
        #expect(text.contains("variants[4]: this variant makes no file"))
        #expect(text.contains("variants[5].name: the output name '.hidden' starts with '.'"))
        #expect(text.contains("variants[6].scene: the scene name is empty"))
        #expect(plan.problems.count == 7)
    }

    @Test func topLevelScalesAreChecked() throws {
        #expect(Support.problems(try Support.plan(#"{"scales": [-1]}"#)).contains("scales[0]: a scale must be a number from 0.0001 up"))
        #expect(Support.problems(try Support.plan(#"{"scales": [], "svg": false}"#)).contains("the manifest's defaults make no file"))
    }

    @Test func parametersOfAScenesWithErrorsAreLeftToTheBuild() throws {
        let broken = Support.scene("<scene width=\"10\">", at: "/virtual/Scenes/broken.scene")
        let plan = try Support.plan(#"{"variants": [{"name": "b", "scene": "broken", "parameters": {"x": "1"}}]}"#, scenes: [broken])
        #expect(plan.problems.isEmpty)
        #expect(names(plan) == ["b"])
        #expect(plan.jobs[0].scene.hasErrors)
    }

    @Test func outputNamesFollowTheAssetCatalog() {
        #expect(
            BuildJob.outputs(name: "x", scales: [1, 2, 3, 1.5, 0.5], svg: true).map(\.fileName)
                == ["x.svg", "x.png", "x@2x.png", "x@3x.png", "x@1.5x.png", "x@0.5x.png"])
        #expect(OutputName.problem("plus-button") == nil)
        #expect(OutputName.problem("a/b") != nil)
        #expect(OutputName.problem("") == "is empty")
    }

    /// Issue 21: U+0085 (NEL) and the other C1 controls, and the Unicode line and paragraph
    /// separators, passed the name check that refused the C0 controls.
    @Test func outputNamesRefuseEveryControlCharacter() {
        for name in ["a\u{85}b", "a\u{80}", "a\u{9F}", "a\u{7F}", "a\u{2028}b", "a\u{2029}b", "a\nb"] {
            #expect(OutputName.problem(name) == "contains a control character", "\(name.unicodeScalars.map(\.value))")
        }
        #expect(OutputName.problem("café-\u{A0}ok") == nil)
    }
}
