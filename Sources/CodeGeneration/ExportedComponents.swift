import ResolvedProgram
import SceneCompiler
import SceneEvaluator
import SceneSource

/// The components a scene places (`<use>`): for each body of the resolved program, its parameter
/// declarations (types, defaults, ranges, read as the evaluator reads them) and its declared size,
/// and which bodies the generated code needs a function for. The Swift and Kotlin generators share it.
public final class ExportedComponents {
    public let program: Program
    /// Bodies placed somewhere, in the order first asked for: one `static func` each.
    public private(set) var requested: [Int] = []

    /// A readable function name per body: `drawGraphLabels` for `<component name="GraphLabels">`,
    /// `drawGraph` for graph.scene; the body's number added where two would read alike.
    private var names: [Int: String] = [:]

    public init(program: Program, loaded: LoadedScene) {
        self.program = program
        var used: Set<String> = []
        for (index, body) in program.bodies.enumerated() {
            let base: String
            switch body.kind {
            case .component(let name): base = CodeNames.upperCamel(fileName: name)
            default: base = CodeNames.upperCamel(fileName: loaded.sources[body.file].path)
            }
            var name = "draw" + base
            if !used.insert(name).inserted { name += "\(index)"; used.insert(name) }
            names[index] = name
        }
    }

    public func functionName(_ body: Int) -> String { names[body] ?? "drawComponent\(body)" }

    public func request(_ body: Int) {
        if !requested.contains(body) { requested.append(body) }
    }

    /// Each requested body once, in the order first asked for (writing one may request more),
    /// with what its documentation comment calls it: `<component name="…">`, or its file's path.
    public func writeEachRequested(
        displayPath: (FileID) -> String, _ write: (_ index: Int, _ body: ProgramBody, _ label: String) throws -> Void
    ) rethrows {
        var written: Set<Int> = []
        while let next = requested.first(where: { !written.contains($0) }) {
            written.insert(next)
            let component = program.bodies[next]
            let label: String
            if case .component(let name) = component.kind { label = "<component name=\"\(name)\">" } else { label = displayPath(component.file) }
            try write(next, component, label)
        }
    }

    public func declarations(_ body: Int) -> [ParameterDeclaration] {
        SceneEvaluator.parameters(of: program.bodies[body].parameters).parameters
    }

    public func size(_ body: Int) -> (width: Double, height: Double)? {
        SceneEvaluator.declaredSize(of: program.bodies[body].attributes)
    }
}
