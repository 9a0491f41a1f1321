// One glyph bitmap in font pixels. Metrics follow BDF: the bitmap's left column is `left` px right of
// the pen, its bottom row `bottom` px above the baseline (y up, so negative is below), and the pen
// moves `advance` px. Pixels are row-major from the top row, 1 = ink.

public struct Glyph: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let left: Int
    public let bottom: Int
    public let advance: Int
    /// `width × height` bytes, 0 or 1, top row first.
    public let pixels: [UInt8]

    public init(width: Int, height: Int, left: Int, bottom: Int, advance: Int, pixels: [UInt8]) {
        self.width = width; self.height = height; self.left = left; self.bottom = bottom
        self.advance = advance; self.pixels = pixels
    }

    /// y (down, baseline = 0) of the bitmap's top edge.
    public var top: Int { -(bottom + height) }

    /// Whether the pixel at column `x`, row `y` (from the top of the bitmap) is ink; false outside.
    public func isInk(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height && pixels[y * width + x] != 0
    }

    /// A hollow box (like .notdef) filling the font's height: drawn for characters no font has.
    static func replacementBox(ascent: Int, descent: Int) -> Glyph {
        let height = max(3, ascent + descent)
        let width = max(3, height / 2)
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width where x == 0 || y == 0 || x == width - 1 || y == height - 1 {
                pixels[y * width + x] = 1
            }
        }
        return Glyph(width: width, height: height, left: 1, bottom: -descent, advance: width + 2, pixels: pixels)
    }
}
