import DisplayList
import Foundation

/// A color space; the recorder knows sRGB only, the space every scene color is in.
public final class CGColorSpace: @unchecked Sendable {
    /// On Apple platforms a `CFString`; the initializer takes it the same way.
    public static let sRGB = "kCGColorSpaceSRGB"
    public let name: String

    public init?(name: String) {
        guard name == Self.sRGB else { return nil }
        self.name = name
    }

    /// `CGColorSpaceCreateDeviceRGB()`'s Swift spelling.
    public init() { name = Self.sRGB }

    /// The device gray space (`CGColorSpaceCreateDeviceGray()`), for a luminance mask's bitmap.
    static let deviceGray = "DeviceGray"
    init(gray: Void) { name = Self.deviceGray }
}

/// The C function's name, which the seeds call (GraphView): the device RGB space is sRGB here.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace() }

/// A non-premultiplied sRGB color, as `CGColor(srgbRed:green:blue:alpha:)` makes it.
public final class CGColor: @unchecked Sendable {
    public let components: [CGFloat]?
    let color: Color

    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha]
        color = Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    public var alpha: CGFloat { color.alpha }

    public func copy(alpha: CGFloat) -> CGColor? {
        CGColor(srgbRed: color.red, green: color.green, blue: color.blue, alpha: alpha)
    }
}

/// Colors at locations, as `CGGradient(colorSpace:colorComponents:locations:count:)` takes them:
/// four components (red, green, blue, alpha) per color.
public final class CGGradient: @unchecked Sendable {
    let stops: [GradientStop]

    public init?(
        colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
        locations: UnsafePointer<CGFloat>?, count: Int
    ) {
        guard count > 0 else { return nil }
        var stops: [GradientStop] = []
        for i in 0..<count {
            let color = Color(
                red: components[4 * i], green: components[4 * i + 1], blue: components[4 * i + 2],
                alpha: components[4 * i + 3])
            // Without locations, Core Graphics spreads the colors evenly from 0 to 1.
            let offset = locations.map { $0[i] } ?? (count == 1 ? 0 : CGFloat(i) / CGFloat(count - 1))
            stops.append(GradientStop(offset: offset, color: color))
        }
        self.stops = stops
    }

    /// Colors at locations, as `CGGradient(colorsSpace:colors:locations:)` takes them (the seeds'
    /// GraphView). On Apple platforms `colors` is a `CFArray` of `CGColor`; Linux has no such
    /// bridging, so the recorder takes the array itself.
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: UnsafePointer<CGFloat>?) {
        guard !colors.isEmpty else { return nil }
        let count = colors.count
        stops = colors.enumerated().map { i, color in
            // Without locations, Core Graphics spreads the colors evenly from 0 to 1.
            GradientStop(offset: locations.map { $0[i] } ?? (count == 1 ? 0 : CGFloat(i) / CGFloat(count - 1)), color: color.color)
        }
    }
}

/// Which sides of a gradient keep painting past its end colors.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)

    var extend: GradientExtend {
        switch (contains(.drawsBeforeStartLocation), contains(.drawsAfterEndLocation)) {
        case (true, true): return .both
        case (true, false): return .before
        case (false, true): return .after
        case (false, false): return .none
        }
    }
}

public enum CGPathFillRule: Int, Sendable {
    case winding, evenOdd
    var rule: FillRule { self == .winding ? .nonzero : .evenodd }
}

public enum CGLineCap: Int32, Sendable {
    case butt, round, square
    var cap: LineCap {
        switch self {
        case .butt: .butt;
        case .round: .round;
        case .square: .square
        }
    }
}

public enum CGLineJoin: Int32, Sendable {
    case miter, round, bevel
    var join: LineJoin {
        switch self {
        case .miter: .miter;
        case .round: .round;
        case .bevel: .bevel
        }
    }
}

/// The blend modes a scene can ask for, under Core Graphics' names.
public enum CGBlendMode: Int32, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, softLight, hardLight, difference, exclusion
    /// Only the conic gradient's fallback for old systems uses it (never reached here, where
    /// `#available` holds): `CGContext.setBlendMode` reports it as a problem.
    case copy
    /// What a mask draws with (CGContext+Masks.swift): a layer shown where the layer under it is opaque.
    case sourceIn
    var blend: BlendMode {
        switch self {
        case .copy, .sourceIn: .normal
        case .normal: .normal
        case .multiply: .multiply
        case .screen: .screen
        case .overlay: .overlay
        case .darken: .darken
        case .lighten: .lighten
        case .softLight: .softLight
        case .hardLight: .hardLight
        case .difference: .difference
        case .exclusion: .exclusion
        }
    }
}
