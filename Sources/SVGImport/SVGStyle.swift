/// The properties of SVG elements after the cascade: presentation attributes, then the rules of
/// `<style>` sheets, then `style="…"`, each overriding the one before; inherited properties come
/// from the parent when an element does not set them (or says `inherit`).
struct SVGStyle {
    /// The properties the importer reads, and whether each is inherited.
    static let inherited: Set<String> = [
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
        "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "color", "visibility",
        "clip-rule", "marker-start", "marker-mid", "marker-end", "paint-order",
    ]
    static let notInherited: Set<String> = [
        "opacity", "display", "clip-path", "mask", "filter", "stop-color", "stop-opacity", "overflow", "mix-blend-mode",
        "vector-effect", "marker", "mask-type",
    ]
    static let known: Set<String> = inherited.union(notInherited)

    var values: [String: String]

    /// SVG's initial values, as the root's parent.
    static let initial = SVGStyle(values: [
        "fill": "black", "fill-opacity": "1", "fill-rule": "nonzero", "stroke": "none", "stroke-width": "1",
        "stroke-linecap": "butt", "stroke-linejoin": "miter", "stroke-miterlimit": "4", "stroke-dasharray": "none",
        "stroke-dashoffset": "0", "stroke-opacity": "1", "color": "black", "visibility": "visible", "clip-rule": "nonzero",
    ])

    subscript(_ name: String) -> String? { values[name] }

    /// The style of `element` under `parent`. `sheet` gives the declarations its rules match.
    static func computed(_ element: SVGElement, parent: SVGStyle, sheet: StyleSheet) -> SVGStyle {
        var specified: [String: String] = [:]
        for name in known { if let v = element.attributes[name] { specified[name] = v } }
        for (name, value) in sheet.declarations(for: element) { specified[name] = value }
        if let style = element["style"] {
            for (name, value) in declarations(style) { specified[name] = value }
        }
        var values: [String: String] = [:]
        for name in inherited { values[name] = parent.values[name] }
        // `marker` sets the three marker properties.
        if let all = specified.removeValue(forKey: "marker") {
            for name in ["marker-start", "marker-mid", "marker-end"] where specified[name] == nil { specified[name] = all }
        }
        for (name, raw) in specified {
            let value = raw.trimmed(" \t\r\n")
            if value == "inherit" { values[name] = parent.values[name]; continue }
            values[name] = value
        }
        // currentColor is resolved where it is used (a color parameter), from the inherited `color`.
        return SVGStyle(values: values)
    }

    /// `name: value; …` of a style attribute or a rule's body, in order; `!important` dropped.
    static func declarations(_ text: String) -> [(String, String)] {
        var result: [(String, String)] = []
        for part in text.split(separator: ";") {
            guard let colon = part.firstIndex(of: ":") else { continue }
            let name = part[part.startIndex..<colon].trimmed(" \t\r\n").lowercased()
            var value = part[part.index(after: colon)...].trimmed(" \t\r\n")
            if value.hasSuffix("!important") { value = String(value.dropLast(10)).trimmed(" \t") }
            if !name.isEmpty { result.append((name, value)) }
        }
        return result
    }
}

/// The rules of a file's `<style>` sheets that the importer understands: simple selectors
/// (`.class`, `tag`, `#id`, `tag.class`, `*`, comma lists). Other rules are reported, not guessed.
struct StyleSheet {
    struct Selector {
        var tag: String?
        var id: String?
        var classes: [String]
        var specificity: Int { (id == nil ? 0 : 100) + classes.count * 10 + (tag == nil ? 0 : 1) }

        func matches(_ element: SVGElement) -> Bool {
            if let tag, tag != element.name { return false }
            if let id, id != element["id"] { return false }
            if !classes.isEmpty {
                let have = Set((element["class"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init))
                if !classes.allSatisfy(have.contains) { return false }
            }
            return true
        }
    }

    struct Rule {
        var selector: Selector
        var order: Int
        var declarations: [(String, String)]
    }

    var rules: [Rule] = []
    /// Selectors left out, as written.
    var unsupported: [String] = []

    init() {}

    init(_ css: String) {
        // Comments out.
        var kept: [UInt8] = []
        let bytes = Array(css.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i < bytes.count, !(bytes[i] == UInt8(ascii: "*") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i += 2
                continue
            }
            kept.append(bytes[i])
            i += 1
        }
        let text = String(decoding: kept, as: UTF8.self)
        var order = 0
        var rest = Substring(text)
        while true {
            // At-rules (@import of another file, @media, @font-face) are reported, never followed.
            let head = rest.drop(while: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            if head.first == "@" {
                let statementEnd = head.firstIndex(where: { $0 == ";" || $0 == "{" }) ?? head.endIndex
                unsupported.append(String(head[head.startIndex..<statementEnd]).trimmed(" \t\r\n"))
                if statementEnd == head.endIndex { break }
                if head[statementEnd] == ";" { rest = head[head.index(after: statementEnd)...]; continue }
                // A block: skip to its matching brace.
                var depth = 0
                var index = statementEnd
                while index < head.endIndex {
                    if head[index] == "{" { depth += 1 } else if head[index] == "}" { depth -= 1; if depth == 0 { break } }
                    index = head.index(after: index)
                }
                rest = index < head.endIndex ? head[head.index(after: index)...] : head[head.endIndex...]
                continue
            }
            guard let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") else { break }
            let selectors = rest[rest.startIndex..<open]
            let body = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            let declarations = SVGStyle.declarations(body)
            for raw in selectors.split(separator: ",") {
                let written = raw.trimmed(" \t\r\n")
                if written.isEmpty { continue }
                guard let selector = Self.parse(written) else { unsupported.append(written); continue }
                rules.append(Rule(selector: selector, order: order, declarations: declarations))
                order += 1
            }
        }
    }

    private static func parse(_ text: String) -> Selector? {
        if text == "*" { return Selector(tag: nil, id: nil, classes: []) }
        var selector = Selector(tag: nil, id: nil, classes: [])
        var current = ""
        var kind: Character = "t"
        func flush() -> Bool {
            if current.isEmpty { return kind == "t" }
            switch kind {
            case "t": selector.tag = current
            case ".": selector.classes.append(current)
            default: if selector.id != nil { return false }; selector.id = current
            }
            current = ""
            return true
        }
        for c in text {
            if c == "." || c == "#" {
                guard flush() else { return nil }
                kind = c
            } else if c.isLetter || c.isNumber || c == "-" || c == "_" {
                current.append(c)
            } else {
                return nil // combinators, attribute selectors, pseudo-classes
            }
        }
        guard flush() else { return nil }
        return selector
    }

    mutating func append(_ other: StyleSheet) {
        let base = rules.count
        rules += other.rules.map { Rule(selector: $0.selector, order: $0.order + base, declarations: $0.declarations) }
        unsupported += other.unsupported
    }

    /// The declarations that apply to `element`, weakest first (specificity, then order).
    func declarations(for element: SVGElement) -> [(String, String)] {
        guard !rules.isEmpty else { return [] }
        return rules.filter { $0.selector.matches(element) }
            .sorted { ($0.selector.specificity, $0.order) < ($1.selector.specificity, $1.order) }
            .flatMap(\.declarations)
    }
}
