// Seed 003's clock face at the size of the frame, and the hands added to it. The seed's sizes are in
// points for a phone; here every one of them is multiplied by s = min(W, H) / 300, so the face's
// outermost ink (the minute labels on the 360 frame's radius, 120 pt) spans about 87 % of the
// smaller side, centred. Within the face: hours on the 240 frame (radius 80 pt), minutes ×5 on the
// 360 frame (radius 120 pt), icons in 44 pt circles on the 120 frame (radius 40 pt), and the tick
// ring, strokeBorder(width 10, dash [1, 10]) on the 220 frame: centre radius 110 − 5 = 105 pt.
// Width and dash scale with s too, so the ticks keep the seed's 1 : 10 look at every size.
// Hands are paths in points pointing at 12 o'clock, turned and scaled by a transform.
import BitmapFont
import Raster

struct ClockFace {
    /// Points the smaller side of the frame stands for.
    static let designSide = 300.0
    static let hourFrame = 240.0, minuteFrame = 360.0, iconFrame = 120.0, tickFrame = 220.0
    static let iconDiameter = 44.0
    static let tickWidth = 10.0, tickDash = [1.0, 10.0]
    /// Terminus digits are 0.625 em tall: 30 pt matches the height of SF's 28 pt .title digits,
    /// 14 pt that of its 12 pt .caption.
    static let hourTextSize = 30.0, minuteTextSize = 14.0

    let size: Size
    let center: Point
    /// Frame px per seed point.
    let scale: Double

    init(frame: Size) {
        size = frame
        center = Point(x: frame.width / 2, y: frame.height / 2)
        scale = min(frame.width, frame.height) / ClockFace.designSide
    }

    /// The seed's RadialLayout on a square frame of `side` points around the centre.
    func layout(frame side: Double, count: Int) -> RadialLayout {
        RadialLayout(bounds: Rect(center: center, width: side * scale, height: side * scale), count: count)
    }

    var hours: RadialLayout { layout(frame: ClockFace.hourFrame, count: 12) }
    var minutes: RadialLayout { layout(frame: ClockFace.minuteFrame, count: 12) }
    var icons: RadialLayout { layout(frame: ClockFace.iconFrame, count: ClockIcon.allCases.count) }
    /// strokeBorder keeps the stroke inside the frame: its centre line is half a width in.
    var tickRadius: Double { (ClockFace.tickFrame / 2 - ClockFace.tickWidth / 2) * scale }

    /// Points → frame px, turned `turn` clockwise from 12 o'clock about the centre.
    func handTransform(turn: Double) -> Transform {
        Transform.rotation(.radians(turn)).concatenating(.scale(scale)).concatenating(.translation(x: center.x, y: center.y))
    }

    // MARK: Drawing

    /// The seed's face: minutes, tick ring, hours, icons.
    func drawDial(in canvas: Canvas, fonts: FontStack, config: ClockConfig) {
        let numbers = [12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
        let ink = config.numberColor
        let minuteStyle = TextStyle(size: ClockFace.minuteTextSize * scale, color: ink, alignment: .center, verticalAlignment: .middle)
        for (i, position) in minutes.positions.enumerated() {
            fonts.draw(String(numbers[i] * 5), in: canvas, at: position, style: minuteStyle)
        }
        canvas.stroke(.circle(center: center, radius: tickRadius),
                      style: StrokeStyle(width: ClockFace.tickWidth * scale, dash: ClockFace.tickDash.map { $0 * scale }), color: ink)
        let hourStyle = TextStyle(size: ClockFace.hourTextSize * scale, color: ink, alignment: .center, verticalAlignment: .middle)
        for (i, position) in hours.positions.enumerated() {
            fonts.draw(String(numbers[i]), in: canvas, at: position, style: hourStyle)
        }
        for (icon, position) in zip(ClockIcon.allCases, icons.positions) {
            canvas.withTransform(Transform.scale(scale).concatenating(.translation(x: position.x, y: position.y))) {
                canvas.fill(.circle(center: .zero, radius: ClockFace.iconDiameter / 2), color: ink)
                icon.draw(in: canvas, ink: ink, paper: config.backgroundColor)
            }
        }
    }

    /// Hour and minute hands (with a rim of paper so they read over the black icon circles), the
    /// second hand when shown, and the centre cap.
    func drawHands(_ hands: ClockHands, in canvas: Canvas, config: ClockConfig) {
        let rim = StrokeStyle(width: 2 * ClockHand.rim, join: .round)
        func draw(_ hand: ClockHand, _ turn: Double) {
            canvas.withTransform(handTransform(turn: turn)) {
                canvas.stroke(hand.path, style: rim, color: config.backgroundColor)
                canvas.fill(hand.path, color: config.handColor)
            }
        }
        draw(.hour, hands.hour)
        draw(.minute, hands.minute)
        canvas.withTransform(handTransform(turn: 0)) {
            canvas.fill(ClockHand.capRim, color: config.backgroundColor)
            canvas.fill(ClockHand.cap, color: config.handColor)
        }
        guard config.showSeconds else { return }
        canvas.withTransform(handTransform(turn: hands.second)) {
            canvas.fill(ClockHand.second.path, color: config.secondHandColor)
            canvas.fill(ClockHand.secondHub, color: config.secondHandColor)
            canvas.fill(ClockHand.secondDot, color: config.backgroundColor)
        }
    }
}

extension ClockFace {
    /// Frame px that the hands at `hands` can touch: each hand's rectangle in points (half-width plus
    /// rim, tail and rounded tip included) turned with it, and the centre caps.
    func handsBox(_ hands: ClockHands, showSeconds: Bool) -> Rect {
        let rim = ClockHand.rim + 1
        var box = Rect(center: center, width: 2 * (5 + rim) * scale, height: 2 * (5 + rim) * scale)
        func include(_ hand: ClockHand, _ turn: Double) {   // no arrays: this runs every frame
            let half = max(hand.base, hand.tip, 2.8) + rim
            let top = -(hand.length + hand.tip + rim), bottom = hand.tail + hand.base + rim
            let t = handTransform(turn: turn)
            func corner(_ x: Double, _ y: Double) {
                let p = t.apply(Point(x: x, y: y))
                box = box.union(Rect(x: p.x, y: p.y, width: 0.001, height: 0.001))
            }
            corner(-half, top); corner(half, top); corner(-half, bottom); corner(half, bottom)
        }
        include(.hour, hands.hour)
        include(.minute, hands.minute)
        if showSeconds { include(.second, hands.second) }
        return box
    }
}

/// Where the hands point: turns in radians clockwise from 12 o'clock, all continuous (the second
/// hand sweeps rather than ticks).
struct ClockHands: Equatable {
    var hour: Double
    var minute: Double
    var second: Double

    /// For a time of day in seconds since midnight.
    init(timeOfDay seconds: Double) {
        let turn = 2 * Double.pi
        hour = seconds.truncatingRemainder(dividingBy: 43_200) / 43_200 * turn
        minute = seconds.truncatingRemainder(dividingBy: 3_600) / 3_600 * turn
        second = seconds.truncatingRemainder(dividingBy: 60) / 60 * turn
    }
}

/// A hand's shape in points, pointing at 12 o'clock from the centre: a taper from `base` to `tip`
/// half-widths, rounded at both ends, reaching `length` forward and `tail` behind the centre.
struct ClockHand {
    let length: Double, tail: Double, base: Double, tip: Double
    /// Built once per hand (the hands are static), so a frame builds no path.
    let path: Path

    init(length: Double, tail: Double, base: Double, tip: Double) {
        self.length = length; self.tail = tail; self.base = base; self.tip = tip
        var p = Path()
        p.move(to: Point(x: -base, y: tail))
        p.line(to: Point(x: -tip, y: -length))
        p.arc(center: Point(x: 0, y: -length), radius: tip, start: .radians(Double.pi), end: .radians(2 * Double.pi))
        p.line(to: Point(x: base, y: tail))
        p.arc(center: Point(x: 0, y: tail), radius: base, start: .zero, end: .radians(Double.pi))
        p.close()
        path = p
    }

    /// The hour hand ends inside the hours (radius 80 pt), the minute hand inside the tick ring
    /// (inner edge 100 pt), the second hand across the ticks.
    static let hour = ClockHand(length: 52, tail: 9, base: 3.6, tip: 1.6)
    static let minute = ClockHand(length: 94, tail: 11, base: 2.7, tip: 1.1)
    static let second = ClockHand(length: 107, tail: 22, base: 0.8, tip: 0.6)
    /// Paper rim around the hour and minute hands, pt.
    static let rim = 1.5
    /// The caps over the centre, pt: rim, cap, and the second hand's hub with its dot.
    static let capRim = Path.circle(center: .zero, radius: 5 + rim)
    static let cap = Path.circle(center: .zero, radius: 5)
    static let secondHub = Path.circle(center: .zero, radius: 2.8)
    static let secondDot = Path.circle(center: .zero, radius: 1.1)
}
