/// File names for variants' images and the section anchors of the page: made only of ASCII
/// letters, digits, `-`, `_` and `.` (never leading), at most 80 characters, and unique even where
/// the file system ignores case (`Counter` and `counter` get `Counter` and `counter-2`).
struct SafeNames {
    private(set) var names: [String: String] = [:]
    private var taken: Set<String> = []

    static let maxLength = 80

    init(_ variants: [String]) {
        for name in variants where names[name] == nil {
            let base = Self.safe(name)
            var candidate = base, n = 1
            while taken.contains(candidate.lowercased()) {
                n += 1
                candidate = base + "-\(n)"
            }
            taken.insert(candidate.lowercased())
            names[name] = candidate
        }
    }

    subscript(name: String) -> String { names[name] ?? Self.safe(name) }

    static func safe(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars.prefix(maxLength) {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_": out.unicodeScalars.append(scalar)
            case ".": out += out.isEmpty ? "_" : "."
            default: out += "_"
            }
        }
        return out.isEmpty ? "variant" : out
    }
}

/// The pixel size a PNG's header gives, or nil when the bytes are not a PNG.
func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
    func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    let width = word(16), height = word(20)
    return width > 0 && height > 0 ? (width, height) : nil
}
