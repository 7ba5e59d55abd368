import DisplayList

/// A canvas size in points: a scene's own, or one that replaces it (`--size`, a manifest's `size`).
public struct SceneSize: Hashable, Sendable, Codable, CustomStringConvertible {
    public let width: Double
    public let height: Double

    /// The largest side a scene may have, as the evaluator enforces for `<scene>`.
    public static let maxSide = 1_000_000.0

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Parses `WxH` (`300x200`, `100.5X80`): both sides positive and at most `maxSide`.
    public init(parsing text: String) throws(SizeError) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, w > 0, h > 0, w <= SceneSize.maxSide, h <= SceneSize.maxSide else {
            throw SizeError(text: text)
        }
        self.init(width: w, height: h)
    }

    /// `300x200`, as it is written on the command line.
    public var description: String {
        "\(NumberFormat.format(width, decimals: 6))x\(NumberFormat.format(height, decimals: 6))"
    }
}

/// A size that is not `WIDTHxHEIGHT` with positive sides up to 1000000. The caller names where it
/// was written (`--size expects …`, a manifest's `"size"`).
public struct SizeError: Error, Sendable, CustomStringConvertible {
    public let text: String
    /// What a size looks like: "WIDTHxHEIGHT with positive numbers up to 1000000, such as 300x200".
    public static let expected = "WIDTHxHEIGHT with positive numbers up to 1000000, such as 300x200"
    public var description: String { "expected \(SizeError.expected); got '\(text)'" }
}
