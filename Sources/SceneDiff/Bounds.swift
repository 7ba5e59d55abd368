import DisplayList

/// Where an operation draws, roughly: the box around its path's points and control points (an
/// arc's whole ellipse), mapped through the groups above it into canvas points. Boxes only need
/// to say which region of the picture an operation covers, for review pages that let a click on a
/// changed region find the operation behind it; they are never smaller than what is drawn.
enum Bounds {
    static func of(_ item: DisplayItem, transform: AffineTransform, canvas: Rect) -> Rect? {
        var walk = Walk(canvas: canvas, open: [(transform, [])])
        PreOrder([item]).walk(&walk)
        return union(walk.open[0].boxes)
    }

    /// The boxes of the item and what it holds: one list per group or layer being walked (a clip's
    /// box is its path's), made one box when its items end.
    private struct Walk: PreOrderVisitor {
        let canvas: Rect
        /// The transform to the canvas and the boxes so far, of each group or layer walked.
        var open: [(transform: AffineTransform, boxes: [Rect])]

        mutating func enter(_ item: DisplayItem, index: Int, depth: Int) -> Bool {
            let transform = open[open.count - 1].transform
            switch item {
            case .fill(let f): add(Bounds.box(f.path, transform))
            case .stroke(let s): add(Bounds.box(s.path, transform).map { Bounds.grow($0, by: s.style.width / 2 * Bounds.scale(transform)) })
            case .clip(let c):
                add(Bounds.box(c.path, transform))
                return false
            case .paint: add(canvas)
            case .group(let g): open.append((transform.prepending(g.transform), []))
            case .layer: open.append((transform, []))
            case .mask: open.append((transform, [])) // the content's and the items' boxes: a little more than is shown
            case .text(let t):
                // About 0.6 em per character wide and 1 em high above the baseline: DejaVu's averages.
                let width = Double(t.string.count) * t.fontSize * 0.6
                let x: Double
                switch t.anchor {
                case .start: x = t.position.x
                case .middle: x = t.position.x - width / 2
                case .end: x = t.position.x - width
                }
                add(Bounds.boxOf([Point(x, t.position.y - t.fontSize), Point(x + width, t.position.y + t.fontSize * 0.25)], transform))
            }
            return true
        }

        mutating func leave(_ container: DisplayItem, index: Int, depth: Int) {
            guard let inner = Bounds.union(open.removeLast().boxes) else { return }
            // The shadow draws a copy of the children, moved and blurred over about 3σ (Layer.swift).
            guard case .layer(let l) = container, let s = l.shadow else { return add(inner) }
            let spread = 3 * s.sigma
            let cast = Bounds.grow(Rect(x: inner.x + s.offsetX, y: inner.y + s.offsetY, width: inner.width, height: inner.height), by: spread)
            add(Bounds.union([inner, cast]))
        }

        mutating func add(_ box: Rect?) {
            if let box { open[open.count - 1].boxes.append(box) }
        }
    }

    static func box(_ path: Path, _ transform: AffineTransform) -> Rect? {
        boxOf(path.hullPoints, transform)
    }

    static func boxOf(_ points: [Point], _ transform: AffineTransform) -> Rect? {
        let mapped = points.map(transform.apply).filter { $0.x.isFinite && $0.y.isFinite }
        guard let first = mapped.first else { return nil }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for p in mapped.dropFirst() {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    static func union(_ boxes: [Rect]) -> Rect? {
        guard let first = boxes.first else { return nil }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x + first.width, first.y + first.height)
        for b in boxes.dropFirst() {
            minX = min(minX, b.x); minY = min(minY, b.y)
            maxX = max(maxX, b.x + b.width); maxY = max(maxY, b.y + b.height)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    static func grow(_ r: Rect, by d: Double) -> Rect {
        Rect(x: r.x - d, y: r.y - d, width: r.width + 2 * d, height: r.height + 2 * d)
    }

    /// How much a transform scales lengths, at most.
    static func scale(_ t: AffineTransform) -> Double {
        max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
    }

    /// Overlap of two boxes as a share of their union (0 when apart, 1 when equal).
    static func overlap(_ a: Rect?, _ b: Rect?) -> Double {
        guard let a, let b else { return 0 }
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
        let x1 = min(a.x + a.width, b.x + b.width), y1 = min(a.y + a.height, b.y + b.height)
        let inter = max(0, x1 - x0) * max(0, y1 - y0)
        let union = a.width * a.height + b.width * b.height - inter
        if union <= 0 { return a == b ? 1 : 0 }
        return inter / union
    }
}
