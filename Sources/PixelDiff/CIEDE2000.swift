#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CIEDE2000 color difference (ΔE00) of two RGBA8 pixels, as a person sees them on a screen:
/// scenec's own measure of a visible change (`DiffOptions.Measure.ciede2000`), beside pixelmatch's.
///
/// A pixel is seen over what lies behind it, which a widget's image does not know: each pixel is
/// blended over white and over black (in sRGB, as a browser composites, rounded to a byte as a
/// screen shows it) and the larger of the two differences counts, so a change of opacity alone is
/// seen too. Colors are taken as sRGB (D65) to CIELAB, then ΔE00 after Sharma, Wu and Dalal, "The
/// CIEDE2000 color-difference formula: implementation notes" (2005), whose test pairs the tests use.
enum CIEDE2000 {
    /// sRGB byte → linear light.
    private static let linear: [Double] = (0...255).map { value in
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// The difference of pixel `k` (a byte offset) in `a` and in `b`, negative when `b`'s pixel is
    /// darker (lower L* over white; over black when they are as light over white).
    @inline(__always)
    static func delta(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ k: Int) -> Double {
        let a1 = Int(a[k + 3]), a2 = Int(b[k + 3])
        if a1 == 255 && a2 == 255 {
            let x = lab(Int(a[k]), Int(a[k + 1]), Int(a[k + 2])), y = lab(Int(b[k]), Int(b[k + 1]), Int(b[k + 2]))
            let e = difference(x, y)
            return y.l < x.l ? -e : e
        }
        func over(_ image: UnsafePointer<UInt8>, _ alpha: Int, _ background: Int) -> Lab {
            func blend(_ c: UInt8) -> Int { (Int(c) * alpha + background * (255 - alpha) + 127) / 255 }
            return lab(blend(image[k]), blend(image[k + 1]), blend(image[k + 2]))
        }
        let xw = over(a, a1, 255), yw = over(b, a2, 255), xb = over(a, a1, 0), yb = over(b, a2, 0)
        let e = max(difference(xw, yw), difference(xb, yb))
        let darker = yw.l != xw.l ? yw.l < xw.l : yb.l < xb.l
        return darker ? -e : e
    }

    struct Lab { let l, a, b: Double }

    /// sRGB bytes → CIELAB (D65 white).
    @inline(__always)
    static func lab(_ r: Int, _ g: Int, _ b: Int) -> Lab {
        let rl = linear[r], gl = linear[g], bl = linear[b]
        let x = (0.4124564 * rl + 0.3575761 * gl + 0.1804375 * bl) / 0.95047
        let y = 0.2126729 * rl + 0.7151522 * gl + 0.0721750 * bl
        let z = (0.0193339 * rl + 0.1191920 * gl + 0.9503041 * bl) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : t * (841.0 / 108) + 4.0 / 29 }
        let fy = f(y)
        return Lab(l: 116 * fy - 16, a: 500 * (f(x) - fy), b: 200 * (fy - f(z)))
    }

    /// ΔE00 of two CIELAB colors (kL = kC = kH = 1).
    static func difference(_ x: Lab, _ y: Lab) -> Double {
        let degree = Double.pi / 180
        let pow25to7 = 6103515625.0
        let c1 = (x.a * x.a + x.b * x.b).squareRoot(), c2 = (y.a * y.a + y.b * y.b).squareRoot()
        let cMean7 = pow((c1 + c2) / 2, 7)
        let g = 0.5 * (1 - (cMean7 / (cMean7 + pow25to7)).squareRoot())
        let a1 = (1 + g) * x.a, a2 = (1 + g) * y.a
        let c1p = (a1 * a1 + x.b * x.b).squareRoot(), c2p = (a2 * a2 + y.b * y.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) / degree
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(x.b, a1), h2 = hue(y.b, a2)
        let dL = y.l - x.l, dC = c2p - c1p
        var dh = 0.0
        if c1p * c2p != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * (c1p * c2p).squareRoot() * sin(dh / 2 * degree)
        let lMean = (x.l + y.l) / 2, cpMean = (c1p + c2p) / 2
        var hMean = h1 + h2
        if c1p * c2p != 0 {
            if abs(h1 - h2) <= 180 {
                hMean = (h1 + h2) / 2
            } else if h1 + h2 < 360 {
                hMean = (h1 + h2 + 360) / 2
            } else {
                hMean = (h1 + h2 - 360) / 2
            }
        }
        let t =
            1 - 0.17 * cos((hMean - 30) * degree) + 0.24 * cos(2 * hMean * degree)
            + 0.32 * cos((3 * hMean + 6) * degree) - 0.20 * cos((4 * hMean - 63) * degree)
        let dTheta = 30 * exp(-((hMean - 275) / 25) * ((hMean - 275) / 25))
        let cp7 = pow(cpMean, 7)
        let rC = 2 * (cp7 / (cp7 + pow25to7)).squareRoot()
        let l50 = (lMean - 50) * (lMean - 50)
        let sL = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sC = 1 + 0.045 * cpMean
        let sH = 1 + 0.015 * cpMean * t
        let rT = -sin(2 * dTheta * degree) * rC
        let l = dL / sL, c = dC / sC, h = dH / sH
        return max(0, l * l + c * c + h * h + rT * c * h).squareRoot()
    }
}
