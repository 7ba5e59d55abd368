import Foundation

// The logarithms, the color functions and the string functions, ported from
// Sources/SceneEvaluator (Builtins+Exponential.swift, Builtins+Color.swift, ColorIntrospection.swift,
// Builtins+Strings.swift, TextCase.swift) with the same results and the same failures.
extension SceneRuntime.Call {
    func exponential() throws -> SceneRuntime.Value {
        let x = try number(0)
        if function == .exp { return try result(Foundation.exp(x)) }
        guard x > 0 else {
            throw SceneRuntime.fail(
                "E0506", "\(name)() needs a number above 0, not \(SceneRuntime.readable(x))", site,
                help: "a logarithm exists only for numbers above 0; test the value first, for example x > 0 ? \(name)(x) : 0")
        }
        return try result(function == .log ? Foundation.log(x) : Foundation.log10(x))
    }

    func colorComponent() throws -> SceneRuntime.Value {
        let c = try color(0)
        switch function {
        case .red: return .number(c.red * 255)
        case .green: return .number(c.green * 255)
        case .blue: return .number(c.blue * 255)
        case .alpha: return .number(c.alpha)
        case .hue: return .number(SceneRuntime.ColorMath.HSL(c).hue)
        case .saturation: return .number(Swift.min(1, SceneRuntime.ColorMath.HSL(c).saturation))
        case .lightness: return .number(SceneRuntime.ColorMath.HSL(c).lightness)
        case .luminance: return .number(Self.luminance(c))
        default:
            let la = Self.luminance(c), lb = Self.luminance(try color(1))
            return .number((Swift.max(la, lb) + 0.05) / (Swift.min(la, lb) + 0.05))
        }
    }

    /// WCAG 2's relative luminance, alpha ignored.
    static func luminance(_ c: SceneRuntime.Color) -> Double {
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : Foundation.pow((v + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
    }

    func text() throws -> SceneRuntime.Value {
        switch function {
        case .join:
            let items = try list(0)
            let separator = try string(1)
            var out = ""
            for (i, item) in items.enumerated() {
                guard let text = SceneRuntime.text(of: item) else {
                    throw SceneRuntime.fail("E0408", "\(name)() cannot show \(SceneRuntime.article(item.typeName)) as text", site)
                }
                if i > 0 { out += separator }
                out += text
                _ = try fitting(out)
            }
            return .string(out)
        case .truncate:
            let s = try string(0)
            guard case .int(let n) = try argument(1) else {
                throw SceneRuntime.fail(
                    "E0408", "\(name)() keeps a whole number of characters, not \(SceneRuntime.article(values[1].typeName))",
                    site, help: "convert it with int(…)")
            }
            guard n >= 1 else { throw SceneRuntime.fail("E0506", "\(name)() keeps at least 1 character, not \(n)", site) }
            return .string(Self.truncate(s, to: n))
        case .length:
            return .int(try string(0).unicodeScalars.count)
        default:
            return .string(try fitting(Self.caseMapped(try string(0), upper: function == .upper)))
        }
    }

    private func string(_ i: Int) throws -> String {
        let v = try argument(i)
        guard case .string(let s) = v else {
            throw SceneRuntime.fail("E0408", "\(name)() needs a string here, not \(SceneRuntime.article(v.typeName))", site)
        }
        return s
    }

    private func fitting(_ s: String) throws -> String {
        guard s.utf8.count <= SceneRuntime.maxStringLength else {
            throw SceneRuntime.fail(
                "E0609", "\(name)() makes a string longer than the limit of \(SceneRuntime.maxStringLength) bytes", site,
                help: "shorten the text")
        }
        return s
    }

    /// Each scalar by Unicode's full case mapping on its own: no locale, no context.
    static func caseMapped(_ s: String, upper: Bool) -> String {
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            if scalar.isASCII {
                let v = scalar.value
                let shifted = upper ? (v >= 97 && v <= 122 ? v - 32 : v) : (v >= 65 && v <= 90 ? v + 32 : v)
                out.append(Unicode.Scalar(UInt8(shifted)))
            } else {
                out.append(contentsOf: (upper ? scalar.properties.uppercaseMapping : scalar.properties.lowercaseMapping).unicodeScalars)
            }
        }
        return String(out)
    }

    /// At most n scalars: the first n − 1 less trailing spaces, and "…", when the text is longer.
    static func truncate(_ s: String, to n: Int) -> String {
        let scalars = s.unicodeScalars
        var count = 0
        var cut = scalars.startIndex
        for index in scalars.indices {
            if count == n - 1 { cut = index }
            count += 1
            if count > n { break }
        }
        guard count > n else { return s }
        var kept = String.UnicodeScalarView(scalars[..<cut])
        while kept.last == " " { kept.removeLast() }
        return String(kept) + "…"
    }
}
