/// The names generated code gives a body's scene inputs, parameters and slots: the scene's own,
/// made unique within the body (a name the body declares twice in separate blocks gets `_2`, and
/// so does a name that starts with `_`, which the generated code keeps for itself).
public final class ScopeNames {
    public enum Name: Hashable, Sendable { case width, height, parameter(Int), slot(Int) }

    /// The language's spelling of a name (keywords escaped).
    private let identifier: (String) -> String
    private var names: [Name: String] = [:]
    private var taken: Set<String> = []

    public init(identifier: @escaping (String) -> String) {
        self.identifier = identifier
    }

    public func define(_ name: Name, as wanted: String) {
        var candidate = identifier(wanted)
        if taken.contains(candidate) || wanted.hasPrefix("_") {
            var n = 2
            while taken.contains("\(wanted)_\(n)") { n += 1 }
            candidate = "\(wanted)_\(n)"
        }
        taken.insert(candidate)
        names[name] = candidate
    }

    /// The name defined for `name`, if any.
    public func defined(_ name: Name) -> String? { names[name] }

    /// Every name defined.
    public var definedNames: Dictionary<Name, String>.Keys { names.keys }
}
