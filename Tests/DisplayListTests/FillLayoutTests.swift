import DisplayList
import SceneSource
import Testing

/// A display list holds one `Fill` per shape, each in a heap block of its own (`DisplayItem` is
/// indirect): its field order keeps it at 104 bytes, 120 with the box's header, so that glibc's
/// malloc gives it a 128-byte block and not one of 144.
struct FillLayoutTests {
    @Test func aFillFitsA128ByteBlock() {
        #expect(MemoryLayout<Fill>.size <= 104)
    }
}
