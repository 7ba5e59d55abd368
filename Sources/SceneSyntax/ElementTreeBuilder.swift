import SceneSource

extension Element {
    /// Reports this tree to `handler` as the parser reported it: how a tree made in memory is checked.
    public func report(to handler: some LocatedElementHandler) {
        handler.startElement(LocatedStartTag(name: name, nameSpan: nameSpan, startTagSpan: startTagSpan, attributes: attributes))
        for child in children { child.report(to: handler) }
        handler.endElement(text: text, textRefused: textRefused)
    }
}

/// Builds the located `Element` tree from the parser's stream.
public final class ElementTreeBuilder: LocatedElementHandler {
    private struct Frame {
        let tag: LocatedStartTag
        var children: [Element] = []
    }

    private var stack: [Frame] = []
    /// The last root element closed.
    public private(set) var root: Element?

    public init() {}

    public func startElement(_ tag: LocatedStartTag) { stack.append(Frame(tag: tag)) }

    public func endElement(text: Attribute?, textRefused: Bool) {
        guard let frame = stack.popLast() else { return }
        let element = Element(
            name: frame.tag.name, nameSpan: frame.tag.nameSpan, startTagSpan: frame.tag.startTagSpan,
            attributes: frame.tag.attributes, children: frame.children, text: text, textRefused: textRefused)
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }
}
