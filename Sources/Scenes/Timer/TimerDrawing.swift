// Where the timer's parts go in a frame (TimerLayout, seed 001's formulas) and how a frame is drawn.
// px, y down; the ring starts at 12 o'clock and fills clockwise (Angle's convention).
// The seed strokes a full-circle track (its round caps never show) and a progress stroke with butt
// caps over it. Drawn that way the track's anti-aliased edge shows through the progress edge as a
// gray fringe, so the same two shapes are filled here as tiles of one ring instead: progress from
// 12 o'clock to the trim end, track for the rest. Their coverages add up exactly, so the ring has
// the seed's geometry with no fringe and no seam where progress meets track.
import BitmapFont
import Raster

/// Seed 001's geometry for a view the size of the frame.
public struct TimerLayout: Sendable, Equatable {
    public var center: Point
    /// The ring's centre line: min(W, H) / 2 − 5.
    public var radius: Double
    /// 10 px, the seed's lineWidth.
    public var lineWidth: Double

    /// `scaleWithFrame` grows the inset and width by min(W, H) / 240 when the frame is larger
    /// than 240 px (seed 001 keeps them at 5 and 10 px for any size).
    public init(frame: Size, scaleWithFrame: Bool = false) {
        let diameter = min(frame.width, frame.height)
        let scale = scaleWithFrame ? max(1, diameter / 240) : 1
        center = Point(x: frame.width / 2, y: frame.height / 2)
        radius = diameter / 2 - 5 * scale
        lineWidth = 10 * scale
    }

    public var innerRadius: Double { max(0, radius - lineWidth / 2) }
    public var outerRadius: Double { radius + lineWidth / 2 }
    /// The widest line of text that sits well inside the ring.
    public var textWidth: Double { innerRadius * 2 * 0.72 }
}

extension TimerScene {
    func drawRing(_ layout: TimerLayout, status: TimerStatus, in canvas: Canvas) {
        guard layout.radius > 0 else { return }
        let progress = status.position.progress
        let step = program.steps[status.position.step]
        // The flash brightens the ring towards white and back (at most 60 %).
        let color = TimerScene.mix(alertColor(status) ?? step.color ?? config.progressColor, towards: .white, amount: 0.6 * status.flash)
        let top = Angle.twelveOClock
        let end = top + Angle.fullTurn * progress
        // Last frame's list goes first, so the tiles' paths are uniquely held and rebuilt in place.
        tiles.removeAll(keepingCapacity: true)
        progressTile.removeAll()
        trackTile.removeAll()
        // A sweep of exactly 0 would be read as a full turn by Path.arc, so empty parts are left out.
        if progress > 0 {
            progressTile.addRingSector(center: layout.center, innerRadius: layout.innerRadius, outerRadius: layout.outerRadius,
                                       start: top, end: end)
            tiles.append((progressTile, color))
        }
        if progress < 1 {
            trackTile.addRingSector(center: layout.center, innerRadius: layout.innerRadius, outerRadius: layout.outerRadius,
                                    start: end, end: top + .fullTurn)
            tiles.append((trackTile, config.trackColor))
        }
        canvas.fillTiles(tiles)
    }

    func drawText(_ layout: TimerLayout, status: TimerStatus, in canvas: Canvas) {
        guard layout.textWidth > 1 else { return }
        let readout = readout(seconds: status.displayedSeconds, label: status.label, layout: layout)
        let size = readout.size
        guard size > 0 else { return }
        let c = layout.center
        fonts.draw(readout.text, in: canvas, at: c,
                   style: TextStyle(size: size, color: alertColor(status) ?? config.textColor, alignment: .center, verticalAlignment: .middle))
        // Digits fill roughly the upper 3/4 of the line; the label and the pause sign keep clear of them.
        let half = size * 0.42
        if let label = status.label, !label.isEmpty {
            fonts.draw(label, in: canvas, at: Point(x: c.x, y: c.y - half - size * 0.12),
                       style: TextStyle(size: readout.labelSize, color: config.textColor, alignment: .center, verticalAlignment: .bottom))
        }
        if status.state == .paused { drawPauseSign(below: Point(x: c.x, y: c.y + half + size * 0.18), size: size, in: canvas) }
    }

    /// `warnColor` or `dangerColor` when the status calls for one (warnAt, dangerAt, overtime).
    func alertColor(_ status: TimerStatus) -> Color? {
        switch status.alert {
        case .none: return nil
        case .warning: return config.warnColor
        case .danger: return config.dangerColor
        }
    }

    /// Two bars (⏸), so a stopped countdown does not look like a stuck one.
    func drawPauseSign(below top: Point, size: Double, in canvas: Canvas) {
        let height = size * 0.36, width = size * 0.11, gap = size * 0.1
        let color = config.textColor.withOpacity(0.6)
        // Two fills, not one path of two rectangles: where the bars share a pixel it blends twice.
        func bar(x: Double) {
            pauseBar.removeAll()
            pauseBar.addRect(Rect(x: x, y: top.y, width: width, height: height))
            canvas.fill(pauseBar, color: color)
        }
        bar(x: top.x - gap / 2 - width)
        bar(x: top.x + gap / 2)
    }

    /// The countdown text and its sizes for `seconds` left and `label` in `layout`'s ring: the last
    /// frame's when those are unchanged, so a frame formats and measures nothing (and allocates nothing).
    func readout(seconds: Int, label: String?, layout: TimerLayout) -> TimerReadout {
        let inner = layout.innerRadius, available = layout.textWidth
        if let readout, readout.seconds == seconds, readout.label == label, readout.inner == inner { return readout }
        let text = TimerStatus.format(seconds: seconds)
        // Sized for the same text with every digit 0, so the size does not change from second to second.
        // (Built by appending: short strings stay inline, where `map` would allocate an array.)
        var template = ""
        for character in text { template.append(character.isNumber ? "0" : character) }
        let size = fitted(template, size: inner * 0.42, width: available)
        let labelSize = label.map { fitted($0, size: size * 0.4, width: available * 0.8) } ?? 0
        let made = TimerReadout(seconds: seconds, label: label, inner: inner, text: text, size: size, labelSize: labelSize)
        readout = made
        return made
    }

    /// `size`, or smaller so that `text` is at most `width` px wide.
    func fitted(_ text: String, size: Double, width: Double) -> Double {
        let measured = fonts.measure(text, size: size).width
        return measured > width ? size * width / measured : size
    }

    /// Straight-alpha blend of `color` towards `other` by `amount` (0…1).
    static func mix(_ color: Color, towards other: Color, amount: Double) -> Color {
        let k = min(max(amount, 0), 1)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * k).rounded()) }
        return Color(red: mix(color.red, other.red), green: mix(color.green, other.green), blue: mix(color.blue, other.blue),
                     alpha: mix(color.alpha, other.alpha))
    }
}

/// What `drawText` shows for one displayed second: the text and the sizes fitted to the ring.
struct TimerReadout {
    var seconds: Int
    var label: String?
    /// The ring's inner radius the sizes were fitted to, px.
    var inner: Double
    var text: String
    var size: Double
    var labelSize: Double
}
