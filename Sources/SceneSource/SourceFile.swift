/// One source text as the user wrote it, with the index needed to turn byte offsets into
/// line and column numbers when (and only when) a diagnostic is printed.
public struct SourceFile: Sendable {
    /// The path as the user named it; this is what diagnostics print.
    public let path: String
    /// The raw bytes. Offsets everywhere in the pipeline are byte offsets into this array.
    public let bytes: [UInt8]
    /// Byte offset of the first byte of every line.
    private let lineStarts: [Int]
    /// The number of Unicode scalars that start before byte `k << checkpointShift`, for every k: a
    /// column is then found by counting at most 2^checkpointShift bytes, however long the line (a
    /// one-line file with thousands of diagnostics must not take quadratic time).
    private let scalarCheckpoints: [Int]
    private static let checkpointShift = 8

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        var checkpoints: [Int] = []
        checkpoints.reserveCapacity(bytes.count >> Self.checkpointShift + 1)
        var scalars = 0
        let mask = (1 << Self.checkpointShift) - 1
        for (index, byte) in bytes.enumerated() {
            if index & mask == 0 { checkpoints.append(scalars) }
            if byte & 0xC0 != 0x80 { scalars += 1 }
            if byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        }
        if bytes.count & mask == 0 { checkpoints.append(scalars) }
        self.lineStarts = starts
        self.scalarCheckpoints = checkpoints
    }

    /// Unicode scalars starting before byte `offset` (0...bytes.count).
    private func scalarsBefore(_ offset: Int) -> Int {
        let k = offset >> Self.checkpointShift
        var count = scalarCheckpoints[k]
        var index = k << Self.checkpointShift
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// 1-based line and column of a byte offset. Columns count Unicode scalars, so a caret lines up
    /// under the culprit in any UTF-8 terminal; tabs count as one column.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        // Count only bytes that start a scalar (not UTF-8 continuation bytes 10xxxxxx).
        return (low + 1, scalarsBefore(clamped) - scalarsBefore(lineStarts[low]) + 1)
    }

    /// Byte offset of a 1-based line and scalar column (the inverse of `location(of:)`), clamped to
    /// the text. libxml2 reports errors this way.
    public func offset(line: Int, column: Int) -> Int {
        guard line >= 1 else { return 0 }
        guard line <= lineStarts.count else { return bytes.count }
        var index = lineStarts[line - 1]
        var remaining = max(0, column - 1)
        while remaining > 0, index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            remaining -= 1
        }
        return index
    }

    /// The text of the 1-based line, without its line break.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    public var lineCount: Int { lineStarts.count }
}
