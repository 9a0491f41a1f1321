// A disc cut into sectors (a wheel's slices), filled row by row. Between two boundary rays a row
// is one colour, stored at memset speed; in a pixel a ray passes through, each side gets its exact
// area (the integral the rasterizer's cells hold), so neighbouring sectors meet without a seam or
// a gap. The rim is hard: a pixel belongs to the disc when its centre does. That suits a disc whose
// rim something opaque covers, as a wheel's ring covers its slices; everything else (a wheel
// without a ring, translucent colours) goes through `fillTiles`. Rasterizing the slices as polygons
// accumulated each long edge once for either neighbour and swept every slice's rows.
// Coverage depends only on the row, never on the clip, so a dirty rectangle redraws exactly.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-call scratch of `fillSectors`, kept by the canvas so a frame allocates nothing.
struct SectorScratch {
    /// Per boundary: dx per unit dy of its ray, and the ray's sector index.
    var cot: [Double] = []
    /// Rays pointing up (above the centre), left to right; rays pointing down, left to right.
    var up: [Int] = [], down: [Int] = []
    /// Where each ray crosses the current slab: its ends and its pixel columns.
    var crossings: [(xt: Double, xb: Double, first: Int, end: Int, left: UInt32, right: UInt32)] = []
    /// The row through the centre, above and below it.
    var above: [UInt32] = [], below: [UInt32] = []
}

extension Canvas {
    /// Fills the disc of `radius` around `center` (device px: the canvas transform is not applied)
    /// with `colors[k]` from boundary angle `boundaries[k]` clockwise to the next (radians, 0 at
    /// 3 o'clock; increasing, the last less than a full turn after the first). Colours are
    /// premultiplied and must be opaque (`fillTiles` blends translucent ones).
    public func fillSectors(center: Point, radius: Double, boundaries: [Double], colors: [UInt32]) {
        let n = min(boundaries.count, colors.count)
        let area = clip.intersection(pixmap.bounds)
        guard n > 0, radius > 0, radius < 1e6, abs(center.x) < 1e6, abs(center.y) < 1e6, !area.isEmpty else { return }
        let cx = center.x, cy = center.y
        let yFirst = max(area.y, Int((cy - radius).rounded(.down))), yEnd = min(area.maxY, Int((cy + radius).rounded(.up)))
        guard yFirst < yEnd else { return }
        var s = sectorScratch
        sectorScratch = SectorScratch()   // moved out: writing to it below copies nothing
        defer { sectorScratch = s }
        // Rays in clockwise order from the one nearest −π; those pointing up meet a row above the
        // centre left to right, those pointing down meet a row below it right to left.
        s.cot.removeAll(keepingCapacity: true); s.up.removeAll(keepingCapacity: true); s.down.removeAll(keepingCapacity: true)
        var first = 0, firstAngle = Double.infinity
        for k in 0..<n {
            let a = normalizedAngle(boundaries[k])
            if a < firstAngle { firstAngle = a; first = k }
            let sine = sin(a)
            // A ray within 1e-12 of horizontal meets no row but the one through the centre, where
            // the split between the two halves of that row is exact anyway.
            s.cot.append(abs(sine) < 1e-12 ? 0 : cos(a) / sine)
        }
        for j in 0..<n {
            let k = (first + j) % n
            let sine = sin(normalizedAngle(boundaries[k]))
            if sine <= -1e-12 { s.up.append(k) } else if sine >= 1e-12 { s.down.append(k) }
        }
        s.down.reverse()
        // The sector a half-row shows where no ray meets it: the one holding straight up or down.
        func sector(at angle: Double) -> Int {
            var best = n - 1
            let offset = positiveAngle(angle - boundaries[0])
            for k in 0..<n where positiveAngle(boundaries[k] - boundaries[0]) <= offset { best = k }
            return best
        }
        let upperPlain = s.up.isEmpty ? colors[sector(at: -Double.pi / 2)] : 0
        let lowerPlain = s.down.isEmpty ? colors[sector(at: Double.pi / 2)] : 0
        if s.above.count < pixmap.width { s.above = [UInt32](repeating: 0, count: pixmap.width); s.below = s.above }

        let stride = pixmap.stride
        pixmap.pixels.withUnsafeMutableBufferPointer { pixels in
            let base = pixels.baseAddress!
            for y in yFirst..<yEnd {
                let dy = Double(y) + 0.5 - cy, reach2 = radius * radius - dy * dy
                guard reach2 > 0 else { continue }
                let reach = reach2.squareRoot()
                // Pixels whose centre lies inside the circle, then those inside the clip.
                let x0 = Int((cx - reach - 0.5).rounded(.up)), x1 = Int((cx + reach - 0.5).rounded(.down)) + 1
                let lo = max(x0, area.x), hi = min(x1, area.maxX)
                guard lo < hi else { continue }
                let row = base + y * stride
                if Double(y + 1) <= cy {
                    fillSlab(row, &s, from: Double(y), to: Double(y + 1), cx: cx, cy: cy, upper: true, plain: upperPlain,
                             colors: colors, lo: lo, hi: hi)
                } else if Double(y) >= cy {
                    fillSlab(row, &s, from: Double(y), to: Double(y + 1), cx: cx, cy: cy, upper: false, plain: lowerPlain,
                             colors: colors, lo: lo, hi: hi)
                } else {
                    // The row through the centre: its part above and its part below, weighted by height.
                    let top = (cy - Double(y)), weight = UInt32((top * 255).rounded())
                    var above = s.above, below = s.below
                    s.above = []; s.below = []
                    above.withUnsafeMutableBufferPointer { a in
                        below.withUnsafeMutableBufferPointer { b in
                            fillSlab(a.baseAddress!, &s, from: Double(y), to: cy, cx: cx, cy: cy, upper: true, plain: upperPlain,
                                     colors: colors, lo: lo, hi: hi)
                            fillSlab(b.baseAddress!, &s, from: cy, to: Double(y + 1), cx: cx, cy: cy, upper: false,
                                     plain: lowerPlain, colors: colors, lo: lo, hi: hi)
                            for x in lo..<hi { row[x] = mix(b[x], a[x], weight) }
                        }
                    }
                    s.above = above; s.below = below
                }
            }
        }
    }

    /// One slab of a row (rows `from`…`to`, within one pixel row, wholly above or below the centre)
    /// into `row` (indexed by x) between columns `lo` and `hi`.
    @inline(__always)
    private func fillSlab(_ row: UnsafeMutablePointer<UInt32>, _ s: inout SectorScratch, from ya: Double, to yb: Double,
                          cx: Double, cy: Double, upper: Bool, plain: UInt32, colors: [UInt32], lo: Int, hi: Int) {
        let rays = upper ? s.up : s.down
        guard let firstRay = rays.first else {
            (row + lo).update(repeating: plain, count: hi - lo)
            return
        }
        let n = colors.count
        // Left of the first ray: for a row above, the sector ending at it; below, the one starting at it.
        var colour = colors[upper ? (firstRay + n - 1) % n : firstRay]
        s.crossings.removeAll(keepingCapacity: true)
        let left = Double(lo) - 1, right = Double(hi) + 1
        for k in rays {
            let cot = s.cot[k]
            let xt = cx + (ya - cy) * cot, xb = cx + (yb - cy) * cot
            // Columns the ray passes through, within the written ones (a near-horizontal ray's
            // ends may lie far outside).
            let a = min(max(min(xt, xb), left), right), b = min(max(max(xt, xb), left), right)
            let next = colors[upper ? k : (k + n - 1) % n]
            s.crossings.append((xt, xb, Int(a.rounded(.down)), Int(b.rounded(.up)), colour, next))
            colour = next
        }
        var x = lo, i = 0
        let count = s.crossings.count
        while i < count && x < hi {
            // A cluster: crossings whose columns overlap (near the centre, or many thin sectors).
            var j = i + 1, end = s.crossings[i].end
            while j < count && s.crossings[j].first < end { end = max(end, s.crossings[j].end); j += 1 }
            let start = min(max(s.crossings[i].first, x), hi)
            if start > x { (row + x).update(repeating: s.crossings[i].left, count: start - x) }
            x = start
            while x < min(end, hi) {
                let column = Double(x)
                if j == i + 1 {
                    let c = s.crossings[i]
                    // + 0.5 and truncation: rounding a fraction in 0…1 without a libm call per pixel.
                    let cover = UInt32(rightFraction(column, c.xt, c.xb) * 255 + 0.5)
                    row[x] = mix(c.left, c.right, cover)
                } else {
                    // Sector m of the cluster covers what lies right of ray m − 1 and left of ray m.
                    var pixel: UInt32 = 0, leftOf = 1.0, given: UInt32 = 0
                    for m in i..<j {
                        let c = s.crossings[m]
                        let rightOf = min(leftOf, rightFraction(column, c.xt, c.xb))
                        let w = min(UInt32(max(0, leftOf - rightOf) * 255 + 0.5), 255 - given)
                        pixel = plusPixel(pixel, scalePixel(c.left, by: w))
                        given += w
                        leftOf = rightOf
                    }
                    row[x] = plusPixel(pixel, scalePixel(s.crossings[j - 1].right, by: 255 - given))
                }
                x += 1
            }
            i = j
        }
        if x < hi { (row + x).update(repeating: s.crossings[count - 1].right, count: hi - x) }
    }
}

/// `a` where `cover` is 0, `b` where it is 255, exactly complementary in between.
@inline(__always)
private func mix(_ a: UInt32, _ b: UInt32, _ cover: UInt32) -> UInt32 {
    plusPixel(scalePixel(a, by: 255 - cover), scalePixel(b, by: cover))
}

/// The part of pixel column [x, x + 1] (over the slab's height) right of the line from `xt` at the
/// slab's top to `xb` at its bottom: ∫₀¹ clamp(x + 1 − line(s), 0, 1) ds.
@inline(__always)
private func rightFraction(_ x: Double, _ xt: Double, _ xb: Double) -> Double {
    let f0 = x + 1 - xt, f1 = x + 1 - xb, d = f1 - f0
    if abs(d) < 1e-9 { return min(max(f0, 0), 1) }
    return min(max((integral(f1) - integral(f0)) / d, 0), 1)
}

/// ∫ clamp(u, 0, 1) du from 0.
@inline(__always)
private func integral(_ u: Double) -> Double { u <= 0 ? 0 : u < 1 ? 0.5 * u * u : u - 0.5 }

/// `a` in (−π, π].
private func normalizedAngle(_ a: Double) -> Double {
    let t = positiveAngle(a)
    return t > Double.pi ? t - 2 * Double.pi : t
}

/// `a` in [0, 2π).
private func positiveAngle(_ a: Double) -> Double {
    let t = a.truncatingRemainder(dividingBy: 2 * Double.pi)
    return t < 0 ? t + 2 * Double.pi : t
}
