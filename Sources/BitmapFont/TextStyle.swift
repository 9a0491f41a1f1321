// How a label looks: size in px (the line's em: a font of pixel size 16 drawn at size 16 is 1:1),
// colour, and which point of the text's box sits on the anchor.
import Raster

public enum TextAlignment: Sendable, Hashable {
    /// The anchor is the start of the first glyph's advance.
    case left
    case center
    /// The anchor is the end of the last glyph's advance.
    case right
}

public enum VerticalAlignment: Sendable, Hashable {
    /// The anchor is on the line's top (baseline − ascent).
    case top
    /// The anchor is halfway between the line's top and bottom.
    case middle
    case baseline
    /// The anchor is on the line's bottom (baseline + descent).
    case bottom
}

public struct TextStyle: Sendable, Hashable {
    /// Font size in px: each font is scaled by size / its pixel size. Text with a size that is not
    /// finite and positive draws nothing and measures zero.
    public var size: Double
    public var color: Color
    public var alignment: TextAlignment
    public var verticalAlignment: VerticalAlignment
    public var rendering: GlyphRendering
    /// When the rotation is a multiple of 90°, put the pen on whole pixels so 1:1 text stays crisp.
    public var snapsToPixels: Bool

    public init(size: Double, color: Color = .black, alignment: TextAlignment = .left,
                verticalAlignment: VerticalAlignment = .baseline, rendering: GlyphRendering = .automatic,
                snapsToPixels: Bool = true) {
        self.size = size; self.color = color; self.alignment = alignment
        self.verticalAlignment = verticalAlignment; self.rendering = rendering; self.snapsToPixels = snapsToPixels
    }
}

/// A line's vertical extent at one size, in px.
public struct LineMetrics: Sendable, Hashable {
    public var ascent: Double
    public var descent: Double
    public var height: Double { ascent + descent }
}
