import Foundation
import SceneSource
import Testing

/// Spans are stored in 32 bits (see `SourceSpan`): they read, code and compare as the `Int`s
/// they were made from.
struct SourceSpanLayoutTests {
    @Test func aSpanTakesTwelveBytes() {
        #expect(MemoryLayout<SourceSpan>.size == 12)
    }

    @Test func aSpanReadsBackItsNumbers() throws {
        let span = SourceSpan(file: FileID(3), start: 1_000_000, end: Int(Int32.max))
        #expect(span.file == FileID(3) && span.start == 1_000_000 && span.end == Int(Int32.max) && span.length == Int(Int32.max) - 1_000_000)
        let data = try JSONEncoder().encode(span)
        #expect(try JSONDecoder().decode(SourceSpan.self, from: data) == span)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Int]
        #expect(object == ["file": 3, "start": 1_000_000, "end": Int(Int32.max)])
    }

    /// Past 32 bits (only ever given by hand) a number is clamped, and a span still never reversed.
    @Test func aNumberPast32BitsIsClamped() {
        let span = SourceSpan(file: FileID(0), start: Int(Int32.max) + 5, end: 3)
        #expect(span.start == Int(Int32.max) && span.end == Int(Int32.max))
        #expect(SourceSpan(file: FileID(0), start: -1, end: 2).start == -1)
    }
}
