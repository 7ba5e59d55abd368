import SceneProject
import SceneSource
import Testing

struct ManifestTests {
    @Test func decodesEveryKey() throws {
        var sources = SourceMap()
        let loaded = try Support.manifest(
            """
            {"scales": [1, 2], "svg": false, "variants": [
              {"name": "minus", "scene": "push-button", "parameters": {"isAddButton": "false"}, "size": "50x50",
               "scales": [3], "svg": true},
              {"scene": "counter"}
            ]}
            """, sources: &sources
        ).get()
        var minus = BuildManifest.Variant(
            name: "minus", scene: "push-button", parameters: ["isAddButton": "false"], size: "50x50",
            scales: [3], svg: true)
        minus.position = 0
        var counter = BuildManifest.Variant(scene: "counter")
        counter.position = 1
        #expect(loaded.manifest == BuildManifest(scales: [1, 2], svg: false, variants: [minus, counter]))
        #expect(loaded.folder == Support.folder)
    }

    @Test func emptyObjectIsAManifestWithoutVariants() throws {
        var sources = SourceMap()
        #expect(try Support.manifest("{}", sources: &sources).get().manifest == BuildManifest())
    }

    @Test func syntaxErrorsAreLocated() {
        #expect(
            Support.errors("{\n  \"variants\": [\n    {\"scene\": \"face\",}\n  ]\n}\n")
                == "/virtual/Scenes/scenes.json:3:22: error[E0902]: invalid JSON: a comma before '}': remove the last comma\n"
                + "  help: the manifest format is described in Grammar.md, \"Build manifest\"\n")
        #expect(
            Support.errors("{\"variants\": [{\"scene\": \"a\", \"scene\": \"b\"}]}")
                .hasPrefix("/virtual/Scenes/scenes.json:1:30: error[E0902]: invalid JSON: the key \"scene\" appears twice"))
    }

    @Test func unknownKeysAreErrorsWithSuggestions() {
        let text = "{\"variants\": [\n  {\"scene\": \"face\", \"paramters\": {}, \"zzz\": 1}\n]}"
        #expect(
            Support.errors(text) == """
                /virtual/Scenes/scenes.json:2:21: error[E0903]: variants[0].paramters: unknown key "paramters"
                  help: did you mean 'parameters'? (the keys here are "name", "scene", "parameters", "size", "scales", "svg", "vector", "snapshot", "dark", "appearance")
                /virtual/Scenes/scenes.json:2:38: error[E0903]: variants[0].zzz: unknown key "zzz"
                  help: the keys here are "name", "scene", "parameters", "size", "scales", "svg", "vector", "snapshot", "dark", "appearance"

                """)
        #expect(Support.errors("{\"scale\": [1]}").contains("scenes.json:1:2: error[E0903]: scale: unknown key \"scale\""))
    }

    @Test func wrongTypesNameThePathAndTheFix() {
        #expect(
            Support.errors("{\"variants\": [{\"scene\": \"counter\", \"parameters\": {\"counter\": 3}}]}") == """
                /virtual/Scenes/scenes.json:1:62: error[E0904]: variants[0].parameters.counter: expected a string, found a number
                  help: parameter values are strings, parsed like --set NAME=VALUE: write "counter": "3"

                """)
        #expect(
            Support.errors("{\"variants\": [{\"scene\": \"graph\", \"parameters\": {\"graphPoints\": [1, 2]}}]}")
                .contains("help: parameter values are strings, parsed like --set NAME=VALUE; a list is written \"graphPoints\": \"1,2\""))
        #expect(
            Support.errors("{\"scales\": \"2\"}")
                == "/virtual/Scenes/scenes.json:1:12: error[E0904]: scales: expected a list of numbers such as [1, 2, 3], found a string\n")
        #expect(
            Support.errors("{\"scales\": [1, \"2\"]}")
                == "/virtual/Scenes/scenes.json:1:16: error[E0904]: scales[1]: expected a number, found a string\n")
        #expect(Support.errors("{\"variants\": {}}").hasPrefix("/virtual/Scenes/scenes.json:1:14: error[E0904]: variants: expected a list"))
        #expect(Support.errors("[]") == "/virtual/Scenes/scenes.json:1:1: error[E0904]: (the top level): expected an object, found a list\n")
        #expect(Support.errors("{\"svg\": 1}") == "/virtual/Scenes/scenes.json:1:9: error[E0904]: svg: expected true or false, found a number\n")
        // null is the same as leaving a key out: a required key then is missing.
        #expect(
            Support.errors("{\"variants\": [{\"scene\": null}]}").hasPrefix(
                "/virtual/Scenes/scenes.json:1:15: error[E0905]: variants[0]: missing key \"scene\"\n"))
        // null is the same as leaving an optional key out.
        #expect(Support.errors("{\"svg\": null, \"scales\": null}") == "")
    }

    @Test func missingSceneIsReportedAtTheVariant() {
        #expect(
            Support.errors("{\"variants\": [\n  {\"name\": \"x\"}\n]}") == """
                /virtual/Scenes/scenes.json:2:3: error[E0905]: variants[0]: missing key "scene"
                  help: add "scene": the scene file's name relative to the manifest's folder, such as "scene": "push-button"

                """)
    }
}

/// Every mistake a manifest holds is reported in one run, whatever its kind (types, keys,
/// meaning), so a user fixes them in one round, not five.
struct ManifestAllMistakesTests {
    @Test func typesKeysAndMeaningAreReportedTogether() throws {
        let plan = try Support.plan(
            """
            {"scales": [1, "2"], "snapshot": {"scale": 40, "bogus": 1},
             "variants": [
              {"name": "a", "scene": "counter", "size": 12, "parameters": {"counter": "9"}},
              {"name": "b/c", "scene": "nope", "svg": "yes"},
              {"name": "d", "scene": "face", "paramters": {}, "size": "0x3", "scales": [0]},
              {"name": "e", "scene": "graph", "parameters": {"graphPoints": "4 2 6"}, "snapshot": {"threshold": 2}}
            ]}
            """)
        let codes = plan.problems.compactMap { $0.diagnostic?.code.rawValue }
        let text = Support.problems(plan)
        // Type and key mistakes from the decoder, meaning from the planner: all of them at once.
        for expected in [
            "scales[1]: expected a number", "snapshot.bogus: unknown key", "variants[0].size: expected a string",
            "variants[1].svg: expected true or false", "variants[2].paramters: unknown key",
            "snapshot.scale: a snapshot's scale is a number from 0.0001 to 16",
            "variants[2].size: expected WIDTHxHEIGHT", "variants[2].scales[0]: a scale must be a number from 0.0001 up",
            "variants[3].parameters.graphPoints: invalid value", "variants[3].snapshot.threshold: the threshold runs from 0 to 1",
        ] {
            #expect(text.contains(expected), "missing: \(expected)\n\(text)")
        }
        #expect(codes.count >= 10, "\(codes)")
        #expect(plan.jobs.isEmpty || plan.problems.isEmpty == false)
    }
}
