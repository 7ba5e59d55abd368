/// Where a layer's shadow filter must work, in canvas space: shared by the SVG writer (the filter
/// region it writes) and the painting budget (what that filter costs), so the two never disagree.
///
/// The region holds what the layer draws and where its shadow falls: the box around the layer's
/// items and that box moved by the offset, grown by the blur's reach (3σ, past which a Gaussian adds
/// under 0.3 %), then cut to the canvas grown by its larger side and that reach, so that no region
/// is ever far larger than the canvas (resvg allocates a filter region whole: a region of 600 000²
/// points aborted it). A filter over a small shape costs a small region, not the whole image.
public enum ShadowRegion {
    /// A box: x0 ≤ x1, y0 ≤ y1.
    public typealias Box = (x0: Double, y0: Double, x1: Double, y1: Double)

    /// How far a Gaussian blur reaches, in standard deviations.
    public static let reach = 3.0

    /// The region of `layer`'s shadow, drawn under `transform` (from the layer's space to the
    /// canvas) on a canvas of `width` × `height`; nil when the layer draws nothing or the region
    /// misses the canvas.
    public static func of(_ layer: Layer, transform: AffineTransform, width: Double, height: Double) -> Box? {
        guard let shadow = layer.shadow, let drawn = bounds(layer.items, transform, width, height) else { return nil }
        return region(drawn, shadow, width, height)
    }

    /// The region of a shadow cast by what is drawn in the box `drawn`.
    static func region(_ drawn: Box, _ shadow: Shadow, _ width: Double, _ height: Double) -> Box? {
        let margin = (reach * finite(shadow.sigma)).rounded(.up) + 1
        let dx = finite(shadow.offsetX), dy = finite(shadow.offsetY)
        let far = max(width, height) + margin
        let box = (
            x0: max(-far, min(drawn.x0, drawn.x0 + dx) - margin), y0: max(-far, min(drawn.y0, drawn.y0 + dy) - margin),
            x1: min(width + far, max(drawn.x1, drawn.x1 + dx) + margin), y1: min(height + far, max(drawn.y1, drawn.y1 + dy) + margin)
        )
        guard box.x0 < box.x1, box.y0 < box.y1, box.x1 > 0, box.y1 > 0, box.x0 < width, box.y0 < height else { return nil }
        return box
    }

    /// The region of every shadowed layer in `items`, by the layer's `PreOrder` index (the index
    /// the SVG writer and the painting budget name it by). One walk over the list, so nested layers
    /// cost no more than flat ones.
    public static func all(_ items: [DisplayItem], transform: AffineTransform, width: Double, height: Double) -> [Int: Box] {
        var walk = BoundsWalk(transform: transform, width: width, height: height)
        PreOrder(items).walk(&walk)
        return walk.regions
    }

    /// A box around every pixel the items draw, shadows included, never smaller than the drawing:
    /// paths by their hull points, strokes grown by half their width times the miter limit (a
    /// miter's tip) and the transform's stretch, texts by a generous box (1 em per character,
    /// 1.5 em above the baseline, 0.6 below), a paint by the canvas.
    public static func bounds(_ items: [DisplayItem], _ transform: AffineTransform, _ width: Double, _ height: Double) -> Box? {
        var walk = BoundsWalk(transform: transform, width: width, height: height)
        PreOrder(items).walk(&walk)
        return walk.result
    }

    /// The boxes of a walk: one open box per container being walked (and one for the list), each
    /// added to the one around it when its items end; a shadowed layer's region is made there, from
    /// its items' box, and added too.
    private struct BoundsWalk: PreOrderVisitor {
        let width: Double, height: Double
        /// The transform to the canvas and the box so far, of the list and each container walked.
        var open: [(transform: AffineTransform, box: Box?)]
        var regions: [Int: Box] = [:]

        init(transform: AffineTransform, width: Double, height: Double) {
            self.width = width; self.height = height
            open = [(transform, nil)]
        }

        /// The list's box.
        var result: Box? { ShadowRegion.closed(open[0].box, width, height) }

        mutating func enter(_ item: DisplayItem, index: Int, depth: Int) -> Bool {
            let transform = open[open.count - 1].transform
            switch item {
            case .fill(let f): add(ShadowRegion.box(f.path.hullPoints, transform))
            case .stroke(let s):
                let grow = s.style.width / 2 * max(s.style.miterLimit, 1.5) * ShadowRegion.stretch(transform)
                add(ShadowRegion.box(s.path.hullPoints, transform).map { ($0.x0 - grow, $0.y0 - grow, $0.x1 + grow, $0.y1 + grow) })
            case .paint: add((0, 0, width, height))
            case .text(let t):
                let n = Double(t.string.unicodeScalars.count) * t.fontSize
                let p = t.position
                add(ShadowRegion.box([Point(p.x - n, p.y - 1.5 * t.fontSize), Point(p.x + n, p.y + 0.6 * t.fontSize)], transform))
            case .group(let g): open.append((transform.prepending(g.transform), nil))
            case .clip, .layer, .mask: open.append((transform, nil))
            }
            return true
        }

        mutating func leave(_ container: DisplayItem, index: Int, depth: Int) {
            // The items' box once: computing it again for the shadow would double the work at
            // every level of nested layers.
            let inner = ShadowRegion.closed(open.removeLast().box, width, height)
            add(inner)
            if case .layer(let l) = container, let inner, let shadow = l.shadow, let r = ShadowRegion.region(inner, shadow, width, height) {
                regions[index] = r
                add(r)
            }
        }

        mutating func add(_ box: Box?) {
            guard let box else { return }
            let top = open.count - 1
            guard let r = open[top].box else { open[top].box = box; return }
            open[top].box = (min(r.x0, box.x0), min(r.y0, box.y0), max(r.x1, box.x1), max(r.y1, box.y1))
        }
    }

    /// A finished box: one that is not finite anywhere is the canvas.
    private static func closed(_ box: Box?, _ width: Double, _ height: Double) -> Box? {
        guard let r = box, r.x0.isFinite, r.y0.isFinite, r.x1.isFinite, r.y1.isFinite else { return box == nil ? nil : (0, 0, width, height) }
        return r
    }

    /// The box around `points` after `t`; nil for no points. (Also the painting budget's.)
    public static func box(_ points: [Point], _ t: AffineTransform) -> Box? {
        guard !points.isEmpty else { return nil }
        var (x0, y0, x1, y1) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for p in points {
            let q = t.apply(p)
            x0 = min(x0, q.x); y0 = min(y0, q.y); x1 = max(x1, q.x); y1 = max(y1, q.y)
        }
        return (x0, y0, x1, y1)
    }

    static func stretch(_ t: AffineTransform) -> Double {
        max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
    }

    static func finite(_ v: Double) -> Double { v.isFinite ? min(1e15, max(-1e15, v)) : 0 }
}
