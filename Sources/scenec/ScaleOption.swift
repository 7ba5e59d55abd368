import ArgumentParser
import DisplayList
import PNGBackend
import SceneCompiler

/// `--scale` of render and diff: one rule and one message, the renderer's (`PNGBackend.minScale`).
enum ScaleOption {
    /// The option's text as a decimal number (`2`, `1.5`, `3e0`); hexadecimal (`0x1p1`), `nan` and
    /// `inf`, which Swift's own Double parsing takes, are refused as a size is.
    static func parse(_ text: String) throws -> Double {
        guard let scale = DecimalNumber.parse(text) else {
            throw ValidationError("a scale is a decimal number from 0.0001 up, such as 2 or 1.5")
        }
        return scale
    }

    static func validate(_ scale: Double) throws {
        guard scale.isFinite, scale >= PNGBackend.minScale else {
            throw ValidationError("--scale expects a number from 0.0001 up, such as 2 or 1.5, got \(text(scale))")
        }
    }

    /// `-0`, `nan`, `inf` as written; other numbers as the dump writes them (so 5e-324 shows as itself).
    private static func text(_ scale: Double) -> String {
        if scale == 0 { return scale.sign == .minus ? "-0" : "0" }
        if !scale.isFinite { return scale.isNaN ? "nan" : (scale < 0 ? "-inf" : "inf") }
        return abs(scale) >= 0.000001 ? NumberFormat.format(scale, decimals: 6) : "\(scale)"
    }
}
