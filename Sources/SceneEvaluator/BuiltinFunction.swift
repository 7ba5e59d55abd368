/// A function of the expression language, known by its name once per call: `Builtins.Call.run`
/// switches over this enum, not over the name (a switch over strings compared the name with
/// every case before it, about 40 comparisons for `rgb`: a tenth of a large scene's evaluation).
enum BuiltinFunction: String, CaseIterable {
    case min, max, abs, sqrt, pow, sin, cos, tan, asin, acos, atan, atan2, floor, ceil, round
    case int, number, clamp, radians, degrees, count, sum, replace, runningSum, slice
    case rgb, rgba, white, hsb, withAlpha, mix, lighter, darker, linear, radial, format, textWidth
    case addDays, weekday, dayName, dayInitial
}
