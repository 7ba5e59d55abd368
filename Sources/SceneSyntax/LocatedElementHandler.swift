import SceneSource

/// A start tag as the parser located it: the element's name, where it is, and its attributes
/// (decoded and located, in the order written, less the ones the parser refused).
public struct LocatedStartTag: Sendable {
    public let name: String
    /// The element name right after `<`.
    public let nameSpan: SourceSpan
    /// From `<` to the end of the start tag (`>` or `/>`).
    public let startTagSpan: SourceSpan
    public let attributes: [Attribute]

    public init(name: String, nameSpan: SourceSpan, startTagSpan: SourceSpan, attributes: [Attribute]) {
        self.name = name
        self.nameSpan = nameSpan
        self.startTagSpan = startTagSpan
        self.attributes = attributes
    }

    public func attribute(_ name: String) -> Attribute? {
        let length = name.utf8.count // lengths first, as in `AttributeTable`
        return attributes.first { $0.name.utf8.count == length && $0.name == name }
    }
}

/// Receives a scene file's located elements in document order, as the parser reads them: each
/// start tag, then its children, then its end. Two consumers read the parser's one stream: the
/// `Element` tree's builder (the parser's dumps) and `SceneChecker`, which builds the checked tree
/// without an `Element` tree in between.
///
/// Elements the parser leaves out of the tree (nested too deep) are not reported; once the parse
/// has failed nothing more is, and what was reported must be thrown away.
public protocol LocatedElementHandler: AnyObject {
    func startElement(_ tag: LocatedStartTag)
    /// The end of the innermost open element. `text`: the content between its tags when it has no
    /// child element and the content is text (only a `<text>` is given any); `textRefused`: the
    /// parser refused that content (a comment or CDATA section in a `<text>`) and reported it.
    func endElement(text: Attribute?, textRefused: Bool)
}
