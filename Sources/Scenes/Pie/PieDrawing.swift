// Drawing the pie chart's parts, back to front: slices, their percentages, the legend. What depends
// only on the frame size (full slice paths, label sizes and anchors, the legend's rows) is built
// once per size in `prepare`; a frame then rebuilds only the growing slice's path, in place, so it
// allocates no path.
// Slices are filled ring sectors of [radius − lineWidth/2, radius + lineWidth/2] (the area seed
// 004's stroked arcs cover) drawn together through `fillTiles`, so neighbours meet without a seam.
import BitmapFont
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

struct PieLabelPlan: Equatable {
    let text: String
    let anchor: Point
    let size: Double
    /// Contrasts with the slice; `colorOnBackground` contrasts with the background, which is what
    /// lies under the label until the slice's growing end reaches the label's centre.
    let color: Color
    let colorOnBackground: Color
}

struct PieLegendPlan: Equatable {
    struct Row: Equatable {
        /// The swatch (a rounded square), the slice's label (cut with "…" when even the smallest
        /// legend cannot hold it whole) and its percentage ("42.0%"), made once per size.
        let swatch: Path
        let label: String
        let percentText: String
        /// Left end of the label and right end of the percentage, both on the row's middle.
        let labelAnchor: Point
        let percentAnchor: Point
    }
    let textSize: Double
    let rows: [Row]
    let bounds: Rect
}

struct PieFrameCache {
    let size: Size
    let layout: PieLayout
    /// Each slice's whole ring sector (nil for a slice of nothing).
    let sectors: [Path?]
    let labels: [PieLabelPlan?]
    let legend: PieLegendPlan?
}

extension PieScene {
    /// Ring percentages are this fraction of the line width tall, unless their slice is too narrow.
    static let labelShare = 0.28
    /// Below this size a percentage would not be legible: the slice shows none (the legend has it).
    static let minimumLabelSize = 9.0
    static let minimumLegendSize = 11.0

    func prepare(for size: Size) -> PieFrameCache {
        if let cache, cache.size == size { return cache }
        let layout = PieLayout(frame: size)
        var sectors: [Path?] = []
        var labels: [PieLabelPlan?] = []
        for k in 0..<shares.count {
            guard shares.fractions[k] > 0, timeline.animationIndex[k] != nil else {
                sectors.append(nil); labels.append(nil); continue
            }
            var whole = Path()
            addSector(k, drawn: 1, layout: layout, to: &whole)
            sectors.append(whole)
            labels.append(labelPlan(k, layout: layout))
        }
        let frame = PieFrameCache(size: size, layout: layout, sectors: sectors, labels: labels,
                                  legend: legendPlan(layout: layout))
        cache = frame
        return frame
    }

    /// Adds slice k's ring sector with `drawn` (0…1] of its sweep, from its start clockwise, to `path`.
    func addSector(_ k: Int, drawn: Double, layout: PieLayout, to path: inout Path) {
        let start = PieLayout.angle(atFraction: shares.boundaries[k])
        // A slice that is the whole chart is a full ring (ringSector's ≥ 2π case), not a ring with a
        // rounding-sized cut at 12 o'clock.
        let sweep = shares.fractions[k] >= 1 ? Angle.fullTurn * drawn
            : (PieLayout.angle(atFraction: shares.boundaries[k + 1]) - start) * drawn
        path.addRingSector(center: layout.center, innerRadius: layout.innerRadius, outerRadius: layout.outerRadius,
                           start: start, end: start + sweep)
    }

    /// The percentage centred at the slice's mid-angle on the ring's centre line (seed 004's
    /// `getLabelCenter`), shrunk until its box fits between the slice's edges and across the band.
    func labelPlan(_ k: Int, layout: PieLayout) -> PieLabelPlan? {
        let text = shares.percentText(k)
        let preferred = PieScene.labelShare * layout.lineWidth
        let box = fonts.measure(text, size: preferred)
        guard box.width > 0, box.height > 0 else { return nil }
        let from = shares.boundaries[k], to = shares.boundaries[k + 1]
        let mid = PieLayout.angle(atFraction: (from + to) / 2)
        let sweep = 2 * Double.pi * (to - from)
        // Half the box's extent along a unit direction (its support), against the room there.
        func halfExtent(_ angle: Angle) -> Double { (abs(angle.cos) * box.width + abs(angle.sin) * box.height) / 2 }
        var scale = 0.9 * (layout.lineWidth / 2) / halfExtent(mid)
        if sweep < Double.pi {
            // Distance from the anchor to either edge's line: radius · sin(sweep / 2).
            let room = layout.radius * sin(sweep / 2)
            let normal = Angle.radians(Double.pi / 2)
            for edge in [PieLayout.angle(atFraction: from), PieLayout.angle(atFraction: to)] {
                scale = min(scale, 0.92 * room / halfExtent(edge + normal))
            }
        }
        let size = preferred * min(1, scale)
        guard size >= PieScene.minimumLabelSize else { return nil }
        return PieLabelPlan(text: text, anchor: .onCircle(center: layout.center, radius: layout.radius, at: mid),
                            size: size, color: contrastingText(on: config.slices[k].color),
                            colorOnBackground: contrastingText(on: config.backgroundColor))
    }

    /// One row per slice (swatch, label, percentage) as large as fits the free space, at most a
    /// comfortable size for the donut. Labels too long for the space even at `minimumLegendSize` are
    /// cut with "…" there (a long name does not take every name off the chart); nil when the rows
    /// do not fit at that size even so.
    func legendPlan(layout: PieLayout) -> PieLegendPlan? {
        guard let area = layout.legendArea else { return nil }
        let count = Double(config.slices.count)
        // Proportions of the text size: swatch, gaps, row pitch.
        let swatch = 0.9, swatchGap = 0.5, columnGap = 1.2, pitch = 1.7
        func fixedWidth(_ s: Double) -> Double { s * (swatch + swatchGap + columnGap) + fonts.measure("100.0%", size: s).width }
        func blockSize(_ s: Double) -> Size {
            let widest = config.slices.map { fonts.measure($0.label, size: s).width }.max() ?? 0
            return Size(width: fixedWidth(s) + widest, height: count * pitch * s)
        }
        var s = max(PieScene.minimumLegendSize, 0.045 * layout.canvasSide)
        for _ in 0..<40 {
            let block = blockSize(s)
            let fit = min(area.width / block.width, area.height / block.height)
            if fit >= 1 || s <= PieScene.minimumLegendSize { break }
            s = max(PieScene.minimumLegendSize, s * max(0.5, min(0.98, fit)))
        }
        var labels = config.slices.map(\.label)
        var block = blockSize(s)
        if block.width > area.width {
            // At the smallest size: the labels cut to the room the swatches and percentages leave.
            let room = area.width - fixedWidth(s)
            guard room >= fonts.measure("Mm…", size: s).width else { return nil }
            labels = labels.map { fonts.fitted($0, size: s, width: room) }
            block = Size(width: fixedWidth(s) + (labels.map { fonts.measure($0, size: s).width }.max() ?? 0), height: block.height)
        }
        guard s >= PieScene.minimumLegendSize, block.width <= area.width, block.height <= area.height else { return nil }
        let origin = Point(x: (area.minX + (area.width - block.width) / 2).rounded(),
                           y: (area.minY + (area.height - block.height) / 2).rounded())
        var rows: [PieLegendPlan.Row] = []
        for k in config.slices.indices {
            let middle = origin.y + (Double(k) + 0.5) * pitch * s
            let side = swatch * s
            let square = Rect(x: origin.x, y: middle - side / 2, width: side, height: side)
            rows.append(PieLegendPlan.Row(
                swatch: roundedRect(square, radius: square.width * 0.2),
                label: labels[k],
                percentText: shares.percentText(k),
                labelAnchor: Point(x: origin.x + (swatch + swatchGap) * s, y: middle),
                percentAnchor: Point(x: origin.x + block.width, y: middle)))
        }
        return PieLegendPlan(textSize: s, rows: rows, bounds: Rect(x: origin.x, y: origin.y, width: block.width, height: block.height))
    }

    // MARK: Drawing

    /// Every slice that has started, as far as it has got at `t` (seconds since the draw began).
    func drawSlices(_ frame: PieFrameCache, at t: Double, in canvas: Canvas) {
        // Last frame's list goes first, so the growing slice's path is uniquely held and rebuilt in place.
        tiles.removeAll(keepingCapacity: true)
        for k in 0..<shares.count {
            guard let whole = frame.sectors[k] else { continue }
            let drawn = timeline.progress(of: k, at: t)
            if drawn >= 1 {
                tiles.append((path: whole, color: config.slices[k].color))
            } else if drawn > 0 {
                growingSector.removeAll()
                addSector(k, drawn: drawn, layout: frame.layout, to: &growingSector)
                tiles.append((path: growingSector, color: config.slices[k].color))
            }
        }
        if !tiles.isEmpty { canvas.fillTiles(tiles) }
    }

    /// Percentages of the slices that have started (seed 004 adds a slice's label with its slice),
    /// in the colour that contrasts with what is under the label's centre: the background until the
    /// slice has grown halfway (to its mid-angle, where the label sits), then the slice.
    func drawLabels(_ frame: PieFrameCache, at t: Double, in canvas: Canvas) {
        for k in 0..<shares.count {
            guard let plan = frame.labels[k], t >= timeline.starts[k] else { continue }
            let color = timeline.progress(of: k, at: t) >= 0.5 ? plan.color : plan.colorOnBackground
            fonts.draw(plan.text, in: canvas, at: plan.anchor,
                       style: TextStyle(size: plan.size, color: color, alignment: .center, verticalAlignment: .middle))
        }
    }

    /// Swatches and labels throughout; each percentage from the moment its slice starts.
    func drawLegend(_ frame: PieFrameCache, at t: Double, in canvas: Canvas) {
        guard let legend = frame.legend else { return }
        let s = legend.textSize
        for (k, row) in legend.rows.enumerated() {
            canvas.fill(row.swatch, color: config.slices[k].color)
            fonts.draw(row.label, in: canvas, at: row.labelAnchor,
                       style: TextStyle(size: s, color: config.textColor, alignment: .left, verticalAlignment: .middle))
            if t >= timeline.starts[k] {
                fonts.draw(row.percentText, in: canvas, at: row.percentAnchor,
                           style: TextStyle(size: s, color: config.textColor, alignment: .right, verticalAlignment: .middle))
            }
        }
    }
}
