// The shipped ring as the wheel draws it: nothing resampled per frame. Its band is round and lit by
// a light that stays where it is while the wheel turns (as a real lamp would), so band and the soft
// shadow it casts inward onto the slices look the same at every rotation: they are computed once
// per frame size at the frame's own pixels, exact, and composited as they are (`SpanImage`). Only the
// 24 bulbs move: each frame places a bulb drawn once at the nearest quarter pixel (16 offsets, so a
// bulb is within 1/8 px of where it belongs and always as sharp as a drawn disc). The bulbs' specular
// dots stay to the top-left, where the light is. assets/ring.png is the same ring as an image (at
// rotation 0), for custom rings to start from; an image ring is resampled every frame.
import Raster

struct StillRing {
    /// The shadow's opacity grows as `shadowStrength`·s² across `shadowWidthFraction` of the ring's
    /// radius, up to the band's inner edge.
    static let shadowStrength = 0.55
    static let shadowWidthFraction = 0.06
    /// Bulb positions are rounded to 1/`phases` px (a power of two: positions split by shift and mask).
    static let phaseShift = 2
    static let phases = 1 << phaseShift

    /// The band over its inward shadow, in frame px.
    let band: SpanImage
    /// The band's pixels whose centre lies within `innerRadius` of the centre: its inner edge and
    /// the shadow, which lie over the slices and change as they turn. Outside it the band is opaque
    /// out to `opaqueTo`, so a backdrop with the whole band on it (`WheelFrameCache.ringBackdrop`)
    /// needs only this part drawn again each frame, over slices that reach no farther.
    let innerBand: SpanImage
    let innerRadius: Double
    /// A bulb centred (x, y)/`phases` px right and down of (0, 0): index `y·phases + x`.
    private let bulbs: [SpanImage]
    /// Each bulb image's origin is this many px up and left of its bulb's pixel corner.
    private let bulbOffset: Int
    private let center: Point
    private let track: Double
    private let angles: [Angle]
    /// Pixels whose centre is this close to the centre or closer lie in the band's hole (with its
    /// shadow); from `opaqueFrom` to `opaqueTo` the band covers them completely.
    let opaqueFrom: Double, opaqueTo: Double

    /// The ring drawn `radius` px round `center` (the image's half side: its rim lies just inside),
    /// in the theme's `colors`.
    init(center: Point, radius: Double, colors: Theme.RingColors = Theme.classic.ring) {
        self.center = center
        // Nothing to draw for a ring of no size (or one no frame could hold).
        guard radius > 0, radius < Double(Pixmap.maxSide), center.x.isFinite, center.y.isFinite else {
            band = SpanImage(); innerBand = SpanImage(); innerRadius = 0
            bulbs = []; bulbOffset = 0; track = 0; angles = []; opaqueFrom = 0; opaqueTo = 0
            return
        }
        let outer = radius * RingImage.outerFraction
        let bandShape = RingImage.Band(radius: radius, outer: outer, colors: colors)
        let edge = bandShape.inner, width = StillRing.shadowWidthFraction * radius
        opaqueFrom = edge + 0.5
        opaqueTo = outer - 0.5
        // A pixel past the slices' reach (`WheelScene.prepare`: opaqueFrom + 1.5).
        innerRadius = opaqueFrom + 2.5
        // Band over shadow, row by row over the annulus from the shadow's start to the rim. Smaller
        // than the shipped image (radius 512), each pixel averages radii as area averaging the image would.
        let samples = min(8, max(1, Int((1.5 * 512 / radius).rounded(.up))))
        var band = SpanImage(), innerBand = SpanImage()
        let reach = outer + 1, hole = max(0, edge - width - 1), inner2 = innerRadius * innerRadius
        var row: [UInt32] = []
        for y in Int((center.y - reach).rounded(.down))...Int((center.y + reach).rounded(.up)) {
            let dy = Double(y) + 0.5 - center.y
            guard abs(dy) < reach else { continue }
            let half = (reach * reach - dy * dy).squareRoot()
            let x0 = Int((center.x - half).rounded(.down)), x1 = Int((center.x + half).rounded(.up))
            // The row's pixels well inside the hole are skipped: the row is one piece or two.
            let inner = abs(dy) < hole ? (hole * hole - dy * dy).squareRoot() : 0
            let h0 = Int((center.x - inner).rounded(.up)), h1 = Int((center.x + inner).rounded(.down))
            let pieces = h0 < h1 ? [(x0, h0), (h1, x1)] : [(x0, x1)]
            for (a, b) in pieces where a < b {
                row.removeAll(keepingCapacity: true)
                for x in a..<b {
                    let dx = Double(x) + 0.5 - center.x
                    let r = (dx * dx + dy * dy).squareRoot()
                    var shade: UInt32 = 0
                    if r < edge + 0.5, r > edge - width {
                        let s = (r - (edge - width)) / width
                        shade = UInt32(min(255, (StillRing.shadowStrength * s * s * 255).rounded())) << 24
                    }
                    row.append(sourceOver(bandShape.pixel(dx: dx, dy: dy, samples: samples), shade))
                }
                row.withUnsafeBufferPointer { band.append(row: $0, x: a, y: y) }
                // The piece's pixels inside `innerRadius`: one stretch (the distance falls, then rises).
                var i0 = a, i1 = a
                for x in a..<b {
                    let dx = Double(x) + 0.5 - center.x
                    guard dx * dx + dy * dy < inner2 else { continue }
                    if i0 == i1 { i0 = x }
                    i1 = x + 1
                }
                if i0 < i1 {
                    row.withUnsafeBufferPointer { innerBand.append(row: UnsafeBufferPointer(rebasing: $0[(i0 - a)..<(i1 - a)]), x: i0, y: y) }
                }
            }
        }
        self.band = band
        self.innerBand = innerBand

        // The bulbs: one per quarter-pixel offset, each centred that far from a pixel corner.
        let bulb = RingImage.bulbRadius(ringRadius: radius)
        let o = Int((2.1 * bulb + 2).rounded(.up)), side = 2 * o + 2
        var bulbs: [SpanImage] = []
        for k in 0..<(StillRing.phases * StillRing.phases) {
            let fx = Double(k % StillRing.phases) / Double(StillRing.phases), fy = Double(k / StillRing.phases) / Double(StillRing.phases)
            guard let canvas = Canvas(width: side, height: side) else { break }
            RingImage.paintBulb(canvas, at: Point(x: Double(o) + fx, y: Double(o) + fy), radius: bulb, colors: colors)
            bulbs.append(SpanImage(canvas.pixmap, at: (-o, -o)))
        }
        self.bulbs = bulbs
        bulbOffset = o
        // As in the image: the track lies 0.75 of its 512 texels inside the band's middle.
        track = radius * RingImage.trackFraction - 0.75 * radius / 512
        angles = RingImage.bulbAngles
    }

    /// The band and its shadow (or only `innerBand`, over a backdrop that has the band), then the
    /// bulbs turned by `rotation` (radians clockwise).
    func draw(in canvas: Canvas, rotation: Double, innerOnly: Bool = false) {
        canvas.draw(innerOnly ? innerBand : band)
        forEachBulb(rotation: rotation) { bulb, dx, dy in canvas.draw(bulb, dx: dx, dy: dy) }
    }

    /// The box of every pixel the bulbs at `rotation` draw (a frame that keeps the one before it
    /// copies these back from the backdrop before drawing the bulbs at their new places).
    func forEachBulbBox(rotation: Double, _ body: (PixelRect) -> Void) {
        forEachBulb(rotation: rotation) { bulb, dx, dy in
            let b = bulb.bounds
            body(PixelRect(x: b.x + dx, y: b.y + dy, width: b.width, height: b.height))
        }
    }

    /// Each bulb at `rotation`: its image for the quarter-pixel offset and where it goes.
    private func forEachBulb(rotation: Double, _ body: (SpanImage, Int, Int) -> Void) {
        guard bulbs.count == StillRing.phases * StillRing.phases, rotation.isFinite else { return }
        let n = Double(StillRing.phases), limit = Double(Int32.max)
        for angle in angles {
            let p = Point.onCircle(center: center, radius: track, at: angle + .radians(rotation))
            // Quarter pixels, floored by the shift (so negative positions round the same way).
            let qx = Int(min(max((p.x * n).rounded(), -limit), limit)), qy = Int(min(max((p.y * n).rounded(), -limit), limit))
            let mask = StillRing.phases - 1, shift = StillRing.phaseShift
            body(bulbs[(qy & mask) * StillRing.phases + (qx & mask)], qx >> shift, qy >> shift)
        }
    }
}

extension StillRing {
    /// The ring's parts as plain images, for another renderer to draw the same ring the same way
    /// (bench/cairo-wheel): the band with its shadow at `bandOrigin` in frame px; the bulb drawn at
    /// each of the `phases`² sub-pixel offsets (index y·phases + x), each `side` px square with the
    /// bulb's pixel-corner origin `offset` px in; the bulbs' track radius, centre and angles.
    struct Parts {
        var band: Pixmap, bandOrigin: (x: Int, y: Int)
        var bulbs: [Pixmap], side: Int, offset: Int
        var track: Double, center: Point, angles: [Double]
    }

    var parts: Parts? {
        let b = band.bounds
        guard b.width > 0, b.height > 0, let bandCanvas = Canvas(width: b.width, height: b.height),
              !bulbs.isEmpty else { return nil }
        bandCanvas.draw(band, dx: -b.x, dy: -b.y)
        let offset = bulbOffset, side = 2 * offset + 2
        var images: [Pixmap] = []
        for bulb in bulbs {
            guard let canvas = Canvas(width: side, height: side) else { return nil }
            canvas.draw(bulb, dx: offset, dy: offset)
            images.append(canvas.pixmap)
        }
        return Parts(band: bandCanvas.pixmap, bandOrigin: (b.x, b.y), bulbs: images, side: side, offset: offset,
                     track: track, center: center, angles: angles.map(\.radians))
    }
}
