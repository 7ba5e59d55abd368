/// Why PNG bytes could not be read as an image. Separate from `RasterError`, whose kinds are about
/// making an image from a scene: these are about a file someone gave (a reference snapshot, an
/// old render), and the front end turns them into advice about that file.
public struct PNGDecodingError: Error, Sendable, CustomStringConvertible, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The bytes do not start with the PNG signature.
        case notPNG
        /// The bytes end before the image (or its closing IEND chunk) does.
        case truncated
        /// libpng refused the data: a bad checksum, a bad header, broken compressed data.
        case corrupt
        /// Width × height is over the pixel budget (`PNGCodec.decode`'s `maxPixels`).
        case tooLarge
        /// Memory ran out in libpng.
        case outOfMemory
    }

    public let kind: Kind
    public let message: String
    public var description: String { message }

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
