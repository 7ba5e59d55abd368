import SceneSource
import SceneVocabulary

/// Checks a scene's located elements against the schema and parses every expression, collecting
/// all problems instead of stopping at the first. Produces the checked tree the evaluator runs.
///
/// It reads the elements as the parser reports them (`LocatedElementHandler`), so the compiler
/// builds no `Element` tree: what an element's checks need from above (its block context, the
/// layout it stands in, its place among its siblings) is kept on a stack at its start tag, and its
/// `Node` is made at its end tag from the start tag's attributes, its text and its already checked
/// children. The diagnostics come in the order of a walk of the tree: an element's own (start tag,
/// then text), its children's, then those that need all of its children (a `<clip>`'s shape, a
/// `<path>`'s data, an `<else>` without its `<if>`).
public final class SceneChecker: LocatedElementHandler {
    /// An open element being checked: its attributes checked at its start tag, its children as
    /// they end.
    struct Frame {
        let kind: ElementKind
        let nameSpan: SourceSpan
        let context: BlockContext
        let expressions: AttributeTable<Expr>
        let words: AttributeTable<Word>
        let arguments: [Argument]
        /// The context its children are checked in; nil when it takes no child elements.
        let childContext: BlockContext?
        /// The layout parent of the element itself, restored at its end.
        let enclosingLayout: ElementKind?
        /// Its child elements so far, checked or not (a `<shape>` must be the first).
        var childCount = 0
        /// The name of its first child element and where it is.
        var firstChild: (name: String, nameSpan: SourceSpan)?
        /// Its checked children, the `<if>`s with their alternatives.
        var nodes: [Node] = []
        /// The `<if>` whose `<elseif>`s and `<else>` may follow.
        var openIf: (node: Node, alternatives: [Node])?
        var previousWasElse = false

        /// Adds the pending `<if>` with its alternatives to the children.
        mutating func flush() {
            guard let pending = openIf else { return }
            nodes.append(
                Node(
                    kind: pending.node.kind, span: pending.node.span, context: pending.node.context,
                    expressions: pending.node.expressions, words: pending.node.words,
                    children: pending.node.children, alternatives: pending.alternatives,
                    arguments: pending.node.arguments, text: pending.node.text))
            openIf = nil
        }
    }

    // The state below is read and written only by the checker's own methods, one parser event at a
    // time, never while another access to it is under way: `@exclusivity(unchecked)` spares every
    // access the run-time exclusivity check a class property otherwise gets (several per element).
    let file: FileID
    @exclusivity(unchecked) var diagnostics: [Diagnostic] = []
    /// Problems found after `maxDiagnostics` were kept: counted, not built.
    @exclusivity(unchecked) var suppressed = 0
    /// The `<row>` or `<column>` whose body is being checked (through its `<if>`s and `<for>`s):
    /// its children are checked by `LayoutChecking`.
    @exclusivity(unchecked) var layoutParent: ElementKind?
    /// The elements open from the root, each being checked.
    @exclusivity(unchecked) var frames: [Frame] = []
    /// Open elements whose content is not checked (an unknown or misplaced element, the children
    /// of one that takes none, everything under a wrong root), counted from the outermost.
    @exclusivity(unchecked) private var ignoredDepth = 0
    /// The root element, once it has ended.
    private var root: Node?
    /// A root that is not `<scene>`: the one problem reported.
    private var wrongRoot: Diagnostic?

    /// The most diagnostics the checker keeps; the last one kept says how many more there were.
    /// (A file of a hundred thousand unknown elements must not cost a hundred thousand suggestions.)
    public static let maxDiagnostics = 100

    /// A checker for the elements of `file`: hand it to `SceneParser.read`, then ask `finish()`.
    public init(file: FileID) { self.file = file }

    /// Checks a tree made in memory (or by `SceneParser.parse`).
    public static func check(_ root: Element, file: FileID) -> (scene: CheckedScene?, diagnostics: [Diagnostic]) {
        let checker = SceneChecker(file: file)
        root.report(to: checker)
        return checker.finish()
    }

    /// The checked scene, nil when there were errors, and every problem found. Asked once the
    /// parser has read the whole document (a root element ended).
    public func finish() -> (scene: CheckedScene?, diagnostics: [Diagnostic]) {
        if let wrongRoot { return (nil, [wrongRoot]) }
        guard let root else { return (nil, diagnostics) }
        checkComponentNames(root)
        let scene = diagnostics.isEmpty ? CheckedScene(root: root, file: file) : nil
        var diagnostics = diagnostics
        if suppressed > 0 {
            diagnostics[diagnostics.count - 1].notes.append(.init("\(suppressed) more problems are not shown; fix these first"))
        }
        return (scene, diagnostics)
    }

    // MARK: The parser's elements

    public func startElement(_ tag: LocatedStartTag) {
        if ignoredDepth > 0 {
            ignoredDepth += 1
            return
        }
        guard let parent = frames.indices.last else {
            startRoot(tag)
            return
        }
        let position = frames[parent].childCount
        frames[parent].childCount += 1
        if position == 0 { frames[parent].firstChild = (tag.name, tag.nameSpan) }
        guard let context = frames[parent].childContext else {
            let kind = frames[parent].kind
            if position == 0 {
                report(
                    .error(
                        .unexpectedChildren, "<\(kind.rawValue)> takes no child elements", at: tag.nameSpan,
                        help: "close it with '/>' and move <\(tag.name)> after it"))
            }
            ignoredDepth = 1
            return
        }
        guard let kind = placedKind(of: tag, at: position, in: parent, context: context) else {
            ignoredDepth = 1
            return
        }
        open(tag, kind: kind, context: context)
    }

    public func endElement(text: Attribute?, textRefused: Bool) {
        if ignoredDepth > 0 {
            ignoredDepth -= 1
            return
        }
        guard var frame = frames.popLast() else { return }
        layoutParent = frame.enclosingLayout
        let node = close(&frame, text: text, textRefused: textRefused)
        guard let parent = frames.indices.last else {
            root = node
            return
        }
        switch node.kind {
        case .elseif, .else:
            if frames[parent].openIf == nil || frames[parent].previousWasElse {
                report(.error(.elseWithoutIf, "<\(node.kind.rawValue)> must follow an <if> or <elseif>", at: node.span))
            } else {
                frames[parent].openIf!.alternatives.append(node)
                frames[parent].previousWasElse = node.kind == .else
            }
        case .if:
            frames[parent].flush()
            frames[parent].openIf = (node, [])
            frames[parent].previousWasElse = false
        default:
            frames[parent].flush()
            frames[parent].nodes.append(node)
        }
    }

    /// The root element: a `<scene>`, or the one problem reported. (A document has one root; a
    /// second would start over, as a tree holds only the last.)
    private func startRoot(_ tag: LocatedStartTag) {
        diagnostics = []
        suppressed = 0
        layoutParent = nil
        root = nil
        wrongRoot = nil
        guard tag.name == ElementKind.scene.rawValue else {
            let help =
                Suggestion.closest(to: tag.name, among: ["scene"]) != nil
                ? "did you mean 'scene'?"
                : ForeignNames.elements[tag.name]?.ours == "scene"
                    ? ForeignNames.elementHelp(tag.name)! + "; a scene file starts with <scene width=\"…\" height=\"…\">"
                    : "a scene file starts with <scene width=\"…\" height=\"…\">"
            wrongRoot = .error(.wrongRoot, "the root element must be <scene>, not <\(tag.name)>", at: tag.nameSpan, help: help)
            ignoredDepth = 1
            return
        }
        open(tag, kind: .scene, context: .drawing)
    }

    /// The checks of an element that need its text or all of its children, and its `Node`.
    private func close(_ frame: inout Frame, text content: Attribute?, textRefused: Bool) -> Node {
        let kind = frame.kind
        var text: TextTemplate?
        if Schema.spec(kind).hasTextContent {
            if let content {
                switch TextTemplateParser.parse(content) {
                case .success(let template) where !template.pieces.isEmpty: text = template
                case .success:
                    report(.error(.emptyText, "<text> is empty", at: content.valueSpan, help: "write the text between <text …> and </text>"))
                case .failure(let diagnostic): report(diagnostic)
                }
            } else if frame.childCount == 0, !textRefused {
                // (Refused content was reported as such: one mistake, one error.)
                report(
                    .error(
                        .emptyText, "<text> needs content", at: frame.nameSpan,
                        help: "write the text between the tags: <text x=\"10\" y=\"20\">Average: {average}</text>"))
            }
        } else if let content {
            report(.error(.unexpectedText, "unexpected text; only <text> has text content", at: content.valueSpan))
        }
        if frame.childContext != nil {
            frame.flush()
            checkFirstChild(of: frame)
        }
        var pathData: PathData?, interpolatedPathData: InterpolatedPathData<Expr>?
        if kind == .path, let d = frame.words[.d] {
            // One source of geometry per <path>: mixing the two would leave the reader guessing
            // which comes first, and a pasted icon is complete on its own.
            if let first = frame.firstChild {
                report(
                    .error(
                        .unexpectedChildren, "a <path> with d=\"…\" takes no child elements", at: first.nameSpan,
                        help: "write the path either in d or as child elements (<move>, <line>, …), not both"))
            }
            switch PathDataParser.parseInterpolated(d.attribute) {
            case .success(.constant(let data)): pathData = data
            case .success(.interpolated(let data)): interpolatedPathData = data
            case .failure(let diagnostic): report(diagnostic)
            }
        }
        return Node(
            kind: kind, span: frame.nameSpan, context: frame.context, expressions: frame.expressions, words: frame.words,
            children: frame.nodes, alternatives: [], arguments: frame.arguments, text: text, pathData: pathData,
            interpolatedPathData: interpolatedPathData)
    }

    // MARK: Reporting

    /// True once `maxDiagnostics` are kept: the caller counts the problem instead of describing it.
    func full() -> Bool {
        guard diagnostics.count >= SceneChecker.maxDiagnostics else { return false }
        suppressed += 1
        return true
    }

    func report(_ diagnostic: Diagnostic) {
        if full() { return }
        diagnostics.append(diagnostic)
    }

    /// Each <component> name is declared once per file.
    private func checkComponentNames(_ root: Node) {
        var seen: [String: SourceSpan] = [:]
        for node in root.children where node.kind == .component {
            guard let name = node.word(.name) else { continue }
            if let first = seen[name.text] {
                report(
                    .error(
                        .duplicateComponent, "component '\(name.text)' is declared twice", at: name.span,
                        notes: [.init("first declared here", at: first)]))
            } else {
                seen[name.text] = name.span
            }
        }
    }

    // MARK: Names

    /// Reserved words cannot be declared as names.
    public static let reservedWords: Set<String> = ["and", "or", "not", "true", "false", "lt", "le", "gt", "ge"]

    public static func isIdentifier(_ text: String) -> Bool {
        // ASCII names (nearly all): for an ASCII scalar, isAlphabetic is exactly A–Z and a–z, so the
        // Unicode property lookups below are not needed to give the same answer.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            func letter(_ b: UInt8) -> Bool { b == UInt8(ascii: "_") || (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
            guard let first = text.utf8.first, letter(first) else { return false }
            return text.utf8.allSatisfy { letter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
        }
        guard let first = text.unicodeScalars.first else { return false }
        let startOK = first == "_" || first.properties.isAlphabetic
        return startOK && text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}

extension String {
    /// Without leading and trailing spaces (only U+0020: attribute values are already normalized).
    public var trimmingSpaces: String {
        // Nearly every value has no space at either end: return it as it is, without a Substring.
        if utf8.first != UInt8(ascii: " ") && utf8.last != UInt8(ascii: " ") { return self }
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
