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
    /// How far the ink reaches below the baseline, px (0 when nothing does): Arabic's descenders
    /// go deeper than the line's descent.
    private(set) var inkDescent = 0.0
    /// Colour glyphs (emoji), drawn as images after the outlines.
    private(set) var images: [PlacedImage] = []
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

    struct PlacedImage {
        /// The colour face (index in the stack) and character.
        var face: Int
        var scalar: Unicode.Scalar
        /// Image px (at the face's height) → text px.
        var scale: Double
        /// Pen position in text px, from the start of the line.
        var pen: Double
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
        width = 0; metrics = LineMetrics(ascent: 0, descent: 0); inkDescent = 0
        glyphs.removeAll(keepingCapacity: true)
        points.removeAll(keepingCapacity: true)
        contourEnds.removeAll(keepingCapacity: true)
        images.removeAll(keepingCapacity: true)
    }

    func setMetrics(width: Double, metrics: LineMetrics) {
        self.width = width; self.metrics = metrics
    }

    /// Places `outline` (a smooth one already simplified: `GlyphOutline.simplified`) with its pen
    /// at `pen` px, scaled by `scale`.
    func append(_ outline: GlyphOutline, scale: Double, pen: Double) {
        guard !outline.contourEnds.isEmpty else { return }
        for p in outline.points where p.y * scale > inkDescent { inkDescent = p.y * scale }
        let base = points.count
        points.append(contentsOf: outline.points)
        for end in outline.contourEnds { contourEnds.append(base + end) }
        glyphs.append(Placed(scale: scale, pen: pen, contoursEnd: contourEnds.count))
    }

    func appendImage(face: Int, scalar: Unicode.Scalar, scale: Double, pen: Double) {
        images.append(PlacedImage(face: face, scalar: scalar, scale: scale, pen: pen))
    }

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
