// Shrinking an image by area averaging: each output pixel is the exact mean of the source area it
// covers (fractional edge weights), separably, rows then columns. Premultiplied channels average
// correctly. For images drawn many times at one size (a ring per wheel size, an emoji per text size):
// made once, then drawn near 1:1, where bilinear sampling of the large image would alias.

extension Pixmap {
    /// The image resampled to `width` × `height` px by area averaging; nil for an empty size. Meant
    /// for shrinking (for growing, bilinear drawing is as good).
    public func downscaled(width targetWidth: Int, height targetHeight: Int) -> Pixmap? {
        guard targetWidth > 0, targetHeight > 0, width > 0, height > 0,
              targetWidth <= Pixmap.maxSide, targetHeight <= Pixmap.maxSide else { return nil }
        let horizontal = resampleRows(pixels, width: width, height: height, stride: stride, to: targetWidth)
        // Columns are resampled as the rows of the transposed image.
        var transposed = [UInt32](repeating: 0, count: targetWidth * height)
        for y in 0..<height { for x in 0..<targetWidth { transposed[x * height + y] = horizontal[y * targetWidth + x] } }
        let vertical = resampleRows(transposed, width: height, height: targetWidth, stride: height, to: targetHeight)
        var out = [UInt32](repeating: 0, count: targetWidth * targetHeight)
        for x in 0..<targetWidth { for y in 0..<targetHeight { out[y * targetWidth + x] = vertical[x * targetHeight + y] } }
        return Pixmap(width: targetWidth, height: targetHeight, pixels: out)
    }
}

/// Each row of `width` px box-filtered to `target` px (fractional edge weights). The weights are the
/// same for every row, so they are worked out once (this runs at start-up, once per frame size:
/// per-pixel weights and libm's round() made it most of a 1080p wheel's start, per callgrind).
private func resampleRows(_ pixels: [UInt32], width: Int, height: Int, stride: Int, to target: Int) -> [UInt32] {
    var out = [UInt32](repeating: 0, count: target * height)
    let ratio = Double(width) / Double(target)
    var firsts = [Int](repeating: 0, count: target), counts = [Int](repeating: 0, count: target)
    var spans = [Double](repeating: 0, count: target)
    var weights: [Double] = []
    for x in 0..<target {
        let x0 = Double(x) * ratio, x1 = min(Double(width), Double(x + 1) * ratio)
        firsts[x] = weights.count
        var i = Int(x0)
        while Double(i) < x1, i < width {
            weights.append(min(x1, Double(i + 1)) - max(x0, Double(i)))
            i += 1
        }
        counts[x] = weights.count - firsts[x]
        spans[x] = x1 - x0
    }
    for y in 0..<height {
        for x in 0..<target {
            var sums = (0.0, 0.0, 0.0, 0.0)
            let start = Int(Double(x) * ratio), first = firsts[x]
            for k in 0..<counts[x] {
                let w = weights[first + k]
                let p = pixels[y * stride + start + k]
                sums.0 += w * Double(p >> 24); sums.1 += w * Double(p >> 16 & 0xFF)
                sums.2 += w * Double(p >> 8 & 0xFF); sums.3 += w * Double(p & 0xFF)
            }
            let n = spans[x]
            // + 0.5 and truncation: the same as rounded() for these non-negative sums, without libm.
            let a = UInt32(sums.0 / n + 0.5), r = min(a, UInt32(sums.1 / n + 0.5))
            let g = min(a, UInt32(sums.2 / n + 0.5)), b = min(a, UInt32(sums.3 / n + 0.5))
            out[y * target + x] = a << 24 | r << 16 | g << 8 | b
        }
    }
    return out
}
