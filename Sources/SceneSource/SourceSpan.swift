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
public struct SourceSpan: Hashable, Sendable, Codable {
    public let file: FileID
    public let start: Int
    public let end: Int

    public init(file: FileID, start: Int, end: Int) {
        self.file = file
        self.start = start
        self.end = max(start, end)
    }

    private enum CodingKeys: String, CodingKey { case file, start, end }

    /// Through `init(file:start:end:)`, so a decoded span is never reversed.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(file: try container.decode(FileID.self, forKey: .file), start: try container.decode(Int.self, forKey: .start),
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
