import DisplayList
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneProject
import SceneCompiler
import SceneEvaluator
import Dispatch
import SceneIO
import SceneSource
import Synchronization

/// The preview's state, without any socket: the catalog of scenes and variants under the given
/// paths, every scene loaded so far (parsed files are shared through the compiler's parse cache,
/// keyed by path and content), the last good drawing of each entry, and the evaluations running.
///
/// Everything goes through the front door (`SceneCompiler`): loads, compiles and the SVG. The
/// session is safe to use from any thread; `render` runs the compile on a thread of its own, so a
/// slow scene never holds up another request.
public final class PreviewSession: Sendable {
    public let paths: [String]
    /// `--project`: the folder every scene's components must stay inside (nil: as `build` decides).
    public let projectRoot: String?
    public let compiler: SceneCompiler
    public let events = EventHub()
    private let state: Mutex<State>

    /// A scene file loaded: its tree, components linked (or why not).
    struct Slot: Sendable {
        let loaded: LoadedScene?
        let readError: InputError?
        /// The scene's version when it was loaded.
        let version: Int
    }

    struct State: Sendable {
        var catalog = Catalog()
        /// By scene path as the catalog writes it.
        var slots: [String: Slot] = [:]
        /// By scene path: bumped whenever the scene or a component it uses changes.
        var versions: [String: Int] = [:]
        /// By scene path: loads under way. A refresh cannot compare their files (it has not seen
        /// them yet), so it counts them as changed: otherwise a load that read a file just before
        /// it changed would be kept, and its page never told.
        var loading: [String: Int] = [:]
        /// By catalog id.
        var lastGood: [String: Drawing] = [:]
        /// The newest request of each page, by client id.
        var inFlight: [String: CancelToken] = [:]
        var renders = 0
    }

    /// Most display items listed for hover (`Drawing.ops`); a bigger drawing is shown without them.
    public static let maxListedOps = 20_000
    /// The stack of the threads that compile: the main thread's, as for `scenec build`'s workers.
    static let stackSize = 8 << 20

    public init(paths: [String], projectRoot: String? = nil, limits: CompilerLimits = .init()) {
        self.paths = paths
        self.projectRoot = projectRoot
        self.compiler = SceneCompiler(limits: limits, projectRoot: projectRoot, parseCache: ParseCache())
        var initial = State()
        initial.catalog = Catalog.scan(paths: paths, projectRoot: projectRoot)
        state = Mutex(initial)
    }

    public var catalog: Catalog { state.withLock { $0.catalog } }

    public func catalogResponse() -> CatalogResponse {
        let catalog = self.catalog
        return CatalogResponse(entries: catalog.entries, problems: catalog.problems, paths: paths)
    }

    /// Whether a scene is loaded in memory at its current version (for tests).
    public func isLoaded(scene: String) -> Bool {
        state.withLock { state in state.slots[scene].map { $0.version == (state.versions[scene] ?? 0) } ?? false }
    }

    /// The version of a scene: bumped on every change to it or to a component it uses.
    public func version(of scene: String) -> Int { state.withLock { $0.versions[scene] ?? 0 } }

    // MARK: Loading

    /// The scene loaded, from memory when nothing changed since; loads it otherwise.
    /// `afterReading` runs between the load and keeping it (tests put a save there).
    func slot(for entry: CatalogEntry, afterReading: () -> Void = {}) -> Slot {
        let (cached, version) = state.withLock { state -> (Slot?, Int) in
            let version = state.versions[entry.scene] ?? 0
            if let cached = state.slots[entry.scene], cached.version == version { return (cached, version) }
            state.loading[entry.scene, default: 0] += 1
            return (nil, version)
        }
        if let cached { return cached }
        var sceneCompiler = compiler
        sceneCompiler.projectRoot = projectRoot ?? entry.projectRoot
        let slot: Slot
        do {
            slot = Slot(loaded: try sceneCompiler.load(file: entry.scene), readError: nil, version: version)
        } catch {
            slot = Slot(loaded: nil, readError: error, version: version)
        }
        afterReading()
        state.withLock { state in
            state.loading[entry.scene, default: 1] -= 1
            if state.loading[entry.scene] == 0 { state.loading[entry.scene] = nil }
            // Keep it only if no change came in while it loaded.
            if (state.versions[entry.scene] ?? 0) == version { state.slots[entry.scene] = slot }
        }
        return slot
    }

    // MARK: Rendering

    /// Compiles a catalog entry with a page's values on a thread of its own. A newer request from
    /// the same client, or a change to the scene's files, cancels it (`cancelled` in the response).
    public func render(_ request: RenderRequest) async -> RenderResponse {
        let token = CancelToken()
        if let client = request.client {
            let previous = state.withLock { state -> CancelToken? in
                defer { state.inFlight[client] = token }
                return state.inFlight[client]
            }
            previous?.cancel()
        }
        let response = await Self.onThread { self.renderNow(request, token: token) }
        if let client = request.client {
            state.withLock { state in
                if state.inFlight[client] === token { state.inFlight[client] = nil }
            }
        }
        return response
    }

    /// The same, on the calling thread.
    public func renderNow(_ request: RenderRequest, token: CancelToken = CancelToken()) -> RenderResponse {
        let started = DispatchTime.now().uptimeNanoseconds
        let (entry, lastGood, renderNumber) = state.withLock { state in
            state.renders += 1
            return (state.catalog.entry(request.id), state.lastGood[request.id], state.renders)
        }
        guard let entry else {
            return .failure(
                id: request.id, scene: "", version: 0,
                diagnostics: DiagnosticsJSON(
                    message: "'\(request.id)' is not a scene or variant under \(paths.joined(separator: ", ")) "
                        + "(deleted or renamed?); pick one from the list"), lastGood: lastGood)
        }
        let slot = slot(for: entry)
        let version = slot.version
        guard let loaded = slot.loaded else {
            let message = slot.readError?.message ?? "cannot read '\(entry.scene)'"
            return .failure(
                id: entry.id, scene: entry.scene, version: version, diagnostics: DiagnosticsJSON(message: message),
                lastGood: lastGood)
        }

        // The inspector's values over the variant's (its dark appearance's, when asked), each checked on its own.
        var texts = entry.parameters
        if request.appearance == .dark, let dark = entry.dark { texts = entry.darkIsWhole ? dark : texts.merging(dark) { _, dark in dark } }
        for (name, text) in request.values { texts[name] = text }
        var arguments: [String: Value] = [:]
        var fieldErrors: [FieldError] = []
        for name in texts.keys.sorted() {
            do {
                arguments[name] = try compiler.value(texts[name]!, for: name, in: loaded)
            } catch {
                fieldErrors.append(FieldError(field: name, message: error.description))
            }
        }
        let sizeText = request.size ?? entry.size
        var size: SceneSize?
        if let sizeText, !sizeText.isEmpty {
            do { size = try SceneSize(parsing: sizeText) } catch {
                fieldErrors.append(FieldError(field: "size", message: "the size must be \(SizeError.expected); got '\(sizeText)'"))
            }
        }

        let compilation = compiler.compile(
            loaded, arguments: arguments, size: size,
            isCancelled: { [self] in
                token.isCancelled || self.version(of: entry.scene) != version
            })
        if token.isCancelled || self.version(of: entry.scene) != version {
            return .failure(
                id: entry.id, scene: entry.scene, version: version, diagnostics: .empty, lastGood: lastGood,
                cancelled: true)
        }

        var drawing: Drawing?
        if let list = compilation.list, let svg = compilation.annotatedSVG(idPrefix: "s\(renderNumber)-") {
            drawing = Drawing(
                svg: svg, width: list.width, height: list.height,
                ops: list.operationCount <= Self.maxListedOps ? Self.sourceRefs(list, sources: loaded.sources) : [])
        }
        let ok = drawing != nil && !compilation.hasErrors
        if ok, let drawing { state.withLock { $0.lastGood[entry.id] = drawing } }

        let parameters = loaded.parameters.map { p -> ParameterInfo in
            let defaultText = ParameterText.text(p.defaultValue, as: p.type)
            let value = arguments[p.name].map { ParameterText.text($0, as: p.type) } ?? texts[p.name] ?? defaultText
            return ParameterInfo(
                name: p.name, type: p.type.name, defaultText: defaultText, value: value, min: p.minimum,
                max: p.maximum, description: p.description)
        }
        let changed = loaded.parameters.compactMap { p -> (name: String, text: String)? in
            guard let value = arguments[p.name], value != p.defaultValue else { return nil }
            return (p.name, ParameterText.text(value, as: p.type))
        }
        let command = ParameterText.renderCommand(
            scene: entry.scene, output: entry.name + ".svg", values: changed,
            size: size?.description)
        let micros = Int((DispatchTime.now().uptimeNanoseconds - started) / 1000)
        return RenderResponse(
            id: entry.id, scene: entry.scene, ok: ok, cancelled: false, version: version, drawing: drawing,
            lastGood: ok ? nil : lastGood, parameters: parameters,
            size: (size ?? loaded.declaredSize)?.description, declaredSize: loaded.declaredSize?.description,
            diagnostics: DiagnosticsJSON(compilation.diagnostics, sources: loaded.sources),
            fieldErrors: fieldErrors, command: command, micros: micros)
    }

    /// The element and `file:line:col` behind every display item, in pre-order (the SVG's `data-op`).
    static func sourceRefs(_ list: DisplayList, sources: SourceMap) -> [SourceRef] {
        func ref(_ span: SourceSpan) -> SourceRef {
            guard sources.files.indices.contains(span.file.index) else { return SourceRef(element: "?", file: "?", line: 0, column: 0) }
            let file = sources[span.file]
            let (line, column) = file.location(of: span.start)
            var end = min(span.start, file.bytes.count)
            while end < file.bytes.count, Self.isNameByte(file.bytes[end]) { end += 1 }
            let name = String(decoding: file.bytes[min(span.start, file.bytes.count)..<end], as: UTF8.self)
            return SourceRef(element: name.isEmpty ? "?" : name, file: file.path, line: line, column: column)
        }
        return list.preOrder.map { ref($0.item.sourceSpan) }
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x5F
    }

    static func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            // No thread to be had: render on this one rather than never answer.
            if !DetachedThread.start(stackSize: stackSize, { continuation.resume(returning: work()) }) {
                continuation.resume(returning: work())
            }
        }
    }

    // MARK: Changes on disk

    /// What `refresh` found.
    public struct Changes: Sendable, Equatable {
        /// Catalog ids whose scene (or a component of it) changed.
        public var changedIDs: [String] = []
        public var catalogChanged = false
        public var isEmpty: Bool { changedIDs.isEmpty && !catalogChanged }
    }

    /// Looks at the disk again: the catalog, and every loaded scene's files (by content). Scenes
    /// whose files changed are dropped from memory, their version bumped (which cancels their
    /// running evaluations), and the open pages told. Called by the file watcher; cheap when
    /// nothing changed (one read of each file in use).
    @discardableResult
    public func refresh() -> Changes {
        let newCatalog = Catalog.scan(paths: paths, projectRoot: projectRoot)
        let (oldCatalog, slots, loading) = state.withLock { ($0.catalog, $0.slots, Set($0.loading.keys)) }
        let catalogChanged = newCatalog != oldCatalog
        var changedScenes = loading
        for (scene, slot) in slots {
            if !newCatalog.entries.contains(where: { $0.scene == scene }) {
                changedScenes.insert(scene)
            } else if let loaded = slot.loaded {
                // A component that was missing may have appeared with the new files.
                if catalogChanged && loaded.hasErrors { changedScenes.insert(scene); continue }
                for file in loaded.sources.files {
                    let now = try? InputFile.read(file.path, maxBytes: compiler.limits.parser.maxBytes).bytes
                    if now != file.bytes { changedScenes.insert(scene); break }
                }
            } else {
                // It could not be read: it may be readable now.
                changedScenes.insert(scene)
            }
        }
        var changes = Changes(catalogChanged: catalogChanged)
        state.withLock { state in
            state.catalog = newCatalog
            for scene in changedScenes {
                state.slots[scene] = nil
                state.versions[scene, default: 0] += 1
            }
            let ids = (oldCatalog.entries + newCatalog.entries).filter { changedScenes.contains($0.scene) }.map(\.id)
            changes.changedIDs = Array(Set(ids)).sorted()
        }
        if !changes.changedIDs.isEmpty { events.publish(PreviewEvent(.changed, ids: changes.changedIDs)) }
        if catalogChanged { events.publish(PreviewEvent(.catalog)) }
        return changes
    }

    /// The folders whose changes matter: the paths given (folders; a file's folder) and the folder
    /// of every file a loaded scene is made of. The watcher watches these and what lies below the
    /// given folders.
    public func watchRoots() -> (recursive: [String], single: Set<String>) {
        var recursive: [String] = []
        var single = Set<String>()
        for path in paths {
            var isFolder = false
            if FileManager.default.fileExists(atPath: path, isFolder: &isFolder), isFolder {
                recursive.append(path)
            } else {
                single.insert(FilePath.parent(of: path))
            }
        }
        let files = state.withLock { $0.slots.values.flatMap { $0.loaded?.files ?? [] } }
        for file in files { single.insert(FilePath.parent(of: file)) }
        return (recursive, single)
    }

    /// Ends every page's event stream (shutdown).
    public func close() {
        events.finishAll()
        let tokens = state.withLock { Array($0.inFlight.values) }
        for token in tokens { token.cancel() }
    }
}

/// Set once a request is no longer wanted.
public final class CancelToken: Sendable {
    private let flag = Atomic<Bool>(false)
    public init() {}
    public func cancel() { flag.store(true, ordering: .relaxed) }
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
