import Foundation

// Attribute values as the evaluator reads them (Evaluation.swift, Evaluation+Drawing.swift): every
// number that reaches the drawing within ±1e9, opacities in 0…1, paints, gradients and their stops.
extension SceneRuntime {
    /// `fill` / `stroke`: nil for `none`.
    public static func paint(_ v: Value, _ attribute: String, at site: String) throws -> Paint? {
        switch v {
        case .none: return nil
        case .color(let c): return .color(c)
        case .paint(let p): return p
        case .gradient:
            throw fail(
                "E0410", "a gradient needs its start and end points to paint", site,
                help: "write linear(g, x1, y1, x2, y2) or radial(g, x0, y0, r0, x1, y1, r1)")
        default:
            throw fail("E0408", "'\(attribute)' must be a color, a gradient paint or none, not \(article(v.typeName))", site)
        }
    }

    /// An opacity-like attribute: 0…1.
    public static func unit(_ v: Value, _ attribute: String, at site: String) throws -> Double {
        let n = try coordinate(v, "'\(attribute)'", at: site)
        guard n >= 0, n <= 1 else { throw fail("E0507", "'\(attribute)' runs from 0 to 1, not \(readable(n))", site) }
        return n
    }

    /// A length that cannot be negative (lineWidth, shadowBlur up to 1000).
    public static func length(_ v: Value, _ attribute: String, atMost limit: Double = maxCoordinate, at site: String) throws -> Double {
        let n = try coordinate(v, "'\(attribute)'", at: site)
        guard n >= 0 else { throw fail("E0507", "\(attribute) cannot be negative (\(readable(n)))", site) }
        guard n <= limit else { throw fail("E0507", "\(attribute) is at most \(readable(limit)) points, not \(readable(n))", site) }
        return n
    }

    /// `dash`: a list of lengths, none negative, not all zero.
    public static func dash(_ v: Value, at site: String) throws -> [Double] {
        guard case .list(let items) = v else {
            throw fail("E0408", "dash must be a list of lengths such as [6, 3], not \(article(v.typeName))", site)
        }
        var lengths: [Double] = []
        for item in items {
            guard let n = item.numeric else {
                throw fail("E0408", "dash must be a list of lengths such as [6, 3], not a list of \(item.typeName)s", site)
            }
            lengths.append(n)
        }
        if lengths.contains(where: { Swift.abs($0) > maxCoordinate }) { throw fail("E0611", "a dash length is too large for a coordinate", site) }
        if lengths.contains(where: { $0 < 0 }) { throw fail("E0507", "dash lengths cannot be negative", site) }
        if !lengths.isEmpty && lengths.allSatisfy({ $0 == 0 }) {
            throw fail("E0507", "dash lengths cannot all be zero", site, help: "write dash=\"[]\" for a solid line")
        }
        return lengths
    }

    /// `miterLimit`: at least 1.
    public static func miterLimit(_ v: Value, at site: String) throws -> Double {
        let n = try coordinate(v, "'miterLimit'", at: site)
        guard n >= 1 else { throw fail("E0507", "miterLimit must be at least 1, not \(readable(n))", site) }
        return n
    }

    /// `shadowColor`: a color, or nil for none.
    public static func shadowColor(_ v: Value, at site: String) throws -> Color? {
        switch v {
        case .none: return nil
        case .color(let c): return c
        default: throw fail("E0408", "'shadowColor' must be a color or none, not \(article(v.typeName))", site)
        }
    }

    /// The stops of a `<gradient>`, gathered as its body runs.
    public struct GradientStops {
        public private(set) var offsets: [Double] = []
        public private(set) var colors: [Color] = []
        public init() {}

        public mutating func add(offset: Value, color: Value, opacity: Double, at site: String) throws {
            let o = try SceneRuntime.coordinate(offset, "a stop's offset", at: site)
            guard o >= 0, o <= 1 else { throw SceneRuntime.fail("E0507", "a stop's offset runs from 0 to 1, not \(SceneRuntime.readable(o))", site) }
            guard case .color(let c) = color else {
                throw SceneRuntime.fail("E0408", "a stop's color must be a color, not \(SceneRuntime.article(color.typeName))", site)
            }
            if let last = offsets.last, o < last {
                throw SceneRuntime.fail(
                    "E0509", "stop offsets must not decrease (\(SceneRuntime.readable(o)) after \(SceneRuntime.readable(last)))", site)
            }
            offsets.append(o)
            colors.append(c.with(alpha: c.alpha * opacity))
        }

        public func gradient(_ extend: Extend, name: String, at site: String) throws -> Value {
            guard !offsets.isEmpty else {
                throw SceneRuntime.fail(
                    "E0510", "<gradient> '\(name)' has no <stop>", site,
                    help: "add <stop offset=\"0\" color=\"…\"/> and <stop offset=\"1\" color=\"…\"/>")
            }
            return .gradient(Gradient(offsets: offsets, colors: colors, extend: extend))
        }
    }

    /// An `<assert>`.
    public static func check(_ test: Value, message: String, at site: String) throws {
        guard case .bool(let passed) = test else { throw fail("E0408", "'test' must be a bool, not \(article(test.typeName))", site) }
        guard passed else { throw fail("E0505", message, site, help: "this is an <assert> in the scene") }
    }

    /// A parameter's value clamped into its declared range, as generated code applies it.
    public static func clamped(_ v: Double, _ low: Double?, _ high: Double?) -> Double {
        var x = v
        if let low, x < low { x = low }
        if let high, x > high { x = high }
        return x
    }

    public static func clamped(_ v: Int, _ low: Int?, _ high: Int?) -> Int {
        var x = v
        if let low, x < low { x = low }
        if let high, x > high { x = high }
        return x
    }
}

/// A color as generated parameters hold it (sRGB, non-premultiplied, components 0…1).
public typealias SceneColor = SceneRuntime.Color

extension SceneRuntime {
    /// An element of a `list` parameter: a whole number is an int, as `4` in the scene is.
    public static func listNumber(_ v: Double) -> Value {
        if v == v.rounded(), Swift.abs(v) < 9e15 { return .int(Int(v)) }
        return .number(v)
    }
}

extension SceneRuntime {
    /// A blend mode inside a `<clip>`: browsers and librsvg blend it differently, so it is an error.
    public static func blendInsideClip(_ mode: String, at site: String) throws {
        throw fail(
            "E0316", "blend=\"\(mode)\" inside a <clip> blends differently in librsvg, resvg and browsers", site,
            help: "put the blend on a <group> around the <clip>: <group blend=\"\(mode)\"><clip>…</clip></group>")
    }
}
