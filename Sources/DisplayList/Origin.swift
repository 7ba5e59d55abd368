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
/// Origins are immutable and share their prefixes (each step points at its parent), so a
/// million operations drawn in one loop cost one small object each, and comparing two is
/// usually one pointer comparison or a step or two. The hash is computed when asked, from the
/// steps: every operation of a scene gets an origin, and only a review (`scenec diff`) hashes
/// them (a stored hash cost a SipHash of the step and 16 bytes for each one made).
public final class Origin: Hashable, Sendable, CustomStringConvertible {
    public enum Step: Hashable, Sendable {
        /// An element: its kind (`rect`, `group`, `use`, …) and its index among the siblings of
        /// the same kind in its block (counting every sibling written, taken or not).
        case element(kind: String, index: Int)
        /// One iteration of a `<for>`: the loop variable and its value as text.
        case iteration(variable: String, value: String)
        /// Entering a component placed by the `<use>` just before: its file or local name.
        case component(String)
    }

    public let parent: Origin?
    public let step: Step
    /// Steps from the root (1 for a root step).
    public let depth: Int

    public init(parent: Origin?, step: Step) {
        self.parent = parent
        self.step = step
        self.depth = (parent?.depth ?? 0) + 1
    }

    /// Every step, from the root.
    public var steps: [Step] {
        var result: [Step] = []
        result.reserveCapacity(depth)
        var node: Origin? = self
        while let current = node {
            result.append(current.step)
            node = current.parent
        }
        return result.reversed()
    }

    /// The kind of the element that drew the operation: the last element step.
    public var elementKind: String? {
        var node: Origin? = self
        while let current = node {
            if case .element(let kind, _) = current.step { return kind }
            node = current.parent
        }
        return nil
    }

    public var description: String {
        steps.map { step -> String in
            switch step {
            case .element(let kind, let index): return "/\(kind)#\(index)"
            case .iteration(let variable, let value): return "[\(variable)=\(value)]"
            case .component(let label): return "(\(label))"
            }
        }.joined().dropFirst().description
    }

    public static func == (a: Origin, b: Origin) -> Bool {
        if a === b { return true }
        guard a.depth == b.depth else { return false }
        var x: Origin? = a, y: Origin? = b
        while let p = x, let q = y {
            if p === q { return true }
            guard p.step == q.step else { return false }
            x = p.parent
            y = q.parent
        }
        return x == nil && y == nil
    }

    /// Every step, leaf first (the order does not matter to a hash, only that equal origins
    /// combine equal steps).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(depth)
        var node: Origin? = self
        while let current = node {
            hasher.combine(current.step)
            node = current.parent
        }
    }

    /// Makes an origin from its steps (for decoding and tests).
    public static func path(_ steps: [Step]) -> Origin? {
        var node: Origin? = nil
        for step in steps { node = Origin(parent: node, step: step) }
        return node
    }
}
