import SceneSource

/// The one numbering of display items: a pre-order walk, each item once and before its children,
/// numbered from 0. The SVG writer's `data-op="N"`, the shadows' regions (`ShadowRegion.all`), the
/// painting budget and the preview's list of sources all name an item by this index, and
/// `PreOrderNumberingTests` holds the writers that keep the count as they recurse to it.
public struct PreOrder: Sequence {
    /// An item, its index in the walk, and how many groups, clips and layers hold it (0 at the top).
    public typealias Element = (index: Int, item: DisplayItem, depth: Int)

    let items: [DisplayItem]

    public init(_ items: [DisplayItem]) { self.items = items }

    public func makeIterator() -> Iterator { Iterator(items) }

    public var underestimatedCount: Int { items.count }

    /// The walk with a stack of its own: a scene nested thousands deep walks without recursion.
    public struct Iterator: IteratorProtocol {
        /// Each level's items and the position of the next one there.
        private var levels: [(items: [DisplayItem], next: Int)]
        private var index = 0

        init(_ items: [DisplayItem]) { levels = [(items, 0)] }

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

    /// How many indices `items` take, counting every item inside groups, clips and layers: what
    /// the walk yields, counted without making its elements.
    public static func count(_ items: [DisplayItem]) -> Int {
        var total = items.count
        for item in items {
            switch item {
            case .group(let g): total += count(g.items)
            case .clip(let c): total += count(c.items)
            case .layer(let l): total += count(l.items)
            case .fill, .stroke, .paint, .text: break
            }
        }
        return total
    }
}

extension DisplayList {
    /// Every item of the list in the one numbering (see `PreOrder`).
    public var preOrder: PreOrder { PreOrder(items) }
}

extension DisplayItem {
    /// The items a group, clip or layer holds; none for the others.
    public var children: [DisplayItem] {
        switch self {
        case .group(let g): return g.items
        case .clip(let c): return c.items
        case .layer(let l): return l.items
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
        }
    }
}
