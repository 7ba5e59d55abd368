import ArgumentParser
import DisplayList
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneCompiler
import SceneEvaluator

struct ParamsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "params",
        abstract: "List a scene's size and parameters with their type, default and range.",
        discussion: """
            The table starts with the scene's size (what --size overrides), then one row per parameter. \
            With --json: an object with "scene", "size" ({"width", "height"}) and "parameters" (objects \
            with name, type, default, and min, max, description where declared).
            """)

    @Argument(help: ArgumentHelp("The scene file.", valueName: "scene"))
    var scene: String

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var common: CommonOptions

    func run() throws {
        let door = FrontDoor(common)
        let loaded = try door.load(scene)
        try Console.output(json ? Self.json(loaded) : Self.table(loaded))
    }

    /// `size: 230x230 points`, then NAME TYPE DEFAULT RANGE DESCRIPTION.
    static func table(_ loaded: LoadedScene) -> String {
        let size = "size: " + (loaded.declaredSize.map { "\($0) points" } ?? "not declared") + "\n"
        guard !loaded.parameters.isEmpty else { return size + "no parameters\n" }
        let rows = loaded.parameters.map { p -> [String] in
            [p.name, p.type.name, defaultText(p), rangeColumn(p), p.description ?? ""]
        }
        let header = ["NAME", "TYPE", "DEFAULT", "RANGE", "DESCRIPTION"]
        let all = [header] + rows
        let widths = (0..<header.count).map { column in all.map { $0[column].count }.max() ?? 0 }
        return size
            + all.map { row in
                var line = row.enumerated().map { column, cell in
                    column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
                }.joined(separator: "  ")
                while line.last == " " { line.removeLast() }
                return line
            }.joined(separator: "\n") + "\n"
    }

    /// A date reads as written on the command line (2026-11-21), other values as in messages.
    private static func defaultText(_ p: ParameterDeclaration) -> String {
        if p.type == .date, case .string(let text) = p.defaultValue { return text }
        return p.defaultValue.description
    }

    private static func rangeColumn(_ p: ParameterDeclaration) -> String {
        switch (p.minimum, p.maximum) {
        case let (lo?, hi?): return "\(NumberFormat.format(lo, decimals: 6))…\(NumberFormat.format(hi, decimals: 6))"
        case let (lo?, nil): return "≥ \(NumberFormat.format(lo, decimals: 6))"
        case let (nil, hi?): return "≤ \(NumberFormat.format(hi, decimals: 6))"
        default: return "-"
        }
    }

    /// Sorted keys and two-space indentation, so the output is the same bytes run after run.
    static func json(_ loaded: LoadedScene) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(SceneInterface(loaded))
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// What `params --json` prints: the scene's interface to the outside (its size and parameters).
struct SceneInterface: Encodable {
    let scene: String
    let size: SceneSize?
    let parameters: [ParameterDeclaration]

    init(_ loaded: LoadedScene) {
        scene = loaded.path
        size = loaded.declaredSize
        parameters = loaded.parameters
    }
}
