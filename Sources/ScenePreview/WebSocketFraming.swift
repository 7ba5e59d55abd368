#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The WebSocket wire format (RFC 6455) as far as the event socket needs it: the handshake's
/// accept key, the server's unmasked frames, and the header of a client's frame, read before its
/// payload so that a frame longer than `maximumPayload` is refused (close 1009) instead of held.
/// The page sends nothing but control frames, so the bound is small.
public enum WebSocketFraming {
    /// The longest client frame payload read; control frames are 125 bytes at most anyway.
    public static let maximumPayload = 4096

    public enum Opcode: UInt8, Sendable {
        case continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA
        public var isControl: Bool { rawValue & 0x8 != 0 }
    }

    /// `Sec-WebSocket-Accept` for a request's `Sec-WebSocket-Key`.
    public static func acceptKey(_ key: String) -> String {
        Data(SHA1.hash(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// One whole server frame (servers never mask).
    public static func frame(_ opcode: Opcode, _ payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0x80 | opcode.rawValue]
        switch payload.count {
        case ..<126: bytes.append(UInt8(payload.count))
        case ..<65536: bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            bytes.append(127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64(shift))) }
        }
        return bytes + payload
    }

    /// A close frame with its status code (1001 going away, 1002 protocol error, 1009 too big).
    public static func close(_ code: UInt16, _ reason: String) -> [UInt8] {
        frame(.close, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(120)))
    }

    /// A client frame's header.
    public struct Header: Sendable, Equatable {
        public var fin: Bool
        /// Nil for an opcode RFC 6455 does not define.
        public var opcode: Opcode?
        /// The masking key; every client frame must have one.
        public var mask: [UInt8]?
        /// The payload's declared length (up to 2⁶³ − 1: never allocated before it is checked).
        public var length: UInt64
        /// The header's own size in bytes.
        public var size: Int
    }

    /// The header at the start of `buffer`, or nil when more bytes are needed to know it.
    public static func header(in buffer: ArraySlice<UInt8>) -> Header? {
        let start = buffer.startIndex
        guard buffer.count >= 2 else { return nil }
        let first = buffer[start], second = buffer[start + 1]
        var size = 2
        var length = UInt64(second & 0x7F)
        if length == 126 || length == 127 {
            let extra = length == 126 ? 2 : 8
            guard buffer.count >= size + extra else { return nil }
            length = 0
            for i in 0..<extra { length = length << 8 | UInt64(buffer[start + size + i]) }
            size += extra
        }
        var mask: [UInt8]?
        if second & 0x80 != 0 {
            guard buffer.count >= size + 4 else { return nil }
            mask = Array(buffer[(start + size)..<(start + size + 4)])
            size += 4
        }
        return Header(fin: first & 0x80 != 0, opcode: Opcode(rawValue: first & 0x0F), mask: mask, length: length, size: size)
    }

    /// A client payload with its mask removed.
    public static func unmask(_ payload: ArraySlice<UInt8>, _ mask: [UInt8]) -> [UInt8] {
        payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }
}
