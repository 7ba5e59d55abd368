import SceneSource

/// The one numbering of display items: a pre-order walk, each item once and before its children,
/// numbered from 0. The SVG writer's `data-op="N"`, the shadows' regions (`ShadowRegion.all`), the
/// painting budget and the preview's list of sources all name an item by this index, and
/// `PreOrderNumberingTests` holds the writers that keep the count as they recurse to it.
///
/// Two ways to take it: as a sequence of `(index, item, depth)`, or with `walk`, which also says
/// when a container's items end (a writer closes its element there, a bounding box is complete
/// there) and lets a container's items be passed over with their indices kept.
public struct PreOrder: Sequence {
    /// An item, its index in the walk, and how many groups, clips and layers hold it (0 at the top).
    public typealias Element = (index: Int, item: DisplayItem, depth: Int)

    @usableFromInline let items: [DisplayItem]
    /// The index of the first item: 0 for a whole list, `i + 1` for the items of the container
    /// numbered `i`, walked again (see `children(of:at:)`).
    @usableFromInline let first: Int

    public init(_ items: [DisplayItem]) { self.items = items; first = 0 }

    /// The items of `container`, the item numbered `index`, with the indices they have in the
    /// whole walk: for a writer that writes a container's items twice (a blended shadowed layer).
    public static func children(of container: DisplayItem, at index: Int) -> PreOrder {
        PreOrder(container.children, first: index + 1)
    }

    @usableFromInline init(_ items: [DisplayItem], first: Int) { self.items = items; self.first = first }

    public func makeIterator() -> Iterator { Iterator(items, first: first) }

    public var underestimatedCount: Int { items.count }

    /// The walk with a stack of its own: a scene nested thousands deep walks without recursion.
    public struct Iterator: IteratorProtocol {
        /// Each level's items and the position of the next one there.
        private var levels: [(items: [DisplayItem], next: Int)]
        private var index: Int

        init(_ items: [DisplayItem], first: Int) { levels = [(items, 0)]; index = first }

        public mutating func next() -> Element? {
            while let top = levels.last {
                guard top.next < top.items.count else {
                    levels.removeLast()
                    continue
                }
                let item = top.items[top.next]
                levels[levels.count - 1].next += 1
                let element = (index: index, item: item, depth: levels.count - 1)
                index += 1
                let children = item.children
                if !children.isEmpty { levels.append((children, 0)) }
                return element
            }
            return nil
        }
    }

    /// Walks the items in order, calling `visitor.enter` for each item (before its children) and
    /// `visitor.leave` for each container whose items it walked (after the last of them), with a
    /// stack of its own: a scene nested thousands deep walks without recursion.
    @inlinable
    public func walk<Visitor: PreOrderVisitor>(_ visitor: inout Visitor) {
        var levels: [WalkLevel] = [WalkLevel(items: items, next: 0, container: nil, index: 0)]
        var index = first
        while true {
            let top = levels.count - 1
            guard levels[top].next < levels[top].items.count else {
                let done = levels.removeLast()
                guard let container = done.container else { return }
                visitor.leave(container, index: done.index, depth: levels.count - 1)
                continue
            }
            let item = levels[top].items[levels[top].next]
            levels[top].next += 1
            let itemIndex = index
            index += 1
            let descend = visitor.enter(item, index: itemIndex, depth: top)
            guard item.isContainer else { continue }
            if descend {
                levels.append(WalkLevel(items: item.children, next: 0, container: item, index: itemIndex))
            } else {
                index += PreOrder.count(item.children) // passed over, their indices kept
            }
        }
    }

    /// A list of items being walked, the position of the next one, and the container holding it.
    @usableFromInline struct WalkLevel {
        @usableFromInline let items: [DisplayItem]
        @usableFromInline var next: Int
        @usableFromInline let container: DisplayItem?
        @usableFromInline let index: Int
        @inlinable init(items: [DisplayItem], next: Int, container: DisplayItem?, index: Int) {
            self.items = items; self.next = next; self.container = container; self.index = index
        }
    }

    /// How many indices `items` take, counting every item inside groups, clips and layers: what
    /// the walk yields, counted without making its elements.
    @inlinable
    public static func count(_ items: [DisplayItem]) -> Int {
        var total = items.count
        for item in items {
            switch item {
            case .group(let g): total += count(g.items)
            case .clip(let c): total += count(c.items)
            case .layer(let l): total += count(l.items)
            case .mask(let m): total += count(m.content) + count(m.items)
            case .fill, .stroke, .paint, .text: break
            }
        }
        return total
    }
}

/// What `PreOrder.walk` calls as it walks a display list.
public protocol PreOrderVisitor {
    /// `item`, numbered `index`, held by `depth` containers. For a group, clip or layer the answer
    /// says whether to walk its items; answered false, they are passed over, keeping their indices
    /// (the next item walked is numbered as if they had been), and `leave` is not called. For the
    /// other items the answer is not read.
    mutating func enter(_ item: DisplayItem, index: Int, depth: Int) -> Bool
    /// A container whose items were walked, after the last of them (at once, when it has none).
    mutating func leave(_ container: DisplayItem, index: Int, depth: Int)
}

extension DisplayList {
    /// Every item of the list in the one numbering (see `PreOrder`).
    public var preOrder: PreOrder { PreOrder(items) }
}

extension DisplayItem {
    /// Whether the item is a group, a clip or a layer: one that holds items.
    @inlinable
    public var isContainer: Bool {
        switch self {
        case .group, .clip, .layer, .mask: return true
        case .fill, .stroke, .paint, .text: return false
        }
    }

    /// The items a group, clip or layer holds; none for the others.
    @inlinable
    public var children: [DisplayItem] {
        switch self {
        case .group(let g): return g.items
        case .clip(let c): return c.items
        case .layer(let l): return l.items
        case .mask(let m): return m.children
        case .fill, .stroke, .paint, .text: return []
        }
    }

    /// The span of the element that drew the item.
    public var sourceSpan: SourceSpan {
        switch self {
        case .fill(let x): return x.source
        case .stroke(let x): return x.source
        case .paint(let x): return x.source
        case .group(let x): return x.source
        case .clip(let x): return x.source
        case .text(let x): return x.source
        case .layer(let x): return x.source
        case .mask(let x): return x.source
        }
    }
}
