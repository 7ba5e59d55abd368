import SceneSource

/// Names visible at one point of a scene: the scene's (width, height, parameters), then each
/// enclosing block's `let`s and loop variables. Blocks push a frame and pop it when they end.
struct Scope {
    struct Binding {
        let value: Value
        /// Where the name was declared (nil for width, height and builtins).
        let span: SourceSpan?
    }

    /// One block's names, in the order they were declared (so "did you mean" reads them without
    /// sorting or hashing every name in scope). Most blocks declare none or a few (a loop
    /// variable, some lets), and a loop makes one such block per iteration: they are searched in
    /// order, which costs less than a dictionary's allocation and hashing. A block with many
    /// names (a scene's parameters, a long run of lets) also gets a dictionary, so lookups stay
    /// constant time however many a scene declares.
    private struct Entry {
        let name: String
        var binding: Binding
    }

    private struct Frame {
        // A struct, not a tuple: copying a tuple element went through generic runtime calls.
        var entries: [Entry] = []
        var index: [String: Int]?
        static let indexedFrom = 8

        func position(of name: String) -> Int? {
            if let index { return index[name] }
            for i in entries.indices where entries[i].name == name { return i }
            return nil
        }

        /// True when `name` is new in this frame.
        mutating func set(_ name: String, _ binding: Binding) -> Bool {
            if let i = position(of: name) {
                entries[i].binding = binding
                return false
            }
            entries.append(Entry(name: name, binding: binding))
            if index != nil {
                index![name] = entries.count - 1
            } else if entries.count >= Self.indexedFrom {
                index = Dictionary(uniqueKeysWithValues: entries.indices.map { (entries[$0].name, $0) })
            }
            return true
        }
    }

    /// The frames in use are the first `count`; those past it were popped and keep their
    /// entries' storage for the next push (a loop pushes one per iteration: it allocates once).
    private var frames: [Frame] = [Frame()]
    private var count = 1

    mutating func push() {
        if count == frames.count { frames.append(Frame()) }
        count += 1
    }

    mutating func pop() {
        count -= 1
        // Most blocks declared nothing: their frame is left as it is (emptying an empty array
        // still checks its uniqueness, twice per loop iteration).
        // The values go now, the storage stays: one `removeLast` per name, where
        // `removeAll(keepingCapacity:)` went through `replaceSubrange` (about 200 instructions for
        // a loop variable's frame, every iteration).
        while !frames[count].entries.isEmpty { frames[count].entries.removeLast() }
        if frames[count].index != nil { frames[count].index = nil }
    }

    /// The binding of `name` in the innermost block, if it was declared there.
    func localBinding(_ name: String) -> Binding? {
        let frame = frames[count - 1]
        return frame.position(of: name).map { frame.entries[$0].binding }
    }

    mutating func define(_ name: String, _ value: Value, at span: SourceSpan?) {
        _ = frames[count - 1].set(name, Binding(value: value, span: span))
    }

    func lookup(_ name: String) -> Value? {
        var f = count - 1
        while f >= 0 {
            // Most blocks declare nothing; indexing, not iterating, copies no frame.
            if !frames[f].entries.isEmpty, let i = frames[f].position(of: name) { return frames[f].entries[i].binding.value }
            f -= 1
        }
        return nil
    }

    /// Visible names for "did you mean": at most `limit` of them, the innermost block's first
    /// (each block's in the order they were declared), and whether there are more. The work is
    /// proportional to the names returned, however many a scene declares.
    func names(limit: Int) -> (names: [String], more: Bool) {
        var seen: Set<String> = []
        var names: [String] = []
        for frame in frames[..<count].reversed() {
            for name in frame.entries.reversed().map(\.name) where seen.insert(name).inserted {
                if names.count == limit { return (names, true) }
                names.append(name)
            }
        }
        return (names, false)
    }
}
