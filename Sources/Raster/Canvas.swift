// The drawing surface: a Pixmap plus the reusable scratch memory of the rasterizer, the flattener
// and the stroker, so drawing a frame allocates nothing once the buffers have grown.
// All coordinates are device px after `transform`; everything is clipped to `clip` and the pixmap.

import FoundationEssentials

public final class Canvas {
    public var pixmap: Pixmap
    /// Drawing is limited to this rectangle (always intersected with the pixmap's bounds).
    public var clip: PixelRect
    /// Applied to every path and image before drawing.
    public var transform: Transform = .identity

    let rasterizer = Rasterizer()
    var flattened = Polylines()
    var outline = Polylines()
    let stroker = Stroker()
    /// How many cores large image draws may use (1: this thread only). Defaults to the machine's
    /// cores, at most 4; `roundel bench` sets 1 to time one core.
    public var threads = min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))
    /// Image draws covering at least this many pixels are split into bands across `threads`.
    static let bandedDrawingArea = 200_000
    /// One rasterizer per band for banded image draws.
    var bandRasterizers: [Rasterizer] = []
    /// Stands in for a missing `fillTiles` backdrop, so that call allocates nothing.
    private static let noBackdrop = Pixmap(width: 1, height: 1)!
    /// Scratch layer for `fillTiles`, grown on demand and all zero between calls.
    var layer = Pixmap(width: 1, height: 1)!
    /// The layer spans `fillTiles` wrote: raw memory grown on demand and kept (an array's append
    /// made an exclusivity and a uniqueness check per span, a tenth of the slices' cost).
    var tileSpans = SpanList()
    /// Span lists of `fillTiles`' bands on other cores.
    var bandSpanLists: [SpanList] = []
    /// `fillTiles`' tiles flattened once per call, kept for the next.
    var tileOutlines: [Polylines] = []
    /// `fillSectors`' rays, crossings and centre row, kept for the next call.
    let sectorScratch = SectorScratch()

    deinit {
        tileSpans.deallocate()
        for list in bandSpanLists { list.deallocate() }
    }

    public init(pixmap: Pixmap) {
        self.pixmap = pixmap
        clip = pixmap.bounds
    }

    /// A transparent canvas; nil for a size outside 1…``Pixmap/maxSide``.
    public convenience init?(width: Int, height: Int) {
        guard let p = Pixmap(width: width, height: height) else { return nil }
        self.init(pixmap: p)
    }

    public var width: Int { pixmap.width }
    public var height: Int { pixmap.height }

    public func clear(_ color: Color = .clear) { pixmap.clear(color, in: clip) }

    /// Clears the clip except `keep` (the bands above, below, left and right of it).
    public func clear(_ color: Color, outside keep: PixelRect) {
        let r = clip.intersection(pixmap.bounds), k = keep.intersection(r)
        guard !k.isEmpty else { return pixmap.clear(color, in: r) }
        pixmap.clear(color, in: PixelRect(x: r.x, y: r.y, width: r.width, height: k.y - r.y))
        pixmap.clear(color, in: PixelRect(x: r.x, y: k.maxY, width: r.width, height: r.maxY - k.maxY))
        pixmap.clear(color, in: PixelRect(x: r.x, y: k.y, width: k.x - r.x, height: k.height))
        pixmap.clear(color, in: PixelRect(x: k.maxX, y: k.y, width: r.maxX - k.maxX, height: k.height))
    }

    /// Replaces the pixels inside the clip with `source`'s (same size, not blended): a cached backdrop
    /// costs one memory copy instead of redrawing it.
    public func replace(with source: Pixmap) {
        guard source.width == pixmap.width, source.height == pixmap.height else { return }
        replace(with: source, outside: .zero, radius: 0)
    }

    /// `replace(with:)` except for the pixels lying wholly inside the circle around `center`
    /// (device px) of `radius`: the part a caller is about to cover completely anyway (the slices of
    /// a wheel, drawn with `fillTiles(_:over:)`) is not copied only to be overwritten.
    /// `source` lies with its top-left pixel at `origin`; only the clip's part of it is copied.
    public func replace(with source: Pixmap, at origin: (x: Int, y: Int) = (0, 0), outside center: Point, radius: Double) {
        let r = clip.intersection(pixmap.bounds)
            .intersection(PixelRect(x: origin.x, y: origin.y, width: source.width, height: source.height))
        guard !r.isEmpty else { return }
        let dstStride = pixmap.stride, srcStride = source.stride
        source.pixels.withUnsafeBufferPointer { src in
            pixmap.pixels.withUnsafeMutableBufferPointer { dst in
                func copy(_ y: Int, _ x0: Int, _ x1: Int) {
                    guard x0 < x1 else { return }
                    (dst.baseAddress! + y * dstStride + x0)
                        .update(from: src.baseAddress! + (y - origin.y) * srcStride + (x0 - origin.x), count: x1 - x0)
                }
                guard radius > 0 else {
                    // No circle kept (a box put back): whole rows.
                    var d = dst.baseAddress! + r.y * dstStride + r.x
                    var s = src.baseAddress! + (r.y - origin.y) * srcStride + (r.x - origin.x)
                    for _ in r.y..<r.maxY { d.update(from: s, count: r.width); d += dstStride; s += srcStride }
                    return
                }
                for y in r.y..<r.maxY {
                    // The row's pixels inside the circle: those within its chord at the row's edge
                    // farther from the centre.
                    let far = max(abs(Double(y) - center.y), abs(Double(y + 1) - center.y))
                    guard far < radius else { copy(y, r.x, r.maxX); continue }
                    let half = (radius * radius - far * far).squareRoot()
                    let inner0 = min(max(Int((center.x - half).rounded(.up)), r.x), r.maxX)
                    let inner1 = max(min(Int((center.x + half).rounded(.down)), r.maxX), inner0)
                    copy(y, r.x, inner0)
                    copy(y, inner1, r.maxX)
                }
            }
        }
    }

    /// Fills `path` with `color` (exact-area anti-aliasing, source-over unless `blend` says otherwise).
    public func fill(_ path: Path, color: Color, rule: FillRule = .nonZero, blend: BlendMode = .sourceOver) {
        path.flatten(transform: transform, into: &flattened)
        rasterizer.fill(flattened, rule: rule, color: color.premultiplied, blend: blend, clip: clip, into: &pixmap)
    }

    /// Fills contours made of straight segments (`transform` applies): a text run's glyph outlines
    /// go to the rasterizer as they are, without a Path to flatten.
    public func fill(_ contours: Polylines, color: Color, rule: FillRule = .nonZero, blend: BlendMode = .sourceOver) {
        guard transform != .identity else {
            return rasterizer.fill(contours, rule: rule, color: color.premultiplied, blend: blend, clip: clip, into: &pixmap)
        }
        flattened.removeAll()
        contours.points.withUnsafeBufferPointer { points in
            // Every contour closed: a fill closes open ones anyway.
            for contour in contours.contours { flattened.appendClosed(UnsafeBufferPointer(rebasing: points[contour.range]), transform: transform) }
        }
        rasterizer.fill(flattened, rule: rule, color: color.premultiplied, blend: blend, clip: clip, into: &pixmap)
    }

    /// Fills shapes that tile a region (pie slices of a disc, say) without seams. Drawn one by one
    /// with source-over, two anti-aliased edges that meet in a pixel let the background through
    /// (a + b·(1 − a) < 1: "conflation"). Instead the tiles are added into a transparent layer —
    /// exact-area coverages of a partition sum to the region's own coverage — and the layer is then
    /// composited once, so a shared edge is as opaque as the tiles' interior.
    /// Only the spans the tiles touch are visited: the layer is kept all zero between calls (each
    /// composited pixel is zeroed again), so a thin ring costs its own pixels, not its bounding box.
    ///
    /// With `backdrop` (its top-left pixel at `origin`, lying under all of the tiles) the tiles are
    /// composited over its pixels rather than this pixmap's: every pixel the tiles cover at all is
    /// written, so a caller that restores a cached background need not copy it under the tiles first
    /// (see `replace(with:at:outside:radius:)`).
    public func fillTiles(_ tiles: [(path: Path, color: Color)], over backdrop: Pixmap? = nil, at origin: (x: Int, y: Int) = (0, 0)) {
        var area = Rect(x: 0, y: 0, width: 0, height: 0)
        for tile in tiles {
            tile.path.flatten(transform: transform, into: &flattened)
            area = area.union(flattened.bounds)
        }
        // The layer's origin follows the tiles, never the clip, so a clipped redraw computes the
        // same coverage as a full one (see Rasterizer.accumulate).
        let box = PixelRect(enclosing: area).intersection(pixmap.bounds)
        let visible = clip.intersection(box)
        guard !visible.isEmpty else { return }
        // The layer holds one band of rows at a time (the rasterizer's band), so it stays small and
        // in cache however large the tiles.
        let bandRows = Rasterizer.bandRows
        // Large tiles (a wheel's slices) are filled a band per core, each core with its own rasterizer,
        // rows of the layer and span list; bands touch disjoint rows, so the pixels are those of one core.
        let bands = (local(visible, box).height + bandRows - 1) / bandRows
        let workers = visible.width * visible.height >= Canvas.bandedDrawingArea ? max(1, min(threads, bands)) : 1
        let layerRows = min(box.height, bandRows) * workers
        if layer.width < box.width || layer.height < layerRows {
            // In steps of 64 px (within the pixmap): tiles that grow every frame (a pie being drawn)
            // reallocate now and then, not every frame.
            let width = min(max(pixmap.width, box.width), (max(layer.width, box.width) + 63) / 64 * 64)
            let height = min(max(bandRows * workers, layerRows), (max(layer.height, layerRows) + 63) / 64 * 64)
            layer = Pixmap(width: width, height: height) ?? layer
        }
        let whole = PixelRect(x: 0, y: 0, width: box.width, height: box.height)
        let local = local(visible, box)
        let toLayer = transform.concatenating(.translation(x: -Double(box.x), y: -Double(box.y)))
        // Each tile flattened once, in box coordinates, for all the bands.
        while tileOutlines.count < tiles.count { tileOutlines.append(Polylines()) }
        for (k, tile) in tiles.enumerated() { tile.path.flatten(transform: toLayer, into: &tileOutlines[k]) }
        let outlines = tileOutlines
        let layerStride = layer.stride, dstStride = pixmap.stride
        var spans = tileSpans
        // A backdrop must lie under all of the tiles' box, or the pixmap itself is what lies under them.
        let backdrop = backdrop.flatMap {
            PixelRect(x: origin.x, y: origin.y, width: $0.width, height: $0.height).intersection(box) == box ? $0 : nil
        }
        let under = backdrop ?? Canvas.noBackdrop
        if workers > 1 {
            while bandRasterizers.count < workers { bandRasterizers.append(Rasterizer()) }
            while bandSpanLists.count < workers { bandSpanLists.append(SpanList()) }
        }
        layer.pixels.withUnsafeMutableBufferPointer { layerPixels in
          pixmap.pixels.withUnsafeMutableBufferPointer { pixmapPixels in
          under.pixels.withUnsafeBufferPointer { underPixels in
            let layerBase = layerPixels.baseAddress!, dst = pixmapPixels.baseAddress!
            // Where composited pixels find what lies under them: the backdrop, or the pixmap itself
            // (box-relative row y, column x).
            let belowStride = backdrop == nil ? dstStride : under.stride
            let below = backdrop == nil ? UnsafePointer(dst) + box.y * dstStride + box.x
                : underPixels.baseAddress! + (box.y - origin.y) * under.stride + (box.x - origin.x)
            var job = TileBands(tiles: tiles, outlines: outlines, box: box, local: local, whole: whole,
                                layer: layerBase, layerStride: layerStride, dst: dst, dstStride: dstStride,
                                below: below, belowStride: belowStride, bands: bands, workers: workers,
                                rasterizers: [], spanLists: nil)
            if workers == 1 {
                for k in 0..<bands { job.fill(k, rasterizer, layerBase, &spans) }
            } else {
                job.rasterizers = bandRasterizers
                var lists = bandSpanLists
                bandSpanLists = []   // moved out, so writing to it below copies nothing
                lists.withUnsafeMutableBufferPointer { lists in
                    job.spanLists = lists.baseAddress
                    job.runConcurrently(workers)
                }
                bandSpanLists = lists
            }
          }
          }
        }
        tileSpans = spans
    }

    /// `visible`'s place inside `box`.
    private func local(_ visible: PixelRect, _ box: PixelRect) -> PixelRect {
        PixelRect(x: visible.x - box.x, y: visible.y - box.y, width: visible.width, height: visible.height)
    }

    /// Strokes `path` with `color`: the outline is built by the Stroker and filled nonzero.
    /// Width scales with the transform (by the square root of its determinant's magnitude).
    public func stroke(_ path: Path, style: StrokeStyle, color: Color) {
        path.flatten(transform: transform, into: &flattened)
        stroker.stroke(flattened, style: style, scale: abs(transform.determinant).squareRoot(), into: &outline)
        rasterizer.fill(outline, rule: .nonZero, color: color.premultiplied, clip: clip, into: &pixmap)
    }

    /// Runs `body` with `transform` concatenated in front of the current one, then restores it.
    public func withTransform(_ t: Transform, _ body: () throws -> Void) rethrows {
        let saved = transform
        transform = t.concatenating(saved)
        defer { transform = saved }
        try body()
    }

    /// Runs `body` with the clip narrowed to `rect`, then restores it.
    public func withClip(_ rect: PixelRect, _ body: () throws -> Void) rethrows {
        let saved = clip
        clip = saved.intersection(rect)
        defer { clip = saved }
        try body()
    }
}

/// One `fillTiles` call, by bands of `Rasterizer.bandRows` rows: each band's edge pixels are summed
/// in the layer (the rows of its worker), listed in a span list and then composited.
private struct TileBands: BandJob {
    let tiles: [(path: Path, color: Color)]
    let outlines: [Polylines]
    /// The tiles' box in the pixmap, its visible part (box-relative) and the whole box (box-relative).
    let box: PixelRect, local: PixelRect, whole: PixelRect
    let layer: UnsafeMutablePointer<UInt32>, layerStride: Int
    let dst: UnsafeMutablePointer<UInt32>, dstStride: Int
    /// What lies under the tiles (box-relative row y, column x).
    let below: UnsafePointer<UInt32>, belowStride: Int
    let bands: Int, workers: Int
    /// Per worker (with several): its rasterizer and span list.
    var rasterizers: [Rasterizer]
    var spanLists: UnsafeMutablePointer<SpanList>?

    static var entry: @convention(c) (UnsafeMutableRawPointer?, Int) -> Void {
        { context, index in context!.assumingMemoryBound(to: TileBands.self).pointee.run(index) }
    }

    /// Worker w takes bands w, w + workers, …: neighbours share the load.
    func run(_ w: Int) {
        guard let spanLists else { return }
        for k in Swift.stride(from: w, to: bands, by: workers) {
            fill(k, rasterizers[w], layer + w * Rasterizer.bandRows * layerStride, &spanLists[w])
        }
    }

    /// Fills band `index` (rows from `local.y + index · bandRows`) with `rasterizer`, summing edge pixels
    /// in the layer rows from `sum` and listing them in `spans`, then composites them.
    @inline(__always)
    func fill(_ index: Int, _ rasterizer: Rasterizer, _ sum: UnsafeMutablePointer<UInt32>, _ spans: inout SpanList) {
        let bandRows = Rasterizer.bandRows
        let bandTop = local.y + index * bandRows
        let band = local.intersection(PixelRect(x: local.x, y: bandTop, width: local.width, height: bandRows))
        let layerStride = self.layerStride, dstStride = self.dstStride, dst = self.dst, below = self.below
        let belowStride = self.belowStride, box = self.box
        spans.count = 0
        for (k, tile) in tiles.enumerated() {
            let color = tile.color.premultiplied
            guard color != 0 else { continue }
            rasterizer.rasterize(outlines[k], rule: .nonZero, clip: band, bounds: whole) { y, x0, coverage in
                let row = sum + (y - bandTop) * layerStride + x0
                var i = 0
                // Four pixels at a time, no branch per pixel: coverage 0 adds nothing.
                while i + 4 <= coverage.count {
                    let c = SIMD4<UInt32>(truncatingIfNeeded: UnsafeRawPointer(coverage.baseAddress! + i).loadUnaligned(as: SIMD4<UInt8>.self))
                    let s = UnsafeRawPointer(row + i).loadUnaligned(as: SIMD4<UInt32>.self)
                    UnsafeMutableRawPointer(row + i).storeBytes(of: plusPixels(scalePixels(SIMD4(repeating: color), by: c), s),
                                                                as: SIMD4<UInt32>.self)
                    i += 4
                }
                while i < coverage.count {
                    let c = coverage[i]
                    if c != 0 { row[i] = plusPixel(c == 255 ? color : scalePixel(color, by: UInt32(c)), row[i]) }
                    i += 1
                }
                spans.append(y: y, x0: x0, x1: x0 + coverage.count)
            } solid: { y, x0, x1 in
                // Fully covered by this tile, so no other tile of the partition adds to these
                // pixels: composited straight onto the pixmap (an opaque tile at memset speed).
                let offset = (box.y + y) * dstStride + box.x + x0
                let run = dst + offset
                if color >> 24 == 255 {
                    fillPixels(run, color, x1 - x0)
                } else {
                    let back = below + y * belowStride + x0
                    for i in 0..<(x1 - x0) { run[i] = sourceOver(color, back[i]) }
                }
            }
        }
        for k in 0..<spans.count {
            let span = spans.base[k]
            let y = Int(span.y), x0 = Int(span.x0)
            let offset = (box.y + y) * dstStride + box.x + x0
            let src = sum + (y - bandTop) * layerStride + x0, out = dst + offset, back = below + y * belowStride + x0
            let count = Int(span.x1) - x0
            var i = 0
            // Four pixels at a time: a pixel no tile added to (0) keeps what is there.
            while i + 4 <= count {
                let p = UnsafeRawPointer(src + i).loadUnaligned(as: SIMD4<UInt32>.self)
                let b = UnsafeRawPointer(back + i).loadUnaligned(as: SIMD4<UInt32>.self)
                let o = UnsafeRawPointer(out + i).loadUnaligned(as: SIMD4<UInt32>.self)
                let r = p &+ scalePixels(b, by: SIMD4(repeating: 255) &- (p &>> 24))
                UnsafeMutableRawPointer(out + i).storeBytes(of: r.replacing(with: o, where: p .== 0), as: SIMD4<UInt32>.self)
                UnsafeMutableRawPointer(src + i).storeBytes(of: SIMD4<UInt32>(), as: SIMD4<UInt32>.self)
                i += 4
            }
            for i in i..<count {
                let p = src[i]
                if p != 0 {
                    out[i] = p >> 24 == 255 ? p : sourceOver(p, back[i])
                    src[i] = 0
                }
            }
        }
    }
}

/// Pixel spans in raw memory that grows by doubling and is kept.
struct SpanList {
    private(set) var base = UnsafeMutablePointer<PixelSpan>.allocate(capacity: 256)
    private var capacity = 256
    var count = 0

    @inline(__always)
    mutating func append(y: Int, x0: Int, x1: Int) {
        if count == capacity { grow() }
        base[count] = PixelSpan(y: y, x0: x0, x1: x1)
        count += 1
    }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<PixelSpan>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger; capacity *= 2
    }

    func deallocate() { base.deallocate() }
}
