import SceneSource

/// Turns a parsed manifest document into a `BuildManifest`, reporting every mistake it can find
/// in one pass: unknown keys, values of the wrong type and missing keys anywhere in the file, not
/// the first one only. A variant with a mistake is left out of the result (so the planner, which
/// checks what the values mean, still reports the problems of every other variant in the same
/// run); the build then stops on the collected problems.
struct ManifestDecoder {
    let document: LocatedJSON
    let bytes: [UInt8]
    let file: FileID
    private(set) var diagnostics: [Diagnostic] = []

    init(document: LocatedJSON, bytes: [UInt8], file: FileID) {
        self.document = document
        self.bytes = bytes
        self.file = file
    }

    static let topKeys = ["layout", "scales", "svg", "vector", "snapshot", "exclude", "variants"]
    static let variantKeys = ["name", "scene", "parameters", "size", "scales", "svg", "vector", "snapshot", "dark", "appearance"]
    static let snapshotKeys = ["scale", "threshold", "maxChangedPixels", "maxChangedShare"]

    mutating func decode() -> BuildManifest {
        let root = JSONPath()
        guard case .object = document.kind else {
            mismatch(root, document, "an object")
            return BuildManifest()
        }
        checkKeys(document, at: root, allowed: Self.topKeys)
        var manifest = BuildManifest()
        manifest.scales = scales(document.member("scales")?.value, at: root.appending("scales"))
        manifest.svg = bool(document.member("svg")?.value, at: root.appending("svg"))
        manifest.layout = string(document.member("layout")?.value, at: root.appending("layout"))
        manifest.vector = bool(document.member("vector")?.value, at: root.appending("vector"))
        manifest.snapshot = snapshot(document.member("snapshot")?.value, at: root.appending("snapshot"))
        manifest.exclude = patterns(document.member("exclude")?.value, at: root.appending("exclude"))
        if let list = document.member("variants")?.value {
            let path = root.appending("variants")
            switch list.kind {
            case .array(let items):
                for (index, item) in items.enumerated() {
                    if var variant = variant(item, at: path.appending(index)) {
                        variant.position = index
                        manifest.variants.append(variant)
                    }
                }
            case .null: break
            default: mismatch(path, list, "a list of variants")
            }
        }
        return manifest
    }

    private mutating func variant(_ node: LocatedJSON, at path: JSONPath) -> BuildManifest.Variant? {
        guard case .object = node.kind else {
            mismatch(path, node, "an object")
            return nil
        }
        let before = diagnostics.count
        checkKeys(node, at: path, allowed: Self.variantKeys)
        let name = string(node.member("name")?.value, at: path.appending("name"))
        var scene: String?
        if let value = node.member("scene")?.value, !isNull(value) {
            scene = string(value, at: path.appending("scene"))
        } else {
            diagnostics.append(
                .error(
                    .missingManifestKey, "\(path): missing key \"scene\"",
                    at: span(node.span.lowerBound..<node.span.lowerBound + 1),
                    help: "add \"scene\": the scene file's name relative to the manifest's folder, such as \"scene\": \"push-button\""))
        }
        let parameters = self.parameters(node.member("parameters")?.value, at: path.appending("parameters"))
        // The dark appearance's values: an object like "parameters", or nil when the key is left out.
        var dark: [String: String]?
        if let darkNode = node.member("dark")?.value, !isNull(darkNode) { dark = self.parameters(darkNode, at: path.appending("dark")) }
        // Or this variant is the dark appearance of the light variant of its name.
        var appearance: Appearance?
        if let word = string(node.member("appearance")?.value, at: path.appending("appearance")) {
            appearance = Appearance(rawValue: word)
            if appearance == nil {
                problem(
                    .manifestType, path.appending("appearance"), "expected \"light\" or \"dark\", found \"\(word)\"",
                    node: node.member("appearance")?.value,
                    help: "\"appearance\": \"dark\" makes this variant the dark appearance of the light variant of the same name")
            }
        }
        let size = string(node.member("size")?.value, at: path.appending("size"))
        let scales = self.scales(node.member("scales")?.value, at: path.appending("scales"))
        let svg = bool(node.member("svg")?.value, at: path.appending("svg"))
        let vector = bool(node.member("vector")?.value, at: path.appending("vector"))
        let snapshot = self.snapshot(node.member("snapshot")?.value, at: path.appending("snapshot"))
        // Without a scene nothing else can be checked; with one, the planner checks what the rest
        // means even when a value here was of the wrong type (it is then left out).
        guard let scene else { return nil }
        var variant = BuildManifest.Variant(
            name: name, scene: scene, parameters: parameters, size: size, scales: scales, svg: svg,
            vector: vector, snapshot: snapshot)
        variant.dark = dark
        variant.appearance = appearance
        variant.isComplete = diagnostics.count == before
        return variant
    }

    private mutating func snapshot(_ node: LocatedJSON?, at path: JSONPath) -> BuildManifest.Snapshot? {
        guard let node, !isNull(node) else { return nil }
        guard case .object = node.kind else {
            mismatch(path, node, "an object such as {\"scale\": 2, \"maxChangedPixels\": 10}")
            return nil
        }
        checkKeys(node, at: path, allowed: Self.snapshotKeys)
        var settings = BuildManifest.Snapshot()
        settings.scale = number(node.member("scale")?.value, at: path.appending("scale"))
        settings.threshold = number(node.member("threshold")?.value, at: path.appending("threshold"))
        if let pixels = number(node.member("maxChangedPixels")?.value, at: path.appending("maxChangedPixels")) {
            if pixels >= 0, pixels == pixels.rounded(), pixels < 1e15 {
                settings.maxChangedPixels = Int(pixels)
            } else {
                problem(
                    .manifestType, path.appending("maxChangedPixels"),
                    "expected a whole number ≥ 0, found \(text(node.member("maxChangedPixels")!.value))")
            }
        }
        settings.maxChangedShare = number(node.member("maxChangedShare")?.value, at: path.appending("maxChangedShare"))
        return settings
    }

    // MARK: values

    private mutating func string(_ node: LocatedJSON?, at path: JSONPath) -> String? {
        guard let node, !isNull(node) else { return nil }
        guard case .string(let text) = node.kind else { mismatch(path, node, "a string"); return nil }
        return text
    }

    private mutating func bool(_ node: LocatedJSON?, at path: JSONPath) -> Bool? {
        guard let node, !isNull(node) else { return nil }
        guard case .bool(let value) = node.kind else { mismatch(path, node, "true or false"); return nil }
        return value
    }

    private mutating func number(_ node: LocatedJSON?, at path: JSONPath) -> Double? {
        guard let node, !isNull(node) else { return nil }
        guard case .number = node.kind else { mismatch(path, node, "a number"); return nil }
        guard let value = Double(text(node)), value.isFinite else {
            problem(.manifestType, path, "the number \(text(node)) is too large", help: "write a number such as 2 or 1.5")
            return nil
        }
        return value
    }

    private mutating func scales(_ node: LocatedJSON?, at path: JSONPath) -> [Double]? {
        guard let node, !isNull(node) else { return nil }
        guard case .array(let items) = node.kind else { mismatch(path, node, "a list of numbers such as [1, 2, 3]"); return nil }
        var values: [Double] = []
        var ok = true
        for (index, item) in items.enumerated() {
            if let value = number(item, at: path.appending(index)) { values.append(value) } else { ok = false }
        }
        return ok ? values : nil
    }

    /// `"exclude"`: folder and file patterns relative to the manifest's folder.
    private mutating func patterns(_ node: LocatedJSON?, at path: JSONPath) -> [String] {
        guard let node, !isNull(node) else { return [] }
        guard case .array(let items) = node.kind else {
            mismatch(path, node, "a list of patterns such as [\"parts/**\"]")
            return []
        }
        var patterns: [String] = []
        for (index, item) in items.enumerated() {
            guard let text = string(item, at: path.appending(index)) else { continue }
            if text.hasPrefix("/") || text.split(separator: "/").contains("..") || text.isEmpty {
                problem(
                    .manifestType, path.appending(index), "the pattern '\(text)' is not inside the manifest's folder", node: item,
                    help: "patterns are relative to the manifest's folder, such as \"parts/**\" or \"icons/*-part\"")
                continue
            }
            patterns.append(text)
        }
        return patterns
    }

    private mutating func parameters(_ node: LocatedJSON?, at path: JSONPath) -> [String: String] {
        guard let node, !isNull(node) else { return [:] }
        guard case .object(let members) = node.kind else {
            mismatch(path, node, "an object of parameter names and values")
            return [:]
        }
        var values: [String: String] = [:]
        for member in members {
            let at = path.appending(member.key)
            if case .string(let text) = member.value.kind {
                values[member.key] = text
                continue
            }
            let help: String
            switch member.value.kind {
            case .number, .bool:
                help = "parameter values are strings, parsed like --set NAME=VALUE: write \"\(member.key)\": \"\(text(member.value))\""
            case .array(let items):
                help =
                    "parameter values are strings, parsed like --set NAME=VALUE; a list is written \"\(member.key)\": \""
                    + items.map { text($0) }.joined(separator: ",") + "\""
            default:
                help = "parameter values are strings, parsed like --set NAME=VALUE"
            }
            problem(.manifestType, at, "expected a string, found \(member.value.description)", node: member.value, help: help)
        }
        return values
    }

    // MARK: problems

    private mutating func checkKeys(_ node: LocatedJSON, at path: JSONPath, allowed: [String]) {
        guard case .object(let members) = node.kind else { return }
        for member in members where !allowed.contains(member.key) {
            let keys = "the keys here are " + allowed.map { "\"\($0)\"" }.joined(separator: ", ")
            let help = Suggestion.didYouMean(member.key, among: allowed).map { "\($0) (\(keys))" } ?? keys
            diagnostics.append(
                .error(
                    .unknownManifestKey, "\(path.appending(member.key)): unknown key \"\(member.key)\"",
                    at: span(member.keySpan), help: help))
        }
    }

    private func isNull(_ node: LocatedJSON) -> Bool {
        if case .null = node.kind { return true }
        return false
    }

    private mutating func mismatch(_ path: JSONPath, _ node: LocatedJSON, _ expected: String) {
        problem(.manifestType, path, "expected \(expected), found \(node.description)", node: node)
    }

    private mutating func problem(
        _ code: DiagnosticCode, _ path: JSONPath, _ message: String, node: LocatedJSON? = nil,
        help: String? = nil
    ) {
        let range = node?.span ?? document.nearest(path).span
        diagnostics.append(.error(code, "\(path): \(message)", at: span(range), help: help))
    }

    private func text(_ node: LocatedJSON) -> String { String(decoding: bytes[node.span], as: UTF8.self) }

    private func span(_ range: Range<Int>) -> SourceSpan { SourceSpan(file: file, start: range.lowerBound, end: range.upperBound) }
}
