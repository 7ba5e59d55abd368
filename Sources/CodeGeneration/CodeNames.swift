import SceneEvaluator

/// The spellings every generator shares: type names from file names, identifiers escaped where
/// the language reserves them, numbers that read back as the same Double.
public enum CodeNames {
    /// `push-button.scene` → `PushButton`: the file's name without the extension, in UpperCamelCase.
    public static func upperCamel(fileName: String) -> String {
        var base = fileName.split(separator: "/").last.map(String.init) ?? fileName
        if base.hasSuffix(".scene") { base.removeLast(".scene".count) }
        let words = base.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
        var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.isEmpty || name.first!.isNumber { name = "Scene" + name }
        return name
    }

    /// A scene name as an identifier: letters, digits and `_` kept (scene names are ASCII
    /// identifiers or Greek letters, which Swift and Kotlin accept), `keywords` in backticks.
    public static func identifier(_ name: String, keywords: Set<String>) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A Double as a Swift or Kotlin literal that reads back as the same Double (Swift's shortest
    /// round trip, with `.0` where it would read as a whole number).
    public static func doubleLiteral(_ v: Double) -> String {
        let text = "\(v)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    /// A parameter's declared range as its documentation comment says it: `From 0.0 to 8.0`.
    public static func rangeText(_ p: ParameterDeclaration) -> String? {
        switch (p.minimum, p.maximum) {
        case let (lo?, hi?): return "From \(doubleLiteral(lo)) to \(doubleLiteral(hi))"
        case let (lo?, nil): return "At least \(doubleLiteral(lo))"
        case let (nil, hi?): return "At most \(doubleLiteral(hi))"
        default: return nil
        }
    }
}
