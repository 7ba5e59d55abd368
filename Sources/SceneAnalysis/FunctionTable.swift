#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SceneEvaluator
import SceneSource
import Synchronization

/// The functions the checker knows, built from the evaluator's own table
/// (`SceneEvaluator.functions`): a function added there is known here with its arity at once,
/// read from its usage line. Result types come from a small table; a function missing from it
/// has an unknown result, which the checker never reports on.
struct FunctionTable {
    struct Function {
        let signature: String
        /// Argument counts each usage alternative accepts; `nil` upper bound: any number more. nil
        /// when the usage line is not in the plain form the checker reads: then any count passes.
        /// Read from the usage line the first time a call to the function is checked, then kept
        /// for the process: reading all the usage lines when the table is made (in every process)
        /// was 2% of rendering the counter to PNG (perf), and reading one at every call checked was
        /// a quarter of loading the graph (callgrind), for the few functions a scene calls.
        var arities: [(low: Int, high: Int?)]? {
            if let known = FunctionTable.aritiesRead.withLock({ $0[signature] }) { return known }
            let read = FunctionTable.arities(of: signature)
            FunctionTable.aritiesRead.withLock { $0[signature] = .some(read) }
            return read
        }

        func accepts(_ count: Int) -> Bool {
            guard let arities else { return true }
            return arities.contains { count >= $0.low && count <= ($0.high ?? Int.max) }
        }

        /// "3", "1 to 2", "at least 1": what the evaluator's message says.
        var expected: (text: String, plural: Bool) {
            let arities = self.arities ?? []
            let low = arities.map(\.low).min() ?? 0
            if arities.contains(where: { $0.high == nil }) { return ("at least \(low)", low != 1) }
            let high = arities.compactMap(\.high).max() ?? low
            return (low == high ? "\(low)" : "\(low) to \(high)", high != 1)
        }
    }

    /// The arities read so far, by usage line (see `Function.arities`).
    private static let aritiesRead = Mutex<[String: [(low: Int, high: Int?)]?]>([:])

    let functions: [String: Function]
    let names: [String]

    static let shared = FunctionTable(signatures: SceneEvaluator.functions)

    init(signatures: [(name: String, signature: String)]) {
        var table: [String: Function] = [:]
        for (name, signature) in signatures {
            table[name] = Function(signature: signature)
        }
        functions = table
        names = signatures.map(\.name)
    }

    /// `min(a, b, …) or min(list)` → [(2, nil), (1, 1)]; `white(w) or white(w, alpha)` → [(1, 1), (2, 2)].
    /// Anything else (optional arguments in brackets, a usage without parentheses): nil, unknown.
    static func arities(of signature: String) -> [(low: Int, high: Int?)]? {
        if signature.contains("[") || signature.contains("=") { return nil }
        let usages = signature.components(separatedBy: " or ")
        let parsed: [(low: Int, high: Int?)] = usages.compactMap { usage in
            guard let open = usage.firstIndex(of: "("), let close = usage.lastIndex(of: ")"), open < close else { return nil }
            let inside = usage[usage.index(after: open)..<close].trimming(.spaces)
            if inside.isEmpty { return (0, 0) }
            let parts = inside.split(separator: ",").map { $0.trimming(.spaces) }
            if parts.last == "…" || parts.last == "..." { return (parts.count - 1, nil) }
            return (parts.count, parts.count)
        }
        return parsed.count == usages.count ? parsed : nil
    }

    /// Result types of the builtins; anything not listed is `unknown`.
    static let resultTypes: [String: StaticType] = {
        var table: [String: StaticType] = [:]
        for name in ["min", "max", "abs", "sqrt", "pow", "sin", "cos", "tan", "asin", "acos", "atan", "atan2",
                     "floor", "ceil", "round", "clamp", "radians", "degrees", "sum"] { table[name] = .numeric }
        for name in ["int", "count", "weekday"] { table[name] = .int }
        table["number"] = .number
        for name in ["replace", "runningSum", "slice"] { table[name] = .list }
        for name in ["rgb", "rgba", "white", "hsb", "withAlpha", "mix", "lighter", "darker"] { table[name] = .color }
        table["linear"] = .paint
        for name in ["format", "addDays", "dayName", "dayInitial"] { table[name] = .string }
        return table
    }()

    func resultType(_ name: String) -> StaticType { Self.resultTypes[name] ?? .unknown }
}
