// Glyph bitmaps become outlines (closed polygons in font px, pen at (0, 0) on the baseline, y down),
// built once per glyph and cached, then filled by Raster's exact-area rasterizer through any transform.
//
// Why outlines and not scaled bitmaps: coverage of a polygon is exact at every angle and scale, so a
// label rotated 37° is the exact anti-aliased image of the rotated glyph, with no resampling blur.
// - `.pixelExact`: the union of the ink pixel squares (boundary traced into clockwise loops, collinear
//   steps merged). At 1:1 and 0° this reproduces the bitmap bit for bit; rotated, it is the exact
//   coverage of rotated squares. Used up to 1.5× scale, where pixels are still the design.
// - `.smooth`: for large text. The bitmap is upscaled 4× by Scale2x/EPX twice (fills the notch where
//   two pixels touch diagonally, cuts convex corners, turns 45° stair-steps into fine 1-step stairs),
//   then each loop of the fine boundary is replaced by the polygon through its edge midpoints (marching
//   squares at threshold ½ on the fine grid): a 1-step stair becomes a straight diagonal and every corner
//   gets a small chamfer. Stroke widths stay the design's (straight edges do not move). Compared with
//   a distance field it needs no new raster code, keeps the exact-area edges and costs nothing per frame.
import Raster

public enum GlyphRendering: Sendable, Hashable {
    /// `.pixelExact` below 1.5× the font's pixel size, `.smooth` from there up.
    case automatic
    /// The union of the bitmap's pixel squares: crisp and faithful, blocky when enlarged.
    case pixelExact
    /// The Scale2x-and-midpoint outline: smooth diagonals and softened corners for large text.
    case smooth
}

/// Closed polygons in font px (pen origin on the baseline, y down), all clockwise on screen
/// around ink so a nonzero fill of any set of them is their union.
struct GlyphOutline {
    var points: [Point] = []
    /// Exclusive end index into `points` of each contour.
    var contourEnds: [Int] = []

    init() {}

    init(glyph: Glyph, smooth: Bool) {
        guard glyph.width > 0, glyph.height > 0 else { return }
        if smooth {
            let scale = 4, pad = 1
            var bits = Bitmap(width: glyph.width + 2 * pad, height: glyph.height + 2 * pad)
            for y in 0..<glyph.height { for x in 0..<glyph.width where glyph.isInk(x: x, y: y) { bits[x + pad, y + pad] = true } }
            bits = bits.scale2x().scale2x()
            let s = 1 / Double(scale)
            let ox = Double(glyph.left - pad), oy = Double(glyph.top - pad)
            for loop in bits.boundaryLoops() {
                // Midpoints of the unit edges, doubled to stay on an integer grid, collinear ones merged.
                var mids: [(Int, Int)] = []
                mids.reserveCapacity(loop.count)
                for i in loop.indices {
                    let a = loop[i], b = loop[(i + 1) % loop.count]
                    mids.append((a.0 + b.0, a.1 + b.1))
                }
                append(mergingCollinear: mids) { Point(x: ox + Double($0) * s / 2, y: oy + Double($1) * s / 2) }
            }
        } else {
            var bits = Bitmap(width: glyph.width, height: glyph.height)
            for y in 0..<glyph.height { for x in 0..<glyph.width where glyph.isInk(x: x, y: y) { bits[x, y] = true } }
            let ox = Double(glyph.left), oy = Double(glyph.top)
            for loop in bits.boundaryLoops() {
                append(mergingCollinear: loop) { Point(x: ox + Double($0), y: oy + Double($1)) }
            }
        }
    }

    private mutating func append(mergingCollinear loop: [(Int, Int)], _ map: (Int, Int) -> Point) {
        let n = loop.count
        guard n >= 3 else { return }
        let start = points.count
        for i in 0..<n {
            let p = loop[(i + n - 1) % n], q = loop[i], r = loop[(i + 1) % n]
            let cross = (q.0 - p.0) * (r.1 - q.1) - (q.1 - p.1) * (r.0 - q.0)
            if cross != 0 { points.append(map(q.0, q.1)) }
        }
        if points.count - start >= 3 { contourEnds.append(points.count) } else { points.removeLast(points.count - start) }
    }
}

extension GlyphOutline {
    /// The outline drawn `scale` px a font pixel, smooth: each contour with as few points as keep it
    /// within `smoothTolerance(scale:)` px of the drawn text (`simplify`). Made once per glyph and
    /// scale (`FontStack` keeps them), not once per line of text.
    func simplified(scale: Double) -> GlyphOutline {
        var out = GlyphOutline()
        let tolerance = GlyphOutline.smoothTolerance(scale: scale) / scale
        var start = 0
        for end in contourEnds {
            GlyphOutline.simplify(points[start..<end], tolerance: tolerance, into: &out.points)
            out.contourEnds.append(out.points.count)
            start = end
        }
        return out
    }

    /// How far a smooth outline may move for fewer edges, in px of the drawn text: a sixth of a font
    /// pixel, at least a fifth of a drawn pixel (which moves no edge visibly) and at most 0.35 px
    /// (large text keeps its shape as it was). The polygon through the fine grid's edge midpoints
    /// zigzags by an eighth of a font pixel along round strokes; at wheel label sizes those zigzags
    /// were more than half of the labels' edges every frame (6 200 of them at 1080p, 2 400 without)
    /// for a wobble of a quarter pixel that no one wants to see.
    static func smoothTolerance(scale: Double) -> Double { min(max(0.2, scale / 6), max(0.35, 0.13 * scale)) }

    /// Appends closed `contour` less the points lying within `tolerance` of the segment that joins
    /// the points kept before and after them, keeping as few points as that allows (its first point
    /// always), among segments that skip at most `simplifyReach` points. The fewest are found by
    /// dynamic programming over where the segments end: a walk that takes each segment as long as
    /// the points up to it stay close stops where a zigzag's far point does not, though a longer
    /// segment past it would fit; it kept a fifth more points, each an edge in every frame's labels.
    private static func simplify(_ contour: ArraySlice<Point>, tolerance: Double, into out: inout [Point]) {
        let n = contour.count, first = contour.startIndex
        guard n > 4 else { return out.append(contentsOf: contour) }
        func point(_ i: Int) -> Point { contour[first + (i < n ? i : i - n)] }
        /// Whether every point strictly between `i` and `j` lies within `tolerance` of the segment i–j.
        func fits(_ i: Int, _ j: Int) -> Bool {
            let a = point(i), b = point(j)
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { return false }
            for k in (i + 1)..<j {
                let p = point(k)
                if abs(dx * (p.y - a.y) - dy * (p.x - a.x)) > tolerance * length { return false }
            }
            return true
        }
        // fewest[j]: segments from point 0 to point j (n: back at point 0), the last from from[j].
        var fewest = [Int](repeating: Int.max, count: n + 1), from = [Int](repeating: 0, count: n + 1)
        fewest[0] = 0
        for j in 1...n {
            for i in max(0, j - simplifyReach - 1)..<j where fewest[i] != Int.max && fewest[i] + 1 < fewest[j] {
                if i == j - 1 || fits(i, j) { fewest[j] = fewest[i] + 1; from[j] = i }
            }
        }
        // A contour thinner than the tolerance keeps its points.
        guard fewest[n] >= 3 else { return out.append(contentsOf: contour) }
        let start = out.count
        var j = from[n]
        while j > 0 { out.append(point(j)); j = from[j] }
        out.append(point(0))
        out[start...].reverse()
    }

    /// The most points one segment of `simplify` skips: on the 1080p labels, 15 kept 4 points fewer
    /// of 2 020 for twice the work (a run pays it when it is first laid out), 7 kept 48 more.
    static let simplifyReach = 11
}

/// A 1-bit image used while building outlines (not per frame).
struct Bitmap {
    let width: Int
    let height: Int
    private var bits: [Bool]

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        bits = [Bool](repeating: false, count: width * height)
    }

    /// Ink at (x, y); outside the image is blank.
    subscript(x: Int, y: Int) -> Bool {
        get { x >= 0 && y >= 0 && x < width && y < height && bits[y * width + x] }
        set { bits[y * width + x] = newValue }
    }

    /// Scale2x (EPX / AdvMAME2x): each pixel becomes 2×2; a corner takes its two neighbours' value
    /// when they agree and the opposite neighbours differ.
    func scale2x() -> Bitmap {
        var out = Bitmap(width: width * 2, height: height * 2)
        for y in 0..<height {
            for x in 0..<width {
                let e = self[x, y], b = self[x, y - 1], d = self[x - 1, y], f = self[x + 1, y], h = self[x, y + 1]
                out[2 * x, 2 * y] = (d == b && b != f && d != h) ? d : e
                out[2 * x + 1, 2 * y] = (b == f && b != d && f != h) ? f : e
                out[2 * x, 2 * y + 1] = (d == h && d != b && h != f) ? d : e
                out[2 * x + 1, 2 * y + 1] = (h == f && d != h && b != f) ? f : e
            }
        }
        return out
    }

    /// The boundary of the ink as closed loops of unit steps between pixel corners, clockwise on
    /// screen (ink on the right of travel). Where two ink pixels touch only at a corner the loop passes
    /// from one to the other, so diagonal strokes stay one piece (this matters for `.smooth`).
    func boundaryLoops() -> [[(Int, Int)]] {
        let vw = width + 1
        var from: [Int32] = [], to: [Int32] = []
        var out0 = [Int32](repeating: -1, count: vw * (height + 1))
        var out1 = out0
        func addEdge(_ ax: Int, _ ay: Int, _ bx: Int, _ by: Int) {
            let a = ay * vw + ax, e = Int32(from.count)
            from.append(Int32(a)); to.append(Int32(by * vw + bx))
            if out0[a] < 0 { out0[a] = e } else { out1[a] = e }
        }
        for y in 0..<height {
            for x in 0..<width where self[x, y] {
                if !self[x, y - 1] { addEdge(x, y, x + 1, y) }
                if !self[x + 1, y] { addEdge(x + 1, y, x + 1, y + 1) }
                if !self[x, y + 1] { addEdge(x + 1, y + 1, x, y + 1) }
                if !self[x - 1, y] { addEdge(x, y + 1, x, y) }
            }
        }
        func direction(_ e: Int32) -> (Int, Int) {
            let a = Int(from[Int(e)]), b = Int(to[Int(e)])
            return (b % vw - a % vw, b / vw - a / vw)
        }
        var used = [Bool](repeating: false, count: from.count)
        var loops: [[(Int, Int)]] = []
        for first in 0..<from.count where !used[first] {
            var loop: [(Int, Int)] = []
            var e = Int32(first)
            repeat {
                used[Int(e)] = true
                let a = Int(from[Int(e)])
                loop.append((a % vw, a / vw))
                let v = Int(to[Int(e)])
                var next = out0[v]
                if out1[v] >= 0 {
                    // A saddle: turn so that the loop crosses to the diagonal neighbour.
                    let d = direction(e), n = direction(out0[v])
                    if d.0 * n.1 - d.1 * n.0 >= 0 { next = out1[v] }
                }
                e = next
            } while e >= 0 && e != Int32(first) && !used[Int(e)]
            loops.append(loop)
        }
        return loops
    }
}
