import SceneBuild
import SceneSource
import Testing

struct ManifestTests {
    @Test func decodesEveryKey() throws {
        var sources = SourceMap()
        let loaded = try Support.manifest("""
            {"scales": [1, 2], "svg": false, "variants": [
              {"name": "minus", "scene": "push-button", "parameters": {"isAddButton": "false"}, "size": "50x50",
               "scales": [3], "svg": true},
              {"scene": "counter"}
            ]}
            """, sources: &sources).get()
        #expect(loaded.manifest == BuildManifest(scales: [1, 2], svg: false, variants: [
            .init(name: "minus", scene: "push-button", parameters: ["isAddButton": "false"], size: "50x50", scales: [3], svg: true),
            .init(scene: "counter"),
        ]))
        #expect(loaded.folder == Support.folder)
    }

    @Test func emptyObjectIsAManifestWithoutVariants() throws {
        var sources = SourceMap()
        #expect(try Support.manifest("{}", sources: &sources).get().manifest == BuildManifest())
    }

    @Test func syntaxErrorsAreLocated() {
        #expect(Support.errors("{\n  \"variants\": [\n    {\"scene\": \"face\",}\n  ]\n}\n")
                == "/virtual/Scenes/scenes.json:3:22: error: invalid JSON: a comma before '}': remove the last comma\n"
                 + "  help: the manifest format is described in Grammar.md, \"Build manifest\"\n")
        #expect(Support.errors("{\"variants\": [{\"scene\": \"a\", \"scene\": \"b\"}]}")
                .hasPrefix("/virtual/Scenes/scenes.json:1:30: error: invalid JSON: the key \"scene\" appears twice"))
    }

    @Test func unknownKeysAreErrorsWithSuggestions() {
        let text = "{\"variants\": [\n  {\"scene\": \"face\", \"paramters\": {}, \"zzz\": 1}\n]}"
        #expect(Support.errors(text) == """
            /virtual/Scenes/scenes.json:2:21: error: variants[0].paramters: unknown key "paramters"
              help: did you mean 'parameters'? (the keys here are "name", "scene", "parameters", "size", "scales", "svg")
            /virtual/Scenes/scenes.json:2:38: error: variants[0].zzz: unknown key "zzz"
              help: the keys here are "name", "scene", "parameters", "size", "scales", "svg"

            """)
        #expect(Support.errors("{\"scale\": [1]}").contains("scenes.json:1:2: error: scale: unknown key \"scale\""))
    }

    @Test func wrongTypesNameThePathAndTheFix() {
        #expect(Support.errors("{\"variants\": [{\"scene\": \"counter\", \"parameters\": {\"counter\": 3}}]}") == """
            /virtual/Scenes/scenes.json:1:62: error: variants[0].parameters.counter: expected a string, found a number
              help: parameter values are strings, parsed like --set NAME=VALUE: write "counter": "3"

            """)
        #expect(Support.errors("{\"variants\": [{\"scene\": \"graph\", \"parameters\": {\"graphPoints\": [1, 2]}}]}")
                .contains("help: parameter values are strings, parsed like --set NAME=VALUE; a list is written \"graphPoints\": \"1,2\""))
        #expect(Support.errors("{\"scales\": \"2\"}")
                == "/virtual/Scenes/scenes.json:1:12: error: scales: expected a list, found a string\n")
        #expect(Support.errors("{\"scales\": [1, \"2\"]}")
                == "/virtual/Scenes/scenes.json:1:16: error: scales[1]: expected a number, found a string\n")
        #expect(Support.errors("{\"variants\": {}}").hasPrefix("/virtual/Scenes/scenes.json:1:14: error: variants: expected a list"))
        #expect(Support.errors("[]") == "/virtual/Scenes/scenes.json:1:1: error: (the top level): expected an object, found a list\n")
        #expect(Support.errors("{\"svg\": 1}") == "/virtual/Scenes/scenes.json:1:9: error: svg: expected true or false, found a number\n")
        #expect(Support.errors("{\"variants\": [{\"scene\": null}]}")
                == "/virtual/Scenes/scenes.json:1:25: error: variants[0].scene: expected a string, found null\n")
        // null is the same as leaving an optional key out.
        #expect(Support.errors("{\"svg\": null, \"scales\": null}") == "")
    }

    @Test func missingSceneIsReportedAtTheVariant() {
        #expect(Support.errors("{\"variants\": [\n  {\"name\": \"x\"}\n]}") == """
            /virtual/Scenes/scenes.json:2:3: error: variants[0]: missing key "scene"
              help: add "scene": the scene file's name relative to the manifest's folder, such as "scene": "push-button"

            """)
    }
}
