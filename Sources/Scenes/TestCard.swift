// The test card: every primitive of the rasterizer on one frame, laid out on a grid that fits any
// size (3 × 2 cells in landscape, 2 × 3 in portrait) above a band with one large label.
// Cells: pie slices at odd angles (seam-free tiles); ring arcs with round and butt caps; seed 003's
// dashed circle (width 10, dash [1, 10]); an image with alpha at a rotation; Latin and Hangul labels
// at 0°, 37°, 90° and 200°; hairlines. Everything scales with the cell, except the dashed circle
// and the hairlines, whose widths are the point of them.
import BitmapFont
import Raster

public final class TestCard: Scene {
    public let name = "testcard"
    let fonts: FontStack
    let badge: Pixmap

    static let palette: [Color] = [0xE74C3C, 0xF39C12, 0xF1C40F, 0x2ECC71, 0x1ABC9C, 0x3498DB, 0x9B59B6].map { Color(rgb: $0) }
    static let ink = Color(rgb: 0x222222)
    static let paper = Color(rgb: 0xFAFAF7)

    public init(resources: SceneResources) {
        fonts = resources.fonts
        badge = TestCard.makeBadge(side: 96)
    }

    public func render(into canvas: Canvas, at t: Double) {
        canvas.clear(TestCard.paper)
        let w = Double(canvas.width), h = Double(canvas.height)
        let band = (h * 0.2).rounded()
        let landscape = w >= h - band
        let (columns, rows) = landscape ? (3, 2) : (2, 3)
        let cellW = w / Double(columns), cellH = (h - band) / Double(rows)
        let cells: [(Canvas, Rect) -> Void] = [drawPie, drawRingArcs, drawDashedCircle, drawImage, drawLabels, drawHairlines]
        for (i, draw) in cells.enumerated() {
            let cell = Rect(x: Double(i % columns) * cellW, y: Double(i / columns) * cellH, width: cellW, height: cellH)
            draw(canvas, cell)
        }
        let label = "Roundel 룰렛 五等奖"
        let size = min(band * 0.7, w / (fonts.measure(label, size: 1).width + 1) * 0.9)
        fonts.draw(label, in: canvas, at: Point(x: w / 2, y: h - band / 2), style:
            TextStyle(size: size, color: TestCard.ink, alignment: .center, verticalAlignment: .middle))
    }

    /// The test card is still and ignores input.
    public func handle(_ input: SceneInput, at t: Double, frameSize: Size) {}
    public func isAnimating(at t: Double) -> Bool { false }
    public func dirtyRect(since previous: Double, at t: Double, frameSize: Size) -> PixelRect? {
        PixelRect(x: 0, y: 0, width: 0, height: 0)   // the card never changes
    }
    public func jsonLine(at t: Double) -> String { "{\"scene\":\"testcard\",\"t\":\(jsonNumber(t))}" }

    /// Radius that fits a cell with a margin.
    func radius(_ cell: Rect) -> Double { min(cell.width, cell.height) * 0.38 }

    func drawPie(_ canvas: Canvas, _ cell: Rect) {
        let c = cell.center, r = radius(cell)
        // Seven unequal slices starting at an odd angle.
        let shares = [3.0, 1.3, 2.2, 0.7, 1.9, 1.1, 2.8]
        let total = shares.reduce(0, +)
        var start = Angle.degrees(-83.7)
        var tiles: [(path: Path, color: Color)] = []
        for (i, share) in shares.enumerated() {
            let end = start + .degrees(360 * share / total)
            tiles.append((.sector(center: c, radius: r, start: start, end: end), TestCard.palette[i]))
            start = end
        }
        canvas.fillTiles(tiles)
    }

    func drawRingArcs(_ canvas: Canvas, _ cell: Rect) {
        let c = cell.center, r = radius(cell)
        let width = r * 0.16
        let track = StrokeStyle(width: width, cap: .round)
        canvas.stroke(.circle(center: c, radius: r - width / 2), style: track, color: Color(rgb: 0xAAAAAA))
        var round = StrokeStyle(width: width, cap: .round, trimEnd: 0.62)
        round.trimStart = 0
        canvas.stroke(.circle(center: c, radius: r - width / 2), style: round, color: Color(rgb: 0x0000FF))
        let inner = r - width * 2.2
        canvas.stroke(.circle(center: c, radius: inner), style: StrokeStyle(width: width, cap: .butt, trimStart: 0.1, trimEnd: 0.83),
                      color: Color(rgb: 0xE74C3C))
    }

    func drawDashedCircle(_ canvas: Canvas, _ cell: Rect) {
        // Seed 003: Circle().strokeBorder(.black, style: StrokeStyle(lineWidth: 10, dash: [1, 10])).
        // strokeBorder insets the stroke by half its width, so the ticks run inwards from the frame.
        let c = cell.center, r = radius(cell)
        canvas.stroke(.circle(center: c, radius: r - 5), style: StrokeStyle(width: 10, dash: [1, 10]), color: .black)
        canvas.stroke(.circle(center: c, radius: r * 0.55), style: StrokeStyle(width: 6, cap: .round, dash: [0, 14]),
                      color: Color(rgb: 0x3498DB))
    }

    func drawImage(_ canvas: Canvas, _ cell: Rect) {
        // A checkerboard shows the image's alpha; the badge is drawn at 30° and scaled to the cell.
        let side = radius(cell) * 2
        let origin = Point(x: cell.center.x - side / 2, y: cell.center.y - side / 2)
        for row in 0..<8 {
            for col in 0..<8 where (row + col) % 2 == 0 {
                canvas.fill(.rect(Rect(x: origin.x + Double(col) * side / 8, y: origin.y + Double(row) * side / 8,
                                       width: side / 8, height: side / 8)), color: Color(rgb: 0xDDDDDD))
            }
        }
        let scale = side * 0.7 / Double(badge.width)
        let t = Transform.translation(x: -Double(badge.width) / 2, y: -Double(badge.height) / 2)
            .concatenating(.scale(scale))
            .concatenating(.rotation(.degrees(30)))
            .concatenating(.translation(x: cell.center.x, y: cell.center.y))
        canvas.draw(badge, transform: t)
    }

    func drawLabels(_ canvas: Canvas, _ cell: Rect) {
        // Like wheel labels: along a ray from the centre outward. The longest label fits between
        // the ray's start and the cell's edge, so the labels use the whole cell.
        let c = cell.center, reach = min(cell.width, cell.height) / 2 * 0.95, start = reach * 0.22
        let labels = [(0.0, "Spin"), (37.0, "1,000원"), (90.0, "당첨"), (200.0, "Prize")]
        let longest = labels.map { fonts.measure($0.1, size: 1).width }.max() ?? 1
        let size = ((reach - start) / longest).rounded(.down)
        for (degrees, text) in labels {
            let a = Angle.degrees(degrees)
            fonts.draw(text, in: canvas, at: .onCircle(center: c, radius: start, at: a), rotation: a,
                       style: TextStyle(size: size, color: TestCard.ink, verticalAlignment: .middle))
        }
        canvas.fill(.circle(center: c, radius: 2.5), color: .red)
    }

    func drawHairlines(_ canvas: Canvas, _ cell: Rect) {
        let c = cell.center, r = radius(cell)
        for i in 0..<24 {
            let a = Angle.degrees(Double(i) * 15 + 2.5)
            var p = Path()
            p.move(to: Point.onCircle(center: c, radius: r * 0.2, at: a))
            p.line(to: Point.onCircle(center: c, radius: r, at: a))
            canvas.stroke(p, style: StrokeStyle(width: i % 2 == 0 ? 1 : 0.5), color: TestCard.ink)
        }
        canvas.stroke(.rect(Rect(center: c, width: r * 2, height: r * 2).insetBy(0.5)), style: StrokeStyle(width: 1),
                      color: TestCard.ink)
    }

    /// A 96 px badge with soft alpha and an asymmetric "F" (shows rotation, flips and channel order).
    static func makeBadge(side: Int) -> Pixmap {
        guard let canvas = Canvas(width: side, height: side) else { fatalError("badge size is a constant") }
        let s = Double(side), c = Point(x: s / 2, y: s / 2)
        for i in 0..<8 {   // soft edge: rings of falling alpha
            let alpha = UInt8(255 * (i + 1) / 8)
            canvas.fill(.circle(center: c, radius: s / 2 - Double(i) * 1.5), color: Color(rgb: 0xF39C12).withOpacity(Double(alpha) / 255 * 0.35))
        }
        canvas.fill(.circle(center: c, radius: s * 0.4), color: Color(rgb: 0xF39C12))
        let u = s / 16
        for r in [Rect(x: 5 * u, y: 4 * u, width: 2 * u, height: 8 * u), Rect(x: 7 * u, y: 4 * u, width: 4.5 * u, height: 2 * u),
                  Rect(x: 7 * u, y: 7 * u, width: 3 * u, height: 1.6 * u)] {
            canvas.fill(.rect(r), color: Color(rgb: 0x1A3C8C))
        }
        return canvas.pixmap
    }
}
