import SceneCompiler
import SceneProject

/// `GET /api/catalog`: what the page lists.
public struct CatalogResponse: Codable, Sendable, Equatable {
    public let entries: [CatalogEntry]
    public let problems: [String]
    /// The paths the preview serves, as given on the command line.
    public let paths: [String]
}

/// One parameter as the inspector shows it: a control by type, the declared range, the default and
/// the value the drawing was made with (or the text that could not be used, see `fieldErrors`).
public struct ParameterInfo: Codable, Sendable, Equatable {
    public let name: String
    /// `number`, `int`, `bool`, `color`, `string`, `date`, `list`, `list<int>`, `list<string>`, `list<color>`.
    public let type: String
    public let defaultText: String
    public let value: String
    public let min: Double?
    public let max: Double?
    public let description: String?
}

/// A control's value that could not be used: one per field, shown beside that control. The
/// drawing is made with the field's previous default instead.
public struct FieldError: Codable, Sendable, Equatable {
    /// A parameter name, or `size`.
    public let field: String
    public let message: String
}

/// The source behind one drawing element: `data-op="N"` in the SVG is `ops[N]`.
public struct SourceRef: Codable, Sendable, Equatable {
    /// The element's name: `rect`, `arc`, `use`.
    public let element: String
    public let file: String
    public let line: Int
    public let column: Int

    public init(element: String, file: String, line: Int, column: Int) {
        self.element = element
        self.file = file
        self.line = line
        self.column = column
    }
}

/// A drawing: the preview's SVG (inline in the page) and its size in points.
public struct Drawing: Codable, Sendable, Equatable {
    public let svg: String
    public let width: Double
    public let height: Double
    /// The source of each display item, by pre-order index; empty when the scene draws too much to list.
    public let ops: [SourceRef]
}

/// `GET /api/render`: a catalog entry compiled with the inspector's values.
public struct RenderResponse: Codable, Sendable, Equatable {
    public let id: String
    /// The scene file.
    public let scene: String
    /// Whether there is a drawing (no errors).
    public let ok: Bool
    /// A newer request from the same page (or a newer save) replaced this one; the page ignores it.
    public let cancelled: Bool
    /// Bumped whenever the scene or a component it uses changes on disk.
    public let version: Int
    public let drawing: Drawing?
    /// The last drawing this entry compiled to, shown greyed while it has errors.
    public let lastGood: Drawing?
    public let parameters: [ParameterInfo]
    /// The size the drawing is made at (`WxH`) and the scene's own.
    public let size: String?
    public let declaredSize: String?
    public let diagnostics: DiagnosticsJSON
    public let fieldErrors: [FieldError]
    /// `scenec render … --set …` for these values.
    public let command: String
    /// Time spent loading and compiling, in microseconds.
    public let micros: Int

    static func failure(
        id: String, scene: String, version: Int, diagnostics: DiagnosticsJSON, lastGood: Drawing?,
        cancelled: Bool = false
    ) -> RenderResponse {
        RenderResponse(
            id: id, scene: scene, ok: false, cancelled: cancelled, version: version, drawing: nil, lastGood: lastGood,
            parameters: [], size: nil, declaredSize: nil, diagnostics: diagnostics, fieldErrors: [], command: "",
            micros: 0)
    }
}

/// What a page asks `GET /api/render` for.
public struct RenderRequest: Sendable, Equatable {
    public var id: String
    /// Parameter values as `--set` text, by name (the variant's own values apply under them).
    public var values: [String: String]
    /// `WxH`, or nil for the entry's size.
    public var size: String?
    /// The page asking: its newer request cancels its older one still running.
    public var client: String?
    /// Which of a variant's parameter sets applies under `values`: its dark appearance's
    /// (`appearance=dark`) or its own. A scene, or a variant without `"dark"`, has only its own.
    public var appearance: Appearance

    public init(
        id: String, values: [String: String] = [:], size: String? = nil, client: String? = nil,
        appearance: Appearance = .light
    ) {
        self.id = id
        self.values = values
        self.size = size
        self.client = client
        self.appearance = appearance
    }
}
