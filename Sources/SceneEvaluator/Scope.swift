import SceneSource

/// Names visible at one point of a scene: the scene's (width, height, parameters), then each
/// enclosing block's `let`s and loop variables. Blocks push a frame and pop it when they end.
struct Scope {
    struct Binding {
        let value: Value
        /// Where the name was declared (nil for width, height and builtins).
        let span: SourceSpan?
    }

    private var frames: [[String: Binding]] = [[:]]

    mutating func push() { frames.append([:]) }
    mutating func pop() { frames.removeLast() }

    /// The binding of `name` in the innermost block, if it was declared there.
    func localBinding(_ name: String) -> Binding? { frames[frames.count - 1][name] }

    mutating func define(_ name: String, _ value: Value, at span: SourceSpan?) {
        frames[frames.count - 1][name] = Binding(value: value, span: span)
    }

    func lookup(_ name: String) -> Value? {
        for frame in frames.reversed() {
            if let binding = frame[name] { return binding.value }
        }
        return nil
    }

    /// Every visible name, for "did you mean".
    var allNames: [String] {
        var names: Set<String> = []
        for frame in frames { names.formUnion(frame.keys) }
        return names.sorted()
    }
}
