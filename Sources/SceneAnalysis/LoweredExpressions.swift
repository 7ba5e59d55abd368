import ResolvedProgram
import SceneVocabulary

/// The expression attributes of one element as the checker lowers them, by ID: a handful at most,
/// so kept in a small array searched in place. (A dictionary per element hashed every ID it was
/// given and asked for, for every element of every load.)
struct LoweredExpressions: ExpressibleByDictionaryLiteral {
    private(set) var entries: [ProgramAttributes.Entry] = []

    init(dictionaryLiteral elements: (AttributeID, ProgramExpression)...) {
        for (id, expression) in elements { self[id] = expression }
    }

    subscript(id: AttributeID) -> ProgramExpression? {
        get {
            for entry in entries where entry.id == id {
                if case .expression(let expression) = entry.value { return expression }
            }
            return nil
        }
        set {
            let index = entries.firstIndex { $0.id == id }
            switch (index, newValue) {
            case (let index?, let expression?): entries[index] = .init(id: id, value: .expression(expression))
            case (let index?, nil): entries.remove(at: index)
            case (nil, let expression?): entries.append(.init(id: id, value: .expression(expression)))
            case (nil, nil): break
            }
        }
    }

    /// The expression of `id`, taken out.
    mutating func removeValue(forKey id: AttributeID) -> ProgramExpression? {
        let expression = self[id]
        if expression != nil { self[id] = nil }
        return expression
    }
}
