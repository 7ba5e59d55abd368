import ResolvedProgram
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
        /// What a use of the name lowers to: a parameter, the size, or a local slot.
        let reference: NameReference
        var used = false
    }

    /// Every binding ever declared, in declaration order: what the unused-name warnings read.
    private(set) var bindings: [Binding] = []
    /// The visible bindings, as indices into `bindings`, outermost block first: a stack rather than a
    /// dictionary per block, because a scene has a few dozen names and every name of every
    /// expression is looked up (hashing it once per open block cost more than comparing names).
    private var visible: [Int] = []
    /// For each open block, where its names start in `visible`.
    private var frameStarts: [Int] = [0]

    var depth: Int { frameStarts.count }

    mutating func push() { frameStarts.append(visible.count) }
    mutating func pop() { visible.removeSubrange(frameStarts.removeLast()...) }

    /// A name defined twice in one block is found as its later definition (as a dictionary per block
    /// would have it).
    mutating func define(_ name: String, _ kind: Kind, _ type: StaticType, at span: SourceSpan?, as reference: NameReference) {
        bindings.append(Binding(name: name, kind: kind, type: type, span: span, reference: reference))
        visible.append(bindings.count - 1)
    }

    /// The position in `visible` of the innermost binding of `name` at or after `start`.
    private func position(of name: String, from start: Int = 0) -> Int? {
        let length = name.utf8.count
        var k = visible.count - 1
        while k >= start {
            let candidate = bindings[visible[k]].name
            if candidate.utf8.count == length && candidate == name { return k }
            k -= 1
        }
        return nil
    }

    func localBinding(_ name: String) -> Binding? {
        position(of: name, from: frameStarts[frameStarts.count - 1]).map { bindings[visible[$0]] }
    }

    /// The binding `name` refers to and the depth of its block (1 = the outermost), without using it.
    func find(_ name: String) -> (binding: Binding, depth: Int)? {
        guard let k = position(of: name) else { return nil }
        // Its block: the last one that starts at or before it.
        let frame = frameStarts.lastIndex { $0 <= k }!
        return (bindings[visible[k]], frame + 1)
    }

    /// The type of `name` and what it refers to, marking it used; nil when no block declares it.
    mutating func use(_ name: String) -> (type: StaticType, reference: NameReference)? {
        guard let k = position(of: name) else { return nil }
        bindings[visible[k]].used = true
        return (bindings[visible[k]].type, bindings[visible[k]].reference)
    }

    /// Visible names for "did you mean", the innermost block's first, each block's in declaration
    /// order reversed (latest first).
    func names(limit: Int) -> (names: [String], more: Bool) {
        var seen: Set<String> = []
        var names: [String] = []
        for index in visible.reversed() where seen.insert(bindings[index].name).inserted {
            if names.count == limit { return (names, true) }
            names.append(bindings[index].name)
        }
        return (names, false)
    }
}
