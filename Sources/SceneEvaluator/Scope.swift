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
    /// The names of each frame in the order they were declared: "did you mean" reads them without
    /// sorting or hashing every name in scope.
    private var order: [[String]] = [[]]

    mutating func push() { frames.append([:]); order.append([]) }
    mutating func pop() { frames.removeLast(); order.removeLast() }

    /// The binding of `name` in the innermost block, if it was declared there.
    func localBinding(_ name: String) -> Binding? { frames[frames.count - 1][name] }

    mutating func define(_ name: String, _ value: Value, at span: SourceSpan?) {
        if frames[frames.count - 1].updateValue(Binding(value: value, span: span), forKey: name) == nil {
            order[order.count - 1].append(name)
        }
    }

    func lookup(_ name: String) -> Value? {
        for frame in frames.reversed() where !frame.isEmpty {  // most blocks declare nothing: no hashing for them
            if let binding = frame[name] { return binding.value }
        }
        return nil
    }

    /// Visible names for "did you mean": at most `limit` of them, the innermost block's first
    /// (each block's in the order they were declared), and whether there are more. The work is
    /// proportional to the names returned, however many a scene declares.
    func names(limit: Int) -> (names: [String], more: Bool) {
        var seen: Set<String> = []
        var names: [String] = []
        for frame in order.reversed() {
            for name in frame.reversed() where seen.insert(name).inserted {
                if names.count == limit { return (names, true) }
                names.append(name)
            }
        }
        return (names, false)
    }
}
