import DisplayList
import SceneSource

/// What the diff needs to know of any display item, whatever its case.
extension DisplayItem {
    var operationName: String {
        switch self {
        case .fill: return "fill"
        case .stroke: return "stroke"
        case .paint: return "paint"
        case .group: return "group"
        case .clip: return "clip"
        case .text: return "text"
        case .layer: return "layer"
        case .mask: return "mask"
        }
    }

    var origin: Origin? {
        switch self {
        case .fill(let x): return x.origin
        case .stroke(let x): return x.origin
        case .paint(let x): return x.origin
        case .group(let x): return x.origin
        case .clip(let x): return x.origin
        case .text(let x): return x.origin
        case .layer(let x): return x.origin
        case .mask(let x): return x.origin
        }
    }

    var path: Path? {
        switch self {
        case .fill(let x): return x.path
        case .stroke(let x): return x.path
        case .clip(let x): return x.path
        default: return nil
        }
    }

    var paint: Paint? {
        switch self {
        case .fill(let x): return x.paint
        case .stroke(let x): return x.paint
        case .paint(let x): return x.paint
        case .text(let x): return .color(x.color)
        default: return nil
        }
    }
}

extension Origin {
    /// The loop iterations passed on the way to the element, outermost first: `row = 1, i = 2`;
    /// nil outside loops.
    var iterationText: String? {
        let iterations = steps.compactMap { step -> String? in
            if case .iteration(let variable, let value) = step { return "\(variable) = \(value)" }
            return nil
        }
        return iterations.isEmpty ? nil : iterations.joined(separator: ", ")
    }
}
