#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneIO
import SceneProject
import SceneSource

/// One thing the page lists: a scene file, or a variant a manifest (`scenes.json`) makes of one.
public struct CatalogEntry: Codable, Sendable, Hashable {
    public enum Kind: String, Codable, Sendable {
        case scene, variant
    }

    /// What the page and the API name it by: the scene's path as the user would type it
    /// (`Scenes/counter.scene`), or the manifest's path and the variant's name
    /// (`Scenes/scenes.json#plus-button`). Only ids in the catalog are ever served.
    public let id: String
    /// `counter`, `plus-button`.
    public let name: String
    public let kind: Kind
    /// The scene file, as the user would type it.
    public let scene: String
    /// The folder the scene's components must stay inside.
    public let projectRoot: String
    /// A variant's parameter values, as the manifest writes them (`--set` text).
    public let parameters: [String: String]
    /// A variant's size (`WxH`), when it sets one.
    public let size: String?
    /// A variant's dark appearance, over `parameters` (the manifest's `"dark"`), when it has one: the
    /// page's Dark switch draws with these.
    public var dark: [String: String]? = nil
    /// The dark values are all of them, not values over `parameters`: they come from a variant of
    /// its own with `"appearance": "dark"`.
    public var darkIsWhole = false
}

/// The scenes and variants under the preview's paths, found again whenever files come and go.
public struct Catalog: Sendable, Equatable {
    public var entries: [CatalogEntry] = []
    /// Why something is missing from the list: a folder without scenes, a manifest that does not decode.
    public var problems: [String] = []

    public init(entries: [CatalogEntry] = [], problems: [String] = []) {
        self.entries = entries
        self.problems = problems
    }

    public func entry(_ id: String) -> CatalogEntry? { entries.first { $0.id == id } }

    /// Every scene file in the catalog (each once), absolute: the files the preview may read as scenes.
    public var scenePaths: Set<String> { Set(entries.map { FilePath.absolute($0.scene) }) }

    /// Looks for scenes and manifests under `paths` (folders searched recursively, or scene files),
    /// as `scenec build` does. Never throws: what cannot be read becomes a problem in the list.
    public static func scan(paths: [String], projectRoot: String?) -> Catalog {
        var catalog = Catalog()
        var scenes: [SceneFileRef] = []
        for path in paths {
            do {
                scenes += try SceneDiscovery.scenes(in: [path], projectRoot: projectRoot).scenes
            } catch {
                catalog.problems.append(error.message)
            }
        }
        var seen = Set<String>()
        scenes = scenes.filter { seen.insert($0.absolutePath).inserted }.sorted { $0.path < $1.path }
        for scene in scenes {
            catalog.entries.append(
                CatalogEntry(
                    id: scene.path, name: scene.baseName, kind: .scene, scene: scene.path,
                    projectRoot: scene.projectRoot, parameters: [:], size: nil))
        }
        let byPath = Dictionary(scenes.map { ($0.absolutePath, $0) }, uniquingKeysWith: { first, _ in first })
        for manifestPath in SceneDiscovery.manifests(for: paths) {
            // Read as `scenec build` reads it (a link to a file outside its folder is refused).
            let bytes: [UInt8]
            do { bytes = try WorkingTreeFiles().manifest(manifestPath, maxBytes: ManifestLoader.maxBytes) } catch {
                catalog.problems.append("cannot read the manifest '\(manifestPath)': \(error.message)")
                continue
            }
            var sources = SourceMap()
            let folder = FilePath.absolute(FilePath.parent(of: manifestPath))
            let (loaded, problems) = ManifestLoader.load(path: manifestPath, bytes: bytes, folder: folder, sources: &sources)
            if !problems.isEmpty {
                let text = DiagnosticRenderer(sources: sources, style: .short).render(problems)
                catalog.problems.append(text + "(the variants of \(manifestPath) with mistakes are not listed until they are fixed)")
            }
            if let loaded {
                let first = catalog.entries.count
                // Light variants first, so each dark one finds its light one wherever it is listed.
                let variants = loaded.manifest.variants
                for variant in variants.filter({ $0.appearance != .dark }) + variants.filter({ $0.appearance == .dark }) {
                    let file = variant.scene.hasSuffix(".scene") ? variant.scene : variant.scene + ".scene"
                    let absolute = FilePath.absolute(file.hasPrefix("/") ? file : folder + "/" + file)
                    guard let scene = byPath[absolute] else { continue }
                    let name = variant.name ?? scene.baseName
                    // A dark variant is the Dark switch of the light variant of its name (and scene).
                    if variant.appearance == .dark {
                        if let index = catalog.entries[first...].firstIndex(where: { $0.name == name && $0.scene == scene.path }) {
                            catalog.entries[index].dark = variant.parameters
                            catalog.entries[index].darkIsWhole = true
                        }
                        continue
                    }
                    var entry = CatalogEntry(
                        id: manifestPath + "#" + name, name: name, kind: .variant,
                        scene: scene.path, projectRoot: scene.projectRoot,
                        parameters: variant.parameters, size: variant.size)
                    entry.dark = variant.dark
                    catalog.entries.append(entry)
                }
            }
        }
        return catalog
    }
}
