/// Identifies a source file within one compilation (a scene and, later, the components it uses).
/// Encoded as its bare index.
public struct FileID: Hashable, Sendable, Comparable, Codable {
    public let index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (a: FileID, b: FileID) -> Bool { a.index < b.index }

    public init(from decoder: Decoder) throws {
        index = try decoder.singleValueContainer().decode(Int.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(index)
    }
}

/// A byte range in one source file. Every syntax node, every expression and every display-list
/// operation carries one, so that errors, the inspector and review diffs can point at the text
/// that produced them.
///
/// Stored in 32 bits each: 12 bytes where three `Int`s took 24, and a display list holds one per
/// shape (a `Fill` fits a 128-byte heap block instead of 144: 16 MB of a million rectangles). No
/// parsed file exceeds `Int32.max` bytes (`Prechecks` caps `maxBytes` there) and a compilation
/// has a handful of files; a value past 32 bits, given by hand, is clamped.
public struct SourceSpan: Hashable, Sendable, Codable {
    private let fileIndex: Int32
    private let startOffset: Int32
    private let endOffset: Int32

    public var file: FileID { FileID(Int(fileIndex)) }
    public var start: Int { Int(startOffset) }
    public var end: Int { Int(endOffset) }

    public init(file: FileID, start: Int, end: Int) {
        self.fileIndex = Int32(clamping: file.index)
        self.startOffset = Int32(clamping: start)
        self.endOffset = Int32(clamping: max(start, end))
    }

    private enum CodingKeys: String, CodingKey { case file, start, end }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
    }

    /// Through `init(file:start:end:)`, so a decoded span is never reversed.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try container.decode(FileID.self, forKey: .file), start: try container.decode(Int.self, forKey: .start),
            end: try container.decode(Int.self, forKey: .end))
    }

    /// A span covering both.
    public func merged(with other: SourceSpan) -> SourceSpan {
        SourceSpan(file: file, start: min(start, other.start), end: max(end, other.end))
    }

    public var length: Int { end - start }
}

/// The files of one compilation, so a span can be resolved to a path, line and column.
public struct SourceMap: Sendable {
    public private(set) var files: [SourceFile] = []

    public init() {}

    public init(_ file: SourceFile) { files = [file] }

    @discardableResult
    public mutating func add(_ file: SourceFile) -> FileID {
        files.append(file)
        return FileID(files.count - 1)
    }

    public subscript(id: FileID) -> SourceFile { files[id.index] }

    /// `path:line:col` of a span's start.
    public func describe(_ span: SourceSpan) -> String {
        let file = self[span.file]
        let (line, column) = file.location(of: span.start)
        return "\(file.path):\(line):\(column)"
    }
}
