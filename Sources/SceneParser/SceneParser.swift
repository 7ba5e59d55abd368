import SceneSource
import SceneSyntax

/// Limits that keep a hostile or broken file from costing much.
public struct ParserLimits: Sendable, Hashable, Codable {
    /// The deepest element nesting accepted (the root element is depth 1).
    public var maxDepth = 64
    /// The largest file accepted, in bytes. 1 MiB: memory grows with what a file holds (a list
    /// literal of 8 MiB peaked at 838 MB; the worst 1 MiB scenes measured peak at about 140 MB).
    public var maxBytes = 1 << 20
    /// The scene and all the component files it places, together, in bytes: what is held in memory
    /// at once (each file is also at most `maxBytes`).
    public var maxTotalBytes = 2 << 20
    /// The most attributes on one element, checked before libxml2 reads the file (libxml2 2.9 takes
    /// time quadratic in the attributes of one element: 100 000 of them took 2.5 s).
    public var maxAttributes = 256

    public init() {}

    public init(maxDepth: Int, maxBytes: Int) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
    }
}

/// The XML stage: scene file bytes → located elements, as the `Element` tree (`parse`) or reported
/// one by one to a consumer (`read`: the compiler's checker, which needs no tree of them).
///
/// libxml2 checks well-formedness through its SAX2 interface (no libxml DOM is built, no DTD is
/// accepted, no entity is ever declared or expanded); positions come from our own copy of the bytes,
/// so every element, attribute and byte inside an attribute value has an exact span.
public enum SceneParser {
    /// Parses one scene file into its located element tree. `root` is nil when the document could not be read.
    /// Never crashes, never prints.
    ///
    /// When `root` is not nil the diagnostics may still hold errors (text content, namespace prefixes,
    /// nesting too deep, a non-UTF-8 encoding declaration); the tree then leaves out what was refused.
    ///
    /// `fileSize` is the size of the file on disk when `file` holds only its beginning (a caller that
    /// refuses to read past the limit); `Int.max` means "larger than the bytes given, size unknown".
    public static func parse(_ file: SourceFile, id: FileID, limits: ParserLimits = .init(), fileSize: Int? = nil)
        -> (root: Element?, diagnostics: [Diagnostic])
    {
        let tree = ElementTreeBuilder()
        let (parsed, diagnostics) = read(file, id: id, limits: limits, fileSize: fileSize, into: tree)
        return (parsed ? tree.root : nil, diagnostics)
    }

    /// Parses one scene file, reporting its located elements to `handler` as they are read: the
    /// elements `parse` would put in the tree, in document order. `parsed` is false when the document
    /// could not be read (where `parse` returns no tree): then what `handler` was told must be
    /// thrown away, and the diagnostics say why. The diagnostics are `parse`'s, in source order.
    public static func read(
        _ file: SourceFile, id: FileID, limits: ParserLimits = .init(), fileSize: Int? = nil,
        into handler: some LocatedElementHandler
    ) -> (parsed: Bool, diagnostics: [Diagnostic]) {
        let precheck = Prechecks.run(file, id: id, limits: limits, fileSize: fileSize)
        if precheck.fatal {
            return (false, precheck.diagnostics)
        }
        return file.bytes.withUnsafeBufferPointer { buffer in
            let builder = TreeBuilder(file: file, id: id, limits: limits, bytes: buffer, handler: handler)
            LibXML2Reader.parse(buffer, into: builder)
            var diagnostics = precheck.diagnostics + builder.diagnostics
            let parsed = !builder.failed && builder.rootClosed
            if !parsed, !diagnostics.contains(where: { $0.severity == .error }) {
                // Defensive: a document not read must always come with a reason.
                diagnostics.append(
                    .error(
                        .malformedXML, "the file could not be read as XML; check that it is a scene file",
                        at: SourceSpan(file: id, start: 0, end: 0)))
            }
            // Diagnostics in source order (stable for equal positions).
            let ordered = diagnostics.enumerated().sorted {
                ($0.element.span.start, $0.offset) < ($1.element.span.start, $1.offset)
            }.map(\.element)
            return (parsed, ordered)
        }
    }
}
