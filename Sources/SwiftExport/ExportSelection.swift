import Foundation

/// Which scene files `scenec export PATH…` exports: a scene file itself; a folder with a manifest
/// (`scenes.json`), the scenes its variants name; a folder without one, every `.scene` file in it
/// (not in subfolders: those hold components). Sorted and without repeats, so the output is the same
/// whatever order the folder lists its files in. Shared by every target language of the command.
public enum ExportSelection {
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    public static func scenes(in paths: [String]) throws -> [String] {
        var found: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw Problem(description: "'\(path)' does not exist; give a .scene file or a folder of them")
            }
            guard isFolder.boolValue else { found.append(path); continue }
            let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
            let manifest = folder + "/scenes.json"
            if let data = FileManager.default.contents(atPath: manifest) {
                guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                      let variants = object["variants"] as? [[String: Any]] else {
                    throw Problem(description: "\(manifest): not a manifest with \"variants\"; run scenec build \(path) to see why")
                }
                for variant in variants {
                    if let scene = variant["scene"] as? String { found.append(folder + "/" + scene + ".scene") }
                }
            } else {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                found += names.filter { $0.hasSuffix(".scene") }.map { folder + "/" + $0 }
            }
        }
        var seen: Set<String> = []
        return found.sorted().filter { seen.insert($0).inserted }
    }
}
