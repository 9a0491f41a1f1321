// Draws a premultiplied Pixmap through an affine transform: the image's rectangle is rasterized
// like any path (so its edges are exactly anti-aliased), and each covered pixel centre is mapped
// back into the image and sampled bilinearly in premultiplied space (no dark fringes at alpha
// edges). An integer translation at full opacity takes a fast path that blends rows directly.

extension Canvas {
    /// Draws `image` with its top-left corner at the origin of `transform` (then `self.transform`).
    /// `opacity` 0…1 multiplies the image's alpha. `shape` (in image px, default the image's rectangle)
    /// limits drawing to a path, anti-aliased exactly: a round image drawn through its circle gets an
    /// exact rim instead of a resampled one, and pixels outside the shape cost nothing.
    public func draw(_ image: Pixmap, transform imageTransform: Transform = .identity, opacity: Double = 1,
                     shape: Path? = nil) {
        guard opacity > 0 else { return }
        let full = imageTransform.concatenating(transform)
        let alpha = UInt32((min(opacity, 1) * 255).rounded())
        if shape == nil, full.isTranslationOnly, full.tx == full.tx.rounded(), full.ty == full.ty.rounded(),
           abs(full.tx) < 1e9, abs(full.ty) < 1e9 {
            blitTranslated(image, x: Int(full.tx), y: Int(full.ty), alpha: alpha)
            return
        }
        guard let inverse = full.inverted else { return }
        if let shape {
            shape.flatten(transform: full, into: &flattened)
        } else {
            Path.rect(Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)))
                .flatten(transform: full, into: &flattened)
        }
        // Sample positions step in 16.16 fixed point along a row: converting a Double to an Int per
        // pixel (with Swift's range check) cost more than the bilinear blend itself (callgrind).
        let du = BilinearSampler.fixed(inverse.a), dv = BilinearSampler.fixed(inverse.b)
        // Large images are drawn in horizontal bands on several cores: each band has its own
        // rasterizer and writes only its own rows, and coverage does not depend on the clip, so the
        // pixels are the same as drawn on one core.
        let area = PixelRect(enclosing: flattened.bounds).intersection(clip)
        let bands = area.width * area.height >= Canvas.bandedDrawingArea ? min(threads, area.height / 64) : 1
        if bands > 1 { while bandRasterizers.count < bands { bandRasterizers.append(Rasterizer()) } }
        let stride = pixmap.stride, bounds = pixmap.bounds
        image.pixels.withUnsafeBufferPointer { src in
            pixmap.pixels.withUnsafeMutableBufferPointer { dst in
                let rows = ImageRows(sampler: BilinearSampler(pixels: src, width: image.width, height: image.height, stride: image.stride),
                                     out: dst, stride: stride, inverse: inverse, du: du, dv: dv, alpha: alpha)
                let job = ImageBands(contours: flattened, rows: rows, bounds: bounds, clip: clip, area: area, bands: bands,
                                     rasterizers: bands > 1 ? bandRasterizers : [])
                if bands <= 1 { job.draw(rasterizer, clip) } else { job.runConcurrently(bands) }
            }
        }
    }

    /// Draws `image` through `transform` (then `self.transform`) over whole pixels: every pixel of
    /// `spans` (device px, clipped to `clip`) is resampled at full coverage, no other. Where the image
    /// is transparent all round the spans' ends, as far as a bilinear footprint reaches (a ring inside
    /// an annulus of whole pixels with that margin), this gives the pixels of `draw(_:transform:)`
    /// without rasterizing an outline; rotating the image moves no span.
    public func draw(_ image: Pixmap, transform imageTransform: Transform, spans: [PixelSpan]) {
        let full = imageTransform.concatenating(transform)
        guard let inverse = full.inverted, !spans.isEmpty else { return }
        let area = clip.intersection(pixmap.bounds)
        let stride = pixmap.stride
        var pixels = 0
        for span in spans { pixels += Int(span.x1 - span.x0) }
        let bands = pixels >= Canvas.bandedDrawingArea ? min(threads, spans.count) : 1
        image.pixels.withUnsafeBufferPointer { src in
            pixmap.pixels.withUnsafeMutableBufferPointer { dst in
                spans.withUnsafeBufferPointer { spans in
                    let job = ImageSpans(rows: ImageRows(sampler: BilinearSampler(pixels: src, width: image.width, height: image.height,
                                                                                   stride: image.stride),
                                                          out: dst, stride: stride, inverse: inverse,
                                                          du: BilinearSampler.fixed(inverse.a), dv: BilinearSampler.fixed(inverse.b), alpha: 255),
                                         spans: spans, clip: area, bands: bands)
                    if bands <= 1 { job.run(0) } else { job.runConcurrently(bands) }
                }
            }
        }
    }

    /// Source-over of `image` at an integer offset, clipped.
    private func blitTranslated(_ image: Pixmap, x: Int, y: Int, alpha: UInt32) {
        let r = PixelRect(x: x, y: y, width: image.width, height: image.height).intersection(clip.intersection(pixmap.bounds))
        guard !r.isEmpty else { return }
        let dstStride = pixmap.stride, srcStride = image.stride
        image.pixels.withUnsafeBufferPointer { src in
            pixmap.pixels.withUnsafeMutableBufferPointer { dst in
                for row in r.y..<r.maxY {
                    var s = (row - y) * srcStride + (r.x - x)
                    for i in (row * dstStride + r.x)..<(row * dstStride + r.maxX) {
                        let p = src[s]
                        if p >> 24 == 255 && alpha == 255 { dst[i] = p }
                        else if p != 0 { dst[i] = sourceOver(alpha == 255 ? p : scalePixel(p, by: alpha), dst[i]) }
                        s += 1
                    }
                }
            }
        }
    }
}

/// One draw of an image over spans of whole pixels (see `Canvas.draw(_:transform:spans:)`), the
/// spans split evenly between `bands` workers (each span is one row's pixels, so they never meet).
private struct ImageSpans: BandJob {
    let rows: ImageRows
    let spans: UnsafeBufferPointer<PixelSpan>
    let clip: PixelRect
    let bands: Int

    static var entry: @convention(c) (UnsafeMutableRawPointer?, Int) -> Void {
        { context, index in context!.assumingMemoryBound(to: ImageSpans.self).pointee.run(index) }
    }

    func run(_ k: Int) {
        for i in (spans.count * k / bands)..<(spans.count * (k + 1) / bands) {
            let span = spans[i], y = Int(span.y)
            guard y >= clip.y, y < clip.maxY else { continue }
            let x0 = max(Int(span.x0), clip.x), x1 = min(Int(span.x1), clip.maxX)
            if x0 < x1 { rows.drawSolidRun(y: y, x0: x0, x1: x1) }
        }
    }
}

/// Resampling whole runs of pixels of one image draw (shared by shape and span draws).
private struct ImageRows {
    let sampler: BilinearSampler
    let out: UnsafeMutableBufferPointer<UInt32>
    let stride: Int
    let inverse: Transform
    let du: Int, dv: Int
    /// The draw's opacity, 0…255.
    let alpha: UInt32

    /// A pixel's sample position is the row's position at column 0 plus whole steps, never a rounded
    /// position at the run's first pixel: where a clip cuts a run must not move the samples after it
    /// (a dirty-rectangle frame equals a whole one bit for bit).
    @inline(__always)
    func rowStart(y: Int, x: Int) -> (Int, Int) {
        let p = inverse.apply(Point(x: 0.5, y: Double(y) + 0.5))
        return (BilinearSampler.fixed(p.x - 0.5) &+ x &* du, BilinearSampler.fixed(p.y - 0.5) &+ x &* dv)
    }

    @inline(__always)
    func drawSolidRun(y: Int, x0: Int, x1: Int) {
        var (u, v) = rowStart(y: y, x: x0)
        let n = x1 - x0
        // A run whose samples all lie inside the image needs no clamping (the common case).
        let inside = sampler.contains(u, v) && sampler.contains(u &+ du &* (n - 1), v &+ dv &* (n - 1))
        // Four pixels at a time (BilinearRun.swift): a rotating wheel's ring is half its frame.
        if inside && alpha == 255 && sampler.fitsNarrowLanes, let row = out.baseAddress {
            sampler.blendRunInside(row + (y * stride + x0), count: n, u: u, v: v, du: du, dv: dv)
            return
        }
        for i in (y * stride + x0)..<(y * stride + x1) {
            let s = inside ? sampler.sampleInside(u, v) : sampler.sample(u, v)
            if s >> 24 == 255 && alpha == 255 { out[i] = s }
            else if s != 0 { out[i] = sourceOver(alpha == 255 ? s : scalePixel(s, by: alpha), out[i]) }
            u &+= du; v &+= dv
        }
    }
}

/// One draw of an image through a shape (see `Canvas.draw`), by bands of rows.
private struct ImageBands: BandJob {
    let contours: Polylines
    let rows: ImageRows
    let bounds: PixelRect
    let clip: PixelRect
    /// The shape's rows inside the clip, split into `bands` for `rasterizers` (one each).
    let area: PixelRect
    let bands: Int
    let rasterizers: [Rasterizer]

    static var entry: @convention(c) (UnsafeMutableRawPointer?, Int) -> Void {
        { context, index in context!.assumingMemoryBound(to: ImageBands.self).pointee.run(index) }
    }

    func run(_ k: Int) {
        let y0 = area.y + area.height * k / bands, y1 = area.y + area.height * (k + 1) / bands
        draw(rasterizers[k], clip.intersection(PixelRect(x: clip.x, y: y0, width: clip.width, height: y1 - y0)))
    }

    @inline(__always)
    func draw(_ rasterizer: Rasterizer, _ clip: PixelRect) {
        let rows = self.rows, out = rows.out, stride = rows.stride, du = rows.du, dv = rows.dv, alpha = rows.alpha
        let sampler = rows.sampler
        rasterizer.rasterize(contours, rule: .nonZero, clip: clip, bounds: bounds) { y, x0, coverage in
            var (u, v) = rows.rowStart(y: y, x: x0)
            var i = y * stride + x0
            for c in coverage {
                if c != 0 {
                    let s = sampler.sample(u, v)
                    if s != 0 { out[i] = sourceOver(scalePixel(s, by: mul255(UInt32(c), alpha)), out[i]) }
                }
                u &+= du; v &+= dv; i += 1
            }
        } solid: { y, x0, x1 in
            rows.drawSolidRun(y: y, x0: x0, x1: x1)
        }
    }
}

/// Bilinear lookup in a premultiplied image; coordinates in 16.16 fixed-point pixel-centre units
/// (pixel i's centre is i), clamped to the edge so the rasterized shape alone decides where the image ends.
struct BilinearSampler {
    let pixels: UnsafeBufferPointer<UInt32>
    let width: Int, height: Int, stride: Int

    /// `x` in 16.16 fixed point, limited to ±2³⁰ px so no transform can overflow the stepping.
    @inline(__always)
    static func fixed(_ x: Double) -> Int {
        guard x.isFinite else { return 0 }
        return Int((min(max(x, -1_073_741_824), 1_073_741_824) * 65536).rounded(.down))
    }

    /// Whether a sample at (u, v) has all four texels inside the image without clamping.
    @inline(__always)
    func contains(_ u: Int, _ v: Int) -> Bool {
        u >= 0 && v >= 0 && u < (width - 1) << 16 && v < (height - 1) << 16
    }

    /// `sample` for positions where `contains` holds: no clamps.
    @inline(__always)
    func sampleInside(_ u: Int, _ v: Int) -> UInt32 {
        let base = (v >> 16) * stride + (u >> 16)
        let fx = UInt32(truncatingIfNeeded: (u >> 8) & 0xFF), fy = UInt32(truncatingIfNeeded: (v >> 8) & 0xFF)
        let p00 = pixels[base], p01 = pixels[base + 1]
        let p10 = pixels[base + stride], p11 = pixels[base + stride + 1]
        if p00 | p01 | p10 | p11 == 0 { return 0 }
        return lerp(lerp(p00, p01, fx), lerp(p10, p11, fx), fy)
    }

    @inline(__always)
    func sample(_ u: Int, _ v: Int) -> UInt32 {
        let uc = min(max(u, 0), (width - 1) << 16), vc = min(max(v, 0), (height - 1) << 16)
        let x0 = uc >> 16, y0 = vc >> 16
        let fx = UInt32(truncatingIfNeeded: (uc >> 8) & 0xFF), fy = UInt32(truncatingIfNeeded: (vc >> 8) & 0xFF)
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let p00 = pixels[y0 * stride + x0], p01 = pixels[y0 * stride + x1]
        let p10 = pixels[y1 * stride + x0], p11 = pixels[y1 * stride + x1]
        // Transparent regions (most of a ring image) cost four loads and a test.
        if p00 | p01 | p10 | p11 == 0 { return 0 }
        return lerp(lerp(p00, p01, fx), lerp(p10, p11, fx), fy)
    }

    /// a + (b − a)·t/256 per channel, t in 0…256, two channels per lane.
    @inline(__always)
    func lerp(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        if t == 0 || a == b { return a }
        let s = 256 - t
        let rb = (((a & 0x00FF_00FF) &* s &+ (b & 0x00FF_00FF) &* t) >> 8) & 0x00FF_00FF
        let ag = (((a >> 8) & 0x00FF_00FF) &* s &+ ((b >> 8) & 0x00FF_00FF) &* t) & 0xFF00_FF00
        return rb | ag
    }
}
