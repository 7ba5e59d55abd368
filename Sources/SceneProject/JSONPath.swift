/// A place in a JSON document, written as people read it: `variants[2].parameters.counter`.
/// Every manifest error names one, so it can be found even where no line is known.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) { self.components = components }

    public func appending(_ component: Component) -> JSONPath { JSONPath(components + [component]) }
    public func appending(_ key: String) -> JSONPath { appending(.key(key)) }
    public func appending(_ index: Int) -> JSONPath { appending(.index(index)) }

    public var description: String {
        var out = ""
        for component in components {
            switch component {
            case .index(let i): out += "[\(i)]"
            case .key(let k):
                // A key that reads like an identifier is written .key; others (a digit first, a space) ["key"].
                let plain =
                    !k.isEmpty && !(k.first!.isNumber)
                    && k.unicodeScalars.allSatisfy {
                        ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" || $0 == "-"
                    }
                if plain {
                    out += out.isEmpty ? k : "." + k
                } else {
                    out += "[\"" + k.replacingQuotes() + "\"]"
                }
            }
        }
        return out.isEmpty ? "(the top level)" : out
    }

    /// The path of a decoding error's coding path. JSONDecoder's keys are ambiguous on their own
    /// (a dictionary key "2" has an integer value too), so the document's shape decides which
    /// components are list indices and which are keys.
    public init(codingPath: [any CodingKey], in document: LocatedJSON) {
        var components: [Component] = []
        var node: LocatedJSON? = document
        for key in codingPath {
            if case .array(let items)? = node?.kind, let index = key.intValue {
                components.append(.index(index))
                node = index >= 0 && index < items.count ? items[index] : nil
            } else {
                components.append(.key(key.stringValue))
                node = node?.member(key.stringValue)?.value
            }
        }
        self.components = components
    }
}

extension LocatedJSON {
    /// The value at a path, and the span of its key when it is an object member.
    public func locate(_ path: JSONPath) -> (value: LocatedJSON, keySpan: Range<Int>?)? {
        var node = self
        var keySpan: Range<Int>? = nil
        for component in path.components {
            switch (component, node.kind) {
            case (.index(let i), .array(let items)) where i >= 0 && i < items.count:
                node = items[i]
                keySpan = nil
            case (.key(let k), .object):
                guard let member = node.member(k) else { return nil }
                node = member.value
                keySpan = member.keySpan
            default:
                return nil
            }
        }
        return (node, keySpan)
    }

    /// The deepest value along a path that exists: where to point when the path itself does not
    /// (a missing key is reported at the object that lacks it).
    public func nearest(_ path: JSONPath) -> LocatedJSON {
        var length = path.components.count
        while length > 0 {
            if let found = locate(JSONPath(Array(path.components.prefix(length)))) { return found.value }
            length -= 1
        }
        return self
    }
}

private extension String {
    func replacingQuotes() -> String {
        var out = ""
        for c in self { out += c == "\"" ? "\\\"" : String(c) }
        return out
    }
}
