import ResolvedProgram

/// The elements of a list known without running anything: a list literal that is not empty,
/// whose elements all have a known type (one kind: `listElementProblem` reported a mix), or a
/// `<let>` of one. A list that may be empty (a parameter: `--set` may empty it; a `slice`) has
/// no known elements, so that a check of its elements never rejects a scene that could work.
extension BodyChecker {
    /// The type of every element of `list` (`.numeric` for ints and numbers mixed) and its first
    /// element as written; nil when they are not known.
    func knownElements(of list: ProgramExpression) -> (type: StaticType, first: ProgramExpression)? {
        switch list.kind {
        case .list(let elements):
            guard let first = elements.first else { return nil }
            let types = elements.map { StaticType($0.type) }
            guard types.allSatisfy(\.isKnown) else { return nil }
            if types.allSatisfy({ $0 == types[0] }) { return (types[0], first) }
            return types.allSatisfy(\.isNumeric) ? (.numeric, first) : nil
        case .name(.local(let slot)):
            return listLiterals[slot].flatMap(knownElements)
        default:
            return nil
        }
    }
}
