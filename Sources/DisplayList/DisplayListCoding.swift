import SceneSource
import SceneVocabulary

// The display list as JSON, for the preview and the review page. Decoding goes through the same
// initializers as everything else, so a decoded list keeps the invariants `DisplayList` documents.
// Shapes: an item is `{"fill": {…}}` (one key naming its case), a path segment `{"line": [x, y]}`,
// a paint `{"color": {…}}` `{"linearGradient": {…}}`, `{"radialGradient": {…}}` or `{"conicGradient": {…}}`, an origin its steps from the root.

extension DisplayList: Codable {
    enum CodingKeys: String, CodingKey { case width, height, items }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            width: try c.decode(Double.self, forKey: .width), height: try c.decode(Double.self, forKey: .height),
            items: try c.decode([DisplayItem].self, forKey: .items))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(items, forKey: .items)
    }
}

extension DisplayItem: Codable {
    enum CodingKeys: String, CodingKey { case fill, stroke, paint, group, clip, text, layer, mask }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let key = c.allKeys.first, c.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "an item has exactly one key naming its kind"))
        }
        switch key {
        case .fill: self = .fill(try c.decode(Fill.self, forKey: key))
        case .stroke: self = .stroke(try c.decode(Stroke.self, forKey: key))
        case .paint: self = .paint(try c.decode(PaintRegion.self, forKey: key))
        case .group: self = .group(try c.decode(Group.self, forKey: key))
        case .clip: self = .clip(try c.decode(Clip.self, forKey: key))
        case .text: self = .text(try c.decode(TextRun.self, forKey: key))
        case .layer: self = .layer(try c.decode(Layer.self, forKey: key))
        case .mask: self = .mask(try c.decode(Mask.self, forKey: key))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .fill(let x): try c.encode(x, forKey: .fill)
        case .stroke(let x): try c.encode(x, forKey: .stroke)
        case .paint(let x): try c.encode(x, forKey: .paint)
        case .group(let x): try c.encode(x, forKey: .group)
        case .clip(let x): try c.encode(x, forKey: .clip)
        case .text(let x): try c.encode(x, forKey: .text)
        case .layer(let x): try c.encode(x, forKey: .layer)
        case .mask(let x): try c.encode(x, forKey: .mask)
        }
    }
}

/// The keys every operation shares.
enum OperationKeys: String, CodingKey {
    case path, paint, rule, opacity, style, transform, items, source, origin
    /// Written only when not `normal`, so lists without blend modes encode as before.
    case blend
    case string, position, anchor, fontFamily, fontSize, fontWeight, color
}

extension Fill: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: OperationKeys.self)
        self.init(
            path: try c.decode(Path.self, forKey: .path), paint: try c.decode(Paint.self, forKey: .paint),
            rule: try c.decode(FillRule.self, forKey: .rule), opacity: try c.decode(Double.self, forKey: .opacity),
            blend: try c.decodeIfPresent(BlendMode.self, forKey: .blend) ?? .normal,
            source: try c.decode(SourceSpan.self, forKey: .source), origin: try c.decodeIfPresent(Origin.self, forKey: .origin))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: OperationKeys.self)
        try c.encode(path, forKey: .path); try c.encode(paint, forKey: .paint); try c.encode(rule, forKey: .rule)
        try c.encode(opacity, forKey: .opacity); try c.encode(source, forKey: .source); try c.encodeIfPresent(origin, forKey: .origin)
        if blend != .normal { try c.encode(blend, forKey: .blend) }
    }
}

extension Stroke: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: OperationKeys.self)
        self.init(
            path: try c.decode(Path.self, forKey: .path), paint: try c.decode(Paint.self, forKey: .paint),
            style: try c.decode(StrokeStyle.self, forKey: .style), opacity: try c.decode(Double.self, forKey: .opacity),
            blend: try c.decodeIfPresent(BlendMode.self, forKey: .blend) ?? .normal,
            source: try c.decode(SourceSpan.self, forKey: .source), origin: try c.decodeIfPresent(Origin.self, forKey: .origin))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: OperationKeys.self)
        try c.encode(path, forKey: .path); try c.encode(paint, forKey: .paint); try c.encode(style, forKey: .style)
        try c.encode(opacity, forKey: .opacity); try c.encode(source, forKey: .source); try c.encodeIfPresent(origin, forKey: .origin)
        if blend != .normal { try c.encode(blend, forKey: .blend) }
    }
}

extension PaintRegion: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: OperationKeys.self)
        self.init(
            paint: try c.decode(Paint.self, forKey: .paint), opacity: try c.decode(Double.self, forKey: .opacity),
            blend: try c.decodeIfPresent(BlendMode.self, forKey: .blend) ?? .normal,
            source: try c.decode(SourceSpan.self, forKey: .source), origin: try c.decodeIfPresent(Origin.self, forKey: .origin))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: OperationKeys.self)
        try c.encode(paint, forKey: .paint); try c.encode(opacity, forKey: .opacity)
        try c.encode(source, forKey: .source); try c.encodeIfPresent(origin, forKey: .origin)
        if blend != .normal { try c.encode(blend, forKey: .blend) }
    }
}

extension Group: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: OperationKeys.self)
        self.init(
            transform: try c.decode(AffineTransform.self, forKey: .transform), items: try c.decode([DisplayItem].self, forKey: .items),
            blend: try c.decodeIfPresent(BlendMode.self, forKey: .blend) ?? .normal,
            source: try c.decode(SourceSpan.self, forKey: .source), origin: try c.decodeIfPresent(Origin.self, forKey: .origin))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: OperationKeys.self)
        try c.encode(transform, forKey: .transform); try c.encode(items, forKey: .items)
        try c.encode(source, forKey: .source); try c.encodeIfPresent(origin, forKey: .origin)
        if blend != .normal { try c.encode(blend, forKey: .blend) }
    }
}

extension Clip: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: OperationKeys.self)
        self.init(
            path: try c.decode(Path.self, forKey: .path), rule: try c.decode(FillRule.self, forKey: .rule),
            items: try c.decode([DisplayItem].self, forKey: .items), source: try c.decode(SourceSpan.self, forKey: .source),
            origin: try c.decodeIfPresent(Origin.self, forKey: .origin))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: OperationKeys.self)
        try c.encode(path, forKey: .path); try c.encode(rule, forKey: .rule); try c.encode(items, forKey: .items)
        try c.encode(source, forKey: .source); try c.encodeIfPresent(origin, forKey: .origin)
    }
}

extension TextRun: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: OperationKeys.self)
        self.init(
            string: try c.decode(String.self, forKey: .string), position: try c.decode(Point.self, forKey: .position),
            anchor: try c.decode(TextAnchor.self, forKey: .anchor), fontFamily: try c.decode(String.self, forKey: .fontFamily),
            fontSize: try c.decode(Double.self, forKey: .fontSize), fontWeight: try c.decode(Int.self, forKey: .fontWeight),
            color: try c.decode(Color.self, forKey: .color), opacity: try c.decode(Double.self, forKey: .opacity),
            source: try c.decode(SourceSpan.self, forKey: .source), origin: try c.decodeIfPresent(Origin.self, forKey: .origin))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: OperationKeys.self)
        try c.encode(string, forKey: .string); try c.encode(position, forKey: .position); try c.encode(anchor, forKey: .anchor)
        try c.encode(fontFamily, forKey: .fontFamily); try c.encode(fontSize, forKey: .fontSize)
        try c.encode(fontWeight, forKey: .fontWeight); try c.encode(color, forKey: .color); try c.encode(opacity, forKey: .opacity)
        try c.encode(source, forKey: .source); try c.encodeIfPresent(origin, forKey: .origin)
    }
}

extension Layer: Codable {
    enum CodingKeys: String, CodingKey { case opacity, shadow, blend, items, source, origin }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            opacity: try c.decode(Double.self, forKey: .opacity), shadow: try c.decodeIfPresent(Shadow.self, forKey: .shadow),
            blend: try c.decodeIfPresent(BlendMode.self, forKey: .blend) ?? .normal,
            items: try c.decode([DisplayItem].self, forKey: .items), source: try c.decode(SourceSpan.self, forKey: .source),
            origin: try c.decodeIfPresent(Origin.self, forKey: .origin))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(opacity, forKey: .opacity); try c.encodeIfPresent(shadow, forKey: .shadow)
        if blend != .normal { try c.encode(blend, forKey: .blend) }
        try c.encode(items, forKey: .items)
        try c.encode(source, forKey: .source); try c.encodeIfPresent(origin, forKey: .origin)
    }
}

extension Mask: Codable {
    enum CodingKeys: String, CodingKey { case mode, content, items, source, origin }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            mode: try c.decode(MaskMode.self, forKey: .mode), content: try c.decode([DisplayItem].self, forKey: .content),
            items: try c.decode([DisplayItem].self, forKey: .items), source: try c.decode(SourceSpan.self, forKey: .source),
            origin: try c.decodeIfPresent(Origin.self, forKey: .origin))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(mode, forKey: .mode); try c.encode(content, forKey: .content); try c.encode(items, forKey: .items)
        try c.encode(source, forKey: .source); try c.encodeIfPresent(origin, forKey: .origin)
    }
}

extension Shadow: Codable {
    enum CodingKeys: String, CodingKey { case offsetX, offsetY, blur, color }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            offsetX: try c.decode(Double.self, forKey: .offsetX), offsetY: try c.decode(Double.self, forKey: .offsetY),
            blur: try c.decode(Double.self, forKey: .blur), color: try c.decode(Color.self, forKey: .color))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(offsetX, forKey: .offsetX); try c.encode(offsetY, forKey: .offsetY)
        try c.encode(blur, forKey: .blur); try c.encode(color, forKey: .color)
    }
}

extension TextAnchor: Codable {}
extension FillRule: Codable {}
extension LineCap: Codable {}
extension LineJoin: Codable {}
extension GradientExtend: Codable {}

extension Point: Codable {
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(try c.decode(Double.self), try c.decode(Double.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(x)
        try c.encode(y)
    }
}

extension AffineTransform: Codable {
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(
            a: try c.decode(Double.self), b: try c.decode(Double.self), c: try c.decode(Double.self),
            d: try c.decode(Double.self), tx: try c.decode(Double.self), ty: try c.decode(Double.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var list = encoder.unkeyedContainer()
        for v in [a, b, c, d, tx, ty] { try list.encode(v) }
    }
}

extension Color: Codable {
    enum CodingKeys: String, CodingKey { case red, green, blue, alpha }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            red: try c.decode(Double.self, forKey: .red), green: try c.decode(Double.self, forKey: .green),
            blue: try c.decode(Double.self, forKey: .blue), alpha: try c.decode(Double.self, forKey: .alpha))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(red, forKey: .red); try c.encode(green, forKey: .green)
        try c.encode(blue, forKey: .blue); try c.encode(alpha, forKey: .alpha)
    }
}

extension StrokeStyle: Codable {
    enum CodingKeys: String, CodingKey { case width, cap, join, miterLimit, dash, dashPhase }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            width: try c.decode(Double.self, forKey: .width), cap: try c.decode(LineCap.self, forKey: .cap),
            join: try c.decode(LineJoin.self, forKey: .join), miterLimit: try c.decode(Double.self, forKey: .miterLimit),
            dash: try c.decode([Double].self, forKey: .dash), dashPhase: try c.decode(Double.self, forKey: .dashPhase))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(width, forKey: .width); try c.encode(cap, forKey: .cap); try c.encode(join, forKey: .join)
        try c.encode(miterLimit, forKey: .miterLimit); try c.encode(dash, forKey: .dash); try c.encode(dashPhase, forKey: .dashPhase)
    }
}

extension GradientStop: Codable {
    enum CodingKeys: String, CodingKey { case offset, color }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(offset: try c.decode(Double.self, forKey: .offset), color: try c.decode(Color.self, forKey: .color))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(offset, forKey: .offset)
        try c.encode(color, forKey: .color)
    }
}

extension LinearGradient: Codable {
    enum CodingKeys: String, CodingKey { case stops, start, end, extend }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            stops: try c.decode([GradientStop].self, forKey: .stops), start: try c.decode(Point.self, forKey: .start),
            end: try c.decode(Point.self, forKey: .end), extend: try c.decode(GradientExtend.self, forKey: .extend))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(stops, forKey: .stops); try c.encode(start, forKey: .start)
        try c.encode(end, forKey: .end); try c.encode(extend, forKey: .extend)
    }
}

extension RadialGradient: Codable {
    enum CodingKeys: String, CodingKey { case stops, startCenter, startRadius, endCenter, endRadius, extend }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            stops: try c.decode([GradientStop].self, forKey: .stops),
            startCenter: try c.decode(Point.self, forKey: .startCenter), startRadius: try c.decode(Double.self, forKey: .startRadius),
            endCenter: try c.decode(Point.self, forKey: .endCenter), endRadius: try c.decode(Double.self, forKey: .endRadius),
            extend: try c.decode(GradientExtend.self, forKey: .extend))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(stops, forKey: .stops)
        try c.encode(startCenter, forKey: .startCenter); try c.encode(startRadius, forKey: .startRadius)
        try c.encode(endCenter, forKey: .endCenter); try c.encode(endRadius, forKey: .endRadius)
        try c.encode(extend, forKey: .extend)
    }
}

extension ConicGradient: Codable {
    enum CodingKeys: String, CodingKey { case stops, center, startAngle }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            stops: try c.decode([GradientStop].self, forKey: .stops), center: try c.decode(Point.self, forKey: .center),
            startAngle: try c.decode(Double.self, forKey: .startAngle))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(stops, forKey: .stops)
        try c.encode(center, forKey: .center); try c.encode(startAngle, forKey: .startAngle)
    }
}

extension Paint: Codable {
    enum CodingKeys: String, CodingKey { case color, linearGradient, radialGradient, conicGradient }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let color = try c.decodeIfPresent(Color.self, forKey: .color) {
            self = .color(color)
        } else if let radial = try c.decodeIfPresent(RadialGradient.self, forKey: .radialGradient) {
            self = .radialGradient(radial)
        } else if let conic = try c.decodeIfPresent(ConicGradient.self, forKey: .conicGradient) {
            self = .conicGradient(conic)
        } else {
            self = .linearGradient(try c.decode(LinearGradient.self, forKey: .linearGradient))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .color(let color): try c.encode(color, forKey: .color)
        case .linearGradient(let g): try c.encode(g, forKey: .linearGradient)
        case .radialGradient(let g): try c.encode(g, forKey: .radialGradient)
        case .conicGradient(let g): try c.encode(g, forKey: .conicGradient)
        }
    }
}

extension Path: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([PathSegment].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(segments)
    }
}

extension PathSegment: Codable {
    enum CodingKeys: String, CodingKey { case move, line, quad, cubic, arc, close }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let key = c.allKeys.first, c.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "a segment has exactly one key"))
        }
        switch key {
        case .move: self = .move(try c.decode(Point.self, forKey: key))
        case .line: self = .line(try c.decode(Point.self, forKey: key))
        case .quad:
            let p = try c.decode([Point].self, forKey: key)
            guard p.count == 2 else { throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "quad: 2 points") }
            self = .quad(control: p[0], to: p[1])
        case .cubic:
            let p = try c.decode([Point].self, forKey: key)
            guard p.count == 3 else { throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "cubic: 3 points") }
            self = .cubic(control1: p[0], control2: p[1], to: p[2])
        case .arc:
            let v = try c.decode([Double].self, forKey: key)
            guard v.count == 6 else { throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "arc: 6 numbers") }
            self = .arc(Arc(center: Point(v[0], v[1]), radiusX: v[2], radiusY: v[3], startAngle: v[4], sweep: v[5]))
        case .close: self = .close
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .move(let p): try c.encode(p, forKey: .move)
        case .line(let p): try c.encode(p, forKey: .line)
        case .quad(let a, let p): try c.encode([a, p], forKey: .quad)
        case .cubic(let a, let b, let p): try c.encode([a, b, p], forKey: .cubic)
        case .arc(let a): try c.encode([a.center.x, a.center.y, a.radiusX, a.radiusY, a.startAngle, a.sweep], forKey: .arc)
        case .close: try c.encode(true, forKey: .close)
        }
    }
}

extension Origin: Codable {
    enum StepKeys: String, CodingKey { case element, index, iteration, value, component }

    public convenience init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        var node: Origin? = nil
        while !list.isAtEnd {
            let c = try list.nestedContainer(keyedBy: StepKeys.self)
            let step: Step
            if let name = try c.decodeIfPresent(String.self, forKey: .element) {
                guard let kind = ElementKind(rawValue: name) else {
                    throw DecodingError.dataCorruptedError(forKey: .element, in: c, debugDescription: "no element is called '\(name)'")
                }
                step = .element(kind: kind, index: try c.decode(Int.self, forKey: .index))
            } else if let variable = try c.decodeIfPresent(String.self, forKey: .iteration) {
                step = .iteration(variable: variable, value: try c.decode(String.self, forKey: .value))
            } else {
                step = .component(try c.decode(String.self, forKey: .component))
            }
            node = Origin(parent: node, step: step)
        }
        guard let node else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "an origin has at least one step"))
        }
        self.init(parent: node.parent, step: node.step)
    }

    public func encode(to encoder: any Encoder) throws {
        var list = encoder.unkeyedContainer()
        for step in steps {
            var c = list.nestedContainer(keyedBy: StepKeys.self)
            switch step {
            case .element(let kind, let index): try c.encode(kind.rawValue, forKey: .element); try c.encode(index, forKey: .index)
            case .iteration(let variable, let value): try c.encode(variable, forKey: .iteration); try c.encode(value, forKey: .value)
            case .component(let label): try c.encode(label, forKey: .component)
            }
        }
    }
}

extension BlendMode: Codable {}
