import DisplayList

extension SVGBackend {
    /// A path's SVG path data, exactly as `render` writes it in `d` (absolute `M L Q C A Z`, arcs in
    /// pieces of at most half a turn), or "" when the path draws nothing. Android's VectorDrawable
    /// takes the same syntax in `pathData`, so its writer shares this one.
    public static func pathData(_ path: Path) -> String { PathData.make(path) }
}
