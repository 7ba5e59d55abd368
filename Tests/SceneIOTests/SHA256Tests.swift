import Foundation
import SceneIO
import Testing

/// The build cache's digest: FIPS 180-4's test vectors, every length around the block boundary
/// against `sha256sum`, and input fed in pieces.
struct SHA256Tests {
    @Test func standardVectors() {
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func lengthsAroundTheBlockBoundaryAgreeWithSha256sum() throws {
        let tool = ["/usr/bin/sha256sum", "/bin/sha256sum"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let path = try #require(tool, "sha256sum (coreutils) is not installed")
        for length in [1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(Data(bytes))
            try input.fileHandleForWriting.close()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(SHA256.hex(bytes) == String(text.prefix(64)), "length \(length)")
            // The same bytes fed in uneven pieces.
            var hash = SHA256()
            var rest = bytes[...]
            var piece = 1
            while !rest.isEmpty {
                hash.update(rest.prefix(piece))
                rest = rest.dropFirst(piece)
                piece = piece * 3 + 1
            }
            #expect(hash.hexDigest() == String(text.prefix(64)), "length \(length) in pieces")
        }
    }
}
