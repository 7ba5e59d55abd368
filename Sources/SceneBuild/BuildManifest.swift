/// The manifest of a build (`scenes.json`), as written: which variants to make of which scenes,
/// and at which scales. Decoded by Foundation's JSONDecoder; unknown keys are errors, so a typo
/// such as `"paramters"` cannot silently build the wrong images. Grammar.md ("Build manifest")
/// documents the format.
///
/// ```json
/// {
///   "scales": [1, 2, 3],
///   "svg": true,
///   "variants": [
///     {"name": "plus-button", "scene": "push-button"},
///     {"name": "minus-button", "scene": "push-button",
///      "parameters": {"isAddButton": "false", "fillColor": "rgb(238, 77, 77)"}, "size": "60x60"}
///   ]
/// }
/// ```
public struct BuildManifest: Decodable, Sendable, Equatable {
    /// The scales every variant is rendered at unless it names its own; nil means [1, 2, 3].
    public var scales: [Double]?
    /// Whether every variant is also written as SVG unless it says otherwise; nil means true.
    public var svg: Bool?
    public var variants: [Variant]

    public struct Variant: Decodable, Sendable, Equatable {
        /// The output's base name (`name.png`, `name@2x.png`, `name.svg`); nil means the scene's name.
        public var name: String?
        /// The scene file, relative to the manifest's folder; `.scene` may be left out.
        public var scene: String
        /// Parameter values as text, parsed like `--set NAME=VALUE`.
        public var parameters: [String: String]
        /// The size in points, as `WIDTHxHEIGHT`; nil means the scene's own.
        public var size: String?
        public var scales: [Double]?
        public var svg: Bool?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case name, scene, parameters, size, scales, svg
        }

        public init(name: String? = nil, scene: String, parameters: [String: String] = [:], size: String? = nil,
                    scales: [Double]? = nil, svg: Bool? = nil) {
            self.name = name
            self.scene = scene
            self.parameters = parameters
            self.size = size
            self.scales = scales
            self.svg = svg
        }

        public init(from decoder: any Decoder) throws {
            try StrictKeys.check(decoder, allowed: CodingKeys.allCases.map(\.rawValue))
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decodeIfPresent(String.self, forKey: .name)
            scene = try c.decode(String.self, forKey: .scene)
            parameters = try c.decodeIfPresent([String: String].self, forKey: .parameters) ?? [:]
            size = try c.decodeIfPresent(String.self, forKey: .size)
            scales = try c.decodeIfPresent([Double].self, forKey: .scales)
            svg = try c.decodeIfPresent(Bool.self, forKey: .svg)
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case scales, svg, variants
    }

    public init(scales: [Double]? = nil, svg: Bool? = nil, variants: [Variant] = []) {
        self.scales = scales
        self.svg = svg
        self.variants = variants
    }

    public init(from decoder: any Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        scales = try c.decodeIfPresent([Double].self, forKey: .scales)
        svg = try c.decodeIfPresent(Bool.self, forKey: .svg)
        variants = try c.decodeIfPresent([Variant].self, forKey: .variants) ?? []
    }

    /// The scales when neither the manifest nor a variant names any: the asset catalog's three.
    public static let defaultScales: [Double] = [1, 2, 3]
}

/// Refuses keys a manifest object does not have, with "did you mean".
enum StrictKeys {
    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static func check(_ decoder: any Decoder, allowed: [String]) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let unknown = container.allKeys.map(\.stringValue).filter { !allowed.contains($0) }
        if !unknown.isEmpty {
            throw UnknownKeys(codingPath: container.codingPath, keys: unknown, allowed: allowed)
        }
    }

    /// Thrown from `init(from:)`; JSONDecoder passes it through unchanged. `codingPath` is the
    /// object's; the keys are in no particular order (the loader sorts them by position).
    struct UnknownKeys: Error {
        let codingPath: [any CodingKey]
        let keys: [String]
        let allowed: [String]
    }
}
