import SceneSource

/// HTML escaping for the page.
enum HTML {
    /// See `MarkupText.escape`.
    static func escape(_ text: String) -> String { MarkupText.escape(text) }
}
