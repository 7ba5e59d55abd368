import Foundation
import PackagePlugin

/// The build-tool plugin an app target applies to get its scenes as Swift: at every build where a
/// `.scene` file of the target changed (or the generated file is missing), SwiftPM runs
/// `scenec export --directory FOLDER . --swift WORK/<Target>Scenes.swift` (FOLDER: the target's
/// folder of scenes), and compiles that file into the
/// target. Nothing is committed and there is no manual step (docs/export.md, "In the build").
///
/// Why `--directory` and `.`: scenec then names the scenes relative to the folder that holds them
/// (in the generated comments and in the errors `draw` returns), so the generated file holds no path
/// of the build machine and is the same bytes wherever the package is checked out. That folder is the
/// deepest one holding every scene of the target (the target's own folder, `directoryURL`, needs
/// tools version 6.1, and the 6.0 `directory` is deprecated: a warning in every app's build); below it
/// are only the target's files, so exporting it, as `scenec export` exports a folder (components
/// included once), exports exactly the target's scenes. Every `.scene` file of the target is an
/// input, so editing a component rebuilds too.
@main
struct SceneExportPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let scenes = module.sourceFiles(withSuffix: "scene").map(\.url).sorted { $0.path < $1.path }
        guard !scenes.isEmpty else { return [] }
        // One file per target: the runtime at its end would clash with another export's in one module.
        let folder = Self.commonFolder(of: scenes)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(module.name)Scenes.swift")
        return [
            .buildCommand(
                displayName: "Exporting \(scenes.count) scene\(scenes.count == 1 ? "" : "s") of \(module.name) to Swift",
                executable: try context.tool(named: "scenec").url,
                arguments: ["export", "--directory", folder.path, ".", "--swift", output.path],
                inputFiles: scenes,
                outputFiles: [output]
            )
        ]
    }

    /// The deepest folder that holds all these files.
    static func commonFolder(of files: [URL]) -> URL {
        var common = files[0].deletingLastPathComponent().standardizedFileURL.pathComponents
        for file in files.dropFirst() {
            let components = file.deletingLastPathComponent().standardizedFileURL.pathComponents
            common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
        }
        return URL(fileURLWithPath: common.count <= 1 ? "/" : "/" + common.dropFirst().joined(separator: "/"), isDirectory: true)
    }
}
