import SceneParser
import SceneSource
import SceneSyntax

/// One parse, with helpers to read spans back as text and `line:col`.
struct Parsed {
    let file: SourceFile
    let root: Element?
    let diagnostics: [Diagnostic]

    init(bytes: [UInt8], limits: ParserLimits = .init()) {
        file = SourceFile(path: "test.scene", bytes: bytes)
        (root, diagnostics) = SceneParser.parse(file, id: FileID(0), limits: limits)
    }

    init(_ text: String, limits: ParserLimits = .init()) {
        self.init(bytes: Array(text.utf8), limits: limits)
    }

    func text(_ span: SourceSpan) -> String {
        String(decoding: file.bytes[span.start..<span.end], as: UTF8.self)
    }

    func at(_ span: SourceSpan) -> String {
        let (line, column) = file.location(of: span.start)
        return "\(line):\(column)"
    }

    /// `line:col: severity[code]: message`, one per diagnostic, in order.
    var messages: [String] {
        diagnostics.map { "\(at($0.span)): \($0.severity.rawValue)[\($0.code.rawValue)]: \($0.message)" }
    }

    /// `line:col: message` of every note.
    var notes: [String] {
        diagnostics.flatMap { d in d.notes.map { "\($0.span.map(at) ?? "-"): \($0.message)" } }
    }
}

extension Element {
    /// The element at a path of child indices.
    func child(_ path: Int...) -> Element {
        path.reduce(self) { $0.children[$1] }
    }
}
