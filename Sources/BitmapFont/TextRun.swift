// A line of text laid out once: for each glyph its outline (font px), its scale and its pen position
// (px along the baseline), plus the line's width and metrics. Drawing a run only transforms its points,
// so a label drawn every frame at a new angle costs no String iteration, face lookup or hashing.
// Points stay in font px and go through exactly the per-glyph transform that drawing always used:
// caching changes no coverage bit. A run depends only on (text, size, rendering); faces never change.
import Raster

final class TextRun {
    private(set) var text: String
    private(set) var size: Double
    private(set) var rendering: GlyphRendering
    /// Sum of the advances in px, in text order (the same sum `measure` makes).
    private(set) var width = 0.0
    private(set) var metrics = LineMetrics(ascent: 0, descent: 0)
    /// One per glyph that has contours (controls and blank glyphs are left out: they only move the pen).
    private(set) var glyphs: [Placed] = []
    /// Every placed glyph's points in font px, glyph after glyph.
    private(set) var points: [Point] = []
    /// Exclusive end index into `points` of each contour, glyph after glyph.
    private(set) var contourEnds: [Int] = []
    /// Bumped by each draw that uses the run; the least recently used run is rebuilt for new text.
    var lastUse: UInt64 = 0

    struct Placed {
        /// Font px → text px.
        var scale: Double
        /// Pen position in text px, from the start of the line.
        var pen: Double
        /// Exclusive end index into `contourEnds` of this glyph's contours.
        var contoursEnd: Int
    }

    init(text: String, size: Double, rendering: GlyphRendering) {
        self.text = text; self.size = size; self.rendering = rendering
    }

    /// Whether the run draws `text` at `size` (bit-equal) with `rendering`. Cheap tests first: most
    /// lookups compare a handful of runs whose text differs.
    func matches(_ text: String, size: Double, rendering: GlyphRendering) -> Bool {
        self.rendering == rendering && matches(text, size: size)
    }

    /// Whether the run is `text` at `size` in any rendering (its width and metrics are those of the text).
    func matches(_ text: String, size: Double) -> Bool {
        self.size.bitPattern == size.bitPattern && self.text.utf8.count == text.utf8.count && self.text == text
    }

    /// Empties the run for new text, keeping its buffers' capacity.
    func reset(text: String, size: Double, rendering: GlyphRendering) {
        self.text = text; self.size = size; self.rendering = rendering
        width = 0; metrics = LineMetrics(ascent: 0, descent: 0)
        glyphs.removeAll(keepingCapacity: true)
        points.removeAll(keepingCapacity: true)
        contourEnds.removeAll(keepingCapacity: true)
    }

    func setMetrics(width: Double, metrics: LineMetrics) {
        self.width = width; self.metrics = metrics
    }

    /// How far a smooth outline may move for fewer edges, in px of the drawn text: a sixth of a font
    /// pixel, at least a fifth of a drawn pixel (which moves no edge visibly) and at most 0.35 px
    /// (large text keeps its shape as it was). The polygon through the fine grid's edge midpoints
    /// zigzags by an eighth of a font pixel along round strokes; at wheel label sizes those zigzags
    /// were more than half of the labels' edges every frame (6 200 of them at 1080p, 2 400 without)
    /// for a wobble of a quarter pixel that no one wants to see.
    static func smoothTolerance(scale: Double) -> Double { min(max(0.2, scale / 6), max(0.35, 0.13 * scale)) }

    /// Places `outline` with its pen at `pen` px, scaled by `scale`; a `smooth` one simplified to
    /// within `smoothTolerance(scale:)` px (a pixel-exact one is kept as it is: its corners are the design).
    func append(_ outline: GlyphOutline, scale: Double, pen: Double, smooth: Bool) {
        guard !outline.contourEnds.isEmpty else { return }
        var start = 0
        for end in outline.contourEnds {
            let contour = outline.points[start..<end]
            if smooth && scale > 0 {
                TextRun.simplify(contour, tolerance: TextRun.smoothTolerance(scale: scale) / scale, into: &points)
            } else {
                points.append(contentsOf: contour)
            }
            contourEnds.append(points.count)
            start = end
        }
        glyphs.append(Placed(scale: scale, pen: pen, contoursEnd: contourEnds.count))
    }

    /// Appends closed `contour` less the points lying within `tolerance` of the segment that joins
    /// the points kept before and after them, keeping as few points as that allows (its first point
    /// always), among segments that skip at most `simplifyReach` points. The fewest are found by
    /// dynamic programming over where the segments end: a walk that takes each segment as long as
    /// the points up to it stay close stops where a zigzag's far point does not, though a longer
    /// segment past it would fit; it kept a fifth more points, each an edge in every frame's labels.
    static func simplify(_ contour: ArraySlice<Point>, tolerance: Double, into out: inout [Point]) {
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

    /// Appends the run to `contours`, each glyph through font px → text (pen, scale) → canvas (rotation by
    /// (cosA, sinA) about `origin`), with the very arithmetic of the transform drawing used before runs.
    func addOutlines(to path: inout Polylines, origin: Point, cosA: Double, sinA: Double) {
        points.withUnsafeBufferPointer { points in
            contourEnds.withUnsafeBufferPointer { ends in
                var start = 0, contour = 0
                for glyph in glyphs {
                    let s = glyph.scale, pen = glyph.pen
                    let t = Transform(a: s * cosA, b: s * sinA, c: -s * sinA, d: s * cosA,
                                      tx: origin.x + cosA * pen, ty: origin.y + sinA * pen)
                    while contour < glyph.contoursEnd {
                        let end = ends[contour]
                        path.appendClosed(UnsafeBufferPointer(rebasing: points[start..<end]), transform: t)
                        start = end
                        contour += 1
                    }
                }
            }
        }
    }
}
