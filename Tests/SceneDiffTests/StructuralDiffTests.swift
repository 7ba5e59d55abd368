import DisplayList
import SceneVocabulary
import SceneDiff
import SceneSource
import Testing

/// The structural diff on display lists built by hand: what a reviewer would say changed.
struct StructuralDiffTests {
    static let here = SourceSpan(file: FileID(0), start: 0, end: 0)
    static let teal = Color.rgb255(87, 218, 213)
    static let red = Color.rgb255(255, 0, 0)

    static func origin(_ kind: String, _ index: Int, in parent: Origin? = Origin(parent: nil, step: .element(kind: .scene, index: 0))) -> Origin {
        Origin(parent: parent, step: .element(kind: ElementKind(rawValue: kind)!, index: index))
    }

    static func square(_ x: Double, _ y: Double = 0, _ size: Double = 10) -> Path {
        Path([.move(Point(x, y)), .line(Point(x + size, y)), .line(Point(x + size, y + size)), .line(Point(x, y + size)), .close])
    }

    static func rect(_ index: Int, x: Double, color: Color = teal, opacity: Double = 1) -> DisplayItem {
        .fill(Fill(path: square(x), paint: .color(color), opacity: opacity, source: here, origin: origin("rect", index)))
    }

    static func line(_ index: Int, width: Double) -> DisplayItem {
        .stroke(
            Stroke(
                path: Path([.move(.zero), .line(Point(50, 50))]), paint: .color(.black), style: StrokeStyle(width: width),
                source: here, origin: origin("path", index)))
    }

    static func list(_ items: [DisplayItem]) -> DisplayList { DisplayList(width: 100, height: 100, items: items) }

    func diff(_ a: [DisplayItem], _ b: [DisplayItem]) -> StructuralReport {
        StructuralDiff().compare(Self.list(a), Self.list(b))
    }

    @Test func identicalListsHaveNoChanges() {
        let items = (0..<20).map { Self.rect($0, x: Double($0) * 5) }
        let report = diff(items, items)
        #expect(report.isEmpty)
        #expect(report.unchanged == 20)
    }

    @Test func insertingOneElementIsOneAddition() {
        // A new <rect> first: every later rect's origin index shifts by one, but each still draws
        // what it drew, so nothing else is reported.
        let old = (0..<6).map { Self.rect($0, x: Double($0) * 12) }
        let new = [Self.rect(0, x: 90, color: Self.red)] + (0..<6).map { Self.rect($0 + 1, x: Double($0) * 12) }
        let report = diff(old, new)
        #expect(report.changes.count == 1, "\(report.changes)")
        #expect(report.changes.first?.kind == .added)
        #expect(report.changes.first?.new?.index == [0])
        #expect(report.unchanged == 6)
    }

    @Test func aColorChangeIsOneChangedOperationNamingTheField() {
        let old = (0..<4).map { Self.rect($0, x: Double($0) * 12) }
        var new = old
        new[2] = Self.rect(2, x: 24, color: Self.red)
        let report = diff(old, new)
        #expect(report.changes.count == 1)
        let change = report.changes[0]
        #expect(change.kind == .changed)
        #expect(change.fields == [FieldChange(field: "paint", old: "#57dad5ff", new: "#ff0000ff")])
        #expect(change.old?.element == "rect" && change.new?.index == [2])
        #expect(change.old?.origin == "scene#0/rect#2")
        #expect(change.new?.bounds == Rect(x: 24, y: 0, width: 10, height: 10))
    }

    @Test func aWidthChangeListsOldAndNew() {
        let report = diff([Self.line(0, width: 2)], [Self.line(0, width: 3)])
        #expect(report.changes.map(\.fields) == [[FieldChange(field: "width", old: "2", new: "3")]])
    }

    @Test func numbersAreEqualWithinTheTolerance() {
        let a = [Self.rect(0, x: 10)]
        #expect(diff(a, [Self.rect(0, x: 10.00005)]).isEmpty)
        #expect(!diff(a, [Self.rect(0, x: 10.001)]).isEmpty)
        #expect(StructuralDiff(tolerance: 0.01).compare(Self.list(a), Self.list([Self.rect(0, x: 10.001)])).isEmpty)
    }

    @Test func alphaChangesTheDumpWouldHaveHiddenAreFound() {
        let a = [Self.rect(0, x: 0, color: Color(red: 0, green: 0, blue: 0, alpha: 0.120))]
        let b = [Self.rect(0, x: 0, color: Color(red: 0, green: 0, blue: 0, alpha: 0.123))]
        let report = diff(a, b)
        #expect(report.changes.first?.fields == [FieldChange(field: "paint", old: "#000000/0.12", new: "#000000/0.123")])
    }

    @Test func swappingTwoOperationsIsAMove() {
        let a = [Self.rect(0, x: 0), Self.rect(1, x: 20, color: Self.red), Self.rect(2, x: 40)]
        let b = [Self.rect(1, x: 20, color: Self.red), Self.rect(0, x: 0), Self.rect(2, x: 40)]
        let report = diff(a, b)
        #expect(report.changes.count == 1, "\(report.changes)")
        #expect(report.changes.first?.kind == .moved)
        #expect(report.changes.first?.fields.isEmpty == true)
    }

    @Test func removalsAreReportedWhereTheyStood() {
        let a = (0..<5).map { Self.rect($0, x: Double($0) * 12) }
        let b = [a[0], a[1], a[3], a[4]]
        let report = diff(a, b)
        #expect(report.changes.map(\.kind) == [.removed])
        #expect(report.changes.first?.old?.index == [2])
    }

    @Test func groupsAreComparedAsTrees() {
        let g = Self.origin("group", 0)
        func group(_ children: [DisplayItem], dx: Double = 10) -> DisplayItem {
            .group(Group(transform: .translation(dx, 0), items: children, source: Self.here, origin: g))
        }
        let inside = [Self.rect(0, x: 0), Self.rect(1, x: 20)]
        var changed = inside
        changed[1] = Self.rect(1, x: 20, opacity: 0.5)
        let report = diff([group(inside)], [group(changed)])
        #expect(report.changes.count == 1)
        #expect(report.changes.first?.new?.index == [0, 1])
        #expect(report.changes.first?.fields == [FieldChange(field: "opacity", old: "1", new: "0.5")])
        // Bounds are in canvas points: the group's translation applies.
        #expect(report.changes.first?.new?.bounds == Rect(x: 30, y: 0, width: 10, height: 10))
        let moved = diff([group(inside)], [group(inside, dx: 15)])
        #expect(moved.changes.map(\.fields) == [[FieldChange(field: "transform", old: "matrix(1 0 0 1 10 0)", new: "matrix(1 0 0 1 15 0)")]])
    }

    /// A path's change reads as its bounds when they moved, else as the segment that differs
    /// (issue 27: geometry as what it is; the field a stable identifier, the words its label).
    @Test func aPathChangeNamesItsBoundsOrTheSegment() {
        let a = [DisplayItem.fill(Fill(path: Self.square(0), paint: .color(.black), source: Self.here, origin: Self.origin("path", 0)))]
        func changed(_ corner: Point) -> [FieldChange]? {
            let moved = Path([.move(.zero), .line(Point(10, 0)), .line(corner), .line(Point(0, 10)), .close])
            let b = [DisplayItem.fill(Fill(path: moved, paint: .color(.black), source: Self.here, origin: Self.origin("path", 0)))]
            return diff(a, b).changes.first?.fields
        }
        #expect(
            changed(Point(10, 12)) == [
                FieldChange(
                    field: "geometry.bounds", old: "x 0 y 0 width 10 height 10",
                    new: "x 0 y 0 width 10 height 12", label: "bounds")
            ])
        #expect(
            changed(Point(10, 5)) == [
                FieldChange(
                    field: "geometry.path", old: "L 10 10", new: "L 10 5",
                    label: "path segment 3 of 5")
            ])
    }

    @Test func differentKindsAreAnAdditionAndARemoval() {
        let report = diff([Self.rect(0, x: 0)], [Self.line(0, width: 1)])
        #expect(Set(report.changes.map(\.kind)) == [.added, .removed])
    }

    @Test func locationsComeFromEachSidesSources() {
        var oldSources = SourceMap(), newSources = SourceMap()
        let oldFile = oldSources.add(SourceFile(path: "a.scene", text: "<scene>\n  <rect/>\n</scene>\n"))
        let newFile = newSources.add(SourceFile(path: "a.scene", text: "<scene>\n\n\n    <rect/>\n</scene>\n"))
        let a = DisplayItem.fill(
            Fill(
                path: Self.square(0), paint: .color(.black), source: SourceSpan(file: oldFile, start: 10, end: 17),
                origin: Self.origin("rect", 0)))
        let b = DisplayItem.fill(
            Fill(
                path: Self.square(0), paint: .color(.white), source: SourceSpan(file: newFile, start: 14, end: 21),
                origin: Self.origin("rect", 0)))
        let report = StructuralDiff().compare(Self.list([a]), Self.list([b]), oldSources: oldSources, newSources: newSources)
        #expect(report.changes.first?.old?.location?.description == "a.scene:2:3")
        #expect(report.changes.first?.new?.location?.description == "a.scene:4:5")
    }

    @Test func aHundredThousandOperationsWithOneInsertedStayLinear() {
        // Far over the alignment's cell budget: cut at unique origins, then aligned piece by piece.
        let old = (0..<100_000).map { Self.rect($0, x: Double($0 % 90)) }
        var new = old
        new.insert(Self.rect(100_000, x: 5, color: Self.red), at: 50_000)
        let report = diff(old, new)
        #expect(report.changes.map(\.kind) == [.added])
        #expect(report.changes.first?.new?.index == [50_000])
    }
}
