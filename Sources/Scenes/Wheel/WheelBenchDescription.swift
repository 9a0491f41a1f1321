// The wheel's mid-spin frame as a line-based display list, so another renderer (bench/cairo-wheel.c,
// built only by `make bench`) can draw the same picture and be timed against ours. Geometry comes from
// the scene's own frame cache and layout, so both draw the same shapes; the ops are listed in the order
// `render` draws them. Units: px, y down; angles in radians, clockwise, wheel-local ones at rotation 0
// (the C side adds each frame's rotation); colours straight (not premultiplied) R G B A, 0…255.
// Only mid-spin frames are described (no winner highlight, no result text, button disabled).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Motion
import Raster

extension WheelScene {
    /// The display list for frames of `frameSize` px at each of `times` (s), or nil when the frames
    /// are not all mid-spin or the wheel is in numbered mode (neither is described). `ringPath` is the
    /// PNG file of the ring image this scene draws (the C program loads and pre-scales it itself).
    ///
    /// Format, one op per line, numbers in decimal:
    /// ```
    /// roundel-wheel-frames 1
    /// size W H
    /// rotation R                              (one line per frame, radians clockwise)
    /// clear R G B A
    /// annulus CX CY INNER OUTER R G B A
    /// wheel CX CY                             (centre of the rotating ops below)
    /// slice RADIUS START END R G B A          (wheel-local, rotates)
    /// label RADIUS ANGLE SIZE R G B A TEXT    (wheel-local, rotates; centred, text to end of line)
    /// rimshadow CX CY EDGE WIDTH STRENGTH     (black, opacity STRENGTH·s² over [EDGE − WIDTH, EDGE]; does not turn)
    /// ring DIAMETER SIDE PATH                 (image pre-scaled once to SIDE px, drawn DIAMETER px wide)
    /// circle CX CY RADIUS R G B A
    /// polygon N X1 Y1 … XN YN DX DY R G B A   (filled, offset by DX DY)
    /// outline N X1 Y1 … XN YN WIDTH R G B A   (closed, round joins)
    /// roundrect X Y W H RADIUS DX DY R G B A  (offset by DX DY)
    /// text CX CY SIZE R G B A TEXT            (centred on its line box)
    /// dirty X Y W H                           (what changes from frame to frame: the disc's square)
    /// stillring BX BY BAND BULBS SIDE OFFSET PHASES TRACK CX CY N A1 … AN
    ///     (the ring as Roundel draws it: the still band PNG at BX BY; BULBS, PHASES² bulb sprites of
    ///      SIDE px side by side, sprite y·PHASES + x centred (x, y)/PHASES px from a pixel corner
    ///      OFFSET px in; N bulbs on a TRACK px circle round CX CY at wheel-local angles A)
    /// ```
    /// `stillRing`: the PNG files `benchStillRingImages` gave, to describe the shipped ring both ways
    /// (a `ring` line for its image turned, a `stillring` line for it as Roundel draws it).
    public func benchDescription(frameSize: Size, times: [Double], ringPath: String,
                                 stillRing stillFiles: (band: String, bulbs: String)? = nil) -> String? {
        guard numberedCount == nil, !times.isEmpty, times.allSatisfy({ spinner.isSpinning(at: $0) }) else { return nil }
        let frame = prepare(for: frameSize)
        let layout = frame.layout, r = layout.radius, c = layout.center
        var lines = ["roundel-wheel-frames 1", "size \(Int(frameSize.width)) \(Int(frameSize.height))"]
        for t in times { lines.append("rotation \(number(spinner.rotation(at: t)))") }

        lines.append("clear \(rgba(config.backgroundColor))")
        // drawShadow
        for k in 1...3 {
            let spread = Double(k) * 0.018 * r
            lines.append("annulus \(number(c.x)) \(number(c.y + 0.02 * r)) \(number(r * 0.9)) \(number(r + spread)) "
                         + rgba(Color(rgb: 0x000000, alpha: 34)))
        }
        // drawSlices and drawLabels (no winner while spinning)
        lines.append("wheel \(number(c.x)) \(number(c.y))")
        let slices = spinner.layout
        for i in 0..<slices.count {
            let start = slices.starts[i] - Double.pi / 2
            lines.append("slice \(number(frame.sliceRadius)) \(number(start)) \(number(start + slices.sweeps[i])) "
                         + rgba(items[i].color))
        }
        for (i, plan) in frame.labels.enumerated() {
            guard let plan else { continue }
            let angle = slices.midAngle(of: i) - Double.pi / 2 + plan.turn
            // A label's second line is described by where its centre is (the C side turns it by
            // that angle, a few degrees off ours: the same ink to time).
            for line in plan.lines {
                let radius = (plan.radius * plan.radius + line.offset * line.offset).squareRoot()
                let turned = angle + atan2(line.offset, plan.radius)
                lines.append("label \(number(radius)) \(number(turned)) \(number(line.size)) \(rgba(items[i].labelColor ?? config.labelColor ?? frame.ink[i])) \(line.text)")
            }
        }
        // drawRing. The shipped ring is a `StillRing` here (band and shadow composited as they are,
        // bulbs placed); cairo draws it as the issue asks, as its shadow and the image assets/ring.png
        // turned with a bilinear filter, pre-scaled by area averaging only when much smaller (as image rings are).
        if frame.stillRing != nil {
            lines.append("rimshadow \(number(c.x)) \(number(c.y)) \(number(RingImage.innerFraction * frame.ringDiameter / 2)) "
                         + "\(number(StillRing.shadowWidthFraction * frame.ringDiameter / 2)) \(number(StillRing.shadowStrength))")
            let target = Int(frame.ringDiameter.rounded(.up)), side = RingImage.shippedSide
            lines.append("ring \(number(frame.ringDiameter)) \(Double(target) < Double(side) / 1.5 ? target : side) \(ringPath)")
            if let stillFiles, let parts = frame.stillRing?.parts {
                lines.append("stillring \(parts.bandOrigin.x) \(parts.bandOrigin.y) \(stillFiles.band) \(stillFiles.bulbs) "
                             + "\(parts.side) \(parts.offset) \(StillRing.phases) \(number(parts.track)) "
                             + "\(number(parts.center.x)) \(number(parts.center.y)) \(parts.angles.count) "
                             + parts.angles.map { number($0) }.joined(separator: " "))
            }
        } else if let ring = frame.ring {
            lines.append("ring \(number(frame.ringDiameter)) \(ring.width) \(ringPath)")
        }
        // drawHub
        let h = frame.hubRadius
        let hub = config.theme.hub
        lines.append(circle(Point(x: c.x, y: c.y + h * 0.12), h * 1.08, Color(rgb: 0x000000, alpha: 70)))
        lines.append(circle(c, h, hub.rim))
        lines.append(circle(c, h * 0.86, hub.body))
        lines.append(circle(Point(x: c.x - h * 0.1, y: c.y - h * 0.12), h * 0.62, hub.shine))
        lines.append(circle(Point(x: c.x - h * 0.28, y: c.y - h * 0.3), h * 0.2, hub.spot))
        // drawPointer: the same triangle as `prepare` builds
        let tip = frame.pointerTip
        let baseY = c.y - r - WheelLayout.pointerRise * r, halfWidth = 0.085 * r
        let triangle = [tip, Point(x: c.x - halfWidth, y: baseY), Point(x: c.x + halfWidth, y: baseY)]
        let corners = "3 " + triangle.map { "\(number($0.x)) \(number($0.y))" }.joined(separator: " ")
        lines.append("polygon \(corners) 0 \(number(0.025 * r)) \(rgba(Color(rgb: 0x000000, alpha: 90)))")
        lines.append("polygon \(corners) 0 0 \(rgba(config.pointerColor))")
        lines.append("outline \(corners) \(number(max(1, 0.012 * r))) \(rgba(darker(config.pointerColor, by: 0.45)))")
        let pin = Point(x: c.x, y: c.y - r - WheelLayout.pointerRise * r + 0.035 * r)
        lines.append(circle(pin, 0.03 * r, hub.shine))
        // drawResult draws nothing while spinning; drawButton, disabled (a thumbnail has none)
        let b = layout.buttonRect
        if b.width > 0, b.height > 0 {
            let box = "\(number(b.x)) \(number(b.y)) \(number(b.width)) \(number(b.height)) \(number(b.height / 2))"
            lines.append("roundrect \(box) 0 \(number(max(1, b.height * 0.06))) \(rgba(Color(rgb: 0x000000, alpha: 80)))")
            lines.append("roundrect \(box) 0 0 \(rgba(config.theme.button.disabledFill))")
            let width = fonts.measure("START", size: 1).width
            let size = min(b.height * 0.52, b.width * 0.8 / max(width, 1))
            lines.append("text \(number(b.center.x)) \(number(b.center.y)) \(number(size)) \(rgba(config.theme.button.disabledText)) START")
        }
        let half = max(frame.ringDiameter / 2, frame.sliceRadius) + 3
        let dirty = PixelRect(enclosing: Rect(x: c.x - half, y: c.y - half, width: 2 * half, height: 2 * half))
        lines.append("dirty \(dirty.x) \(dirty.y) \(dirty.width) \(dirty.height)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The shipped ring's still band (with its shadow) and its bulb sprites side by side, as
    /// `benchDescription`'s `stillring` line uses them; nil when this wheel has no shipped ring.
    public func benchStillRingImages(frameSize: Size) -> (band: Pixmap, bulbs: Pixmap)? {
        guard let parts = prepare(for: frameSize).stillRing?.parts,
              let strip = Canvas(width: parts.side * parts.bulbs.count, height: parts.side) else { return nil }
        for (k, bulb) in parts.bulbs.enumerated() {
            strip.draw(bulb, transform: .translation(x: Double(k * parts.side), y: 0))
        }
        return (parts.band, strip.pixmap)
    }

    private func circle(_ centre: Point, _ radius: Double, _ color: Color) -> String {
        "circle \(number(centre.x)) \(number(centre.y)) \(number(radius)) \(rgba(color))"
    }
    private func rgba(_ c: Color) -> String { "\(c.red) \(c.green) \(c.blue) \(c.alpha)" }
    private func number(_ x: Double) -> String { formatFixed(x, digits: 6) }
}
