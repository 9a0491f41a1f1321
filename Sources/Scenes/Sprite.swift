// A part of a scene that does not change while other parts move (the wheel's pointer and hub):
// drawn once into its own small image, then composited at whole pixels each frame instead of being
// rasterized again: as a `SpanImage`, so its transparent pixels cost nothing and its opaque ones a copy. Compositing the finished image equals drawing its layers one by one over the
// frame up to 8-bit rounding, and it is the same in a dirty-rectangle frame as in a whole one.
import Raster

struct Sprite {
    let image: Pixmap
    /// Where the image's top-left pixel goes in the frame.
    let x: Int, y: Int
    /// `image`'s ink, at (`x`, `y`).
    private let spans: SpanImage

    /// `draw` paints in frame coordinates; whatever it paints inside `rect` is kept.
    init?(covering rect: Rect, draw: (Canvas) -> Void) {
        let area = PixelRect(enclosing: rect)
        guard let canvas = Canvas(width: area.width, height: area.height) else { return nil }
        canvas.withTransform(.translation(x: -Double(area.x), y: -Double(area.y))) { draw(canvas) }
        image = canvas.pixmap
        x = area.x
        y = area.y
        spans = SpanImage(image, at: (area.x, area.y))
    }

    func draw(in canvas: Canvas) {
        if canvas.transform == .identity {
            canvas.draw(spans)
        } else {
            canvas.draw(image, transform: .translation(x: Double(x), y: Double(y)))
        }
    }
}
