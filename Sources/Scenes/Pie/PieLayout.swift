// Where the pie chart goes on a frame of any size (240 × 240 to 3840 × 2160, landscape or portrait).
// The donut is seed 004's, from the frame width: canvas = 0.8 × width, radius = canvas × 3/8 (the
// stroke's centre line), line width = canvas × 2/8, centred in the frame, so the ring spans radii
// canvas/4 … canvas/2. On a frame too wide for that donut to fit its height (0.8 × width > height)
// the seed's formula would overflow the frame, so there the same formula uses min(width, height).
// The legend goes in the space the donut leaves: beside it (to the right) on landscape and square
// frames, below it on portrait ones; `legendArea` is nil when no such space exists. Units: frame px.
import Raster

struct PieLayout: Equatable {
    enum LegendPlacement: Equatable { case beside, below }

    let frame: Size
    let center: Point
    /// Seed 004's `canvasWidth`: 0.8 × the width the formula is applied to.
    let canvasSide: Double
    /// The ring's centre line (the seed's arc radius) and its width.
    let radius: Double
    let lineWidth: Double
    let legendPlacement: LegendPlacement
    /// Free space for the legend (frame px), nil when there is none.
    let legendArea: Rect?

    var innerRadius: Double { radius - lineWidth / 2 }
    var outerRadius: Double { radius + lineWidth / 2 }

    init(frame: Size) {
        self.frame = frame
        let w = frame.width, h = frame.height
        let side = 0.8 * w <= h ? w : min(w, h)
        canvasSide = 0.8 * side
        radius = canvasSide * 3 / 8
        lineWidth = canvasSide * 2 / 8
        center = Point(x: w / 2, y: h / 2)

        let outer = canvasSide / 2
        let margin = max(6, 0.025 * min(w, h))
        let gap = max(6, 0.06 * outer)
        let area: Rect
        if w >= h {
            legendPlacement = .beside
            let left = center.x + outer + gap
            area = Rect(x: left, y: margin, width: w - margin - left, height: h - 2 * margin)
        } else {
            legendPlacement = .below
            let top = center.y + outer + gap
            area = Rect(x: margin, y: top, width: w - 2 * margin, height: h - margin - top)
        }
        legendArea = area.isEmpty ? nil : area
    }

    /// Slice boundary `fraction` (0…1 of the turn) as an angle: 0 is 12 o'clock, clockwise.
    static func angle(atFraction fraction: Double) -> Angle {
        .twelveOClock + .fullTurn * fraction
    }

    /// Whether `point` is on the donut or inside its hole (a tap there replays the chart).
    func containsDonut(_ point: Point) -> Bool { point.distance(to: center) <= outerRadius }
}
