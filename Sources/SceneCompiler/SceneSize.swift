import DisplayList

/// A canvas size in points: a scene's own, or one that replaces it (`--size`, a manifest's `size`).
public struct SceneSize: Hashable, Sendable, Codable, CustomStringConvertible {
    public let width: Double
    public let height: Double

    /// The largest side a scene may have, as the evaluator enforces for `<scene>`.
    public static let maxSide = 1_000_000.0
    /// The smallest side: the SVG writes 4 decimals, so a smaller side would be written as 0 (an
    /// SVG that draws nothing, and a 0×0 image against the ⌈width × scale⌉ rule).
    public static let minSide = 0.0001

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Parses `WxH` (`300x200`, `100.5X80`): two decimal numbers (no NaN, infinity or hexadecimal),
    /// each from `minSide` to `maxSide`.
    public init(parsing text: String) throws(SizeError) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw SizeError(text: text, reason: nil) }
        var sides: [Double] = []
        for (part, name) in zip(parts, ["width", "height"]) {
            guard let value = DecimalNumber.parse(part) else {
                throw SizeError(text: text, reason: part.isEmpty ? nil : "the \(name) is not a decimal number")
            }
            if value > SceneSize.maxSide { throw SizeError(text: text, reason: "the \(name) is over 1000000 points") }
            if value < SceneSize.minSide { throw SizeError(text: text, reason: "the \(name) is below 0.0001 points") }
            sides.append(value)
        }
        self.init(width: sides[0], height: sides[1])
    }

    /// `300x200`, as it is written on the command line.
    public var description: String {
        "\(NumberFormat.format(width, decimals: 6))x\(NumberFormat.format(height, decimals: 6))"
    }
}

/// A size that is not `WIDTHxHEIGHT` with sides from 0.0001 to 1000000. The caller names where it
/// was written (`--size expects …`, a manifest's `"size"`) and adds `detail`.
public struct SizeError: Error, Sendable, CustomStringConvertible {
    public let text: String
    /// Which side is wrong and how ("the width is below 0.0001 points"), when one is.
    public let reason: String?
    /// What a size looks like.
    public static let expected = "WIDTHxHEIGHT with numbers from 0.0001 to 1000000, such as 300x200"
    /// `got 'TEXT'`, and the reason when there is one.
    public var detail: String { "got '\(text)'" + (reason.map { ": " + $0 } ?? "") }
    public var description: String { "expected \(SizeError.expected); \(detail)" }
}
