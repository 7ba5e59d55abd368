import SceneSource

/// A scene with every component it uses, loaded and linked: what the evaluator runs. The main
/// file and each scene file it places with `<use src=…>` appear once, however often they are used.
/// Built by the compiler's loader (which reads files); the evaluator never touches the file system.
public struct SceneProgram: Sendable {
    public let main: CheckedScene
    /// Every checked file, the main one included.
    public let scenes: [FileID: CheckedScene]
    /// For each `<use src=…>` (by its element's span): the file it places.
    public let fileTargets: [SourceSpan: FileID]

    public init(main: CheckedScene, scenes: [FileID: CheckedScene] = [:], fileTargets: [SourceSpan: FileID] = [:]) {
        self.main = main
        var all = scenes
        all[main.file] = main
        self.scenes = all
        self.fileTargets = fileTargets
    }

    /// What a `<use>` places: the body (a scene root or a <component>) and how notes name it.
    public struct Target: Sendable {
        public let body: Node
        public let label: String
    }

    /// The component a `<use>` node places, or nil when it was not linked (an error already reported).
    public func target(of use: Node, sources: SourceMap?) -> Target? {
        if use.word(.src) != nil {
            guard let file = fileTargets[use.span], let scene = scenes[file] else { return nil }
            return Target(body: scene.root, label: sources.map { $0[file].path } ?? use.word(.src)!.text)
        }
        guard let name = use.word(.component)?.text, let scene = scenes[use.span.file],
            let body = scene.components[name]
        else { return nil }
        return Target(body: body, label: "'\(name)'")
    }
}
