#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import RasterImage

/// Compares two renders of a widget pixel by pixel: a Swift port of pixelmatch v7.2.0 (mapbox) with
/// semi-transparent pixels blended over white (its `checkerboard: false`), which PyPI's pixelmatch
/// agrees with, plus what a review needs on top: anti-aliasing counted apart, lighter against darker,
/// the bounding boxes of the changed regions, and images of different sizes.
///
/// Per pixel: identical bytes are equal; otherwise the YIQ delta (`YIQ.delta`) against
/// `35215 × threshold²`; a pixel beyond it is anti-aliasing when either image's pixel looks
/// anti-aliased (`AntiAliasing`), else a change, lighter or darker by the delta's sign.
///
/// Speed: one pass over the bytes; rows that are byte-identical in both images are skipped with
/// memcmp; per pixel, a 32-bit comparison before any arithmetic; no allocation per pixel. Memory
/// beyond the two images: a byte per pixel for the changes (only when there are some), the diff
/// image when asked, and a padded copy of an image smaller than the canvas.
public enum PixelDiff {
    public static func compare(_ old: RGBAImage, _ new: RGBAImage, options: DiffOptions = .init()) -> DiffResult {
        let width = max(old.width, new.width), height = max(old.height, new.height)
        let a = Canvas.pixels(of: old, width: width, height: height)
        let b = Canvas.pixels(of: new, width: width, height: height)
        var scan = Scan(width: width, height: height, options: options)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                if let first = a.baseAddress, let second = b.baseAddress { scan.run(first, second) }
            }
        }
        let regions = scan.regions()
        return DiffResult(
            oldSize: PixelSize(width: old.width, height: old.height),
            newSize: PixelSize(width: new.width, height: new.height),
            canvas: PixelSize(width: width, height: height),
            changedPixels: scan.changed, lighterPixels: scan.lighter, antiAliasedPixels: scan.antiAliased,
            differingPixels: scan.differing, largestDifference: scan.largest(options),
            regions: regions.regions, regionCount: regions.count,
            diffImage: scan.output.map { RGBAImage(width: width, height: height, pixels: $0) })
    }
}

/// One comparison's state: the counts, the changed-pixel mask and the diff image.
private struct Scan {
    let width: Int
    let height: Int
    let options: DiffOptions
    let maxDelta: Double
    var changed = 0, lighter = 0, antiAliased = 0
    /// Pixels whose bytes differ at all, and the largest delta of those that did not count, below
    /// the bound (the measure's own: a squared YIQ delta, or ΔE00).
    var differing = 0, largestDelta = 0.0
    /// One byte per canvas pixel, 1 where changed; allocated at the first change.
    var mask: UnsafeMutablePointer<UInt8>? = nil
    var firstChangedRow = -1, lastChangedRow = -1
    var output: [UInt8]?

    init(width: Int, height: Int, options: DiffOptions) {
        self.width = width
        self.height = height
        self.options = options
        maxDelta = options.measure == .ciede2000 ? options.maxDeltaE : YIQ.maxDelta * options.threshold * options.threshold
        output = options.makeDiffImage ? [UInt8](repeating: 0, count: width * height * 4) : nil
    }

    mutating func run(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>) {
        guard var output else { return scan(a, b, nil) }
        self.output = nil // so that writing through the buffer below does not copy it
        output.withUnsafeMutableBufferPointer { scan(a, b, $0.baseAddress) }
        self.output = output
    }

    private mutating func scan(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>?) {
        let rowBytes = width * 4
        let detector = AntiAliasing(width: width, height: height)
        let rawA = UnsafeRawPointer(a), rawB = UnsafeRawPointer(b)
        let alpha = options.alpha, checkAA = !options.includeAA, perceptual = options.measure == .ciede2000
        let darkerColor = options.diffColor, lighterColor = options.diffColorAlt ?? options.diffColor

        for y in 0..<height {
            let rowStart = y * rowBytes
            if memcmp(a + rowStart, b + rowStart, rowBytes) == 0 {
                if let out { drawGray(a, out, from: rowStart, to: rowStart + rowBytes, alpha: alpha) }
                continue
            }
            for x in 0..<width {
                let pos = rowStart + 4 * x
                let same = rawA.loadUnaligned(fromByteOffset: pos, as: UInt32.self) == rawB.loadUnaligned(fromByteOffset: pos, as: UInt32.self)
                if same {
                    if let out { drawGray(a, out, from: pos, to: pos + 4, alpha: alpha) }
                    continue
                }
                let delta = perceptual ? CIEDE2000.delta(a, b, pos) : YIQ.delta(a, b, pos)
                differing += 1
                guard abs(delta) > maxDelta else {
                    largestDelta = max(largestDelta, abs(delta))
                    if let out { drawGray(a, out, from: pos, to: pos + 4, alpha: alpha) }
                    continue
                }
                if checkAA
                    && (detector.isAntiAliased(a, x, y, own: rawA, other: rawB)
                        || detector.isAntiAliased(b, x, y, own: rawB, other: rawA))
                {
                    antiAliased += 1
                    if let out { draw(out, pos, options.aaColor) }
                    continue
                }
                changed += 1
                // pixelmatch's sign: negative when the new pixel is darker.
                let isLighter = delta > 0
                if isLighter { lighter += 1 }
                if let out { draw(out, pos, isLighter ? lighterColor : darkerColor) }
                markChanged(x, y)
            }
        }
    }

    @inline(__always)
    private mutating func markChanged(_ x: Int, _ y: Int) {
        if mask == nil {
            mask = .allocate(capacity: width * height)
            mask!.initialize(repeating: 0, count: width * height)
            firstChangedRow = y
        }
        mask![y * width + x] = 1
        lastChangedRow = y
    }

    @inline(__always)
    private func draw(_ out: UnsafeMutablePointer<UInt8>, _ pos: Int, _ color: DiffColor) {
        out[pos] = color.red; out[pos + 1] = color.green; out[pos + 2] = color.blue; out[pos + 3] = 255
    }

    private func drawGray(_ image: UnsafePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>, from: Int, to: Int, alpha: Double) {
        for pos in stride(from: from, to: to, by: 4) {
            let value = YIQ.fadedGray(image, pos, alpha: alpha)
            out[pos] = value; out[pos + 1] = value; out[pos + 2] = value; out[pos + 3] = 255
        }
    }

    /// The largest difference below the bound, on the bound's scale: ΔE00, or for pixelmatch the
    /// threshold at which that delta would just count (√(delta / 35215)).
    func largest(_ options: DiffOptions) -> Double {
        options.measure == .ciede2000 ? largestDelta : (largestDelta / YIQ.maxDelta).squareRoot()
    }

    /// The regions of the changes; frees the mask.
    mutating func regions() -> (regions: [DiffRegion], count: Int) {
        guard let mask else { return ([], 0) }
        defer {
            mask.deallocate()
            self.mask = nil
        }
        let finder = RegionFinder(width: width, height: height, gap: max(0, options.regionGap))
        return finder.regions(mask: mask, rows: firstChangedRow...lastChangedRow, limit: options.maxRegions)
    }
}
