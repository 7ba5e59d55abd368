import DisplayList
import ResolvedProgram

/// The names of one invocation of a `ProgramBody` (the main scene, or a component placed by a
/// `<use>`), as arrays indexed by what the static analysis resolved them to (`NameReference`):
/// no name is looked up at run time. Slots are unique in their body, so one frame serves all of
/// the body's blocks and iterations: a `<let>` or a loop writes its slot, and a use reads the slot
/// the analysis found visible there.
struct SlotFrame {
    /// The body's size: the scene's (or `--size`), or what the `<use>` gives the component.
    var width: Double
    var height: Double
    /// By parameter index (`ProgramBody.parameters`): the value passed, else the default.
    var parameters: [Value]
    /// By slot (`ProgramBody.slotCount`); `.invalid` until its declaration runs, and where the
    /// declaration's value failed (reported there).
    var locals: [Value]

    init(width: Double, height: Double, parameters: [Value], slotCount: Int) {
        self.width = width
        self.height = height
        self.parameters = parameters
        self.locals = Array(repeating: .invalid, count: slotCount)
    }

    /// A frame with no names but the predefined ones: for constant expressions (a scene's size, a
    /// parameter's `min` and `max`), which the analysis resolved in an empty scope.
    static let constants = SlotFrame(width: 0, height: 0, parameters: [], slotCount: 0)

    /// The value `reference` names.
    @inline(__always)
    func value(of reference: NameReference) -> Value {
        switch reference {
        case .local(let slot): return locals[slot]
        case .parameter(let index): return parameters[index]
        case .sceneInput(.width): return .number(width)
        case .sceneInput(.height): return .number(height)
        case .predefined(let name): return Self.predefined(name)
        }
    }

    /// `pi`/`π`, `none`, and the CSS colors in `PredefinedNames.cssColors`' order.
    static func predefined(_ name: PredefinedName) -> Value {
        switch name {
        case .pi: return .number(Double.pi)
        case .none: return Value.none
        case .color(let index): return .color(cssColors[index])
        }
    }

    private static let cssColors: [Color] = PredefinedNames.cssColors.map {
        Color.rgb255(Double($0.red), Double($0.green), Double($0.blue), alpha: $0.alpha)
    }
}
