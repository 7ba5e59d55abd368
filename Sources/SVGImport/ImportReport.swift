/// What the importer could not bring across exactly: the SVG element and line, what, and what to do.
public struct ImportWarning: Sendable, Hashable {
    public let line: Int
    public let column: Int
    public let message: String
    public let help: String

    public init(line: Int, column: Int, message: String, help: String) {
        self.line = line; self.column = column; self.message = message; self.help = help
    }

    /// `FILE:LINE:COL: warning: MESSAGE` and its help line (`FILE: …` for a file that could not be
    /// read, which has no line: `line` 0).
    public func text(file: String, severity: String = "warning") -> String {
        let place = line > 0 ? "\(file):\(line):\(column)" : file
        return "\(place): \(severity): \(message)\n  help: \(help)\n"
    }
}

/// The result of importing one SVG file: the scene text, or the reason it was refused, and the
/// warnings (what was drawn differently or left out).
public struct ImportResult: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// Imported with nothing left out.
        case exact
        case withWarnings
        case refused
    }

    public let scene: String?
    public let warnings: [ImportWarning]
    /// Why there is no scene.
    public let refusal: ImportWarning?

    public var outcome: Outcome { scene == nil ? .refused : (warnings.isEmpty ? .exact : .withWarnings) }
}

/// Counts of a batch, and the summary line `650 files: 612 imported exactly, 30 with warnings, 8 refused`.
public struct ImportSummary: Sendable, Equatable {
    public var exact = 0
    public var withWarnings = 0
    public var refused = 0

    public init() {}

    public mutating func add(_ outcome: ImportResult.Outcome) {
        switch outcome {
        case .exact: exact += 1
        case .withWarnings: withWarnings += 1
        case .refused: refused += 1
        }
    }

    public var files: Int { exact + withWarnings + refused }

    public var line: String {
        "\(files) file\(files == 1 ? "" : "s"): \(exact) imported exactly, \(withWarnings) with warnings, \(refused) refused"
    }
}
