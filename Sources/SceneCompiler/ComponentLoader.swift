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

    private mutating func add(_ diagnostic: Diagnostic) {
        var d = diagnostic
        d.notes += chain.reversed()
        diagnostics.append(d)
    }

    init(reader: SceneReader, root: String, limits: EvaluationLimits, sources: SourceMap) {
        self.reader = reader
        self.root = root
        self.limits = limits
        self.sources = sources
    }

    /// Links the main scene and everything it uses.
    mutating func link(main: CheckedScene) {
        let path = sources[main.file].path
        let identity = reader.identity(of: ComponentPath.normalize(path) ?? path)
        loaded[identity] = main.file
        scenes[main.file] = main
        stack.append((identity, path))
        linkUses(in: main)
        stack.removeLast()
    }

    private mutating func linkUses(in scene: CheckedScene) {
        let components = scene.components
        checkLocalCycles(components)
        visit(scene.root.children) { node in
            if let src = node.word("src") {
                guard let file = loadComponent(src, use: node) else { return }
                fileTargets[node.span] = file
                checkArguments(node, against: scenes[file]!.root, label: sources[file].path)
            } else if let name = node.word("component") {
                guard let body = components[name.text] else {
                    let names = components.keys.sorted()
                    add(.error("no component named '\(name.text)' in this file", at: name.span,
                                              help: Suggestion.didYouMean(name.text, among: names)
                                                ?? (names.isEmpty ? "declare it with <component name=\"\(name.text)\" width=… height=…> at the top level"
                                                    : "components here: " + names.joined(separator: ", "))))
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
            add(.error(error.message, at: src.span, help: error.help))
            return nil
        }
        let identity = reader.identity(of: path)
        if let index = stack.firstIndex(where: { $0.identity == identity }) {
            let cycle = stack[index...].map(\.path) + [path]
            add(.error("component cycle: " + cycle.joined(separator: " → "), at: src.span,
                                      help: "a scene cannot place itself, directly or through other components"))
            return nil
        }
        if let known = loaded[identity] { return known }
        loaded[identity] = .some(nil)

        let bytes: [UInt8]
        do {
            bytes = try reader.read(path)
        } catch {
            add(.error(error.message, at: src.span, help: error.help))
            return nil
        }
        let file = sources.add(SourceFile(path: path, bytes: bytes))
        let usedHere = Diagnostic.Note("in component \(path) used here", at: use.span)
        let (root, parseDiagnostics) = SceneParser.parse(sources[file], id: file)
        var problems = parseDiagnostics
        var checked: CheckedScene?
        if let root {
            let (scene, checkDiagnostics) = SceneChecker.check(root, file: file)
            problems += checkDiagnostics
            checked = scene
        }
        if let checked, !problems.contains(where: { $0.severity == .error }) {
            problems += SceneEvaluator.parameters(of: checked, limits: limits).diagnostics
        }
        chain.append(usedHere)
        defer { chain.removeLast() }
        for problem in problems { add(problem) }
        guard let checked, !problems.contains(where: { $0.severity == .error }) else { return nil }
        loaded[identity] = file
        scenes[file] = checked
        stack.append((identity, path))
        linkUses(in: checked)
        stack.removeLast()
        return file
    }

    /// Every argument of a <use> names a parameter of what it places.
    private mutating func checkArguments(_ use: Node, against body: Node, label: String) {
        let parameters = SceneEvaluator.parameters(of: body, limits: limits).parameters.map(\.name)
        for argument in use.arguments where !parameters.contains(argument.name) {
            let help = Suggestion.didYouMean(argument.name, among: parameters)
                ?? (parameters.isEmpty ? "\(label) has no parameters"
                    : "its parameters are: " + parameters.joined(separator: ", "))
            add(.error("component \(label) has no parameter '\(argument.name)'", at: argument.nameSpan,
                                      help: help))
        }
    }

    /// Local components that place each other in a circle.
    private mutating func checkLocalCycles(_ components: [String: Node]) {
        var state: [String: Int] = [:]  // 1 visiting, 2 done
        var path: [String] = []
        func uses(_ body: Node) -> [(name: String, span: SourceSpan)] {
            var found: [(String, SourceSpan)] = []
            visit(body.children) { node in
                if let name = node.word("component") { found.append((name.text, name.span)) }
            }
            return found
        }
        func dfs(_ name: String) -> Diagnostic? {
            state[name] = 1
            path.append(name)
            defer { path.removeLast() }
            for (callee, span) in uses(components[name]!) where components[callee] != nil {
                if state[callee] == 1 {
                    let start = path.firstIndex(of: callee)!
                    let cycle = path[start...].map { "'\($0)'" } + ["'\(callee)'"]
                    return .error("component cycle: " + cycle.joined(separator: " → "), at: span,
                                  help: "a component cannot place itself, directly or through other components")
                }
                if state[callee] == nil, let found = dfs(callee) { return found }
            }
            state[name] = 2
            return nil
        }
        for name in components.keys.sorted() where state[name] == nil {
            if let cycle = dfs(name) { add(cycle) }
        }
    }
}
