import Foundation
import SceneBuild
import SceneCompiler
@testable import ScenePreview
import Synchronization
import Testing

/// The preview's state and API without a socket: the catalog, renders with the inspector's values,
/// one error per bad field, the last good drawing, changes on disk, cancellation.
struct SessionTests {
    @Test func theCatalogListsScenesAndManifestVariants() throws {
        let project = try TempProject([
            "a.scene": dotScene,
            "sub/b.scene": dotScene,
            "scenes.json": #"{"variants": [{"name": "a-blue", "scene": "a", "parameters": {"color": "blue"}, "size": "40x20"}]}"#,
        ])
        let session = PreviewSession(paths: [project.folder])
        let entries = session.catalog.entries
        #expect(entries.map(\.name) == ["a", "b", "a-blue"])
        #expect(entries.map(\.kind) == [.scene, .scene, .variant])
        #expect(entries[2].id == project.path("scenes.json") + "#a-blue")
        #expect(entries[2].scene == project.path("a.scene"))
        #expect(entries[2].parameters == ["color": "blue"])
        #expect(session.catalog.problems.isEmpty)
    }

    /// A variant with a dark appearance: `appearance=dark` draws it with its dark values (under the
    /// inspector's), a scene or a light-only variant keeps its own.
    @Test func theDarkAppearanceDrawsWithTheDarkValues() async throws {
        let project = try TempProject([
            "a.scene": dotScene,
            "scenes.json":
                ##"{"variants": [{"name": "a-themed", "scene": "a", "parameters": {"color": "blue"}, "dark": {"color": "#00ff00", "big": "true"}}]}"##,
        ])
        let session = PreviewSession(paths: [project.folder])
        let entry = try #require(session.catalog.entries.first { $0.name == "a-themed" })
        #expect(entry.dark == ["color": "#00ff00", "big": "true"])
        #expect(session.catalog.entries.first { $0.name == "a" }?.dark == nil)
        let light = await session.render(RenderRequest(id: entry.id))
        #expect(light.parameters[0].value == "#0000ff" && light.parameters[1].value == "false")
        let dark = await session.render(RenderRequest(id: entry.id, appearance: .dark))
        #expect(dark.ok && dark.parameters[0].value == "#00ff00" && dark.parameters[1].value == "true")
        #expect(dark.drawing?.svg.contains("fill=\"#00ff00\"") == true)
        #expect(dark.command.contains("--set color=#00ff00 --set big=true"), "\(dark.command)")
        // The inspector's values over the dark ones.
        let edited = await session.render(RenderRequest(id: entry.id, values: ["big": "false"], appearance: .dark))
        #expect(edited.parameters[0].value == "#00ff00" && edited.parameters[1].value == "false")
        // A scene asked for dark: its own values.
        let scene = await session.render(RenderRequest(id: project.path("a.scene"), appearance: .dark))
        #expect(scene.parameters[0].value == "#ff0000")
        // The API reads the appearance from the query.
        let request = PreviewAPI.renderRequest(
            APIRequest(
                method: "GET", path: "/api/render",
                query: [
                    (name: "id", value: entry.id), (name: "appearance", value: "dark"),
                ]))
        #expect(request?.appearance == .dark)
    }

    /// A variant of its own with `"appearance": "dark"` is the Dark switch of its light variant
    /// (not an entry of its own), with all its values.
    @Test func aDarkVariantIsTheDarkSwitchOfItsLightOne() async throws {
        let project = try TempProject([
            "a.scene": dotScene,
            "scenes.json":
                ##"{"variants": [{"name": "a-themed", "scene": "a", "appearance": "dark", "parameters": {"color": "#00ff00"}}, {"name": "a-themed", "scene": "a", "parameters": {"color": "blue", "big": "true"}}]}"##,
        ])
        let session = PreviewSession(paths: [project.folder])
        #expect(session.catalog.entries.map(\.name) == ["a", "a-themed"])
        let entry = try #require(session.catalog.entries.last)
        #expect(entry.dark == ["color": "#00ff00"] && entry.darkIsWhole)
        let dark = await session.render(RenderRequest(id: entry.id, appearance: .dark))
        #expect(dark.parameters[0].value == "#00ff00" && dark.parameters[1].value == "false")
    }

    /// Issue 21: the preview read `scenes.json` through a link to a file outside its folder and
    /// showed its keys, where `scenec build` refuses that link. One rule for manifests everywhere.
    @Test func aManifestLinkedFromOutsideIsRefusedAsBuildRefusesIt() throws {
        let outside = try TempProject([
            "secret.json": #"{"variants": [{"name": "leaked-name", "scene": "a"}]}"#
        ])
        let project = try TempProject(["a.scene": dotScene])
        #expect(symlink(outside.path("secret.json"), project.path("scenes.json")) == 0)
        let catalog = PreviewSession(paths: [project.folder]).catalog
        #expect(catalog.entries.map(\.name) == ["a"])
        #expect(catalog.problems.count == 1)
        #expect(catalog.problems.first?.contains("is a link to a file outside its folder") == true, "\(catalog.problems)")
        #expect(!catalog.problems.joined().contains("leaked-name"))
    }

    @Test func aRenderHasTheDrawingTheParametersAndTheCommand() async throws {
        let project = try TempProject(["a.scene": dotScene])
        let session = PreviewSession(paths: [project.folder])
        let id = project.path("a.scene")
        let plain = await session.render(RenderRequest(id: id))
        #expect(plain.ok && !plain.cancelled)
        let svg = try #require(plain.drawing?.svg)
        #expect(svg.contains("fill=\"#ff0000\" data-op=\"0\""))
        #expect(!svg.contains("#0000ff"))
        #expect(plain.drawing?.ops.first == SourceRef(element: "rect", file: id, line: 5, column: 4))
        #expect(plain.parameters.map(\.name) == ["color", "big", "count"])
        #expect(plain.parameters.map(\.type) == ["color", "bool", "int"])
        #expect(plain.parameters[0].defaultText == "#ff0000" && plain.parameters[2].min == 0 && plain.parameters[2].max == 8)
        #expect(plain.size == "20x10")
        #expect(plain.command == "scenec render \(id) -o a.svg")

        let changed = await session.render(RenderRequest(id: id, values: ["color": "#00ff0080", "big": "true"], size: "40x20"))
        #expect(changed.ok)
        let changedSVG = try #require(changed.drawing?.svg)
        #expect(changedSVG.contains("fill=\"#00ff00\" fill-opacity=\"0.502\""))
        #expect(changedSVG.contains("#0000ff"))
        #expect(changed.drawing?.width == 40)
        #expect(changed.parameters[0].value == "#00ff0080" && changed.parameters[1].value == "true")
        #expect(changed.command == "scenec render \(id) -o a.svg --set color=#00ff0080 --set big=true --size 40x20")
    }

    @Test func badValuesGetOneErrorPerFieldAndTheRestStillDraws() async throws {
        let project = try TempProject(["a.scene": dotScene])
        let session = PreviewSession(paths: [project.folder])
        let response = await session.render(
            RenderRequest(
                id: project.path("a.scene"),
                values: ["color": "#12", "count": "9", "big": "true"], size: "0x5"))
        #expect(response.ok)
        #expect(response.fieldErrors.map(\.field) == ["color", "count", "size"])
        #expect(response.fieldErrors[0].message.contains("invalid value '#12' for parameter 'color'"))
        #expect(response.fieldErrors[1].message.contains("above the maximum"))
        #expect(response.fieldErrors[2].message.contains("WIDTHxHEIGHT"))
        // The good field took effect; the bad ones kept their defaults, and say what was typed.
        #expect(response.drawing?.svg.contains("#0000ff") == true)
        #expect(response.drawing?.svg.contains("fill=\"#ff0000\"") == true)
        #expect(response.parameters[0].value == "#12")
        #expect(response.size == "20x10")
    }

    @Test func aBrokenFileShowsItsDiagnosticsAndTheLastGoodDrawing() async throws {
        let project = try TempProject(["a.scene": dotScene])
        let session = PreviewSession(paths: [project.folder])
        let id = project.path("a.scene")
        let good = await session.render(RenderRequest(id: id))
        try project.write("a.scene", dotScene.replacingOccurrences(of: "<rect", with: "<rectt"))
        let changes = session.refresh()
        #expect(changes.changedIDs == [id])
        #expect(!changes.catalogChanged)
        let broken = await session.render(RenderRequest(id: id))
        #expect(!broken.ok && broken.drawing == nil)
        #expect(broken.version == good.version + 1)
        #expect(broken.lastGood == good.drawing)
        // The same text `scenec check` prints, located with the source line.
        #expect(broken.diagnostics.text.hasPrefix("\(id):5:4: error[E0301]: unknown element <rectt>"))
        #expect(broken.diagnostics.items.first?.line == 5)
        #expect(broken.diagnostics.items.first?.code == "E0301")
        #expect(broken.diagnostics.items.first?.sourceLine == "  <rectt x=\"0\" y=\"0\" width=\"10\" height=\"10\" fill=\"color\"/>")
        #expect(broken.diagnostics.errors == 1)

        try project.write("a.scene", dotScene.replacingOccurrences(of: "red", with: "lime"))
        session.refresh()
        let fixed = await session.render(RenderRequest(id: id))
        #expect(fixed.ok && fixed.lastGood == nil)
        #expect(fixed.drawing?.svg.contains("#00ff00") == true)
    }

    @Test func aComponentChangeRedrawsTheScenesThatUseIt() async throws {
        let project = try TempProject([
            "dot.scene": dotScene,
            "main.scene": #"<scene width="40" height="10"><use src="dot.scene" x="20" y="0"/></scene>"#,
        ])
        let session = PreviewSession(paths: [project.folder])
        let main = project.path("main.scene")
        let before = await session.render(RenderRequest(id: main))
        #expect(before.drawing?.ops.map(\.element) == ["use", "rect"])
        #expect(before.drawing?.ops.last?.file == project.path("dot.scene"))
        let events = session.events.subscribe()
        try project.write("dot.scene", dotScene.replacingOccurrences(of: "red", with: "lime"))
        let changes = session.refresh()
        // Only the scene on show was loaded, so only it is said to have changed.
        #expect(changes.changedIDs == [main])
        var iterator = events.events.makeAsyncIterator()
        #expect(await iterator.next() == PreviewEvent(.hello))
        #expect(await iterator.next() == PreviewEvent(.changed, ids: changes.changedIDs))
        let after = await session.render(RenderRequest(id: main))
        #expect(after.drawing?.svg.contains("#00ff00") == true)
        // Saving the same bytes again changes nothing.
        try project.write("dot.scene", dotScene.replacingOccurrences(of: "red", with: "lime"))
        #expect(session.refresh().isEmpty)
        // The unchanged main scene was not parsed again: only the component was.
        #expect(session.compiler.parseCache!.hits >= 1)
    }

    @Test func filesThatComeAndGoUpdateTheCatalog() async throws {
        let project = try TempProject(["a.scene": dotScene])
        let session = PreviewSession(paths: [project.folder])
        let id = project.path("a.scene")
        _ = await session.render(RenderRequest(id: id))
        try project.write("b.scene", dotScene)
        #expect(session.refresh().catalogChanged)
        #expect(session.catalog.entries.map(\.name) == ["a", "b"])
        try project.remove("a.scene")
        let changes = session.refresh()
        #expect(changes.catalogChanged && changes.changedIDs == [id])
        let gone = await session.render(RenderRequest(id: id))
        #expect(!gone.ok)
        #expect(gone.diagnostics.text.contains("is not a scene or variant under"))
        #expect(gone.lastGood != nil)
    }

    @Test func limitsCyclesAndHugeFilesAreDiagnosticsToo() async throws {
        let project = try TempProject([
            "loop.scene": #"<scene width="10" height="10"><for var="i" from="0" to="100000"><rect width="1" height="1" fill="red"/></for></scene>"#,
            "a.scene": #"<scene width="10" height="10"><use src="b.scene"/></scene>"#,
            "b.scene": #"<scene width="10" height="10"><use src="a.scene"/></scene>"#,
            "huge.scene": "<scene width=\"10\" height=\"10\">" + String(repeating: "<!-- padding -->", count: 600) + "</scene>",
        ])
        var limits = CompilerLimits()
        limits.evaluation.maxOperations = 1000
        limits.parser.maxBytes = 4096
        let session = PreviewSession(paths: [project.folder], limits: limits)
        let loop = await session.render(RenderRequest(id: project.path("loop.scene")))
        #expect(!loop.ok && loop.diagnostics.text.contains("more than 1000 operations"))
        let cycle = await session.render(RenderRequest(id: project.path("a.scene")))
        #expect(!cycle.ok && cycle.diagnostics.text.contains("component cycle"))
        let huge = await session.render(RenderRequest(id: project.path("huge.scene")))
        #expect(!huge.ok && huge.diagnostics.text.contains("4096"))
    }

    /// The slow request would run for hours (a billion iterations, no limit in the way): the test
    /// ends only because the newer request from the same page cancelled it (the time limit fails
    /// it otherwise). No wall-clock assertion: the whole suite shares two cores.
    @Test(.timeLimit(.minutes(2))) func aNewerRequestFromThePageCancelsTheOlderOne() async throws {
        let project = try TempProject([
            "slow.scene":
                #"<scene width="10" height="10"><param name="n" type="int" default="1000000000"/><for var="i" from="0" to="n"><let name="x" value="i * 2"/></for><rect width="1" height="1" fill="red"/></scene>"#
        ])
        var limits = CompilerLimits()
        limits.evaluation.maxLoopIterations = Int.max
        limits.evaluation.maxSteps = Int.max
        let session = PreviewSession(paths: [project.folder], limits: limits)
        let id = project.path("slow.scene")
        async let slow = session.render(RenderRequest(id: id, client: "page1"))
        // Loaded means its request is registered and its evaluation is starting.
        while !session.isLoaded(scene: id) { try await Task.sleep(nanoseconds: 10_000_000) }
        let fast = await session.render(RenderRequest(id: id, values: ["n": "10"], client: "page1"))
        let first = await slow
        #expect(first.cancelled && !first.ok && first.drawing == nil)
        #expect(fast.ok && !fast.cancelled)
        // Another page's request is not cancelled by this page's.
        let other = await session.render(RenderRequest(id: id, values: ["n": "10"], client: "page2"))
        #expect(other.ok)
    }

    /// A save cancels an evaluation still running for the older text.
    /// A save that lands while a scene is being loaded (after its files were read, before the
    /// load is kept) must still reach the page: the load is not kept and the page is told.
    @Test func aSaveDuringALoadIsNotLost() async throws {
        let project = try TempProject([
            "dot.scene": dotScene,
            "main.scene": #"<scene width="40" height="10"><use src="dot.scene" x="20" y="0"/></scene>"#,
        ])
        let session = PreviewSession(paths: [project.folder])
        let main = project.path("main.scene")
        let entry = try #require(session.catalog.entry(main))
        var changes = PreviewSession.Changes()
        _ = session.slot(
            for: entry,
            afterReading: {
                try? project.write("dot.scene", dotScene.replacingOccurrences(of: "red", with: "lime"))
                changes = session.refresh()
            })
        #expect(changes.changedIDs == [main])
        #expect(!session.isLoaded(scene: main))
        let after = await session.render(RenderRequest(id: main))
        #expect(after.drawing?.svg.contains("#00ff00") == true)
        // With no load under way, a refresh with nothing changed says so.
        #expect(session.refresh().isEmpty)
    }

    @Test(.timeLimit(.minutes(2))) func aSaveCancelsTheEvaluationOfTheOlderText() async throws {
        let slowText =
            #"<scene width="10" height="10"><for var="i" from="0" to="1000000000"><let name="x" value="i * 2"/></for><rect width="1" height="1" fill="red"/></scene>"#
        let project = try TempProject(["slow.scene": slowText])
        var limits = CompilerLimits()
        limits.evaluation.maxLoopIterations = Int.max
        limits.evaluation.maxSteps = Int.max
        let session = PreviewSession(paths: [project.folder], limits: limits)
        let id = project.path("slow.scene")
        async let slow = session.render(RenderRequest(id: id))
        while !session.isLoaded(scene: id) { try await Task.sleep(nanoseconds: 10_000_000) }
        try project.write("slow.scene", slowText.replacingOccurrences(of: "1000000000", with: "10"))
        #expect(session.refresh().changedIDs == [id])
        let first = await slow
        #expect(first.cancelled)
        let fresh = await session.render(RenderRequest(id: id))
        #expect(fresh.ok)
    }

    @Test func theAPIServesOnlyCatalogEntries() async throws {
        let project = try TempProject(["a.scene": dotScene])
        let api = PreviewAPI(session: PreviewSession(paths: [project.folder]))
        let catalog = await api.handle(APIRequest(path: "/api/catalog"))
        #expect(catalog.status == 200 && catalog.contentType.hasPrefix("application/json"))
        #expect(catalog.text.contains("\"name\":\"a\""))
        let render = await api.handle(
            APIRequest(
                path: "/api/render",
                query: [
                    ("id", project.path("a.scene")), ("p.big", "true"),
                    ("size", "40x20"),
                ]))
        let decoded = try JSONDecoder().decode(RenderResponse.self, from: Data(render.body))
        #expect(decoded.ok && decoded.size == "40x20" && decoded.parameters[1].value == "true")
        for sneaky in ["/etc/passwd", project.folder + "/../a.scene", project.path("a.scene") + "/..", "../../etc/hostname"] {
            let response = await api.handle(APIRequest(path: "/api/render", query: [("id", sneaky)]))
            let refused = try JSONDecoder().decode(RenderResponse.self, from: Data(response.body))
            #expect(!refused.ok && refused.drawing == nil && refused.diagnostics.text.contains("is not a scene or variant"))
        }
        #expect(await api.handle(APIRequest(path: "/api/render")).status == 400)
        #expect(await api.handle(APIRequest(path: "/api/nothing")).status == 404)
        #expect(await api.handle(APIRequest(method: "POST", path: "/api/catalog")).status == 405)
    }

    @Test func onlyTheServersOwnNamesAreAcceptedAsHost() {
        let policy = HostPolicy(host: "127.0.0.1", port: 8123)
        #expect(policy.allows("127.0.0.1:8123") && policy.allows("localhost:8123") && policy.allows("LOCALHOST:8123"))
        #expect(
            !policy.allows("evil.example:8123") && !policy.allows("127.0.0.1") && !policy.allows("127.0.0.1:80")
                && !policy.allows(nil) && !policy.allows("127.0.0.1.evil.example:8123"))
        let other = HostPolicy(host: "192.0.2.7", port: 80)
        #expect(other.allows("192.0.2.7") && other.allows("192.0.2.7:80") && !other.allows("localhost:80"))
    }
}
