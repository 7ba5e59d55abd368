@testable import DisplayList
import Foundation
import SceneSource
import SceneVocabulary
import Testing

/// An element drawn in a loop's body shares one node with its iteration: the origin still reads,
/// compares, hashes and codes as the chain of single steps it stands for.
struct OriginLayoutTests {
    static let steps: [Origin.Step] = [
        .element(kind: .scene, index: 0), .element(kind: .`for`, index: 0),
        .iteration(variable: "i", value: "3"), .element(kind: .rect, index: 1),
    ]

    @Test func anElementInAnIterationSharesItsNode() {
        let shared = Origin.path(Self.steps)!
        #expect(shared.holdsTwoSteps)
        #expect(shared.steps == Self.steps)
        #expect(shared.depth == 4)
        #expect(shared.step == .element(kind: .rect, index: 1))
        #expect(shared.elementKind == "rect" && shared.lastElementKind == .rect)
        #expect(shared.description == "scene#0/for#0[i=3]/rect#1")
        #expect(shared.parent?.step == .iteration(variable: "i", value: "3"))
        #expect(shared.parent?.holdsTwoSteps == false)
        #expect(shared.parent?.steps == Array(Self.steps.dropLast()))
    }

    @Test func builtStepByStepOrAllAtOnceTheOriginsAreEqual() {
        let loop = Origin.path(Array(Self.steps.prefix(2)))!
        let iteration = Origin(parent: loop, step: .iteration(variable: "i", value: "3"))
        let element = Origin(parent: iteration, step: .element(kind: .rect, index: 1))
        let whole = Origin.path(Self.steps)!
        #expect(element == whole && element.hashValue == whole.hashValue)
        #expect(Origin(parent: whole.parent, step: whole.step) == whole)
        #expect(element != Origin(parent: iteration, step: .element(kind: .rect, index: 2)))
        #expect(
            element
                != Origin(
                    parent: Origin(parent: loop, step: .iteration(variable: "i", value: "4")),
                    step: .element(kind: .rect, index: 1)))
        #expect(element != iteration)
        #expect(Set([element, whole, iteration]).count == 2)
    }

    /// An index past 32 bits keeps a node of its own, and still compares by its steps.
    @Test func unusualStepsKeepTheirOwnNode() {
        var steps = Self.steps
        steps[3] = .element(kind: .rect, index: Int(Int32.max) + 1)
        let far = Origin.path(steps)!
        #expect(!far.holdsTwoSteps && far.steps == steps && far.description == "scene#0/for#0[i=3]/rect#2147483648")
        #expect(far != Origin.path(Self.steps)!)
    }

    @Test func nestedLoopsAndComponentsReadBack() {
        let steps: [Origin.Step] = [
            .element(kind: .scene, index: 0), .element(kind: .`for`, index: 0),
            .iteration(variable: "i", value: "1"), .element(kind: .`for`, index: 0),
            .iteration(variable: "j", value: "2.5"), .element(kind: .use, index: 0),
            .component("counter.scene"), .element(kind: .arc, index: 0),
        ]
        let origin = Origin.path(steps)!
        #expect(origin.steps == steps)
        #expect(origin.description == "scene#0/for#0[i=1]/for#0[j=2.5]/use#0(counter.scene)/arc#0")
        var node: Origin? = origin, walked: [Origin.Step] = []
        while let current = node { walked.append(current.step); node = current.parent }
        #expect(walked.reversed() == steps)
    }

    @Test func codingKeepsTheSteps() throws {
        let origin = Origin.path(Self.steps)!
        let list = DisplayList(
            width: 1, height: 1,
            items: [
                .fill(
                    Fill(
                        path: .rect(x: 0, y: 0, width: 1, height: 1), paint: .color(.black),
                        source: .init(file: .init(0), start: 0, end: 1), origin: origin))
            ])
        let json = try JSONEncoder().encode(list)
        let back = try JSONDecoder().decode(DisplayList.self, from: json)
        guard case .fill(let fill) = back.items[0] else { Issue.record("not a fill"); return }
        #expect(fill.origin == origin && fill.origin?.holdsTwoSteps == true)
    }

    /// An origin names elements of the language only: a coded one naming another kind is rejected.
    @Test func decodingRejectsAnUnknownElementKind() throws {
        let good = Data(#"[{"element":"scene","index":0},{"element":"rect","index":2}]"#.utf8)
        #expect(try JSONDecoder().decode(Origin.self, from: good).description == "scene#0/rect#2")
        let foreign = Data(#"[{"element":"scene","index":0},{"element":"blink","index":2}]"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Origin.self, from: foreign) }
    }
}
