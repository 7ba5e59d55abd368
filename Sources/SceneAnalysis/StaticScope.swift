import SceneSource

/// The names visible at one point of a scene, as the evaluator's `Scope` has them, but holding
/// types instead of values, and counting uses so that unused declarations can be reported.
struct StaticScope {
    enum Kind: Equatable {
        /// width and height: the scene's or the component's size, never reported unused.
        case size
        case parameter, `let`, gradient, loopVariable
        /// Declared by an element the checker has no rule for (one added to the language later):
        /// visible, of unknown type, never reported unused.
        case other
    }

    struct Binding {
        let name: String
        let kind: Kind
        let type: StaticType
        let span: SourceSpan?
        var used = false
    }

    /// Every binding ever declared, in declaration order: what the unused-name warnings read.
    private(set) var bindings: [Binding] = []
    /// Each open block: its names, as indices into `bindings`.
    private var frames: [[String: Int]] = [[:]]

    var depth: Int { frames.count }

    mutating func push() { frames.append([:]) }
    mutating func pop() { frames.removeLast() }

    mutating func define(_ name: String, _ kind: Kind, _ type: StaticType, at span: SourceSpan?) {
        bindings.append(Binding(name: name, kind: kind, type: type, span: span))
        frames[frames.count - 1][name] = bindings.count - 1
    }

    func localBinding(_ name: String) -> Binding? { frames[frames.count - 1][name].map { bindings[$0] } }

    /// The binding `name` refers to and the depth of its block (1 = the outermost), without using it.
    func find(_ name: String) -> (binding: Binding, depth: Int)? {
        for (offset, frame) in frames.enumerated().reversed() where !frame.isEmpty {
            if let index = frame[name] { return (bindings[index], offset + 1) }
        }
        return nil
    }

    /// The type of `name`, marking it used; nil when no block declares it.
    mutating func use(_ name: String) -> StaticType? {
        for frame in frames.reversed() where !frame.isEmpty {
            if let index = frame[name] {
                bindings[index].used = true
                return bindings[index].type
            }
        }
        return nil
    }

    /// Visible names for "did you mean", the innermost block's first, each block's in declaration order.
    func names(limit: Int) -> (names: [String], more: Bool) {
        var seen: Set<String> = []
        var names: [String] = []
        for frame in frames.reversed() {
            for index in frame.values.sorted(by: >) where seen.insert(bindings[index].name).inserted {
                if names.count == limit { return (names, true) }
                names.append(bindings[index].name)
            }
        }
        return (names, false)
    }
}
