// How a stroke looks: width in px, caps, joins, dashes and trim. A stroke is turned into a fill
// path by the Stroker and filled nonzero, so it anti-aliases exactly like any other shape.

public enum LineCap: Sendable { case butt, round, square }
public enum LineJoin: Sendable { case miter, round, bevel }

public struct StrokeStyle: Sendable, Equatable {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    /// Miter length / width beyond which a miter join becomes a bevel (CoreGraphics' default 10).
    public var miterLimit: Double
    /// Alternating on/off lengths in px; empty for a solid line. An odd count repeats (as SVG/CG).
    public var dash: [Double]
    /// Offset into the dash pattern at the start of each contour, in px.
    public var dashPhase: Double
    /// Fractions (0…1) of the whole path length between which the stroke is drawn,
    /// like CAShapeLayer.strokeStart / strokeEnd. Trimming applies before dashing.
    public var trimStart: Double
    public var trimEnd: Double

    public init(width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10,
                dash: [Double] = [], dashPhase: Double = 0, trimStart: Double = 0, trimEnd: Double = 1) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
        self.dash = dash; self.dashPhase = dashPhase; self.trimStart = trimStart; self.trimEnd = trimEnd
    }
}
