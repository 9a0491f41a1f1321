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

/// Per-call scratch of `fillSectors`, kept by the canvas so a frame allocates nothing: raw memory
/// grown on demand (arrays cost a uniqueness check per write and a retain per slab here).
final class SectorScratch {
    /// A ray's crossing of a slab: its x at either end (`xl` ≤ `xr`), the columns it passes
    /// through, and the colours left and right of it.
    /// `mixes` is the ray's table of the two colours' mixes (`mixes[c]`: `mix(left, right, c)`),
    /// read at `c ^ flip`.
    typealias Crossing = (xl: Double, xr: Double, first: Int, end: Int, left: UInt32, right: UInt32,
                          mixes: UnsafePointer<UInt32>, flip: Int)
    private(set) var rays = 0, columns = 0
    /// The sectors wider than nothing: their starting angles and colours.
    private(set) var angles = UnsafeMutablePointer<Double>.allocate(capacity: 1)
    private(set) var colors = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    /// Per boundary: dx per unit dy of its ray, and the colour of the sector before it.
    private(set) var cot = UnsafeMutablePointer<Double>.allocate(capacity: 1)
    private(set) var previous = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    /// A cluster's sector weights (`SectorRows.fill`).
    private(set) var weights = UnsafeMutablePointer<Double>.allocate(capacity: 1)
    /// Rays pointing up (meeting rows above the centre left to right) and down (likewise below).
    private(set) var up = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private(set) var down = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    /// Where the last slab's search ended, per half (above: 0, 1; below: 2, 3): the first ray that
    /// reached the written pixels and the first past them. The next row's search starts there, as
    /// rows change these by a ray or none.
    let searchStart = UnsafeMutablePointer<Int>.allocate(capacity: 4)
    /// Where each ray crosses the current slab.
    private(set) var crossings = UnsafeMutablePointer<Crossing>.allocate(capacity: 1)
    /// The row through the centre, above and below it.
    private(set) var above = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private(set) var below = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    /// Per boundary, the 256 mixes of the colours either side of it (`mix(previous, colour, c)` at
    /// c), and the pair they were made for: a pixel a ray passes through is one load instead of two
    /// multiplies per channel pair. Kept between calls, so a spinning wheel builds them once.
    private(set) var mixes = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
    private var mixKeys = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    /// Tables allocated, and how many of the first have been built (their keys are valid).
    private var mixRays = 0, mixesBuilt = 0

    /// Wheels with more boundaries than this mix per pixel (the tables would be 1 KiB a boundary).
    static let mixTableRays = 64

    /// `mixes` for boundaries 0..<n, between `previous[k]` and `colors[k]`; rebuilt only for the pairs that changed.
    func prepareMixes(_ n: Int) {
        if n > mixRays {
            mixes.deallocate(); mixKeys.deallocate()
            mixRays = max(n, 2 * mixRays)
            mixes = .allocate(capacity: mixRays * 256)
            mixKeys = .allocate(capacity: mixRays)
            mixesBuilt = 0
        }
        for k in 0..<n {
            let a = previous[k], b = colors[k], key = UInt64(a) << 32 | UInt64(b)
            guard k >= mixesBuilt || mixKeys[k] != key else { continue }
            mixKeys[k] = key
            let table = mixes + k * 256
            for c in 0..<256 { table[c] = mix(a, b, UInt32(c)) }
        }
        mixesBuilt = max(mixesBuilt, n)
    }

    init() { searchStart.initialize(repeating: 0, count: 4) }

    func reserve(rays n: Int, columns width: Int) {
        if n > rays {
            rays = max(n, 2 * rays)
            for p in [up, down] { p.deallocate() }
            cot.deallocate(); previous.deallocate(); crossings.deallocate(); angles.deallocate(); colors.deallocate()
            weights.deallocate()
            cot = .allocate(capacity: rays); previous = .allocate(capacity: rays)
            up = .allocate(capacity: rays); down = .allocate(capacity: rays); crossings = .allocate(capacity: rays)
            angles = .allocate(capacity: rays); colors = .allocate(capacity: rays); weights = .allocate(capacity: rays + 1)
        }
        if width > columns {
            columns = width
            above.deallocate(); below.deallocate()
            above = .allocate(capacity: columns); below = .allocate(capacity: columns)
        }
    }

    deinit {
        cot.deallocate(); previous.deallocate(); up.deallocate(); down.deallocate(); crossings.deallocate()
        angles.deallocate(); colors.deallocate(); weights.deallocate(); above.deallocate(); below.deallocate()
        mixes.deallocate(); mixKeys.deallocate(); searchStart.deallocate()
    }
}

extension Canvas {
    /// Fills the disc of `radius` around `center` (device px: the canvas transform is not applied)
    /// with `colors[k]` from boundary angle `boundaries[k]` clockwise to the next (radians, 0 at
    /// 3 o'clock; increasing, the last less than a full turn after the first). Colours are
    /// premultiplied and must be opaque (`fillTiles` blends translucent ones).
    /// Pixels whose centre lies within `hole` px of the centre are left as they are: something opaque
    /// (a wheel's hub) covers them, and there hundreds of thin sectors would meet in every pixel.
    public func fillSectors(center: Point, radius: Double, hole: Double = 0, boundaries: [Double], colors allColors: [UInt32]) {
        let count = min(boundaries.count, allColors.count)
        let area = clip.intersection(pixmap.bounds)
        guard count > 0, radius > 0, radius < 1e6, abs(center.x) < 1e6, abs(center.y) < 1e6, !area.isEmpty else { return }
        let cx = center.x, cy = center.y
        let yFirst = max(area.y, Int((cy - radius).rounded(.down))), yEnd = min(area.maxY, Int((cy + radius).rounded(.up)))
        guard yFirst < yEnd else { return }
        let s = sectorScratch
        s.reserve(rays: count, columns: pixmap.width)
        // Only sectors wider than nothing have edges: a slice of weight 0 draws nothing, and one
        // holding the whole turn is a plain disc (folded into one turn, its rays would all coincide).
        var n = 0
        for k in 0..<count {
            let end = k + 1 < count ? boundaries[k + 1] : boundaries[0] + 2 * Double.pi
            guard end - boundaries[k] > 1e-12 else { continue }
            s.angles[n] = boundaries[k]; s.colors[n] = allColors[k]; n += 1
        }
        guard n > 0 else { return }
        let boundaries = UnsafeBufferPointer(start: s.angles, count: n)
        // Rays in clockwise order from the one nearest −π; those pointing up meet a row above the
        // centre left to right, those pointing down meet a row below it right to left.
        var first = 0, firstAngle = Double.infinity
        for k in 0..<n {
            let a = normalizedAngle(boundaries[k])
            if a < firstAngle { firstAngle = a; first = k }
            let sine = sin(a)
            // A ray within 1e-12 of horizontal meets no row but the one through the centre, where
            // the split between the two halves of that row is exact anyway.
            s.cot[k] = abs(sine) < 1e-12 ? 0 : cos(a) / sine
            s.previous[k] = s.colors[(k + n - 1) % n]
        }
        let mixed = n <= SectorScratch.mixTableRays
        if mixed { s.prepareMixes(n) }
        var ups = 0, downs = 0
        for j in 0..<n {
            let k = (first + j) % n
            let sine = sin(normalizedAngle(boundaries[k]))
            if sine <= -1e-12 { s.up[ups] = k; ups += 1 } else if sine >= 1e-12 { s.down[downs] = k; downs += 1 }
        }
        var reversed = UnsafeMutableBufferPointer(start: s.down, count: downs)
        reversed.reverse()
        // The sector a half-row shows where no ray meets it: the one holding straight up or down.
        func sector(at angle: Double) -> Int {
            var best = n - 1
            let offset = Angle.radians(angle - boundaries[0]).normalized.radians
            for k in 0..<n where Angle.radians(boundaries[k] - boundaries[0]).normalized.radians <= offset { best = k }
            return best
        }
        let stride = pixmap.stride
        let colors = s.colors
        let rows = SectorRows(cx: cx, cy: cy, cot: s.cot, colors: colors, previous: s.previous,
                              up: UnsafeBufferPointer(start: s.up, count: ups),
                              down: UnsafeBufferPointer(start: s.down, count: downs), crossings: s.crossings,
                              weights: s.weights, mixes: s.mixes, mixed: mixed, searchStart: s.searchStart,
                              upperPlain: ups == 0 ? colors[sector(at: -Double.pi / 2)] : 0,
                              lowerPlain: downs == 0 ? colors[sector(at: Double.pi / 2)] : 0)
        pixmap.pixels.withUnsafeMutableBufferPointer { pixels in
            let base = pixels.baseAddress!
            for y in yFirst..<yEnd {
                let dy = Double(y) + 0.5 - cy, reach2 = radius * radius - dy * dy
                guard reach2 > 0 else { continue }
                let reach = reach2.squareRoot()
                // Pixels whose centre lies inside the circle, then those inside the clip.
                // (|cx| and the radius are under 10⁶: the rounding helpers are exact there, without
                // the range checks of Int(_:).)
                let x0 = ceilToInt(cx - reach - 0.5), x1 = floorToInt(cx + reach - 0.5) &+ 1
                let lo = max(x0, area.x), hi = min(x1, area.maxX)
                guard lo < hi else { continue }
                // The hole's columns in this row (pixel centres inside it), as an empty span when it misses.
                var holeLo = hi, holeHi = hi
                let inside2 = hole * hole - dy * dy
                if inside2 > 0 {
                    let inside = inside2.squareRoot()
                    holeLo = max(lo, min(hi, ceilToInt(cx - inside - 0.5)))
                    holeHi = max(holeLo, min(hi, floorToInt(cx + inside - 0.5) &+ 1))
                }
                let row = base + y * stride
                // Left of the hole, then right of it (no array: a frame allocates nothing).
                for part in 0..<2 {
                    let from = part == 0 ? lo : holeHi, to = part == 0 ? holeLo : hi
                    guard from < to else { continue }
                    if Double(y + 1) <= cy {
                        rows.fill(row, from: Double(y), to: Double(y + 1), upper: true, chord: (x0, x1), lo: from, hi: to)
                    } else if Double(y) >= cy {
                        rows.fill(row, from: Double(y), to: Double(y + 1), upper: false, chord: (x0, x1), lo: from, hi: to)
                    } else {
                        // The row through the centre: its part above and its part below, weighted by height.
                        let weight = UInt32((cy - Double(y)) * 255 + 0.5)
                        rows.fill(s.above, from: Double(y), to: cy, upper: true, chord: (x0, x1), lo: from, hi: to)
                        rows.fill(s.below, from: cy, to: Double(y + 1), upper: false, chord: (x0, x1), lo: from, hi: to)
                        for x in from..<to { row[x] = mix(s.below[x], s.above[x], weight) }
                    }
                }
            }
        }
    }
}

/// One `fillSectors` call's rays and colours, for filling its rows.
private struct SectorRows {
    let cx: Double, cy: Double
    let cot: UnsafePointer<Double>
    let colors: UnsafePointer<UInt32>, previous: UnsafePointer<UInt32>
    let up: UnsafeBufferPointer<Int>, down: UnsafeBufferPointer<Int>
    let crossings: UnsafeMutablePointer<SectorScratch.Crossing>
    let weights: UnsafeMutablePointer<Double>
    /// `SectorScratch.mixes`, built when `mixed` (else the wheel has too many boundaries for tables).
    let mixes: UnsafeMutablePointer<UInt32>, mixed: Bool
    /// `SectorScratch.searchStart`.
    let searchStart: UnsafeMutablePointer<Int>
    /// A half-row's colour when no ray meets it.
    let upperPlain: UInt32, lowerPlain: UInt32

    /// One slab of a row (rows `from`…`to`, within one pixel row, wholly above or below the centre)
    /// into `row` (indexed by x) between columns `lo` and `hi`, the clip's part of the row's `chord`
    /// of the disc. What is computed depends on the chord only, never on the clip.
    @inline(__always)
    func fill(_ row: UnsafeMutablePointer<UInt32>, from ya: Double, to yb: Double, upper: Bool, chord: (Int, Int),
              lo: Int, hi: Int) {
        let rays = upper ? up : down
        guard !rays.isEmpty else {
            fillPixels(row + lo, upper ? upperPlain : lowerPlain, hi - lo)
            return
        }
        // Rays meet the slab left to right in list order. Only those between the column left of `lo`
        // and `hi` can touch the written pixels: the others only say which colour a run starts with.
        func crossingEnd(_ k: Int) -> Double { cx + max((ya - cy) * cot[k], (yb - cy) * cot[k]) }
        func crossingStart(_ k: Int) -> Double { cx + min((ya - cy) * cot[k], (yb - cy) * cot[k]) }
        // Rays f..<g: the first whose columns do not end before the column left of `lo`, to the first
        // starting past the column right of `hi`. Both tests are monotone along the rays, so a walk
        // from the last row's answer finds what a binary search would, in a step or two.
        let loEdge = Double(lo) - 1, hiEdge = Double(hi) + 1, n = rays.count
        let hint = searchStart + (upper ? 0 : 2)
        var f = min(max(hint[0], 0), n)
        while f > 0 && crossingEnd(rays[f &- 1]) >= loEdge { f &-= 1 }
        while f < n && crossingEnd(rays[f]) < loEdge { f &+= 1 }
        var g = min(max(hint[1], f), n)
        while g > f && crossingStart(rays[g &- 1]) > hiEdge { g &-= 1 }
        while g < n && crossingStart(rays[g]) <= hiEdge { g &+= 1 }
        hint[0] = f; hint[1] = g
        guard f < g else {
            // No ray reaches the written pixels: the run is the sector left of ray f (or right of the last).
            let k = f < rays.count ? rays[f] : rays[rays.count - 1]
            let plain = f < rays.count ? (upper ? previous[k] : colors[k]) : (upper ? colors[k] : previous[k])
            fillPixels(row + lo, plain, hi - lo)
            return
        }
        // Left of the first ray: for a row above, the sector ending at it; below, the one starting
        // at it. Crossing a ray rightwards enters the sector starting at it (above) or ending at it (below).
        var colour = upper ? previous[rays[f]] : colors[rays[f]]
        let left = Double(chord.0) - 1, right = Double(chord.1) + 1
        var count = 0
        for k in rays[f..<g] {
            let xt = cx + (ya - cy) * cot[k], xb = cx + (yb - cy) * cot[k]
            let xl = min(xt, xb), xr = max(xt, xb)
            // Columns the ray passes through, within the written ones (a near-horizontal ray's
            // ends may lie far outside).
            let a = min(max(xl, left), right), b = min(max(xr, left), right)
            let next = upper ? colors[k] : previous[k]
            // Above, left of the ray is `previous[k]`: its table as it is; below, the other way round.
            let table = UnsafePointer(mixes + (mixed ? k &* 256 : 0))
            crossings[count] = (xl, xr, floorToInt(a), ceilToInt(b), colour, next, table, upper ? 0 : 255)
            count += 1
            colour = next
        }
        var x = lo, i = 0
        while i < count && x < hi {
            // A cluster: crossings whose columns overlap (near the centre, or many thin sectors).
            var j = i + 1, end = crossings[i].end
            while j < count && crossings[j].first < end { end = max(end, crossings[j].end); j += 1 }
            let start = min(max(crossings[i].first, x), hi)
            if start > x { fillPixels(row + x, crossings[i].left, start - x) }
            x = start
            // Within a cluster, the rays that touch column x: from the first whose columns do not end
            // before it (`a`) to the first whose columns start after it (`b`). Rays keep their order
            // along a slab, so both only move right: hundreds of thin sectors cost per pixel only
            // the few that meet in it.
            let stop = min(end, hi)
            if j == i + 1 {
                // One ray (nearly every crossing): its pixels in a loop of their own.
                if x < stop { crossingPixels(row, crossings[i], from: x, to: stop) }
                x = max(x, stop)
                i = j
                continue
            }
            var a = i, b = i
            while x < stop {
                while a < j && crossings[a].end <= x { a += 1 }
                b = max(b, a)
                while b < j && crossings[b].first <= x { b += 1 }
                if a == b {
                    row[x] = a < j ? crossings[a].left : crossings[j - 1].right
                } else if b == a + 1 {
                    // One ray in this pixel: as `crossingPixels` has it, whichever rays the clip leaves out.
                    crossingPixels(row, crossings[a], from: x, to: x + 1)
                } else {
                    row[x] = clusterPixel(Double(x), from: a, to: b)
                }
                x += 1
            }
            i = j
        }
        if x < hi { fillPixels(row + x, crossings[count - 1].right, hi - x) }
    }

    /// Columns `x0..<x1` of crossing `c`: each pixel its two colours in proportion to its area on
    /// either side of the ray (`level`), from the ray's mix table (masked: a level is 0…255 for any
    /// finite ray) or, for wheels without tables, mixed here.
    @inline(__always)
    private func crossingPixels(_ row: UnsafeMutablePointer<UInt32>, _ c: SectorScratch.Crossing, from x0: Int, to x1: Int) {
        let width = c.xr - c.xl, thin = width < 1e-9, k = thin ? 0 : 1 / width
        guard mixed else {
            for x in x0..<x1 { row[x] = mix(c.left, c.right, UInt32(truncatingIfNeeded: SectorRows.level(x, c, thin: thin, k))) }
            return
        }
        // `thin` a constant in each loop.
        if thin {
            for x in x0..<x1 { row[x] = c.mixes[(SectorRows.level(x, c, thin: true, k) ^ c.flip) & 255] }
        } else {
            // Two columns at a time, each lane the very arithmetic of `level`.
            var x = x0
            while x &+ 2 <= x1 {
                let l = SectorRows.levels(x, c, k)
                row[x] = c.mixes[(Int(truncatingIfNeeded: l[0]) ^ c.flip) & 255]
                row[x &+ 1] = c.mixes[(Int(truncatingIfNeeded: l[1]) ^ c.flip) & 255]
                x &+= 2
            }
            if x < x1 { row[x] = c.mixes[(SectorRows.level(x, c, thin: false, k) ^ c.flip) & 255] }
        }
    }

    /// `level` of columns `x` and `x + 1` of a crossing wider than nothing, as two lanes.
    @inline(__always)
    private static func levels(_ x: Int, _ c: SectorScratch.Crossing, _ k: Double) -> SIMD2<Int64> {
        let u = SIMD2<Double>(Double(x) + 1, Double(x) + 2)
        // `integral`, each lane with its operations (a second top-level `integral` stopped
        // `crossingPixels` being inlined: 0.03 M instructions a frame more).
        func integral(_ u: SIMD2<Double>) -> SIMD2<Double> {
            let v = pointwiseMin(pointwiseMax(u, .zero), .one)
            return 0.5 * v * v + pointwiseMax(u - 1, .zero)
        }
        let f = pointwiseMin(pointwiseMax((integral(u - c.xl) - integral(u - c.xr)) * k, .zero), .one)
        return roundToInt(f * 255)
    }

    /// The part of column `x` right of crossing `c`, in 255ths: the exact area (`integral`, `k` the
    /// reciprocal of the crossing's width), or for a ray along the slab (`thin`) the part right of it.
    @inline(__always)
    private static func level(_ x: Int, _ c: SectorScratch.Crossing, thin: Bool, _ k: Double) -> Int {
        let u = Double(x) + 1
        let f = thin ? min(max(u - c.xl, 0), 1) : min(max((integral(u - c.xl) - integral(u - c.xr)) * k, 0), 1)
        return roundToInt(f * 255)
    }

    /// A pixel several rays of crossings `i..<j` pass through: sector m of the cluster covers what
    /// lies right of ray m − 1 and left of ray m. The 255 levels go out by largest remainder, so no
    /// sector's rounding lands on another's.
    private func clusterPixel(_ column: Double, from i: Int, to j: Int) -> UInt32 {
        var leftOf = 1.0, given = 0
        for m in i...j {
            let rightOf = m < j ? min(leftOf, rightFraction(column, crossings[m].xl, crossings[m].xr)) : 0
            let w = max(0, leftOf - rightOf) * 255
            weights[m - i] = w
            given += Int(w)
            leftOf = rightOf
        }
        // The levels left after truncating, one each to the largest fractional parts.
        for _ in 0..<max(0, 255 - given) {
            var best = 0, bestFraction = -1.0
            for m in 0...(j - i) {
                let fraction = weights[m] - weights[m].rounded(.down)
                if fraction > bestFraction { best = m; bestFraction = fraction }
            }
            weights[best] = weights[best].rounded(.down) + 1
        }
        var pixel: UInt32 = 0
        for m in 0...(j - i) {
            let colour = m < j - i ? crossings[i + m].left : crossings[j - 1].right
            pixel = plusPixel(pixel, scalePixel(colour, by: UInt32(weights[m])))
        }
        return pixel
    }
}

/// `a` where `cover` is 0, `b` where it is 255, in between a·(255 − cover) + b·cover per channel,
/// divided by 255 and rounded once (two channels to a 32-bit lane, as `scalePixel`: each sum stays
/// below 2¹⁶).
@inline(__always)
private func mix(_ a: UInt32, _ b: UInt32, _ cover: UInt32) -> UInt32 {
    let m: UInt32 = 0x00FF_00FF, other = 255 &- cover
    var rb = (a & m) &* other &+ (b & m) &* cover &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & m)) >> 8) & m
    var ag = ((a >> 8) & m) &* other &+ ((b >> 8) & m) &* cover &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & m)) & 0xFF00_FF00
    return rb | ag
}

/// The part of pixel column [x, x + 1] (over the slab's height) right of the line from `xt` at the
/// slab's top to `xb` at its bottom: ∫₀¹ clamp(x + 1 − line(s), 0, 1) ds.
@inline(__always)
private func rightFraction(_ x: Double, _ xt: Double, _ xb: Double) -> Double {
    let f0 = x + 1 - xt, f1 = x + 1 - xb, d = f1 - f0
    if abs(d) < 1e-9 { return min(max(f0, 0), 1) }
    return min(max((integral(f1) - integral(f0)) / d, 0), 1)
}

/// ∫ clamp(u, 0, 1) du from 0 (½u² up to 1, then u − ½), without a branch.
@inline(__always)
private func integral(_ u: Double) -> Double {
    let v = min(max(u, 0), 1)
    return 0.5 * v * v + max(u - 1, 0)
}


/// `a` in (−π, π].
private func normalizedAngle(_ a: Double) -> Double {
    let t = Angle.radians(a).normalized.radians
    return t > Double.pi ? t - 2 * Double.pi : t
}
