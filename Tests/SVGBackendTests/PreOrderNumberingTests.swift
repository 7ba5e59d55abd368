import DisplayList
import SVGBackend
import Testing

/// One numbering of display items everywhere: the `PreOrder` sequence, the SVG writer's `data-op`
/// (written on `PreOrder.walk`, a blended shadowed layer's items twice), the shadows' regions and
/// `operationCount` name the same item by the same index, in a list nested in every way.
struct PreOrderNumberingTests {
    /// Each fill's color is its index in order of construction (pre-order, as a person numbers the
    /// tree): red the low byte, green the high one.
    static func color(_ index: Int) -> Color { .rgb255(Double(index % 256), Double(index / 256), 0) }

    static func hex(_ index: Int) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + [index % 256, index / 256, 0].map { "\(digits[$0 / 16])\(digits[$0 % 16])" }.joined()
    }

    /// A tree of every container (a mask too), nested two deep; `next` counts the items made.
    static func items(depth: Int, next: inout Int, shadowed: inout [Int]) -> [DisplayItem] {
        var items: [DisplayItem] = []
        for kind in 0..<6 {
            let index = next
            next += 1
            guard depth > 0, kind > 0 else {
                items.append(fill(rect(Double(index % 50), 10, 5, 5), .color(color(index))))
                continue
            }
            let children = Self.items(depth: depth - 1, next: &next, shadowed: &shadowed)
            if kind == 5 {
                // A mask: its content's items, then the masked ones, each numbered in that order.
                let masked = Self.items(depth: depth - 1, next: &next, shadowed: &shadowed)
                items.append(.mask(Mask(mode: .luminance, content: children, items: masked, source: span)))
                continue
            }
            switch kind {
            case 1: items.append(group(.translation(1, 2), children))
            case 2: items.append(clip(rect(0, 0, 90, 90), children))
            default:
                shadowed.append(index)
                let shadow = Shadow(offsetX: 2, offsetY: 3, blur: 4, color: .rgb255(0, 0, 0))
                items.append(.layer(Layer(opacity: 0.5, shadow: shadow, blend: kind == 3 ? .normal : .multiply, items: children, source: span)))
            }
        }
        return items
    }

    @Test func everyNumberingIsThePreOrder() throws {
        var count = 0
        var shadowed: [Int] = []
        let list = DisplayList(width: 100, height: 100, items: Self.items(depth: 2, next: &count, shadowed: &shadowed))
        let walk = Array(list.preOrder)
        #expect(walk.map(\.index) == Array(0..<count))
        #expect(list.operationCount == count)
        for (index, item, _) in walk {
            if case .fill(let f) = item { #expect(f.paint == .color(Self.color(index))) }
        }
        #expect(walk.filter { $0.depth == 0 }.count == list.items.count && walk.map(\.depth).max() == 2)

        // The SVG writer's data-op: each names the fill of its color, and every fill is written.
        let svg = SVGBackend.annotatedRender(list, idPrefix: "")
        var named = Set<Int>()
        for line in svg.split(separator: "\n") {
            guard let start = line.range(of: "data-op=\"") else { continue }
            let index = try #require(Int(line[start.upperBound...].prefix { $0.isNumber }))
            #expect(line.contains("fill=\"\(Self.hex(index))\""), "\(line)")
            named.insert(index)
        }
        let fills = walk.filter { if case .fill = $0.item { return true } else { return false } }.map(\.index)
        #expect(named == Set(fills))

        // The shadows' regions, by the same index.
        let regions = ShadowRegion.all(list.items, transform: .identity, width: list.width, height: list.height)
        #expect(Set(regions.keys) == Set(shadowed))
        #expect(walk.filter { if case .layer(let l) = $0.item { return l.shadow != nil } else { return false } }.map(\.index) == shadowed.sorted())
    }
}
