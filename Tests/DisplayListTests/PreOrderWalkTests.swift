import DisplayList
import SceneSource
import Testing

/// `PreOrder.walk`, the walk the SVG and VectorDrawable writers, the dump, the shadows' regions, the
/// painting budget and the diff's boxes run on: the same items, indices and depths as the
/// sequence, each container ended after its last item, passed-over items keeping their indices,
/// and a container's items walked again with the indices they have in the whole walk.
struct PreOrderWalkTests {
    static let here = SourceSpan(file: FileID(0), start: 0, end: 0)

    /// Every container nested three deep, some empty; each fill's x is its index in the walk.
    static func items(depth: Int, next: inout Int) -> [DisplayItem] {
        var items: [DisplayItem] = []
        for kind in 0..<5 {
            let index = next
            next += 1
            let square = Path([.move(Point(Double(index), 0)), .line(Point(Double(index) + 1, 0)), .line(Point(Double(index) + 1, 1)), .close])
            guard depth > 0, kind > 0 else {
                items.append(.fill(Fill(path: square, paint: .color(.black), source: here)))
                continue
            }
            let children = kind == 4 ? [] : Self.items(depth: depth - 1, next: &next)
            switch kind {
            case 1: items.append(.group(Group(transform: .identity, items: children, source: here)))
            case 2: items.append(.clip(Clip(path: square, items: children, source: here)))
            default: items.append(.layer(Layer(opacity: 0.5, items: children, source: here)))
            }
        }
        return items
    }

    enum Event: Equatable {
        case enter(Int, Int)
        case leave(Int, Int)
    }

    /// Records what the walk calls; passes over the containers in `passOver`.
    struct Recorder: PreOrderVisitor {
        var events: [Event] = []
        var passOver: Set<Int> = []

        mutating func enter(_ item: DisplayItem, index: Int, depth: Int) -> Bool {
            events.append(.enter(index, depth))
            if case .fill(let f) = item { #expect(f.path.hullPoints.first?.x == Double(index)) }
            return !passOver.contains(index)
        }

        mutating func leave(_ container: DisplayItem, index: Int, depth: Int) {
            events.append(.leave(index, depth))
        }
    }

    static func list() -> (items: [DisplayItem], count: Int) {
        var count = 0
        let items = items(depth: 3, next: &count)
        return (items, count)
    }

    @Test func theWalkEntersAsTheSequenceYieldsAndEndsEachContainerAfterItsItems() {
        let (items, count) = Self.list()
        var recorder = Recorder()
        PreOrder(items).walk(&recorder)
        let entered = recorder.events.compactMap { if case .enter(let i, let d) = $0 { return [i, d] } else { return nil } }
        #expect(entered == PreOrder(items).map { [$0.index, $0.depth] })
        #expect(entered.count == count)

        // Each leave closes the innermost container still open, at its depth; all are closed.
        let containers = Set(PreOrder(items).filter { $0.item.isContainer }.map(\.index))
        var open: [(Int, Int)] = []
        var left = Set<Int>()
        for event in recorder.events {
            switch event {
            case .enter(let i, let d):
                #expect(d == open.count)
                if containers.contains(i) { open.append((i, d)) }
            case .leave(let i, let d):
                #expect(open.last.map { [$0.0, $0.1] } == [i, d])
                open.removeLast()
                left.insert(i)
            }
        }
        #expect(open.isEmpty && left == containers)
    }

    @Test func aContainerPassedOverKeepsTheIndicesOfItsItems() {
        let (items, count) = Self.list()
        let walk = Array(PreOrder(items))
        let passed = walk.filter { $0.item.isContainer && !$0.item.children.isEmpty }.map(\.index)
        for index in passed {
            var recorder = Recorder(passOver: [index])
            PreOrder(items).walk(&recorder)
            let skipped = PreOrder.count(walk[index].item.children)
            let entered = recorder.events.compactMap { if case .enter(let i, _) = $0 { return i } else { return nil } }
            #expect(entered == Array(0...index) + Array((index + 1 + skipped)..<count))
            #expect(!recorder.events.contains(.leave(index, walk[index].depth)))
        }
    }

    @Test func aContainersItemsWalkedAgainHaveTheirIndicesInTheWholeWalk() {
        let (items, _) = Self.list()
        let walk = Array(PreOrder(items))
        for (index, item, depth) in walk where item.isContainer {
            let again = Array(PreOrder.children(of: item, at: index))
            let inside = walk[(index + 1)..<(index + 1 + PreOrder.count(item.children))]
            #expect(again.map(\.index) == inside.map(\.index))
            #expect(again.map { $0.depth + depth + 1 } == inside.map(\.depth))
            var recorder = Recorder()
            PreOrder.children(of: item, at: index).walk(&recorder)
            #expect(recorder.events.first.map { $0 == .enter(index + 1, 0) } ?? item.children.isEmpty)
        }
    }
}
