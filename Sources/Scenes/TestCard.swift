// The test card: every primitive of the rasterizer on one frame (placeholder until the card is drawn).
import Raster

public final class TestCard: Scene {
    public let name = "testcard"
    public init() {}
    public func render(into canvas: Canvas, at t: Double) {
        canvas.clear(.white)
        let c = Point(x: Double(canvas.width) / 2, y: Double(canvas.height) / 2)
        canvas.fill(.sector(center: c, radius: Double(min(canvas.width, canvas.height)) / 3,
                            start: .twelveOClock, end: .degrees(30)), color: Color(rgb: 0xE74C3C))
    }
}
