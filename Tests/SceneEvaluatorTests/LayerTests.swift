import SceneEvaluator
import Testing

/// `<layer>` and the shadow attributes (Grammar.md §11, "Layers and shadows").
struct LayerTests {
    @Test func groupOpacityFadesEachOperationAndALayerTheWhole() {
        let body = "<rect width=\"10\" height=\"10\" fill=\"red\"/><rect width=\"5\" height=\"5\" fill=\"blue\"/>"
        let group = compile("<group opacity=\"0.4\">\(body)</group>")
        #expect(!group.contains("layer"))
        #expect(group.components(separatedBy: "opacity=0.4").count == 3, "\(group)")
        let layer = compile("<layer opacity=\"0.4\">\(body)</layer>")
        #expect(layer.hasPrefix("scene 100 100\n  layer opacity=0.4\n    fill #ff0000ff path"), "\(layer)")
        #expect(!layer.contains("fill #ff0000ff opacity"), "the items inside a layer are not faded one by one")
    }

    @Test func aLayerResetsTheOpacityOfEnclosingGroups() {
        let out = compile("<group opacity=\"0.5\"><layer opacity=\"0.5\"><rect width=\"1\" height=\"1\" fill=\"red\"/></layer></group>")
        #expect(out.contains("layer opacity=0.25\n    fill #ff0000ff path"), "\(out)")
    }

    @Test func anOpaqueLayerWithoutShadowIsItsBody() {
        #expect(
            compile("<layer><rect width=\"1\" height=\"1\" fill=\"red\"/></layer>")
                == compile("<rect width=\"1\" height=\"1\" fill=\"red\"/>"))
        #expect(
            compile("<layer shadowColor=\"none\"><rect width=\"1\" height=\"1\" fill=\"red\"/></layer>")
                == compile("<rect width=\"1\" height=\"1\" fill=\"red\"/>"))
    }

    @Test func anOpaqueLayerStaysALayerWhenItsBodyBlends() {
        // beginTransparencyLayer starts a transparent image: a blend inside blends with the layer's
        // own content, not with what lies under the layer (issue 27).
        let blended = compile(
            "<rect width=\"10\" height=\"10\" fill=\"red\"/><layer><rect width=\"5\" height=\"5\" fill=\"blue\" blend=\"multiply\"/></layer>")
        #expect(blended.contains("\n  layer\n    fill #0000ffff blend=multiply path"), "\(blended)")
        let nested = compile("<layer><group x=\"2\"><group blend=\"screen\"><rect width=\"5\" height=\"5\" fill=\"blue\"/></group></group></layer>")
        #expect(nested.contains("\n  layer\n    group matrix(1 0 0 1 2 0)"), "a blended group inside a group blends with the layer: \(nested)")
        // A layer inside already isolates its blends: the outer layer draws exactly its body.
        let isolated = compile("<layer><layer opacity=\"0.5\"><rect width=\"5\" height=\"5\" fill=\"blue\" blend=\"multiply\"/></layer></layer>")
        #expect(isolated.hasPrefix("scene 100 100\n  layer opacity=0.5\n    fill"), "\(isolated)")
    }

    @Test func aBlendedShadowedShapeIsALayerWithItsBlend() {
        // Core Graphics draws the shadow with the blend mode, then the shape with it: the mode goes
        // on the layer, and the shape inside draws normally onto the layer's image (issue 27).
        let out = compile("<rect width=\"10\" height=\"10\" fill=\"red\" stroke=\"blue\" blend=\"multiply\" shadowOffsetY=\"2\"/>")
        #expect(out.components(separatedBy: "layer shadow=0,2 blur=0 #00000055 blend=multiply\n").count == 3, "\(out)")
        #expect(out.contains("    fill #ff0000ff path") && out.contains("    stroke #0000ffff width=1 path"), "\(out)")
        #expect(!out.contains("ff blend="), "the operations inside draw normally: \(out)")
    }

    @Test func eachOperationOfAShapeCastsItsOwnShadow() {
        let out = compile("<rect width=\"10\" height=\"10\" fill=\"red\" stroke=\"blue\" shadowOffsetY=\"2\" shadowBlur=\"4\"/>")
        // Core Graphics' default shadow color: black at a third (85/255).
        #expect(out.components(separatedBy: "layer shadow=0,2 blur=4 #00000055\n").count == 3, "\(out)")
        #expect(out.contains("    fill #ff0000ff") && out.contains("    stroke #0000ffff"))
    }

    @Test func aShadowedLayerCastsOneShadow() {
        let out = compile(
            """
            <layer shadowOffsetX="3" shadowColor="rgba(255, 0, 0, 0.5)">
              <rect width="10" height="10" fill="red"/><rect x="5" width="10" height="10" fill="blue"/>
            </layer>
            """)
        #expect(out.components(separatedBy: "layer").count == 3, "one layer line and its end: \(out)")
        #expect(out.contains("layer shadow=3,0 blur=0 #ff0000/0.5"), "\(out)")
    }

    @Test func aShadowCountsItsFilterInTheDisplayListSize() {
        func smallestLimit(_ body: String) -> Int? {
            (1...60).first { n in
                var limits = EvaluationLimits()
                limits.maxOutputSize = n
                return !compile(body, limits: limits).contains("error[")
            }
        }
        let plain = smallestLimit("<rect width=\"4\" height=\"4\" fill=\"red\"/>")
        let shadowed = smallestLimit("<rect width=\"4\" height=\"4\" fill=\"red\" shadowBlur=\"2\"/>")
        let layered = smallestLimit("<layer shadowBlur=\"2\"><rect width=\"4\" height=\"4\" fill=\"red\"/></layer>")
        #expect(
            plain != nil && shadowed == plain.map { $0 + 9 } && layered == shadowed, "\(String(describing: plain)) \(String(describing: shadowed))")
        // Blended, the SVG writes the shape a second time (its shadow, then itself): its size again.
        let blended = smallestLimit("<rect width=\"4\" height=\"4\" fill=\"red\" blend=\"multiply\" shadowBlur=\"2\"/>")
        #expect(blended != nil && blended == shadowed.flatMap { s in plain.map { s + $0 } }, "\(String(describing: blended))")
    }

    @Test func badValuesAreLocatedErrors() {
        #expect(
            compile("<rect width=\"1\" height=\"1\" fill=\"red\" shadowBlur=\"-1\"/>")
                .contains("t.scene:2:51: error[E0507]: shadowBlur cannot be negative (-1)"))
        #expect(compile("<rect width=\"1\" height=\"1\" fill=\"red\" shadowBlur=\"1001\"/>").contains("error[E0507]: shadowBlur is at most 1000"))
        #expect(
            compile("<layer opacity=\"-0.1\"><rect width=\"1\" height=\"1\" fill=\"red\"/></layer>")
                .contains("t.scene:2:17: error[E0507]: 'opacity' runs from 0 to 1"))
        #expect(
            compile("<rect width=\"1\" height=\"1\" fill=\"red\" shadowColor=\"'black'\"/>")
                .contains("error[E0408]: 'shadowColor' must be a color or none, not a string"))
        #expect(compile("<text shadowOffsetY=\"true\">a</text>").contains("error[E0408]: 'shadowOffsetY' must be a number, not a bool"))
        #expect(
            compile("<layer shadowblur=\"2\"><rect width=\"1\" height=\"1\" fill=\"red\"/></layer>")
                .contains("did you mean 'shadowBlur'?"))
        #expect(
            compile("<group shadowBlur=\"2\"><rect width=\"1\" height=\"1\" fill=\"red\"/></group>")
                == "t.scene:2:8: error[E0302]: <group> casts no shadow ('shadowBlur')\n"
                + "  help: wrap what should cast it in <layer shadowBlur=…> (one shadow of the whole), or put it on each shape\n")
    }
}
