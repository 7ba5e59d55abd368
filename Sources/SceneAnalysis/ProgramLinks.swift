import ResolvedProgram
import SceneSource
import SceneSyntax

/// The bodies of a linked scene in the program's order (`Program.bodies`), and where each
/// `<use>` leads: what the lowering of one body needs to know of the others.
struct ProgramLinks {
    struct Entry {
        let node: Node
        let kind: ProgramBody.Kind
        let file: FileID
    }

    /// nil for a lowering outside a linked scene (`ConstantLowering`): no `<use>` leads anywhere.
    let program: SceneProgram?
    let sources: SourceMap?
    /// In the program's order: each file (by `FileID`), its scene root, then its components.
    let entries: [Entry]
    private let indexBySpan: [SourceSpan: Int]
    /// Bodies' constants the load lowered already.
    let constants: BodyConstantTable

    init(_ program: SceneProgram, sources: SourceMap?, constants: BodyConstantTable = .init()) {
        self.program = program
        self.sources = sources
        self.constants = constants
        var entries: [Entry] = []
        for file in program.scenes.keys.sorted() {
            let root = program.scenes[file]!.root
            entries.append(Entry(node: root, kind: .scene, file: file))
            for component in root.children where component.kind == .component {
                entries.append(Entry(node: component, kind: .component(name: component.word(.name)?.text ?? ""), file: file))
            }
        }
        self.entries = entries
        indexBySpan = Dictionary(entries.enumerated().map { ($0.element.node.span, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// No bodies: for what is lowered where only the predefined names are in scope.
    private init() {
        program = nil
        sources = nil
        entries = []
        indexBySpan = [:]
        constants = .init()
    }

    static let none = ProgramLinks()

    /// The body a `<component>` element declares.
    func body(ofComponent node: Node) -> Int? { indexBySpan[node.span] }

    /// The body a `<use>` places and how notes name it; nil when it was not linked.
    func target(of use: Node) -> (body: Int, label: String)? {
        guard let target = program?.target(of: use, sources: sources), let index = indexBySpan[target.body.span] else { return nil }
        return (index, target.label)
    }

    /// A parameter a `<use>` passes a value to: its index in the target's parameters, its
    /// declared type (nil when its keyword names none: the loader reported it) and its name's place.
    struct Parameter {
        let index: Int
        let type: ParameterType?
        let nameSpan: SourceSpan
    }

    /// The target's first parameter called `name` (the one a value is passed to).
    func parameter(_ name: String, of use: Node) -> Parameter? {
        guard use.kind == .use, let target = program?.target(of: use, sources: sources) else { return nil }
        let parameters = target.body.parameterNodes
        guard let index = parameters.firstIndex(where: { $0.word(.name)?.text == name }), let word = parameters[index].word(.name)
        else { return nil }
        return Parameter(index: index, type: parameters[index].word(.type).flatMap { ParameterType(keyword: $0.text) }, nameSpan: word.span)
    }
}
