import SceneAnalysis
import SceneEvaluator
import SceneParser
import SceneSource
import SceneSyntax

/// Loads the scene files a scene places with `<use src=…>` (and theirs, once each), checks every
/// `<use>` against what it names, and finds cycles. Problems inside a component file are reported
/// at their own location, with a note at the `<use>` that brought the file in.
struct ComponentLoader {
    let reader: SceneReader
    /// The project folder: components must stay inside it.
    let root: String
    let limits: EvaluationLimits
    let parserLimits: ParserLimits
    var sources: SourceMap
    var diagnostics: [Diagnostic] = []
    private(set) var scenes: [FileID: CheckedScene] = [:]
    private(set) var fileTargets: [SourceSpan: FileID] = [:]
    /// Files by identity; nil while a file failed to load (so it is reported once).
    private var loaded: [String: FileID?] = [:]
    /// The files being linked, outermost first: a file met again here is a cycle.
    private var stack: [(identity: String, path: String)] = []
    /// "in component … used here" for each file being linked below the main one, outermost first:
    /// the notes of every problem found inside it.
    private var chain: [Diagnostic.Note] = []

    /// Whether a new diagnostic will still be shown (the first `SceneCompiler.maxLoadDiagnostics`):
    /// only those get a "did you mean".
    private var helpWanted: Bool { diagnostics.count < SceneCompiler.maxLoadDiagnostics }

    /// At most 20 names, then how many more.
    static func clippedList(_ names: [String]) -> String {
        guard names.count > 20 else { return names.joined(separator: ", ") }
        return names.prefix(20).joined(separator: ", ") + " and \(names.count - 20) more"
    }

    private mutating func add(_ diagnostic: Diagnostic) {
        var d = diagnostic
        d.notes += chain.reversed()
        diagnostics.append(d)
    }

    /// The constants of every body loaded (the main scene's too, set by the compiler): lowered once,
    /// read again by the lowering into the program.
    var constants = BodyConstantTable()

    /// Parameter names of each component body (by its span), worked out once however often it is used.
    private var parameterNames: [SourceSpan: [String]] = [:]

    /// Parsed component files kept between loads, when the compiler has a cache.
    let cache: ParseCache?

    init(
        reader: SceneReader, root: String, limits: EvaluationLimits, parserLimits: ParserLimits, sources: SourceMap,
        cache: ParseCache? = nil
    ) {
        self.cache = cache
        self.reader = reader
        self.root = root
        self.limits = limits
        self.parserLimits = parserLimits
        self.sources = sources
        self.readBytes = sources.files.reduce(0) { $0 + $1.bytes.count }
    }

    /// Bytes of the scene and the component files read so far.
    private var readBytes: Int

    /// Links the main scene and everything it uses.
    mutating func link(main: CheckedScene) {
        scenes[main.file] = main
        // The main file's identity is what finds a component that places it again (a cycle). A
        // scene that places no file asks for none: on the file system it is a `realpath`, a
        // system call per folder of the path, for every load.
        var placesFiles = false
        visit(main.root.children) { node in placesFiles = placesFiles || node.word(.src) != nil }
        guard placesFiles else {
            linkUses(in: main)
            return
        }
        let path = sources[main.file].path
        let identity = reader.identity(of: ComponentPath.normalize(path) ?? path)
        loaded[identity] = main.file
        stack.append((identity, path))
        linkUses(in: main)
        stack.removeLast()
    }

    private mutating func linkUses(in scene: CheckedScene) {
        let components = scene.components
        checkLocalCycles(components)
        visit(scene.root.children) { node in
            if let src = node.word(.src) {
                guard let file = loadComponent(src, use: node) else { return }
                fileTargets[node.span] = file
                checkArguments(node, against: scenes[file]!.root, label: sources[file].path)
            } else if let name = node.word(.component) {
                guard let body = components[name.text] else {
                    // Past the diagnostics that are shown, no help is worked out: a file of thousands
                    // of misspelled uses must not cost a suggestion each (issue 13).
                    var help: String?
                    if helpWanted {
                        let names = components.keys.sorted()
                        help =
                            Suggestion.didYouMean(name.text, among: names)
                            ?? (names.isEmpty
                                ? "declare it with <component name=\"\(name.text)\" width=… height=…> at the top level"
                                : "components here: " + Self.clippedList(names))
                    }
                    add(.error(.unknownComponent, "no component named '\(name.text)' in this file", at: name.span, help: help))
                    return
                }
                checkArguments(node, against: body, label: "'\(name.text)'")
            }
        }
    }

    /// Calls `body` for every <use> in a block, at any depth (branches, loops, groups, components).
    private func visit(_ nodes: [Node], _ body: (Node) -> Void) {
        for node in nodes {
            if node.kind == .use { body(node) }
            visit(node.children, body)
            visit(node.alternatives, body)
        }
    }

    private mutating func loadComponent(_ src: Word, use: Node) -> FileID? {
        let includingPath = sources[use.span.file].path
        let path: String
        do {
            path = try ComponentPath.resolve(src.text, from: includingPath, root: root)
        } catch {
            add(.error(error.code, error.message, at: src.span, help: error.help))
            return nil
        }
        let identity = reader.identity(of: path)
        if let index = stack.firstIndex(where: { $0.identity == identity }) {
            let cycle = stack[index...].map(\.path) + [path]
            add(
                .error(
                    .componentCycle, "component cycle: " + cycle.joined(separator: " → "), at: src.span,
                    help: "a scene cannot place itself, directly or through other components"))
            return nil
        }
        if let known = loaded[identity] { return known }
        loaded[identity] = .some(nil)

        let bytes: [UInt8]
        do {
            bytes = try reader.read(path, maxBytes: parserLimits.maxBytes)
        } catch {
            add(.error(error.code, error.message, at: src.span, help: error.help))
            return nil
        }
        // The scene and its components are held in memory together: their sizes add up.
        readBytes += bytes.count
        if readBytes > parserLimits.maxTotalBytes {
            add(
                .error(
                    .componentsTooLarge,
                    "with this component, the scene and its component files hold more than "
                        + "\(parserLimits.maxTotalBytes) bytes together, the limit for one compilation", at: src.span,
                    help: "make the components smaller or place fewer different component files"))
            return nil
        }
        let file = sources.add(SourceFile(path: path, bytes: bytes))
        let usedHere = Diagnostic.Note("in component \(path) used here", at: use.span)
        let parsed: ParsedFile
        if let cache {
            parsed = cache.parsed(sources[file], id: file, identity: identity, limits: parserLimits) {
                ParsedFile.make(sources[file], id: file, limits: parserLimits)
            }
        } else {
            parsed = ParsedFile.make(sources[file], id: file, limits: parserLimits)
        }
        var problems = parsed.parseDiagnostics + parsed.checkDiagnostics
        if let checked = parsed.checked, !problems.contains(where: { $0.severity == .error }) {
            problems += SceneEvaluator.parameters(of: constants.constants(of: checked.root).parameters, limits: limits).diagnostics
            problems += SceneCompiler.localComponentParameterProblems(checked, limits: limits, constants: &constants)
        }
        chain.append(usedHere)
        defer { chain.removeLast() }
        for problem in problems { add(problem) }
        guard let checked = parsed.checked, !problems.contains(where: { $0.severity == .error }) else { return nil }
        loaded[identity] = file
        scenes[file] = checked
        stack.append((identity, path))
        linkUses(in: checked)
        stack.removeLast()
        return file
    }

    /// Every argument of a <use> names a parameter of what it places.
    private mutating func checkArguments(_ use: Node, against body: Node, label: String) {
        let parameters: [String]
        if let known = parameterNames[body.span] {
            parameters = known
        } else {
            parameters = SceneEvaluator.parameters(of: constants.constants(of: body).parameters, limits: limits).parameters.map(\.name)
            parameterNames[body.span] = parameters
        }
        for argument in use.arguments where !parameters.contains(argument.name) {
            let help =
                !helpWanted
                ? nil
                : Suggestion.didYouMean(argument.name, among: parameters)
                    ?? (parameters.isEmpty
                        ? "\(label) has no parameters"
                        : "its parameters are: " + Self.clippedList(parameters))
            add(
                .error(
                    .unknownComponentParameter, "component \(label) has no parameter '\(argument.name)'", at: argument.nameSpan,
                    help: help))
        }
    }

    /// Local components that place each other in a circle. Depth-first with an explicit stack, so a
    /// file of thousands of components placing each other in a chain cannot exhaust the call stack.
    private mutating func checkLocalCycles(_ components: [String: Node]) {
        var callees: [String: [(name: String, span: SourceSpan)]] = [:]
        for (name, body) in components {
            var found: [(String, SourceSpan)] = []
            visit(body.children) { node in
                if let callee = node.word(.component), components[callee.text] != nil { found.append((callee.text, callee.span)) }
            }
            callees[name] = found
        }
        var done: Set<String> = []
        for start in components.keys.sorted() where !done.contains(start) {
            // Each frame: a component on the current path and the index of its next callee.
            var path: [(name: String, next: Int)] = [(start, 0)]
            var onPath: Set<String> = [start]
            while let top = path.last {
                let edges = callees[top.name] ?? []
                guard top.next < edges.count else {
                    done.insert(top.name)
                    onPath.remove(top.name)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let (callee, span) = edges[top.next]
                if onPath.contains(callee) {
                    let from = path.firstIndex { $0.name == callee }!
                    let cycle = path[from...].map { "'\($0.name)'" } + ["'\(callee)'"]
                    add(
                        .error(
                            .componentCycle, "component cycle: " + cycle.joined(separator: " → "), at: span,
                            help: "a component cannot place itself, directly or through other components"))
                    return
                }
                if !done.contains(callee) {
                    path.append((callee, 0))
                    onPath.insert(callee)
                }
            }
        }
    }
}
