// Drawing the wheel scene's parts, back to front: shadow, slices, the winner's highlight, labels,
// ring, hub, pointer, result and button. Everything that depends only on the frame size and the
// slices (paths in wheel-local px around (0, 0), label plans, the pre-scaled ring) is built once in
// `prepare` and reused; a frame then only sets a rotation transform and fills.
// Screen angle of wheel-local angle a at rotation r: a + r − π/2 (SliceLayout's header).
import BitmapFont
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Motion
import Raster

struct WheelFrameCache {
    let size: Size
    let layout: WheelLayout
    /// Slices run under the ring's band to `sliceRadius`; they are visible out to `visibleRadius`.
    let sliceRadius: Double
    let visibleRadius: Double
    /// The slices as filled each frame: under a ring that is opaque all round they stop just inside
    /// its band (the ring covers the rest); otherwise `slices` themselves.
    let fills: [(path: Path, color: Color)]
    /// Inside this radius every pixel is covered by the slices or by the ring's opaque band, so the
    /// backdrop is not copied there.
    let coveredRadius: Double
    let hubRadius: Double
    /// With hundreds of slices: inside this radius they would be thinner than 2 px, so a plain
    /// plate covers the middle instead (0: none).
    var plateRadius = 0.0
    /// The plate's gold rim, reaching 0.75 px past its hard edge.
    var plateRim = Path()
    /// With a plate: the slices' band drawn once, exactly, at rotation 0 (`denseSlices`), and the
    /// frame's whole pixels it covers (from under the plate's rim to under the ring). While the
    /// wheel turns, frames resample it instead of filling hundreds of sectors (a rest frame is exact).
    var denseSlices: Pixmap?
    var denseSpans: [PixelSpan] = []
    /// Slice sectors around (0, 0) at rotation 0, out to `sliceRadius` (the winner's highlight
    /// follows these).
    let slices: [(path: Path, color: Color)]
    /// Numbered mode's 1 px gray spokes and rim.
    let separators: Path?
    /// Where the ring's opaque band hides the slices' rim and every slice is opaque: the radius and
    /// premultiplied colours `Canvas.fillSectors` fills them with (nil: `fills` through `fillTiles`).
    var sectorFill: (radius: Double, colors: [UInt32])?
    let labels: [LabelPlan?]
    /// Each slice's automatic label colour (black or white by contrast), and the same for the slice
    /// as dimmed behind a winner.
    var ink: [Color] = []
    var dimmedInk: [Color] = []
    /// The ring, pre-scaled by area averaging when the wheel is smaller than the image.
    let ring: Pixmap?
    let ringDiameter: Double
    /// The pre-scaled ring's square minus its transparent centre (ring px): the only part worth sampling.
    let ringShape: Path?
    /// The same part as whole frame pixels, drawn instead of the shape where that is exact (`ringSpans`).
    var ringSpans: [PixelSpan]?
    /// The background and the wheel's shadow, which never move: copied, not redrawn, each frame.
    var backdrop: Pixmap?
    /// `backdrop` with the still ring's band composited on it, where the slices stop a pixel into
    /// the band's opaque part and nothing else is drawn under the band: a frame copies this outside
    /// `stillRing.innerRadius` and draws only the band's inner part again (its outer part and the
    /// shadow it casts outward never change). Pixel for pixel the frame that draws the whole band.
    var ringBackdrop: Pixmap?
    /// Where the backdrop's top-left pixel lies in the frame.
    var backdropOrigin = (x: 0, y: 0)
    let pointer: Path
    /// The hub's discs, back to front, and the pointer's pin: built once, filled every frame.
    var hub: [(path: Path, color: Color)] = []
    /// A dense wheel's plate as `Canvas.fillSectors` fills it (the theme's colour, premultiplied).
    var plateColors: [UInt32] = []
    var pin = Path()
    /// The shipped ring: band and shadow that do not turn, bulbs that do (nil for other rings).
    var stillRing: StillRing?
    /// The pointer and the hub drawn once: every frame composites these (see `Sprite`).
    var pointerSprite: Sprite?
    var hubSprite: Sprite?
    /// The pointer's tip, in frame px (tests sample the slice just below it).
    let pointerTip: Point
    let button: Path
    /// Each slice's picture, ready to turn and draw (empty: no slice has one; SliceImages.swift).
    var pictures: [SlicePicture?] = []
    /// The title, drawn once (WheelTitle.swift).
    var titleSprite: Sprite?
    /// `backgroundImage` covering the frame, over the background colour (WheelBackground.swift).
    var background: Pixmap?
}

extension WheelScene {
    /// The cache for a frame of `size` px, rebuilt when the size or the slices changed.
    func prepare(for size: Size) -> WheelFrameCache {
        if let cache = scratch.cache, cache.size == size { return cache }
        let layout = WheelLayout(frame: size, titled: config.title != nil)
        let r = layout.radius
        let slicesLayout = spinner.layout
        var ringDiameter = 2 * r
        var scaledRing: Pixmap?
        if hasShippedRing { ringDiameter = 2 * r * (1 - config.ringLineWidth / Double(RingImage.shippedSide)) }
        if let ring {
            let side = Double(min(ring.width, ring.height))
            ringDiameter = 2 * r * (1 - config.ringLineWidth / side)
            let target = Int(ringDiameter.rounded(.up))
            // Area averaging only pays when shrinking a lot: bilinear sampling of a mildly reduced
            // image shows no aliasing, and skipping the resample saves most of a large frame's start-up.
            scaledRing = Double(target) < Double(ring.width) / 1.5 ? ring.downscaled(width: target, height: target) : ring
        }
        let ringRadius = ringDiameter / 2
        let visible = hasRing ? ringRadius * ringGeometry.inner : r
        let sliceRadius = hasRing ? min(r, ringRadius * (ringGeometry.inner + ringGeometry.outer) / 2) : r
        // Where a ring is opaque all round (its measured band less 3.5 texels for bilinear footprints
        // and area averaging, checked pixel by pixel on the image), the slices need only reach under
        // its inner part, and nothing under the band needs the backdrop either: the ring covers both,
        // so no pixel changes. The shipped ring is opaque across its band; a translucent one is not.
        var fillRadius = sliceRadius, opaqueOuter = sliceRadius
        let stillRing = hasShippedRing ? StillRing(center: layout.center, radius: ringRadius, colors: config.theme.ring) : nil
        if let stillRing, stillRing.opaqueTo - stillRing.opaqueFrom > 4 {
            // Slices a pixel and a half past the band's inner edge cover every pixel it lets through.
            fillRadius = min(sliceRadius, stillRing.opaqueFrom + 1.5)
            opaqueOuter = max(fillRadius, stillRing.opaqueTo)
        }
        if let scaledRing {
            let texel = ringDiameter / Double(scaledRing.width), half = Double(min(scaledRing.width, scaledRing.height)) / 2
            let innerTexels = half * ringGeometry.inner + 3.5, outerTexels = half * ringGeometry.outer - 3.5
            let inner = texel * innerTexels, outer = texel * outerTexels
            if outer - inner > 4, isOpaque(scaledRing, from: innerTexels - 2, to: outerTexels + 2) {
                fillRadius = min(sliceRadius, inner + 1)
                opaqueOuter = max(fillRadius, outer)
            }
        }
        let hub = config.hub.map { max(4, $0.size * r) } ?? max(4, 0.075 * r)
        // Where the slices get thinner than 2 px (only with many: numbered mode's 36 never gets here).
        let dense = 2 * Double(slicesLayout.count) / (2 * Double.pi)
        let plate = slicesLayout.count >= WheelScene.denseCount && dense > hub + 2 ? min(dense, 0.6 * r) : 0
        let origin = Point.zero
        // Under a ring's opaque band, opaque slices are filled row by row (`Canvas.fillSectors`);
        // otherwise as polygons (`fills`).
        let colors = items.prefix(slicesLayout.count).map { $0.color.premultiplied }
        let sectorFill = fillRadius < sliceRadius && colors.count == slicesLayout.count && colors.allSatisfy { $0 >> 24 == 255 }
            ? (radius: fillRadius, colors: colors) : nil

        var slices: [(path: Path, color: Color)] = [], fills: [(path: Path, color: Color)] = []
        for i in 0..<slicesLayout.count {
            let start = Angle.radians(slicesLayout.starts[i] - Double.pi / 2)
            let end = start + .radians(slicesLayout.sweeps[i])
            // Under a ring the slices' rim is hidden in the middle of its band, so the arc may be a
            // coarse polygon (chords at most 1/4 px inside it) instead of one flattened to 1/256 px:
            // ~8 edges a slice instead of hundreds, every frame.
            let path: Path = !hasRing
                ? .sector(center: origin, radius: sliceRadius, start: start, end: end)
                : sectorPolygon(radius: sliceRadius, start: start, sweep: slicesLayout.sweeps[i], sagitta: 0.25)
            slices.append((path, items[i].color))
            if fillRadius < sliceRadius && sectorFill == nil {
                fills.append((sectorPolygon(radius: fillRadius, start: start, sweep: slicesLayout.sweeps[i], sagitta: 0.25),
                              items[i].color))
            }
        }
        if fills.isEmpty && sectorFill == nil { fills = slices }
        var separators: Path?
        if numberedCount != nil {
            var p = Path()
            for start in slicesLayout.starts {
                p.move(to: origin)
                p.line(to: .onCircle(center: origin, radius: sliceRadius, at: .radians(start - Double.pi / 2)))
            }
            p.move(to: Point(x: 0, y: -(sliceRadius - 0.5)))
            p.arc(center: origin, radius: sliceRadius - 0.5, start: .twelveOClock, end: .twelveOClock + .fullTurn)
            separators = p
        }

        let fitter = LabelFitter(fonts: fonts, radius: r)
        let names = (0..<slicesLayout.count).map { i in
            WheelScene.shortened(labelNames.indices.contains(i) ? labelNames[i] : items[i].text)
        }
        let suffixes = (0..<slicesLayout.count).map { labelSuffixes.indices.contains($0) ? labelSuffixes[$0] : "" }
        let texts = names.indices.map { names[$0] + suffixes[$0] }
        // A slice with a picture and a label: the label keeps the inner part, the picture the outer.
        let pictured = (0..<slicesLayout.count).map { items.indices.contains($0) && items[$0].image != nil && numberedCount == nil }
        let labelled = texts.indices.map { pictured[$0] && !texts[$0].isEmpty }
        var labels: [LabelPlan?] = []
        if numberedCount != nil {
            labels = texts.indices.map { fitter.planAcross(texts[$0], sweep: slicesLayout.sweeps[$0], outer: visible, depth: 0.12 * r) }
        } else {
            let inner = max(hub, plate) + 0.05 * r, plain = visible - 0.05 * r
            let beside = SliceImages.labelSplit * visible - 0.03 * r
            func outer(_ i: Int) -> Double { labelled[i] ? max(inner + 1, beside) : plain }
            labels = fitter.plans(names: names, suffixes: suffixes, sweeps: slicesLayout.sweeps, inner: inner, outer: outer)
        }

        // Every label's lines stay laid out from frame to frame, with room for the result, button and notes.
        fonts.keepRuns(atLeast: labels.reduce(0) { $0 + ($1?.lines.count ?? 0) } + 48)

        // Pointer: base above the wheel's top, tip reaching just past the ring onto the slices.
        let c = layout.center
        let tip = Point(x: c.x, y: c.y - visible + 0.06 * r)
        let baseY = c.y - r - WheelLayout.pointerRise * r
        let halfWidth = 0.085 * r
        var pointer = Path()
        pointer.move(to: tip)
        pointer.line(to: Point(x: c.x - halfWidth, y: baseY))
        pointer.line(to: Point(x: c.x + halfWidth, y: baseY))
        pointer.close()

        // The ring's visible part (one scan of the image finds it): an anti-aliased annulus, and the
        // same as whole pixels where that is exact.
        var shape: Path?, spans: [PixelSpan]?
        if let scaledRing {
            let radii = visibleRadii(scaledRing)
            shape = ringShape(scaledRing, radii: radii, pxPerTexel: ringDiameter / Double(scaledRing.width))
            spans = ringSpans(scaledRing, radii: radii, diameter: ringDiameter, center: c, frame: size)
        }
        var made = WheelFrameCache(size: size, layout: layout, sliceRadius: sliceRadius, visibleRadius: visible,
                                   fills: fills,
                                   coveredRadius: opaqueOuter,
                                   hubRadius: hub, slices: slices, separators: separators, labels: labels,
                                   ring: scaledRing, ringDiameter: ringDiameter, ringShape: shape,
                                   backdrop: nil, pointer: pointer, pointerTip: tip,
                                   button: roundedRect(layout.buttonRect, radius: layout.buttonRect.height / 2))
        // The backdrop is drawn by the same code as before caching, so frames are pixel for pixel the same.
        let h = hub, hubColors = config.theme.hub
        made.hub = [
            (.circle(center: Point(x: c.x, y: c.y + h * 0.12), radius: h * 1.08), Color(rgb: 0x000000, alpha: 70)),
            (.circle(center: c, radius: h), hubColors.rim),
            (.circle(center: c, radius: h * 0.86), hubColors.body),
            (.circle(center: Point(x: c.x - h * 0.1, y: c.y - h * 0.12), radius: h * 0.62), hubColors.shine),
            (.circle(center: Point(x: c.x - h * 0.28, y: c.y - h * 0.3), radius: h * 0.2), hubColors.spot),
        ]
        made.plateColors = [config.theme.plate.premultiplied]
        made.sectorFill = sectorFill
        made.plateRadius = plate
        // Pictures reach under the ring's inner edge (its band or shadow is drawn over them), or the rim.
        made.pictures = slicePictures(radius: r, hub: max(hub, plate), outer: hasRing ? min(visible + 1, sliceRadius) : sliceRadius,
                                      visible: visible, labelled: labelled)
        made.titleSprite = titleSprite(layout)
        made.background = backgroundImage(for: size)
        let rim = max(1.5, 0.012 * r)
        if plate > 0 {
            made.plateRim = .ringSector(center: layout.center, innerRadius: plate + 0.75 - rim, outerRadius: plate + 0.75,
                                        start: .zero, end: .fullTurn)
        }
        // Hundreds of slices (with a plate): their band drawn once, exactly, at rotation 0; while it turns a
        // frame resamples it (from under the plate's rim or the hub to under the ring) instead of
        // filling every sector. Three texels past either end, so every bilinear footprint lands on slices.
        if plate > 0, let sectorFill {
            let inner = plate - rim
            let side = Int((2 * (sectorFill.radius + 4)).rounded(.up))
            if let band = Canvas(width: side, height: side) {
                let boundaries = slicesLayout.starts.map { $0 - Double.pi / 2 }
                band.fillSectors(center: Point(x: Double(side) / 2, y: Double(side) / 2), radius: sectorFill.radius + 3,
                                 hole: max(0, inner - 4), boundaries: boundaries, colors: sectorFill.colors)
                made.denseSlices = band.pixmap
                made.denseSpans = annulusSpans(center: layout.center, inner: inner, outer: sectorFill.radius, frame: size)
            }
        }
        made.ink = items.map { labelInk(on: $0.color) }
        made.dimmedInk = items.map { labelInk(on: darker($0.color, by: WheelScene.dimming)) }
        made.ringSpans = spans
        made.pin = .circle(center: Point(x: c.x, y: c.y - r - WheelLayout.pointerRise * r + 0.035 * r), radius: 0.03 * r)
        made.stillRing = stillRing
        // Generous boxes: each holds its drawing's shadow, outline stroke and anti-aliased edges.
        let pad = 0.03 * r + 2
        let hubFrame = made
        made.pointerSprite = Sprite(covering: Rect(x: c.x - halfWidth - pad, y: baseY - pad,
                                                   width: 2 * (halfWidth + pad), height: tip.y - baseY + 0.025 * r + 2 * pad)) {
            drawPointerShapes(hubFrame, in: $0)
        }
        made.hubSprite = Sprite(covering: Rect(x: c.x - 1.3 * h - 2, y: c.y - 1.3 * h - 2, width: 2.6 * h + 4, height: 2.6 * h + 4)) {
            if let logo = config.hub { drawHubLogo(logo, center: c, radius: h, in: $0) } else { drawHubShapes(hubFrame, in: $0) }
        }
        // Only the wheel's square (with its shadow) is kept: outside it the background is one colour.
        let reach = 1.06 * r + 2
        let square = PixelRect(enclosing: Rect(x: c.x - reach, y: c.y - reach, width: 2 * reach, height: 2 * reach + 0.02 * r))
            .intersection(PixelRect(x: 0, y: 0, width: Int(size.width), height: Int(size.height)))
        // Above `largestBackdrop` px (huge one-off renders: an 8192² PNG) the frame draws the background
        // and shadow itself: the cache would cost a frame's worth of memory to save nothing.
        if !square.isEmpty, square.width * square.height <= scratch.largestBackdrop,
           let backdrop = Canvas(width: square.width, height: square.height) {
            if let background = made.background {
                backdrop.replace(with: background, at: (-square.x, -square.y), outside: .zero, radius: 0)
            } else {
                backdrop.clear(config.backgroundColor)
            }
            backdrop.withTransform(.translation(x: -Double(square.x), y: -Double(square.y))) { drawShadow(made, in: backdrop) }
            made.backdrop = backdrop.pixmap
            made.backdropOrigin = (square.x, square.y)
            // The band over the backdrop, when the slices end where `innerBand` still covers them
            // (a pixel and a half into the opaque band) and no numbered-mode rim lies on the band.
            if let stillRing, let sectors = sectorFill, sectors.radius == stillRing.opaqueFrom + 1.5, separators == nil {
                backdrop.draw(stillRing.band, dx: -square.x, dy: -square.y)
                made.ringBackdrop = backdrop.pixmap   // a copy: `backdrop` keeps its own pixels
            }
        }
        scratch.cache = made
        scratch.cacheBuilds &+= 1
        return made
    }

    /// Wheel-local px → frame px at `rotation`.
    func wheelTransform(_ frame: WheelFrameCache, rotation: Double) -> Transform {
        Transform.rotation(.radians(rotation)).concatenating(.translation(x: frame.layout.center.x, y: frame.layout.center.y))
    }

    func drawShadow(_ frame: WheelFrameCache, in canvas: Canvas) {
        let r = frame.layout.radius, c = frame.layout.center
        for k in 1...3 {
            let spread = Double(k) * 0.018 * r
            let centre = Point(x: c.x, y: c.y + 0.02 * r)
            canvas.fill(.ringSector(center: centre, innerRadius: r * 0.9, outerRadius: r + spread, start: .zero, end: .fullTurn),
                        color: Color(rgb: 0x000000, alpha: 34))
        }
    }

    /// `overBackdrop`: composite the slices over the cached backdrop, which the canvas lacks under them.
    /// `moving`: the wheel turns (hundreds of slices are then resampled from `denseSlices`).
    func drawSlices(_ frame: WheelFrameCache, rotation: Double, overBackdrop: Bool = false, moving: Bool = false,
                    in canvas: Canvas) {
        if moving, let band = frame.denseSlices {
            let half = Double(band.width) / 2
            let t = Transform.translation(x: -half, y: -half).concatenating(wheelTransform(frame, rotation: rotation))
            canvas.draw(band, transform: t, spans: frame.denseSpans)
        } else if let sectors = frame.sectorFill {
            // Screen angles of the slices' starts (see the header); kept, so a frame allocates nothing.
            scratch.sliceBoundaries.removeAll(keepingCapacity: true)
            for start in spinner.layout.starts { scratch.sliceBoundaries.append(start + rotation - Double.pi / 2) }
            canvas.fillSectors(center: frame.layout.center, radius: sectors.radius,
                               hole: frame.plateRadius > 0 ? frame.plateRadius : frame.hubRadius - 1.5,
                               boundaries: scratch.sliceBoundaries, colors: sectors.colors)
        }
        if frame.plateRadius > 0 {
            // The plate at memset speed (one sector: a plain disc, pixels whose centre is inside), its
            // hard edge hidden under a gold rim that reaches 0.75 px past it.
            canvas.fillSectors(center: frame.layout.center, radius: frame.plateRadius, hole: frame.hubRadius - 1.5,
                               boundaries: WheelScene.plateBoundaries, colors: frame.plateColors)
            canvas.fill(frame.plateRim, color: config.theme.hub.body)
        }
        canvas.withTransform(wheelTransform(frame, rotation: rotation)) {
            if frame.sectorFill == nil {
                canvas.fillTiles(frame.fills, over: overBackdrop ? frame.backdrop : nil, at: frame.backdropOrigin)
            }
            if let separators = frame.separators {
                canvas.stroke(separators, style: StrokeStyle(width: 1), color: Color(rgb: 0x8E8E93))
            }
        }
    }

    /// Others dimmed, a warm glow around the winner, then the winner filled again so its own pixels
    /// are exactly its colour (what the pointer shows is what was reported).
    func drawHighlight(_ frame: WheelFrameCache, winner: Int, strength k: Double, rotation: Double, in canvas: Canvas) {
        guard k > 0 else { return }
        let layout = spinner.layout, r = frame.layout.radius
        let start = Angle.radians(layout.starts[winner] - Double.pi / 2)
        let end = start + .radians(layout.sweeps[winner])
        canvas.withTransform(wheelTransform(frame, rotation: rotation)) {
            if layout.count > 1 {
                canvas.fill(.sector(center: .zero, radius: frame.sliceRadius + 1, start: end, end: start + .fullTurn),
                            color: Color(rgb: 0x000000, alpha: UInt8((255 * WheelScene.dimming * k).rounded())))
            }
            let slice = frame.slices[winner].path
            let glow = Color(rgb: 0xFFE9A8)
            for (width, alpha) in [(0.13, 0.12), (0.085, 0.2), (0.05, 0.34), (0.026, 0.6), (0.012, 1.0)] {
                canvas.stroke(slice, style: StrokeStyle(width: max(1, width * r), cap: .round, join: .round),
                              color: glow.withOpacity(alpha * k))
            }
            canvas.fill(slice, color: frame.slices[winner].color)
            if frame.separators != nil, layout.count > 1 {
                // The winner keeps its gray edges in numbered mode: redraw its two spokes.
                var spokes = Path()
                spokes.move(to: .onCircle(center: .zero, radius: frame.sliceRadius, at: start))
                spokes.line(to: .zero)
                spokes.line(to: .onCircle(center: .zero, radius: frame.sliceRadius, at: end))
                canvas.stroke(spokes, style: StrokeStyle(width: 1), color: Color(rgb: 0x8E8E93))
            }
        }
        drawSlicePicture(frame, winner, rotation: rotation, in: canvas)
    }

    func drawLabels(_ frame: WheelFrameCache, rotation: Double, winner: Int?, strength k: Double, in canvas: Canvas) {
        let layout = spinner.layout, c = frame.layout.center
        let dim = winner == nil ? 0 : 0.3 * k
        for (i, plan) in frame.labels.enumerated() {
            guard let plan else { continue }
            let a: Angle, anchor: Point
            if numberedCount != nil {
                // Equal slices from 12 o'clock: seed 003's RadialLayout, turned by the rotation plus half a slice.
                let radial = RadialLayout(center: c, radius: plan.radius, count: layout.count,
                                          offset: .radians(rotation + layout.sweeps[i] / 2))
                a = radial.angle(of: i)
                anchor = radial.position(of: i)
            } else {
                a = .radians(layout.midAngle(of: i) + rotation - Double.pi / 2)
                anchor = .onCircle(center: c, radius: plan.radius, at: a)
            }
            var color: Color
            if let winner, winner != i {
                // Dimmed with its slice, in the ink that reads on the dimmed slice.
                color = (items[i].labelColor ?? config.labelColor ?? frame.dimmedInk[i]).withOpacity(1 - dim)
            } else {
                color = items[i].labelColor ?? config.labelColor ?? frame.ink[i]
            }
            var turn = a + .radians(plan.turn)
            // Upright: a label pointing into the left half reads from the rim inward instead.
            if config.labelOrientation == .upright, numberedCount == nil, cos(turn.radians) < -1e-9 { turn = turn + .radians(Double.pi) }
            // Lines are stacked across the text as it reads (an upright label's first line stays on top).
            let down = Point(x: -turn.sin, y: turn.cos)
            for line in plan.lines {
                fonts.draw(line.text, in: canvas, at: Point(x: anchor.x + down.x * line.offset, y: anchor.y + down.y * line.offset),
                           rotation: turn,
                           style: TextStyle(size: line.size, color: color, alignment: .center, verticalAlignment: .middle))
            }
        }
    }

    /// `overRingBackdrop`: the canvas has `frame.ringBackdrop` under the slices.
    func drawRing(_ frame: WheelFrameCache, rotation: Double, overRingBackdrop: Bool = false, in canvas: Canvas) {
        if let still = frame.stillRing { return still.draw(in: canvas, rotation: rotation, innerOnly: overRingBackdrop) }
        guard let ring = frame.ring else { return }
        let side = Double(ring.width)
        let t = Transform.translation(x: -side / 2, y: -Double(ring.height) / 2)
            .concatenating(.scale(frame.ringDiameter / side))
            .concatenating(wheelTransform(frame, rotation: rotation))
        if let spans = frame.ringSpans { canvas.draw(ring, transform: t, spans: spans) } else { canvas.draw(ring, transform: t, shape: frame.ringShape) }
    }

    /// The ring image's visible part as a path: the circle around its centre that holds every
    /// visible pixel (within the image's square), less the transparent disc at its centre, each
    /// widened by exactly what can still see a visible texel: a bilinear footprint (√2 texels) and
    /// half a frame pixel's diagonal (`pxPerTexel`: frame px per texel), where the path's own
    /// anti-aliasing would otherwise thin a sample. Drawing through it changes no pixel; it skips
    /// the hole and the corners, most of a ring image. `radii`: `visibleRadii(ring)`.
    func ringShape(_ ring: Pixmap, radii: (nearest: Double, farthest: Double), pxPerTexel: Double) -> Path {
        let cx = Double(ring.width) / 2, cy = Double(ring.height) / 2
        let (nearest, farthest) = radii
        let margin = 2.0.squareRoot() + 0.7072 / max(pxPerTexel, 1e-3)
        // The outer circle as a 512-gon (its chords within 0.01 texel of it) clamped to the image's square.
        var shape = Path()
        let outer = farthest < 0 ? 0 : farthest + margin + 0.02
        for k in 0..<512 {
            let a = Double(k) * Double.pi / 256
            let p = Point(x: min(max(cx + outer * cos(a), 0), Double(ring.width)),
                          y: min(max(cy + outer * sin(a), 0), Double(ring.height)))
            if k == 0 { shape.move(to: p) } else { shape.line(to: p) }
        }
        shape.close()
        let r = min(Double(min(ring.width, ring.height)) / 2, nearest) - margin - 0.01
        guard r > 1 else { return shape }
        // Counter-clockwise inside the clockwise outline: nonzero winding 0, a hole.
        shape.move(to: Point(x: cx + r, y: cy))
        shape.arc(center: Point(x: cx, y: cy), radius: r, start: .zero, end: -.fullTurn, clockwise: false)
        shape.close()
        return shape
    }

    /// The same annulus as whole pixels of the frame, row by row: the pixels whose centre lies
    /// where a bilinear sample may see a visible texel (√2 texels beyond the visible ones, and 0.1
    /// more for the 16.16 steps' rounding across a row). Drawn at full coverage they give the pixels
    /// of the whole image, without an outline to rasterize; rotation moves none of them, so they are
    /// worked out once per frame size. Nil where a pixel across the image's border (which the whole
    /// image would cover only in part) could see a visible texel: a ring drawn within a pixel's
    /// reach of its image's border, as a shipped ring shrunk below 1080p is. Then the shape.
    func ringSpans(_ ring: Pixmap, radii: (nearest: Double, farthest: Double), diameter: Double, center c: Point,
                   frame: Size) -> [PixelSpan]? {
        let (nearest, farthest) = radii
        guard farthest >= 0 else { return [] }
        let side = Double(min(ring.width, ring.height)), pxPerTexel = diameter / Double(ring.width)
        let margin = 2.0.squareRoot() + 0.1
        // A pixel across the image's edge is partly covered by the image's rectangle, and its sample
        // sees texels within 1 + half a pixel's diagonal of the edge: those must be transparent, or
        // no such pixel may be within reach of a visible texel.
        let reachOfEdge = 1 + 0.7072 / pxPerTexel
        let band = min(ring.width, ring.height, Int(reachOfEdge.rounded(.up)) + 1)
        var edgeClear = true
        for y in 0..<ring.height where edgeClear {
            let columns = y < band || y >= ring.height - band ? [0..<ring.width] : [0..<band, (ring.width - band)..<ring.width]
            for range in columns where range.contains(where: { ring[$0, y] != 0 }) { edgeClear = false }
        }
        guard edgeClear || farthest + margin + reachOfEdge <= side / 2 else { return nil }
        let outer = (farthest + margin) * pxPerTexel, hole = max(0, nearest - margin) * pxPerTexel
        let width = Int(frame.width), height = Int(frame.height)
        var spans: [PixelSpan] = []
        for y in max(0, Int((c.y - outer).rounded(.down)))..<min(height, Int((c.y + outer).rounded(.up)) + 1) {
            let dy = Double(y) + 0.5 - c.y
            guard dy * dy < outer * outer else { continue }
            // Pixels with |x + 0.5 − cx| < the chord's half width.
            func chord(_ r: Double) -> (Int, Int) {
                let half = (r * r - dy * dy).squareRoot()
                return (Int((c.x - half - 0.5).rounded(.down)) + 1, Int((c.x + half - 0.5).rounded(.up)))
            }
            let (x0, x1) = chord(outer)
            var pieces = [(x0, x1)]
            if dy * dy < hole * hole {
                let (h0, h1) = chord(hole)
                pieces = [(x0, h0), (h1, x1)]
            }
            for (a, b) in pieces {
                let a = max(a, 0), b = min(b, width)
                if a < b { spans.append(PixelSpan(y: y, x0: a, x1: b)) }
            }
        }
        return spans
    }

    /// The distances (texels) from a ring image's centre to its nearest and farthest visible pixel
    /// centres (farthest −1 for an image with none).
    func visibleRadii(_ ring: Pixmap) -> (nearest: Double, farthest: Double) {
        let cx = Double(ring.width) / 2, cy = Double(ring.height) / 2
        // Squared distances of pixel centres from the image centre; per row, the farthest visible
        // pixel is the first or the last, and the nearest is the first met walking out from the
        // centre column each way, so a row costs its transparent pixels plus four, not its width.
        var nearest = Double.infinity, farthest = -1.0
        func distance2(_ x: Int, _ dy2: Double) -> Double { let dx = Double(x) + 0.5 - cx; return dx * dx + dy2 }
        let middle = min(max(Int(cx), 0), ring.width - 1), width = ring.width
        ring.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<ring.height {
                let dy = Double(y) + 0.5 - cy, dy2 = dy * dy
                let row = pixels.baseAddress! + y * ring.stride
                var first = 0
                while first < width && row[first] == 0 { first += 1 }
                guard first < width else { continue }
                var last = width - 1
                while row[last] == 0 { last -= 1 }
                farthest = max(farthest, distance2(first, dy2), distance2(last, dy2))
                var right = middle
                while right < width && row[right] == 0 { right += 1 }
                if right < width { nearest = min(nearest, distance2(right, dy2)) }
                var left = middle - 1
                while left >= 0 && row[left] == 0 { left -= 1 }
                if left >= 0 { nearest = min(nearest, distance2(left, dy2)) }
            }
        }
        return (nearest.squareRoot(), farthest < 0 ? -1 : farthest.squareRoot())
    }

    /// A gold cap over the point where the slices meet.
    func drawHub(_ frame: WheelFrameCache, in canvas: Canvas) {
        if let sprite = frame.hubSprite {
            sprite.draw(in: canvas)
        } else if let logo = config.hub {
            drawHubLogo(logo, center: frame.layout.center, radius: frame.hubRadius, in: canvas)
        } else {
            drawHubShapes(frame, in: canvas)
        }
    }

    func drawHubShapes(_ frame: WheelFrameCache, in canvas: Canvas) {
        for disc in frame.hub { canvas.fill(disc.path, color: disc.color) }
    }

    func drawPointer(_ frame: WheelFrameCache, in canvas: Canvas) {
        if let sprite = frame.pointerSprite { sprite.draw(in: canvas) } else { drawPointerShapes(frame, in: canvas) }
    }

    func drawPointerShapes(_ frame: WheelFrameCache, in canvas: Canvas) {
        let r = frame.layout.radius
        canvas.withTransform(.translation(x: 0, y: 0.025 * r)) {
            canvas.fill(frame.pointer, color: Color(rgb: 0x000000, alpha: 90))
        }
        canvas.fill(frame.pointer, color: config.pointerColor)
        canvas.stroke(frame.pointer, style: StrokeStyle(width: max(1, 0.012 * r), join: .round),
                      color: darker(config.pointerColor, by: 0.45))
        // The pin that holds the pointer.
        canvas.fill(frame.pin, color: config.theme.hub.shine)
    }

    /// The banner as `drawResult` draws it: its lines laid out (once per text: while spinning, the
    /// banner changes only when a slice passes), where the first goes, and the box of every pixel it
    /// may touch (the lines' boxes and the bar, with room for ink past a box and anti-aliased edges).
    func resultPlan(_ frame: WheelFrameCache, result: ResultText?) -> (lines: ResultLines, top: Double, widest: Double, extent: PixelRect)? {
        guard let result else { return nil }
        let rect = frame.layout.resultRect
        let largest = frame.layout.resultTextSize * result.share
        let layout: ResultLines
        if let last = scratch.resultLines, last.text == result.text, last.box == rect, last.largest == largest {
            layout = last.lines
        } else {
            layout = ResultLines(result.text, fonts: fonts, box: rect, largest: largest)
            scratch.resultLines = (result.text, rect, largest, layout)
        }
        guard layout.size > 0 else { return nil }
        let lineHeight = 1.15 * layout.size
        let top = rect.center.y - lineHeight * Double(layout.count - 1) / 2
        var widest = 0.0, height = 0.0
        for i in 0..<layout.count {
            let box = fonts.measure(i == 0 ? layout.first : layout.second, size: layout.size)
            widest = max(widest, box.width); height = max(height, box.height)
        }
        let pad = 0.25 * layout.size + 2
        var extent = Rect(x: rect.center.x - widest / 2 - pad, y: top - height / 2 - pad, width: widest + 2 * pad,
                          height: lineHeight * Double(layout.count - 1) + height + 2 * pad)
        if let bar = resultBar(frame, result: result, lines: layout, top: top, widest: widest) {
            extent = extent.union(bar.insetBy(-2))
        }
        return (layout, top, widest, PixelRect(enclosing: extent))
    }

    /// The bar in the winner's colour under the banner's text (nil: none).
    func resultBar(_ frame: WheelFrameCache, result: ResultText, lines: ResultLines, top: Double, widest: Double) -> Rect? {
        guard let bar = result.bar, bar.alpha > 0 else { return nil }
        let rect = frame.layout.resultRect, lineHeight = 1.15 * lines.size
        let barWidth = min(rect.width, widest)
        // Under the line's bottom, or under the ink where it reaches deeper (Arabic's descenders).
        let last = lines.count == 1 ? lines.first : lines.second
        let below = fonts.inkDescent(last, size: lines.size) - fonts.measureLine(last, size: lines.size).descent
        let y = top + Double(lines.count - 1) * lineHeight + lines.size * 0.5 + (below > 0.01 * lines.size ? below + 0.04 * lines.size : 0)
        return Rect(x: rect.center.x - barWidth / 2, y: y, width: barWidth, height: max(2, lines.size * 0.07))
    }

    func drawResult(_ frame: WheelFrameCache, result: ResultText?, in canvas: Canvas) {
        guard let result, let plan = resultPlan(frame, result: result) else { return }
        let rect = frame.layout.resultRect, layout = plan.lines
        let lineHeight = 1.15 * layout.size
        for i in 0..<layout.count {
            let line = i == 0 ? layout.first : layout.second
            fonts.draw(line, in: canvas, at: Point(x: rect.center.x, y: plan.top + Double(i) * lineHeight),
                       style: TextStyle(size: layout.size, color: result.color, alignment: .center, verticalAlignment: .middle))
        }
        if let color = result.bar, let bar = resultBar(frame, result: result, lines: layout, top: plan.top, widest: plan.widest) {
            // A bar in the winner's colour under the text ties the label to the slice.
            scratch.resultBarPath.removeAll()
            addRoundedRect(bar, radius: bar.height / 2, to: &scratch.resultBarPath)
            canvas.fill(scratch.resultBarPath, color: color)
        }
    }

    /// `pulse` 0…1: attract mode's invitation, the button glowing gold.
    func drawButton(_ frame: WheelFrameCache, label: String, enabled: Bool, pulse: Double = 0, in canvas: Canvas) {
        let rect = frame.layout.buttonRect, look = config.theme.button
        guard rect.width > 0, rect.height > 0 else { return }   // a thumbnail has no button
        if pulse > 0 {
            let glow = frame.layout.radius * 0.035 * (0.4 + 0.6 * pulse)
            var color = look.glow
            color.alpha = UInt8((150 * pulse).rounded())
            canvas.fill(roundedRect(rect.insetBy(-glow), radius: rect.height / 2 + glow), color: color)
        }
        canvas.withTransform(.translation(x: 0, y: max(1, rect.height * 0.06))) {
            canvas.fill(frame.button, color: Color(rgb: 0x000000, alpha: 80))
        }
        canvas.fill(frame.button, color: enabled ? look.fill : look.disabledFill)
        let width = fonts.measure(label, size: 1).width
        let size = min(rect.height * 0.52, rect.width * 0.8 / max(width, 1))
        fonts.draw(label, in: canvas, at: rect.center,
                   style: TextStyle(size: size, color: enabled ? look.text : look.disabledText,
                                    alignment: .center, verticalAlignment: .middle))
    }
}

/// Whether every pixel of `image` whose centre lies between `inner` and `outer` px from the image's
/// centre is opaque.
func isOpaque(_ image: Pixmap, from inner: Double, to outer: Double) -> Bool {
    let cx = Double(image.width) / 2, cy = Double(image.height) / 2
    for y in 0..<image.height {
        let dy = Double(y) + 0.5 - cy
        guard abs(dy) < outer else { continue }
        let reach = (outer * outer - dy * dy).squareRoot()
        let hole = abs(dy) < inner ? (inner * inner - dy * dy).squareRoot() : 0
        // The row's two stretches of the annulus (one where it passes above or below the hole).
        for (from, to) in [(cx - reach, cx - hole), (cx + hole, cx + reach)] {
            for x in max(0, Int((from - 0.5).rounded(.up)))..<min(image.width, Int((to - 0.5).rounded(.down)) + 1)
                where image[x, y] >> 24 != 255 { return false }
        }
    }
    return true
}

/// A slice around (0, 0) whose arc is a polygon with vertices on the circle, its chords at most
/// `sagitta` px inside it (clockwise from `start`, like `Path.sector`).
func sectorPolygon(radius: Double, start: Angle, sweep: Double, sagitta: Double) -> Path {
    let step = 2 * acos(max(-1, 1 - sagitta / max(radius, sagitta)))
    let n = max(1, Int((abs(sweep) / step).rounded(.up)))
    var p = Path()
    p.move(to: .zero)
    for k in 0...n {
        p.line(to: .onCircle(center: .zero, radius: radius, at: start + .radians(sweep * Double(k) / Double(n))))
    }
    p.close()
    return p
}

/// A rectangle with circular corners of `radius` (clamped to half the shorter side).
func roundedRect(_ rect: Rect, radius: Double) -> Path {
    var p = Path()
    addRoundedRect(rect, radius: radius, to: &p)
    return p
}

/// `roundedRect` added to `p` (a path kept between frames and emptied allocates nothing).
func addRoundedRect(_ rect: Rect, radius: Double, to p: inout Path) {
    let r = max(0, min(radius, rect.width / 2, rect.height / 2))
    p.move(to: Point(x: rect.minX + r, y: rect.minY))
    p.line(to: Point(x: rect.maxX - r, y: rect.minY))
    p.arc(center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, start: .radians(-Double.pi / 2), end: .zero)
    p.line(to: Point(x: rect.maxX, y: rect.maxY - r))
    p.arc(center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, start: .zero, end: .radians(Double.pi / 2))
    p.line(to: Point(x: rect.minX + r, y: rect.maxY))
    p.arc(center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, start: .radians(Double.pi / 2), end: .radians(Double.pi))
    p.line(to: Point(x: rect.minX, y: rect.minY + r))
    p.arc(center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, start: .radians(Double.pi), end: .radians(1.5 * Double.pi))
    p.close()
}

func darker(_ c: Color, by f: Double) -> Color {
    Color(red: UInt8((Double(c.red) * (1 - f)).rounded()), green: UInt8((Double(c.green) * (1 - f)).rounded()),
          blue: UInt8((Double(c.blue) * (1 - f)).rounded()), alpha: c.alpha)
}

/// The whole pixels of `frame` whose centres lie between `inner` and `outer` px from `center`, row by row.
func annulusSpans(center c: Point, inner: Double, outer: Double, frame: Size) -> [PixelSpan] {
    var spans: [PixelSpan] = []
    let width = Int(frame.width), height = Int(frame.height)
    for y in max(0, Int((c.y - outer).rounded(.down)))..<min(height, Int((c.y + outer).rounded(.up)) + 1) {
        let dy = Double(y) + 0.5 - c.y
        let reach2 = outer * outer - dy * dy
        guard reach2 > 0 else { continue }
        let reach = reach2.squareRoot()
        let x0 = max(0, Int((c.x - reach - 0.5).rounded(.up))), x1 = min(width, Int((c.x + reach - 0.5).rounded(.down)) + 1)
        guard x0 < x1 else { continue }
        let inside2 = inner * inner - dy * dy
        if inside2 > 0 {
            let inside = inside2.squareRoot()
            let h0 = max(x0, Int((c.x - inside - 0.5).rounded(.up))), h1 = min(x1, Int((c.x + inside - 0.5).rounded(.down)) + 1)
            if h0 > x0 { spans.append(PixelSpan(y: y, x0: x0, x1: h0)) }
            if x1 > h1 { spans.append(PixelSpan(y: y, x0: max(h1, x0), x1: x1)) }
        } else {
            spans.append(PixelSpan(y: y, x0: x0, x1: x1))
        }
    }
    return spans
}
