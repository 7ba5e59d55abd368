/// pixelmatch's anti-aliasing detector (v7.2.0 `antialiased` and `hasManySiblings`), after V.
/// Vysniauskas, "Anti-aliased Pixel and Intensity Slope Detector" (2009): a changed pixel is taken
/// for anti-aliasing when, among its up to 8 neighbours, at most 2 share its exact bytes (counting
/// the image's edge as one), it has both a darker and a brighter neighbour, and the darkest or the
/// brightest neighbour has at least 3 identical neighbours of its own in both images (it lies inside
/// a flat area on both sides: the pixel is on the ramp between two flat areas).
struct AntiAliasing {
    let width: Int
    let height: Int

    /// Whether pixel (x1, y1) of `image` looks anti-aliased; `own` is `image` and `other` the image
    /// it is compared with. Ties keep the first neighbour found, columns outer and rows inner, as pixelmatch.
    func isAntiAliased(
        _ image: UnsafePointer<UInt8>, _ x1: Int, _ y1: Int,
        own: UnsafeRawPointer, other: UnsafeRawPointer
    ) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let center = (y1 * width + x1) * 4
        let cr = Int(image[center]), cg = Int(image[center + 1]), cb = Int(image[center + 2]), ca = Int(image[center + 3])
        let centerWord = word(own, y1 * width + x1)
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0

        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                // Equal bytes give 0 without arithmetic (the common case inside flat areas).
                let delta = word(own, y * width + x) == centerWord ? 0 : YIQ.brightnessDelta(image, (y * width + x) * 4, cr, cg, cb, ca)
                if delta == 0 {
                    zeroes += 1
                    // More than 2 equal neighbours: inside a flat area, not on an edge.
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta; minX = x; minY = y
                } else if delta > maxDelta {
                    maxDelta = delta; maxX = x; maxY = y
                }
            }
        }
        // Not between something darker and something brighter: not a ramp.
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(own, minX, minY) && hasManySiblings(other, minX, minY))
            || (hasManySiblings(own, maxX, maxY) && hasManySiblings(other, maxX, maxY))
    }

    /// Whether pixel (x1, y1) has at least 3 neighbours with exactly its bytes (the edge counting as one).
    func hasManySiblings(_ image: UnsafeRawPointer, _ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let value = word(image, y1 * width + x1)
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                if word(image, y * width + x) == value { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    @inline(__always)
    private func word(_ image: UnsafeRawPointer, _ i: Int) -> UInt32 {
        image.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
    }
}
