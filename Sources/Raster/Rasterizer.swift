// Exact-area anti-aliased fill of flattened contours (font-rs / stb_truetype v2): each edge adds
// the signed area it sweeps to the cells of the rows it crosses; a running sum along a row then
// gives every pixel's exact covered fraction. No supersampling. Fixed point: edge ends in 1/256 px,
// cells as Int32 (`Cells`), so sums are exact and a closed outline's rows sum to zero. The accumulation buffer spans only
// the shape's clipped bounding box and each row only its touched chunks of 8 columns, so work
// follows the rows and spans the shape touches, never the whole pixmap. Buffers are kept between fills.

public enum FillRule: Sendable { case nonZero, evenOdd }

public final class Rasterizer {
    /// Signed area per cell, `stride` Int32s per row (1/2¹⁷ px units), for the current shape's box (+2 guard cells),
    /// and per row a bitmap of the chunks of 8 cells an edge touched (`words` 64-bit words per row). Raw memory
    /// grown on demand and kept; the hot loops work on a copy of these pointers, so they make no
    /// exclusivity checks or reference counting per edge, row or cell.
    private var cells = Cells(area: .allocate(capacity: 1), touched: .allocate(capacity: 1),
                              coverage: .allocate(capacity: 1),
                              box: PixelRect(x: 0, y: 0, width: 0, height: 0), stride: 0, words: 0)
    private var areaCapacity = 0, touchedCapacity = 0, coverageCapacity = 0
    /// The current shape's points in 1/256 px (`convertPoints`), and whether all lie inside its box's columns.
    private var fixedPoints = UnsafeMutablePointer<SIMD2<Int32>>.allocate(capacity: 1)
    private var fixedCapacity = 0, pointsInside = false
    private var box: PixelRect { cells.box }
    /// The clip's columns relative to the box: only these are emitted.
    private var emit = (lo: 0, hi: 0)

    deinit {
        cells.area.deallocate(); cells.touched.deallocate(); cells.coverage.deallocate(); fixedPoints.deallocate()
    }

    public init() {}

    /// Fills `contours` (device px; open contours are closed implicitly) with `color` (premultiplied)
    /// into `pixmap`, clipped to `clip` and the pixmap.
    public func fill(_ contours: Polylines, rule: FillRule, color: UInt32, blend mode: BlendMode = .sourceOver,
                     clip: PixelRect, into pixmap: inout Pixmap) {
        guard color >> 24 != 0 || mode == .plus, color != 0 else { return }
        let stride = pixmap.stride, bounds = pixmap.bounds
        pixmap.pixels.withUnsafeMutableBufferPointer { dst in
            let out = dst.baseAddress!
            if mode == .sourceOver {
                // The rule as a constant in each copy of the sweep, so its chunks do not test it.
                inBands(contours, clip: clip, bounds: bounds) {
                    if rule == .nonZero {
                        sweepBlending(rule: .nonZero, color: color, into: out, stride: stride)
                    } else {
                        sweepBlending(rule: .evenOdd, color: color, into: out, stride: stride)
                    }
                }
                return
            }
            // Plus (tiles that add up): a pixel at a time, coverage 0 adding nothing.
            inBands(contours, clip: clip, bounds: bounds) { sweep(rule: rule) { y, x0, cov in
                let row = out + y * stride + x0
                for i in 0..<cov.count where cov[i] != 0 { row[i] = blend(color, coverage: UInt32(cov[i]), row[i], mode: mode) }
            } solid: { y, x0, x1 in
                let base = y * stride
                for i in (base + x0)..<(base + x1) { out[i] = blend(color, coverage: 255, out[i], mode: mode) }
            } }
        }
    }

    /// Calls `span` for each row of coverage (the pixmap row, its first x, coverage 0…255 per pixel)
    /// and `solid` for runs of full coverage, within `clip`. For custom paint (images, masks).
    /// `bounds` is the whole drawable area (the pixmap's): see `accumulate` for why it matters.
    /// Spans may hold zeros and full coverage (a chunk an edge touched is handed out whole); runs of
    /// full coverage no edge touched go to `solid`.
    /// Inlined so the callers' closures are too: called per run, they cost as much as the sweep.
    @inline(__always)
    public func rasterize(_ contours: Polylines, rule: FillRule, clip: PixelRect, bounds: PixelRect,
                          span: (_ y: Int, _ x: Int, _ coverage: UnsafeBufferPointer<UInt8>) -> Void,
                          solid: (_ y: Int, _ x0: Int, _ x1: Int) -> Void) {
        inBands(contours, clip: clip, bounds: bounds) { sweep(rule: rule, span: span, solid: solid) }
    }

    /// Rows accumulated and swept per pass: a band's cells (this many rows of the shape's width)
    /// stay in the cache, and the buffers never grow past one band however tall the shape.
    static let bandRows = 128
    /// Cells (4 bytes each) a band of a narrow shape may hold: 256 KiB, within a core's L2 cache.
    static let bandCells = 65536

    /// Runs `body` (a sweep) once per band of `bandRows` rows of the shape inside the clip, the band's
    /// cells accumulated first. Coverage does not depend on the clip (see `accumulate`), so the
    /// bands give the pixels one pass would.
    @inline(__always)
    private func inBands(_ contours: Polylines, clip: PixelRect, bounds: PixelRect, _ body: () -> Void) {
        let area = clip.intersection(bounds)
        // The shape's box, found once for all its bands (a pass over every point).
        let shape = PixelRect(enclosing: contours.bounds)
        let rows = shape.intersection(area)
        guard !rows.isEmpty else { return }
        let columns = shape.intersection(PixelRect(x: bounds.x, y: shape.y, width: bounds.width, height: shape.height))
        convertPoints(contours, left: Double(columns.x), width: Double(columns.width))
        // A narrow shape (a label) takes more rows a band, up to `bandCells`: each band visits every point.
        let bandRows = max(Rasterizer.bandRows, Rasterizer.bandCells / max(1, columns.width))
        var y = rows.y
        while y < rows.maxY {
            let band = PixelRect(x: area.x, y: y, width: area.width, height: min(bandRows, rows.maxY - y))
            accumulate(contours, shape: shape, clip: band, bounds: bounds)
            if !box.isEmpty { body() }
            y += bandRows
        }
    }

    // MARK: Accumulation

    /// The box spans the shape's rows inside the clip but its columns inside the whole drawable
    /// `bounds`, and every row's arithmetic uses absolute coordinates: a pixel's coverage is then the
    /// same number whatever the clip, so a frame redrawn only inside a dirty rectangle equals a full
    /// redraw bit for bit. Columns outside the clip are summed but not emitted.
    private func accumulate(_ contours: Polylines, shape: PixelRect, clip: PixelRect, bounds: PixelRect) {
        var box = shape.intersection(PixelRect(x: bounds.x, y: clip.y, width: bounds.width, height: clip.height))
        emit = (clip.x - box.x, clip.maxX - box.x)
        if clip.isEmpty || shape.maxX <= clip.x || shape.x >= clip.maxX { box = PixelRect(x: 0, y: 0, width: 0, height: 0) }
        cells.box = box
        guard !box.isEmpty else { return }
        // Whole chunks per row (the 2 guard cells included), so a chunk never reaches into the next row.
        cells.stride = (box.width + 2 + Rasterizer.chunk - 1) & ~(Rasterizer.chunk - 1)
        cells.words = ((cells.stride >> Rasterizer.chunkShift) + 63) >> 6
        reserve(area: cells.stride * box.height, touched: cells.words * box.height, columns: cells.stride)

        let target = cells
        // Edges wholly above or below the box's rows add nothing (most of a tall shape's edges, in
        // all but one band): skipped here, before the call.
        if pointsInside {
            let top = Int32(box.y) << 8, bottom = Int32(box.maxY) << 8, fixed = fixedPoints
            for contour in contours.contours {
                let r = contour.range
                guard r.count >= 2 else { continue }
                var prev = fixed[r.upperBound - 1]   // every contour is filled closed
                for i in r {
                    let p = fixed[i]
                    if !((prev.y <= top && p.y <= top) || (prev.y >= bottom && p.y >= bottom)) {
                        target.line(Int(prev.x), Int(prev.y), Int(p.x), Int(p.y))
                    }
                    prev = p
                }
            }
            return
        }
        let top = Double(box.y), bottom = Double(box.maxY)
        contours.points.withUnsafeBufferPointer { points in
            for contour in contours.contours {
                let r = contour.range
                guard r.count >= 2 else { continue }
                var prev = points[r.upperBound - 1]
                for i in r {
                    let p = points[i]
                    if !((prev.y <= top && p.y <= top) || (prev.y >= bottom && p.y >= bottom)) { target.addClipped(prev, p) }
                    prev = p
                }
            }
        }
    }

    /// The points of `contours` in 1/256 px, x from `left`, into `fixedPoints`, and
    /// whether every one lies inside the columns from `left` on for `width` and within `Cells.farRows`:
    /// then every edge can go straight to `Cells.line`, else each goes through `Cells.addClipped`.
    private func convertPoints(_ contours: Polylines, left: Double, width: Double) {
        let n = contours.points.count
        if fixedCapacity < n {
            fixedPoints.deallocate()
            fixedCapacity = max(n, 2 * fixedCapacity)
            fixedPoints = .allocate(capacity: fixedCapacity)
        }
        let out = fixedPoints, far = Cells.farRows
        var inside = true
        contours.points.withUnsafeBufferPointer { points in
            for i in 0..<n {
                let p = points[i], x = p.x - left
                // NaN fails every comparison: not inside.
                if x >= 0 && x <= width && abs(p.y) <= far {
                    out[i] = SIMD2(Int32(truncatingIfNeeded: roundToInt(x * 256)), Int32(truncatingIfNeeded: roundToInt(p.y * 256)))
                } else {
                    inside = false
                    out[i] = .zero
                }
            }
        }
        pointsInside = inside
    }

    /// Grows the buffers (all cells zero, no cell touched, as every sweep leaves them).
    /// Grows in coarse steps (64 Ki cells), so shapes that grow a little every frame (a clock's
    /// hands, a pie being drawn) reallocate now and then, not every frame, and little is wasted.
    private func reserve(area: Int, touched: Int, columns: Int) {
        Rasterizer.grow(&cells.area, &areaCapacity, to: area, step: 65536, zero: 0)
        Rasterizer.grow(&cells.touched, &touchedCapacity, to: touched, step: 4096, zero: 0)
        Rasterizer.grow(&cells.coverage, &coverageCapacity, to: columns, step: 1024, zero: 0)
    }

    /// Replaces `buffer` by a zeroed one of at least `needed` elements, in steps of `step`, when
    /// `capacity` is short of it.
    private static func grow<T>(_ buffer: inout UnsafeMutablePointer<T>, _ capacity: inout Int, to needed: Int, step: Int, zero: T) {
        guard capacity < needed else { return }
        let grown = (needed + step - 1) / step * step
        buffer.deallocate()
        buffer = .allocate(capacity: grown)
        buffer.initialize(repeating: zero, count: grown)
        capacity = grown
    }

    // MARK: Sweep

    /// Cells per bit of a row's touched bitmap (8: one SIMD8 of coverage): a chunk an edge touched
    /// is swept densely. Chunks of 16 measured slower on the wheel's labels.
    static let chunkShift = 3
    static let chunk = 1 << chunkShift

    /// Running sum per row over the touched chunks only, found through the row's bitmap: between two
    /// touched chunks the sum and so the coverage stay put, so a shape's interior costs one `solid`
    /// call and its holes nothing, whatever their width. Inside a chunk all eight cells are summed at
    /// once (`runningSums`; no branch per cell: glyph edges lie a few pixels apart, and a branch per
    /// touched cell mispredicted half the time). Clears the cells and bits it reads, so the buffers are zero for
    /// the next fill.
    @inline(__always)
    private func sweep(rule: FillRule,
                       span: (_ y: Int, _ x: Int, _ coverage: UnsafeBufferPointer<UInt8>) -> Void,
                       solid: (_ y: Int, _ x0: Int, _ x1: Int) -> Void) {
        let box = cells.box, stride = cells.stride, words = cells.words, width = box.width
        // Chunks reach past the box's last column (into the guard cells and the padding): never emitted.
        let emitLo = emit.lo, emitHi = min(emit.hi, width)
        let acc = cells.area, cov = cells.coverage, touched = cells.touched
        // Runs are computed over the whole box row but handed out only inside the clip.
        func emitSpan(_ y: Int, _ a: Int, _ b: Int) {
            let lo = max(a, emitLo), hi = min(b, emitHi)
            if lo < hi { span(y, box.x + lo, UnsafeBufferPointer(start: cov + lo, count: hi - lo)) }
        }
        func emitSolid(_ y: Int, _ a: Int, _ b: Int) {
            let lo = max(a, emitLo), hi = min(b, emitHi)
            if lo < hi { solid(y, box.x + lo, box.x + hi) }
        }
        for row in 0..<box.height {
            let y = box.y + row, cellRow = acc + row * stride, bitRow = touched + row * words
            var sum: Int32 = 0
            // The first cell not yet swept, and the first pixel of the pending span (-1: none).
            var x = 0, spanStart = -1
            // Cells x..<end, which no edge touched, all have coverage c: full coverage is a solid
            // run; no coverage ends the span, unless it is a gap of under 4 pixels inside one;
            // partial coverage joins the span.
            func constantRun(_ end: Int, _ c: UInt8) {
                if c == 255 {
                    if spanStart >= 0 { emitSpan(y, spanStart, x); spanStart = -1 }
                    emitSolid(y, x, end)
                } else if c == 0 && (spanStart < 0 || end - x >= 4) {
                    if spanStart >= 0 { emitSpan(y, spanStart, x); spanStart = -1 }
                } else {
                    if spanStart < 0 { spanStart = x }
                    (cov + x).update(repeating: c, count: end - x)
                }
            }
            for w in 0..<words {
                var bits = bitRow[w]
                guard bits != 0 else { continue }
                bitRow[w] = 0
                repeat {
                    let start = (w &<< 6 | bits.trailingZeroBitCount) &<< Rasterizer.chunkShift
                    bits &= bits &- 1
                    if start > x { constantRun(start, Rasterizer.coverage(sum, rule)) }
                    if spanStart < 0 { spanStart = start }
                    let cells = cellRow + start
                    // The chunk's running sums, then their coverage, eight at once.
                    let sums = Rasterizer.runningSums(cells, from: sum)
                    sum = sums[7]
                    UnsafeMutableRawPointer(cov + start).storeBytes(of: Rasterizer.coverage(sums, rule), as: SIMD8<UInt8>.self)
                    cells.update(repeating: 0, count: Rasterizer.chunk)
                    x = start &+ Rasterizer.chunk
                } while bits != 0
            }
            // Past the last touched chunk the sum is constant: a shape whose right edge lies
            // outside the clip keeps covering to the box's right edge.
            if width > x { constantRun(width, Rasterizer.coverage(sum, rule)); x = width }
            if spanStart >= 0 { emitSpan(y, spanStart, x) }
        }
    }

    /// Cells hold signed area in units of 1/`fullCoverage` of a pixel: an edge's height in 1/256 px
    /// times twice its distance from the cell's left side in 1/256 px (see `Cells.cover`).
    static let fullShift: Int32 = 17
    static let fullCoverage: Int32 = 1 << 17

    /// `sum` plus the running sums of the 8 cells from `cells` (lane i: sum + cells[0] + … + cells[i]),
    /// in three steps of whole-register operations: pairs (each 64-bit lane's low cell added into its
    /// high one by a 64-bit shift), fours (a pair's total added to the next pair, within each half)
    /// and eights (the low half's total added to the high half). Written with shifts and lanes the
    /// compiler maps onto single shuffles; picking lanes one by one, or summing cell by cell and
    /// inserting each sum, took twice the instructions. Wrapping adds: the order does not change a sum.
    @inline(__always)
    static func runningSums(_ cells: UnsafePointer<Int32>, from sum: Int32) -> SIMD8<Int32> {
        let x = UnsafeRawPointer(cells).loadUnaligned(as: SIMD8<Int32>.self)
        let pairs = x &+ unsafeBitCast(unsafeBitCast(x, to: SIMD4<UInt64>.self) &<< 32, to: SIMD8<Int32>.self)
        let high = unsafeBitCast(pairs, to: SIMD4<UInt64>.self) &>> 32, both = high | (high &<< 32)
        let fours = pairs &+ unsafeBitCast(SIMD4<UInt64>(0, both[0], 0, both[2]), to: SIMD8<Int32>.self)
        let upper = SIMD8<Int32>(0, 0, 0, 0, -1, -1, -1, -1)
        return fours &+ (SIMD8(repeating: fours[3]) & upper) &+ SIMD8(repeating: sum)
    }

    /// The sweep of `fill` in source-over mode, each touched chunk's eight coverages blended as soon
    /// as they are known (no span of coverage in between): the same pixels as `sweep` and its SIMD blend.
    /// The walk over the touched bits is written out as in `sweep`: shared as a function taking a
    /// closure, its captured running sum and position cost 1.6 M instructions a wheel frame.
    @inline(__always)
    private func sweepBlending(rule: FillRule, color: UInt32, into out: UnsafeMutablePointer<UInt32>, stride pixmapStride: Int) {
        let box = cells.box, stride = cells.stride, words = cells.words, width = box.width
        let emitLo = emit.lo, emitHi = min(emit.hi, width)
        let acc = cells.area, touched = cells.touched
        let source8 = SIMD8<UInt32>(repeating: color), opaque = color >> 24 == 255
        // A chunk starting at x lies wholly inside the emitted columns when 0 ≤ x − emitLo < wholeChunks
        // (x ≥ emitLo, x + 8 ≤ emitHi): one unsigned comparison.
        let wholeChunks = UInt(max(emitHi &- Rasterizer.chunk &+ 1 &- emitLo, 0))
        for row in 0..<box.height {
            let cellRow = acc + row * stride, bitRow = touched + row * words
            // Pixel 0 of the box's row.
            let pixels = out + ((box.y + row) * pixmapStride + box.x)
            var sum: Int32 = 0, x = 0
            // Cells x..<end, which no edge touched, all have coverage c.
            func constantRun(_ end: Int, _ c: UInt8) {
                let lo = max(x, emitLo), hi = min(end, emitHi)
                guard c != 0, lo < hi else { return }
                if c == 255 && opaque { fillPixels(pixels + lo, color, hi - lo); return }
                for i in lo..<hi { pixels[i] = sourceOver(color, coverage: UInt32(c), pixels[i]) }
            }
            for w in 0..<words {
                var bits = bitRow[w]
                guard bits != 0 else { continue }
                bitRow[w] = 0
                repeat {
                    let start = (w &<< 6 | bits.trailingZeroBitCount) &<< Rasterizer.chunkShift
                    bits &= bits &- 1
                    if start > x { constantRun(start, Rasterizer.coverage(sum, rule)) }
                    let cells = cellRow + start
                    let sums = Rasterizer.runningSums(cells, from: sum)
                    sum = sums[7]
                    let coverage = Rasterizer.levels(sums, rule)
                    cells.update(repeating: 0, count: Rasterizer.chunk)
                    if UInt(bitPattern: start &- emitLo) < wholeChunks {
                        let p = pixels + start
                        let s = scalePixels(source8, by: coverage)
                        let d = UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt32>.self)
                        UnsafeMutableRawPointer(p).storeBytes(of: s &+ scalePixels(d, by: SIMD8(repeating: 255) &- (s &>> 24)),
                                                              as: SIMD8<UInt32>.self)
                    } else {
                        // A chunk the clip cuts (or reaching past the box into its guard cells).
                        for i in max(start, emitLo)..<max(max(start, emitLo), min(start &+ 8, emitHi)) where coverage[i &- start] != 0 {
                            pixels[i] = sourceOver(color, coverage: UInt32(coverage[i &- start]), pixels[i])
                        }
                    }
                    x = start &+ Rasterizer.chunk
                } while bits != 0
            }
            if width > x { constantRun(width, Rasterizer.coverage(sum, rule)) }
        }
    }

    /// `coverage` of eight running sums.
    @inline(__always)
    static func coverage(_ winding: SIMD8<Int32>, _ rule: FillRule) -> SIMD8<UInt8> {
        SIMD8<UInt8>(truncatingIfNeeded: levels(winding, rule))
    }

    /// `coverage` of eight running sums as 32-bit lanes (0…255), as a blend multiplies by them.
    @inline(__always)
    static func levels(_ winding: SIMD8<Int32>, _ rule: FillRule) -> SIMD8<UInt32> {
        // Shifts and masks only: comparisons and lane selects of SIMD8<Int32> compile to per-lane loops.
        let full = SIMD8<Int32>(repeating: fullCoverage)
        var a: SIMD8<Int32>
        if rule == .evenOdd {
            // Modulo two windings, folded: 1.5 covers as 0.5 does.
            a = winding & (2 &* full &- 1)
            let over = full &- a
            a &+= (over &<< 1) & (over &>> 31)
        } else {
            // |w|, then at most full (Int32.min stays negative under |w| and wraps to above full here).
            let sign = winding &>> 31
            a = (winding ^ sign) &- sign
            let under = a &- full
            a = full &+ (under & (under &>> 31))
        }
        // a·255/2¹⁷ rounded to nearest, with a shift for the multiply.
        return SIMD8<UInt32>(truncatingIfNeeded: ((a &<< 8) &- a &+ (full &>> 1)) &>> SIMD8(repeating: fullShift))
    }

    @inline(__always)
    static func coverage(_ winding: Int32, _ rule: FillRule) -> UInt8 {
        var a: Int32
        if rule == .evenOdd {
            a = winding & (2 &* fullCoverage &- 1)
            if a > fullCoverage { a = 2 &* fullCoverage &- a }
        } else {
            a = winding < 0 ? 0 &- winding : winding
            if a > fullCoverage || a < 0 { a = fullCoverage }
        }
        return UInt8(truncatingIfNeeded: ((a &<< 8) &- a &+ (fullCoverage >> 1)) >> fullShift)
    }
}

/// The accumulation buffers of one fill, as raw pointers (see `Rasterizer.cells`), and the edge
/// arithmetic, in fixed point: coordinates in 1/256 px (x from the box's left side, y absolute), cells
/// in units of 1/2¹⁷ of a pixel's area. Integer sums are exact and their order does not matter: a
/// closed outline's cells sum to exactly zero at the end of every row, and a point converted once
/// ends its two edges at the same place.
private struct Cells {
    var area: UnsafeMutablePointer<Int32>
    var touched: UnsafeMutablePointer<UInt64>
    var coverage: UnsafeMutablePointer<UInt8>
    var box: PixelRect {
        didSet { left = Double(box.x); width = Double(box.width) }
    }
    /// The box's left side and width as Doubles, converted once per band instead of once per edge.
    private(set) var left = 0.0, width = 0.0
    var stride: Int
    var words: Int

    /// Rows beyond this many px from y = 0 hold no pixel: edges are cut there, so every coordinate
    /// converted to 1/256 px fits with room to spare.
    static let farRows = 4_194_304.0

    /// Adds the edge from `a` to `b`, clipped to the box's sides and to `farRows`: parts left of the
    /// box are pressed onto its left side (they still cover everything to their right), parts right
    /// of it onto its right side (they cover nothing inside). For the edges of shapes with a point
    /// outside the box's columns (`Rasterizer.convertPoints`).
    @inline(never)
    func addClipped(_ a: Point, _ b: Point) {
        guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        var x0 = a.x - left, y0 = a.y, x1 = b.x - left, y1 = b.y
        // Cut to |y| ≤ farRows (where rows lie, and far more).
        let far = Cells.farRows
        if max(y0, y1) > far || min(y0, y1) < -far {
            guard max(y0, y1) > -far, min(y0, y1) < far else { return }
            let dxdy = (x1 - x0) / (y1 - y0)
            if y0 < -far { x0 += (-far - y0) * dxdy; y0 = -far } else if y0 > far { x0 += (far - y0) * dxdy; y0 = far }
            if y1 < -far { x1 += (-far - y1) * dxdy; y1 = -far } else if y1 > far { x1 += (far - y1) * dxdy; y1 = far }
        }
        // Split at x = 0 and x = width so each piece lies on one side or inside.
        let w = width
        var ts: (Double, Double) = (2, 2)
        if (x0 < 0) != (x1 < 0) { ts.0 = (0 - x0) / (x1 - x0) }
        if (x0 > w) != (x1 > w) { ts.1 = (w - x0) / (x1 - x0) }
        if ts.0 > ts.1 { ts = (ts.1, ts.0) }
        var t0 = 0.0, px = x0, py = y0
        for k in 0..<3 {   // the split points, then the end; no array literal (it would allocate per edge)
            let t = k == 0 ? ts.0 : k == 1 ? ts.1 : 1.0
            guard t <= 1 && t > t0 else { continue }
            let qx = t == 1 ? x1 : x0 + (x1 - x0) * t
            let qy = t == 1 ? y1 : y0 + (y1 - y0) * t
            let mid = (px + qx) / 2
            let from = mid < 0 ? 0 : mid > w ? w : min(max(px, 0), w)
            let to = mid < 0 ? 0 : mid > w ? w : min(max(qx, 0), w)
            line(roundToInt(from * 256), roundToInt(py * 256), roundToInt(to * 256), roundToInt(qy * 256))
            px = qx; py = qy; t0 = t
        }
    }

    /// Adds the edge (x0, y0)–(x1, y1) in 1/256 px (0 ≤ x ≤ the box's width · 256, y absolute) to the
    /// cells of the rows it crosses inside the box. Where it crosses a row boundary its x is worked out
    /// from its ends, never stepped from the row before, so it does not depend on which row the box
    /// starts at (see `accumulate`).
    @inline(never)
    func line(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
        guard y0 != y1 else { return }
        let dir: Int32, xa, ya, xb, yb: Int
        if y0 < y1 { dir = 1; xa = x0; ya = y0; xb = x1; yb = y1 } else { dir = -1; xa = x1; ya = y1; xb = x0; yb = y0 }
        let first = max(box.y, ya &>> 8), end = min(box.maxY, (yb &+ 255) &>> 8)
        guard first < end else { return }
        var cell = area + (first &- box.y) &* stride, bits = touched + (first &- box.y) &* words
        if ya &>> 8 == (yb &- 1) &>> 8 {
            // Within one row (most edges of a label): no slope needed.
            Cells.cover(cell, bits, xa, xb, Int32(truncatingIfNeeded: yb &- ya) &* dir)
            return
        }
        let dxdy = Double(xb &- xa) / Double(yb &- ya)
        var yTop = ya, xTop = xa
        if ya < first &<< 8 { yTop = first &<< 8; xTop = xa &+ roundToInt(Double(yTop &- ya) * dxdy) }
        // Rows first..<last end at their bottom boundary, `down` (1/256 px) below the edge's top end
        // (an exact Double, stepped by 256); the last row ends at the edge's end or the box's bottom.
        let last = end &- 1, cellStride = stride, wordStride = words
        var down = Double(((first &+ 1) &<< 8) &- ya)
        if first < last {
            let xBottom = xa &+ roundToInt(down * dxdy)
            Cells.cover(cell, bits, xTop, xBottom, Int32(truncatingIfNeeded: ((first &+ 1) &<< 8) &- yTop) &* dir)
            xTop = xBottom
            cell += cellStride; bits += wordStride; down += 256
            // Whole rows: 256 high.
            let d = 256 &* dir
            for _ in (first &+ 1)..<last {
                let xBottom = xa &+ roundToInt(down * dxdy)
                Cells.cover(cell, bits, xTop, xBottom, d)
                xTop = xBottom
                cell += cellStride; bits += wordStride; down += 256
            }
            yTop = last &<< 8
        }
        let yBottom = min(yb, end &<< 8)
        let xBottom = yBottom == yb ? xb : xa &+ roundToInt(down * dxdy)
        Cells.cover(cell, bits, xTop, xBottom, Int32(truncatingIfNeeded: yBottom &- yTop) &* dir)
    }

    /// Adds to one row's cells a segment from `x` at its top to `xNext` at its bottom (1/256 px), `d`
    /// its height in 1/256 px (negative going up), and marks the chunks it touched. Each column the
    /// segment crosses gets its piece's height h times (2 − the piece's mean distance from the
    /// column's left side, both ends summed), the column after h times that distance: together 512·h,
    /// so the row's running sum past the segment grows by exactly 512·d.
    @inline(__always)
    static func cover(_ cell: UnsafeMutablePointer<Int32>, _ bits: UnsafeMutablePointer<UInt64>,
                      _ x: Int, _ xNext: Int, _ d: Int32) {
        let c = x &>> 8
        guard c == xNext &>> 8 else {
            let (xl, xr) = x < xNext ? (x, xNext) : (xNext, x)
            let cl = xl &>> 8, to = (cl &+ 1) &<< 8
            guard xr &>> 8 == cl &+ 1, to != xr else { return coverColumns(cell, bits, x, xNext, d) }
            // Across two columns (most of the rest): `coverColumns` written out for them.
            let h = Int32(truncatingIfNeeded: roundToInt(Double(to &- xl) * (Double(d) / Double(xr &- xl))))
            let a = h &* Int32(truncatingIfNeeded: (xl & 255) &+ 256), rest = d &- h
            let b = rest &* Int32(truncatingIfNeeded: xr & 255)
            cell[cl] &+= h &<< 9 &- a
            cell[cl &+ 1] &+= a &+ (rest &<< 9) &- b
            cell[cl &+ 2] &+= b
            Cells.touch(bits, cl)
            if (cl &+ 2) & (Rasterizer.chunk &- 1) < 2 { Cells.touch(bits, cl &+ 2) }
            return
        }
        // Within one column (most rows of most edges): two cells, and their chunk (the next one too
        // when the second cell starts it).
        let a = d &* Int32(truncatingIfNeeded: (x & 255) &+ (xNext & 255))
        cell[c] &+= d &<< 9 &- a
        cell[c &+ 1] &+= a
        Cells.touch(bits, c)
        if c & (Rasterizer.chunk &- 1) == Rasterizer.chunk &- 1 { Cells.touch(bits, c &+ 1) }
    }

    /// `cover` for a segment across more than one column, out of line: inlined, its values crowded
    /// the registers of every edge's row walk. Each column's running share of the height is worked
    /// out from the segment's left end (its distance an exact Double, stepped by a column), the last
    /// column taking what is left. A column crossed whole puts h·256 in itself and in the next cell.
    /// (Wrapping arithmetic: every value is a few thousand px in 1/256 px, and a checked one cost an
    /// overflow branch per operation.)
    @inline(never)
    static func coverColumns(_ cell: UnsafeMutablePointer<Int32>, _ bits: UnsafeMutablePointer<UInt64>,
                             _ x: Int, _ xNext: Int, _ d: Int32) {
        let (xl, xr) = x < xNext ? (x, xNext) : (xNext, x)
        let cl = xl &>> 8, cr = xr &>> 8
        let k = Double(d) / Double(xr &- xl)
        // The first column, from `xl` to its right side.
        var to = (cl &+ 1) &<< 8, across = Double(to &- xl)
        var done = to == xr ? d : Int32(truncatingIfNeeded: roundToInt(across * k))
        let a = done &* Int32(truncatingIfNeeded: (xl & 255) &+ 256)
        cell[cl] &+= done &<< 9 &- a
        cell[cl &+ 1] &+= a
        var column = cl &+ 1
        while column < cr {
            to &+= 256; across += 256
            let sum = to == xr ? d : Int32(truncatingIfNeeded: roundToInt(across * k))
            let h = (sum &- done) &<< 8
            cell[column] &+= h
            cell[column &+ 1] &+= h
            done = sum; column &+= 1
        }
        // The last column, to `xr`: what is left of the height.
        let h = d &- done
        let b = h &* Int32(truncatingIfNeeded: xr & 255)
        cell[cr] &+= h &<< 9 &- b
        cell[cr &+ 1] &+= b
        // The chunks of cells cl...cr + 1, one by one (a segment reaches into one or two).
        var first = cl
        repeat {
            Cells.touch(bits, first)
            first = (first | (Rasterizer.chunk &- 1)) &+ 1
        } while first <= cr &+ 1
    }

    /// Sets the bit of cell `x`'s chunk in one row's bitmap.
    @inline(__always)
    static func touch(_ bits: UnsafeMutablePointer<UInt64>, _ x: Int) {
        let c = x &>> Rasterizer.chunkShift
        bits[c &>> 6] |= 1 &<< UInt64(c & 63)
    }
}
