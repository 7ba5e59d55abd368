// The only file that touches fontconfig.
import CFontconfig
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// Text must give the same pixels on every machine, so librsvg (through Pango and fontconfig) may
/// use only the fonts the project pins: the DejaVu families from Debian's fonts-dejavu-core and
/// fonts-dejavu-extra, which `make deps` installs. Before the first render, the process's current
/// fontconfig configuration is replaced by one that lists only their folder and reads none of the
/// machine's own settings (/etc/fonts/conf.d), so neither other fonts nor local hinting rules apply.
public enum PinnedFonts {
    public static let folder = "/usr/share/fonts/truetype/dejavu"
    /// A file of each family scenec offers (Grammar.md, <text>), to say clearly what is missing.
    static let requiredFiles = [
        "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansCondensed.ttf", "DejaVuSansMono.ttf",
        "DejaVuSerif.ttf", "DejaVuSerifCondensed.ttf",
    ]

    /// Done once per process, on first use (Swift runs a global's initializer exactly once, safely
    /// across threads).
    public static let installed: FontsMissing? = install()

    /// Installs the pinned fonts as the process's fontconfig configuration (once; later calls only
    /// report the outcome). Text measurement calls it before Pango loads any font, so it measures
    /// with the fonts librsvg draws with.
    public static func pin() throws(FontsMissing) {
        if let problem = installed { throw problem }
    }

    private static func install() -> FontsMissing? {
        for file in requiredFiles where access("\(folder)/\(file)", R_OK) != 0 {
            return FontsMissing(
                "the pinned font \(folder)/\(file) is not installed; run `make deps` "
                    + "(it installs Debian's fonts-dejavu-core and fonts-dejavu-extra)")
        }
        // The system cache of that folder (made by fc-cache when the package was installed) keeps
        // start-up fast; without it fontconfig scans the folder.
        let xml = """
            <?xml version="1.0"?>
            <fontconfig>
              <dir>\(folder)</dir>
              <cachedir>/var/cache/fontconfig</cachedir>
              <cachedir prefix="xdg">fontconfig</cachedir>
            </fontconfig>
            """
        guard let config = FcConfigCreate() else { return FontsMissing("fontconfig could not create a configuration") }
        let parsed = xml.withCString { FcConfigParseAndLoadFromMemory(config, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self), 1) }
        guard parsed != 0, FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            return FontsMissing("fontconfig could not load the pinned fonts in \(folder)")
        }
        // The configuration becomes the process's current one and is kept for its lifetime.
        guard FcConfigSetCurrent(config) != 0 else {
            FcConfigDestroy(config)
            return FontsMissing("fontconfig could not switch to the pinned fonts")
        }
        FcConfigDestroy(config) // FcConfigSetCurrent took its own reference
        return nil
    }
}

extension PinnedFonts {
    /// The pinned folder's font files, each as `name:size`, sorted: which fonts text is drawn with,
    /// without reading them (for the build cache's keys).
    public static var identity: String {
        guard let directory = opendir(folder) else { return "none" }
        defer { closedir(directory) }
        var files: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix(".") else { continue }
            var info = stat()
            guard stat("\(folder)/\(name)", &info) == 0 else { continue }
            files.append("\(name):\(info.st_size)")
        }
        return files.sorted().joined(separator: ",")
    }
}

extension PinnedFonts {
    /// Project fonts (docs/text.md, "Project fonts"): font files added to the pinned configuration as
    /// application fonts, so Pango (librsvg's text and the measurer) finds them by family name like
    /// the DejaVu families. Returns each file's family names, or nil for a file fontconfig cannot
    /// read as a font. Fonts added stay for the process's lifetime; adding a file twice adds it once.
    public static func addFonts(_ paths: [String]) throws(FontsMissing) -> [String: [String]?] {
        if let problem = installed { throw problem }
        return lock.withLock { added in
            var result: [String: [String]?] = [:]
            for path in paths {
                if added[path] == nil {
                    let ok = path.withCString { FcConfigAppFontAddFile(nil, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) } != 0
                    added[path] = ok ? families(of: path) : nil
                }
                result[path] = added[path] ?? nil
            }
            return result
        }
    }

    /// How many files have been added: a measurer that made its font map before compares it.
    public static var addedCount: Int { lock.withLock { $0.count } }

    /// Files added so far, each with its families (nil: not a font).
    private static let lock = Mutex<[String: [String]?]>([:])

    /// The family names fontconfig lists for an added file (every name of every face, in order).
    private static func families(of path: String) -> [String] {
        guard let set = FcConfigGetFonts(nil, FcSetApplication) else { return [] }
        var names: [String] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file,
                String(cString: file) == path
            else { continue }
            var index: Int32 = 0
            var family: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(pattern, FC_FAMILY, index, &family) == FcResultMatch, let name = family {
                let text = String(cString: name)
                if !names.contains(text) { names.append(text) }
                index += 1
            }
        }
        return names
    }
}
