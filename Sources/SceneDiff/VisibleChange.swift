extension StructuralReport {
    /// The first change a person can see, to lead a summary: the first whose bounds (either side's,
    /// in points; `scale` pixels per point) meet a region of changed pixels. Without changed
    /// pixels, or when no bounds meet them, the first change, as before: an invisible shape added
    /// above a recolored card must not be what a one-line summary points at.
    public func firstVisibleChange(pixels: PixelSummary?, scale: Double) -> OperationChange? {
        guard let regions = pixels?.regions, !regions.isEmpty else { return changes.first }
        func meets(_ bounds: Rect?) -> Bool {
            guard let b = bounds else { return false }
            let x0 = b.x * scale, y0 = b.y * scale, x1 = (b.x + b.width) * scale, y1 = (b.y + b.height) * scale
            return regions.contains { r in
                x0 <= Double(r.x + r.width) && Double(r.x) <= x1 && y0 <= Double(r.y + r.height) && Double(r.y) <= y1
            }
        }
        return changes.first { meets($0.new?.bounds) || meets($0.old?.bounds) } ?? changes.first
    }
}
