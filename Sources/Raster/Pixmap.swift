// A pixel buffer: premultiplied ARGB8888 in native-endian UInt32 words (0xAARRGGBB), which is
// SDL_PIXELFORMAT_ARGB8888, so a frame goes to an SDL texture as a straight copy.
// Rows are `stride` words apart (stride ≥ width); pixel (x, y) is `pixels[y * stride + x]`.

public struct Pixmap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let stride: Int
    public var pixels: [UInt32]

    /// The largest side a Pixmap may have: 16384 px (a 1 GiB buffer at most).
    public static let maxSide = 16384

    /// A transparent pixmap. Returns nil for a side ≤ 0 or above ``maxSide``.
    public init?(width: Int, height: Int, fill: UInt32 = 0) {
        guard width > 0, height > 0, width <= Pixmap.maxSide, height <= Pixmap.maxSide else { return nil }
        self.width = width; self.height = height; self.stride = width
        pixels = [UInt32](repeating: fill, count: width * height)
    }

    /// Wraps existing premultiplied pixels (row-major, `stride` words per row).
    public init?(width: Int, height: Int, stride: Int? = nil, pixels: [UInt32]) {
        let stride = stride ?? width
        guard width > 0, height > 0, width <= Pixmap.maxSide, height <= Pixmap.maxSide,
              stride >= width, pixels.count >= stride * (height - 1) + width else { return nil }
        self.width = width; self.height = height; self.stride = stride; self.pixels = pixels
    }

    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    @inline(__always)
    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * stride + x] }
        set { pixels[y * stride + x] = newValue }
    }

    /// Every pixel set to `color` (not blended).
    public mutating func clear(_ color: Color = .clear) { clear(color, in: bounds) }

    /// The pixels of `rect` (clipped to the pixmap) set to `color` (not blended).
    public mutating func clear(_ color: Color, in rect: PixelRect) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let word = color.premultiplied, stride = self.stride
        pixels.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            for y in r.y..<r.maxY { fillPixels(base + y * stride + r.x, word, r.width) }
        }
    }

    /// A copy of the pixels inside `rect` (clipped), or nil when nothing is left.
    public func cropped(to rect: PixelRect) -> Pixmap? {
        let r = rect.intersection(bounds)
        guard !r.isEmpty, var out = Pixmap(width: r.width, height: r.height) else { return nil }
        for y in 0..<r.height {
            let src = (r.y + y) * stride + r.x
            out.pixels.replaceSubrange((y * r.width)..<((y + 1) * r.width), with: pixels[src..<(src + r.width)])
        }
        return out
    }

    /// Copies `source` with its top-left corner at (x, y), replacing (not blending) what is there; clipped.
    public mutating func copy(_ source: Pixmap, toX x: Int, y: Int) {
        let r = PixelRect(x: x, y: y, width: source.width, height: source.height).intersection(bounds)
        guard !r.isEmpty else { return }
        for row in r.y..<r.maxY {
            let src = (row - y) * source.stride + (r.x - x)
            let dst = row * stride + r.x
            pixels.replaceSubrange(dst..<(dst + r.width), with: source.pixels[src..<(src + r.width)])
        }
    }
}
