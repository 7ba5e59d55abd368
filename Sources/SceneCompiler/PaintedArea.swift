import DisplayList
import SceneSource

/// The pixels the operations of a display list cover on an image, each counted by the box around
/// its path (control points and whole arcs included, a stroke grown by half its width, a text by
/// DejaVu's average advance), mapped through the groups above it and clipped to the image. cairo's
/// time for a PNG grows with this sum, not with the number of operations: a budget on it bounds
/// the time of any render (issue 13).
enum PaintedArea {
    /// The running total and the operation at which it first passes `limit`, or nil.
    static func first(over limit: Int, in list: DisplayList, scale: Double) -> (Int, SourceSpan)? {
        let scaling = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0)
        var walker = Walker(canvas: (list.width * scale, list.height * scale), limit: Double(limit), root: list.items, rootTransform: scaling)
        list.preOrder.walk(&walker)
        return walker.passed.map { (Int(min(walker.total, 9e18)), $0) }
    }

    /// What a shadow costs, in passes over the image. Measured with librsvg 2.54 on the 2-core
    /// machine under load: a shadow's filter over a 2000×2000 image took 0.22 to 0.38 s, whatever
    /// the blur (40 and 1000 alike: librsvg blurs with box filters), 12 to 21 times the time per
    /// pixel of the fills the budget was measured with (200 fills of 4000×4000 in 14 s), and about
    /// 25 bytes per pixel of memory; at 24, the largest image one shadow may cover (3000×3000) peaked
    /// at 291 MB and took 2.2 s, and a shadow on 5000×5000 is refused.
    static let shadowWeight = 24

    /// The walk: each item's cost added as it is entered, until the total passes the limit.
    private struct Walker: PreOrderVisitor {
        let canvas: (width: Double, height: Double)
        let limit: Double
        let root: [DisplayItem]
        let rootTransform: AffineTransform
        var total = 0.0
        var passed: SourceSpan?
        /// The transform to the image of the list and of each container being walked.
        var transforms: [AffineTransform]
        /// The shadows' regions by `PreOrder` index, made at the first shadow.
        var shadowRegions: [Int: ShadowRegion.Box]?

        init(canvas: (width: Double, height: Double), limit: Double, root: [DisplayItem], rootTransform: AffineTransform) {
            self.canvas = canvas; self.limit = limit; self.root = root; self.rootTransform = rootTransform
            transforms = [rootTransform]
        }

        mutating func enter(_ item: DisplayItem, index: Int, depth: Int) -> Bool {
            guard passed == nil else { return false }
            let transform = transforms[transforms.count - 1]
            switch item {
            case .fill(let f): add(box(f.path, transform), f.source)
            case .stroke(let s): add(box(s.path, transform, grow: s.style.width / 2 * stretch(transform)), s.source)
            case .paint(let p): add((0, 0, canvas.width, canvas.height), p.source)
            case .text(let t):
                let width = Double(t.string.unicodeScalars.count) * t.fontSize * 0.6
                let x = t.anchor == .start ? t.position.x : t.anchor == .middle ? t.position.x - width / 2 : t.position.x - width
                add(box([Point(x, t.position.y - t.fontSize), Point(x + width, t.position.y + t.fontSize * 0.25)], transform), t.source)
            case .group(let g): transforms.append(transform.prepending(g.transform))
            case .clip(let c):
                // The clip's mask covers its region; then its body draws.
                add(box(c.path, transform), c.source)
                transforms.append(transform)
            case .layer(let l):
                // librsvg draws a layer onto an offscreen image the size of the image, then
                // composites it: one pass over the image. A shadow's filter runs over its region
                // (ShadowRegion, cut to the image), worth `shadowWeight` passes.
                add((0, 0, canvas.width, canvas.height), l.source)
                if l.shadow != nil, shadowRegions == nil {
                    shadowRegions = ShadowRegion.all(root, transform: rootTransform, width: canvas.width, height: canvas.height)
                }
                if let r = shadowRegions?[index] {
                    add((r.x0, r.y0, r.x1, r.y1), l.source, times: Double(PaintedArea.shadowWeight))
                }
                transforms.append(transform)
            case .mask(let m):
                // librsvg draws the content and the masked items each onto an offscreen image the
                // size of the image, then turns the content into a mask and composites: three passes.
                add((0, 0, canvas.width, canvas.height), m.source, times: 3)
                transforms.append(transform)
            }
            return true
        }

        mutating func leave(_ container: DisplayItem, index: Int, depth: Int) {
            transforms.removeLast()
            // Blended, a shadowed layer's items are drawn twice, in two layers: once for the
            // shadow, once for the image (SVGWriter's layers), with the same indices the second time.
            guard case .layer(let l) = container, l.shadow != nil, l.blend != .normal else { return }
            add((0, 0, canvas.width, canvas.height), l.source)
            PreOrder.children(of: container, at: index).walk(&self) // a layer keeps its transform
        }

        mutating func add(_ box: (Double, Double, Double, Double)?, _ source: SourceSpan, times: Double = 1) {
            guard let (x0, y0, x1, y1) = box else { return }
            let w = max(0, min(x1, canvas.width) - max(x0, 0)), h = max(0, min(y1, canvas.height) - max(y0, 0))
            // Every operation costs at least a pixel's work.
            total += times * max(1, w.isFinite && h.isFinite ? w * h : canvas.width * canvas.height)
            if total > limit { passed = source }
        }

        func stretch(_ t: AffineTransform) -> Double {
            max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
        }

        func box(_ path: Path, _ transform: AffineTransform, grow: Double = 0) -> (Double, Double, Double, Double)? {
            guard let b = box(path.hullPoints, transform) else { return nil }
            return (b.0 - grow, b.1 - grow, b.2 + grow, b.3 + grow)
        }

        func box(_ points: [Point], _ transform: AffineTransform) -> (Double, Double, Double, Double)? {
            ShadowRegion.box(points, transform).map { ($0.x0, $0.y0, $0.x1, $0.y1) }
        }
    }
}
