// The four icons inside seed 003's black circles, standing in for the SF Symbols "calendar",
// "message", "figure.walk" and "music.note": plain paths in icon-local points, centred on (0, 0)
// within a ±10 pt box (SF's body size in a 44 pt circle). The caller sets a transform from points
// to frame px; the icon is drawn in `paper` over a circle of `ink`, and cut-outs are filled in `ink`.
import Raster

enum ClockIcon: CaseIterable {
    case calendar, message, walk, music

    func draw(in canvas: Canvas, ink: Color, paper: Color) {
        switch self {
        case .calendar: drawCalendar(canvas, ink: ink, paper: paper)
        case .message: drawMessage(canvas, ink: ink, paper: paper)
        case .walk: drawWalk(canvas, paper: paper)
        case .music: drawMusic(canvas, paper: paper)
        }
    }

    /// A page with a solid header, two binding rings above it and a grid of days.
    private func drawCalendar(_ canvas: Canvas, ink: Color, paper: Color) {
        canvas.fill(roundedRect(Rect(x: -9, y: -7.5, width: 18, height: 16.5), radius: 2.5), color: paper)
        canvas.fill(roundedRect(Rect(x: -7.4, y: -2.6, width: 14.8, height: 9.9), radius: 1), color: ink)
        for x in [-4.6, 4.6] {
            canvas.fill(roundedRect(Rect(x: x - 1, y: -10, width: 2, height: 4.5), radius: 1), color: paper)
        }
        for row in 0..<2 {
            for column in 0..<3 {
                let day = Rect(x: -5.6 + Double(column) * 4.2, y: -0.6 + Double(row) * 3.9, width: 2.6, height: 2.3)
                canvas.fill(.rect(day), color: paper)
            }
        }
    }

    /// An outlined speech bubble (an ellipse) with its tail at the lower left.
    private func drawMessage(_ canvas: Canvas, ink: Color, paper: Color) {
        var tail = Path()
        tail.move(to: Point(x: -6.5, y: 3))
        tail.line(to: Point(x: -8.6, y: 8.6))
        tail.line(to: Point(x: -1.5, y: 5.6))
        tail.close()
        canvas.fill(tail, color: paper)
        let squash = Transform.scale(x: 1, y: 0.8).concatenating(.translation(x: 0, y: -1))
        canvas.withTransform(squash) {
            canvas.fill(.circle(center: .zero, radius: 9.6), color: paper)
            canvas.fill(.circle(center: .zero, radius: 7.6), color: ink)
        }
    }

    /// A figure mid-stride: head, leaning torso, swinging arms and legs as round-capped strokes.
    private func drawWalk(_ canvas: Canvas, paper: Color) {
        canvas.fill(.circle(center: Point(x: 1.8, y: -8.2), radius: 2.5), color: paper)
        let limb = StrokeStyle(width: 2.9, cap: .round, join: .round)
        let strokes: [[Point]] = [
            [Point(x: 1.0, y: -4.3), Point(x: -1.0, y: 2.4)],                          // torso
            [Point(x: -1.0, y: 2.4), Point(x: 2.4, y: 5.8), Point(x: 3.5, y: 10.0)],   // front leg
            [Point(x: -1.0, y: 2.4), Point(x: -2.6, y: 6.6), Point(x: -5.7, y: 9.8)],  // back leg
            [Point(x: 0.8, y: -3.6), Point(x: 3.7, y: -1.1), Point(x: 6.1, y: 0.1)],   // front arm
            [Point(x: 0.8, y: -3.6), Point(x: -2.6, y: -1.7), Point(x: -4.0, y: 1.8)], // back arm
        ]
        for points in strokes {
            var p = Path()
            p.move(to: points[0])
            for point in points.dropFirst() { p.line(to: point) }
            canvas.stroke(p, style: limb, color: paper)
        }
    }

    /// An eighth note: a tilted oval head, a stem on its right and a flag sweeping down from the top.
    private func drawMusic(_ canvas: Canvas, paper: Color) {
        let head = Transform.scale(x: 1, y: 0.72).concatenating(.rotation(.degrees(-22)))
            .concatenating(.translation(x: -2.6, y: 6.2))
        canvas.withTransform(head) {
            canvas.fill(.circle(center: .zero, radius: 3.9), color: paper)
        }
        canvas.fill(.rect(Rect(x: 0.1, y: -9.6, width: 2.1, height: 15.4)), color: paper)
        var flag = Path()
        flag.move(to: Point(x: 1.2, y: -9.6))
        flag.line(to: Point(x: 7.6, y: -6.4))
        flag.line(to: Point(x: 7.6, y: -2.8))
        flag.line(to: Point(x: 1.2, y: -5.6))
        flag.close()
        canvas.fill(flag, color: paper)
    }
}
