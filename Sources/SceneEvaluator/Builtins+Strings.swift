import DisplayList
import SceneSource

extension Builtins.Call {
    /// `upper`, `lower`, `length`, `truncate` and `join` (Grammar.md, section 6). A character is a
    /// Unicode scalar (a code point), which JavaScript's `[...text]` counts the same, so the export
    /// runtimes give the same results; each call is charged by the bytes it reads and writes, so a
    /// loop over long strings stays inside the step budget's time.
    func text() throws -> Value {
        switch function {
        case .join: return try join()
        case .truncate: return .string(try truncate())
        default: break
        }
        let s = try string(0)
        if function == .length {
            try evaluator.charge(s.utf8.count / StepCost.scannedBytesPerStep, at: span)
            return .int(s.unicodeScalars.count)
        }
        try evaluator.charge(s.utf8.count / StepCost.stringBytesPerStep, at: span)
        // Case mapping costs more than a copy, and far more past ASCII: charged before the work.
        let scalars = s.unicodeScalars.count
        try evaluator.charge(scalars * StepCost.caseMappedScalar + (s.utf8.count - scalars) * StepCost.caseMappedExtraByte, at: span)
        return .string(try fitting(TextCase.map(s, upper: function == .upper)))
    }

    /// A string argument; anything else is an error saying what to write.
    private func string(_ i: Int) throws -> String {
        guard case .string(let s) = values[i] else {
            let help: String
            if case .list = values[i], function == .length {
                help = "count(list) counts a list's elements"
            } else if values[i].numeric != nil, i == 0 {
                help = "make the number text first with format(x, decimals)"
            } else {
                help = "write \(signature)"
            }
            throw Diagnostic.error(
                .typeMismatch, "\(name)() needs a string here, not \(article(values[i].typeName))", at: argumentSpans[i], help: help)
        }
        return s
    }

    /// `truncate(text, n)`: the text when it has at most n characters; else its first n − 1, less
    /// the spaces they end with, and "…", so that the result is never longer than n.
    private func truncate() throws -> String {
        let s = try string(0)
        guard case .int(let n) = values[1] else {
            throw Diagnostic.error(
                .typeMismatch, "\(name)() keeps a whole number of characters, not \(article(values[1].typeName))",
                at: argumentSpans[1], help: "convert it with int(…)")
        }
        guard n >= 1 else {
            throw Diagnostic.error(
                .argumentOutOfRange, "\(name)() keeps at least 1 character, not \(n)", at: argumentSpans[1],
                help: "truncate(text, 1) gives '…' for any text longer than 1 character; test n first to show nothing")
        }
        try evaluator.charge(s.utf8.count / StepCost.scannedBytesPerStep, at: span)
        return TextCase.truncate(s, to: n)
    }

    /// `join(list, separator)`: the elements shown as `{…}` shows them, with the separator between.
    private func join() throws -> Value {
        let items = try list(0)
        let separator = try string(1)
        var out = ""
        for (i, item) in items.enumerated() {
            guard let text = Evaluation.text(of: item) else {
                throw Diagnostic.error(.typeMismatch, "\(name)() cannot show \(article(item.typeName)) as text", at: argumentSpans[0])
            }
            if i > 0 { out += separator }
            out += text
            // Charged and limited as it grows: a long list of long strings stops at the limit.
            try evaluator.charge(StepCost.joinedElement + (text.utf8.count + separator.utf8.count) / StepCost.stringBytesPerStep, at: span)
            _ = try fitting(out)
        }
        return .string(out)
    }

    /// The result when it is within the string limit.
    private func fitting(_ s: String) throws -> String {
        let limit = evaluator.limits.maxStringLength
        guard s.utf8.count <= limit else {
            throw Diagnostic.error(
                .stringTooLong, "\(name)() makes a string longer than the limit of \(limit) bytes", at: span,
                help: "shorten the text")
        }
        return s
    }
}
