import SceneVocabulary

/// Where an operation came from, in terms that survive edits elsewhere in the file: the chain of
/// elements from the scene's root down to the element that drew it, each as its kind and its
/// place among the siblings of the same kind, with the loop iterations and component uses passed
/// on the way. A byte span moves whenever anything above it is edited, is shared by every
/// iteration of a loop and by every use of a component; an origin is none of these.
///
/// `scene/group#1/for#0[i=3]/rect#0`: the first `<rect>` in the fourth iteration (`i = 3`) of the
/// first `<for>` in the second `<group>`. A component's operations continue the chain of the
/// `<use>` that placed them: `use#2(counter.scene)/arc#0`.
///
/// Origins are immutable and share their prefixes (each node points at the one before it), so a
/// million operations drawn in one loop cost one small object each, and comparing two is
/// usually one pointer comparison or a step or two. The hash is computed when asked, from the
/// steps: every operation of a scene gets an origin, and only a review (`scenec diff`) hashes
/// them (a stored hash would cost a hash of the step and its bytes for each one made).
///
/// An element drawn directly in a loop's body shares one node with its iteration (see `Storage`):
/// one allocation per shape of a loop instead of two (docs/performance.md).
/// Which steps share a node follows from the steps alone, so equal origins have the same nodes.
public final class Origin: Hashable, Sendable, CustomStringConvertible {
    public enum Step: Hashable, Sendable {
        /// An element: its kind (`rect`, `group`, `use`, …) and its index among the siblings of
        /// the same kind in its block (counting every sibling written, taken or not).
        case element(kind: ElementKind, index: Int)
        /// One iteration of a `<for>`: the loop variable and its value as text.
        case iteration(variable: String, value: String)
        /// Entering a component placed by the `<use>` just before: its file or local name.
        case component(String)
    }

    /// The steps one node holds.
    private enum Storage: Hashable, Sendable {
        case step(Step)
        /// An iteration step and the element step after it, when the element's index fits 32 bits
        /// (always, for a parsed scene).
        case elementInIteration(variable: String, value: String, index: Int32, kind: ElementKind)
    }

    /// The node before this node's steps.
    private let base: Origin?
    private let storage: Storage
    /// Steps from the root (1 for a root step).
    public let depth: Int

    public init(parent: Origin?, step: Step) {
        depth = (parent?.depth ?? 0) + 1
        if case .element(let kind, let index) = step, let parent, case .step(.iteration(let variable, let value)) = parent.storage,
            let narrow = Int32(exactly: index)
        {
            base = parent.base
            storage = .elementInIteration(variable: variable, value: value, index: narrow, kind: kind)
        } else {
            base = parent
            storage = .step(step)
        }
    }

    /// `Origin(parent: Origin(parent: parent, step: .iteration(variable: variable, value: value)), step: step)`,
    /// without making the iteration's own node when this one holds both steps (see `Storage`): no
    /// node per iteration that its body's elements would replace at once.
    public init(parent: Origin?, iteration variable: String, value: String, then step: Step) {
        depth = (parent?.depth ?? 0) + 2
        if case .element(let kind, let index) = step, let narrow = Int32(exactly: index) {
            base = parent
            storage = .elementInIteration(variable: variable, value: value, index: narrow, kind: kind)
        } else {
            base = Origin(parent: parent, step: .iteration(variable: variable, value: value))
            storage = .step(step)
        }
    }

    /// The origin one step shorter (nil for a root step). For an element drawn in a loop's body
    /// this is a new object equal to its iteration's origin: the two share one node.
    public var parent: Origin? {
        switch storage {
        case .step: return base
        case .elementInIteration(let variable, let value, _, _):
            return Origin(parent: base, step: .iteration(variable: variable, value: value))
        }
    }

    /// The last step.
    public var step: Step {
        switch storage {
        case .step(let step): return step
        case .elementInIteration(_, _, let index, let kind): return .element(kind: kind, index: Int(index))
        }
    }

    /// Every step, from the root.
    public var steps: [Step] {
        var result: [Step] = []
        result.reserveCapacity(depth)
        var node: Origin? = self
        while let current = node {
            current.appendStepsLastFirst(to: &result)
            node = current.base
        }
        return result.reversed()
    }

    private func appendStepsLastFirst(to list: inout [Step]) {
        switch storage {
        case .step(let step): list.append(step)
        case .elementInIteration(let variable, let value, let index, let kind):
            list.append(.element(kind: kind, index: Int(index)))
            list.append(.iteration(variable: variable, value: value))
        }
    }

    /// The kind of the element that drew the operation (the last element step), by its name
    /// (`rect`): what a review shows.
    public var elementKind: String? { lastElementKind?.rawValue }

    /// The kind of the element that drew the operation: the last element step.
    public var lastElementKind: ElementKind? {
        var node: Origin? = self
        while let current = node {
            switch current.storage {
            case .step(.element(let kind, _)): return kind
            case .elementInIteration(_, _, _, let kind): return kind
            case .step: node = current.base
            }
        }
        return nil
    }

    public var description: String {
        steps.map { step -> String in
            switch step {
            case .element(let kind, let index): return "/\(kind.rawValue)#\(index)"
            case .iteration(let variable, let value): return "[\(variable)=\(value)]"
            case .component(let label): return "(\(label))"
            }
        }.joined().dropFirst().description
    }

    /// Node by node: equal steps make equal nodes (see the type's comment), so two origins of the
    /// same depth are equal when their nodes hold equal steps.
    public static func == (a: Origin, b: Origin) -> Bool {
        if a === b { return true }
        guard a.depth == b.depth else { return false }
        var x: Origin? = a, y: Origin? = b
        while let p = x, let q = y {
            if p === q { return true }
            guard p.storage == q.storage else { return false }
            x = p.base
            y = q.base
        }
        return x == nil && y == nil
    }

    /// Every step, leaf first (the order does not matter to a hash, only that equal origins
    /// combine equal steps).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(depth)
        var node: Origin? = self
        while let current = node {
            switch current.storage {
            case .step(let step): hasher.combine(step)
            case .elementInIteration(let variable, let value, let index, let kind):
                hasher.combine(Step.element(kind: kind, index: Int(index)))
                hasher.combine(Step.iteration(variable: variable, value: value))
            }
            node = current.base
        }
    }

    /// Makes an origin from its steps (for decoding and tests).
    public static func path(_ steps: [Step]) -> Origin? {
        var node: Origin? = nil
        for step in steps { node = Origin(parent: node, step: step) }
        return node
    }

    /// Whether this node holds two steps (for tests of the layout).
    var holdsTwoSteps: Bool {
        if case .elementInIteration = storage { return true }
        return false
    }
}
