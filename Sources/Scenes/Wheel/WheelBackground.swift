// `wheel.backgroundImage`: a picture behind the wheel, scaled to cover the frame (centred, its
// overflow cut evenly) over `backgroundColor` (which shows through its transparent parts). It is
// made once per frame size as a frame-sized image, and a frame copies only the part it redraws: the
// wheel's backdrop (its square, with the shadow) is made over it, so a spinning frame, which copies
// the backdrop, costs what it did; a whole frame copies the rest of the picture once.
import Raster

extension WheelScene {
    /// `backgroundImage` covering a frame of `size` over the background colour; nil without one, or
    /// for a frame larger than `largestBackdrop` px (a huge one-off render shows the colour alone).
    func backgroundImage(for size: Size) -> Pixmap? {
        guard let image = config.backgroundImage?.pixmap, Int(size.width) * Int(size.height) <= scratch.largestBackdrop,
              let canvas = Canvas(width: Int(size.width), height: Int(size.height)) else { return nil }
        canvas.clear(config.backgroundColor)
        let w = Double(image.width), h = Double(image.height)
        let scale = max(size.width / w, size.height / h)
        let ready = preScaled(image, toWidth: w * scale, height: h * scale)
        let k = w * scale / Double(ready.width)
        canvas.draw(ready, transform: Transform.translation(x: -Double(ready.width) / 2, y: -Double(ready.height) / 2)
            .concatenating(.scale(k)).concatenating(.translation(x: size.width / 2, y: size.height / 2)))
        return canvas.pixmap
    }

    /// The background inside the clip, except `keep` (the wheel's square, which its backdrop fills):
    /// the colour, or the picture's pixels.
    func clearBackground(_ frame: WheelFrameCache, in canvas: Canvas, outside keep: PixelRect? = nil) {
        guard let background = frame.background else {
            if let keep { canvas.clear(config.backgroundColor, outside: keep) } else { canvas.clear(config.backgroundColor) }
            return
        }
        let r = canvas.clip.intersection(canvas.pixmap.bounds)
        guard let keep, !keep.intersection(r).isEmpty else { return canvas.replace(with: background) }
        let k = keep.intersection(r)
        // The bands above, below, left and right of `keep`, as `Canvas.clear(_:outside:)` takes them.
        func copy(_ band: PixelRect) { canvas.withClip(band) { canvas.replace(with: background) } }
        copy(PixelRect(x: r.x, y: r.y, width: r.width, height: k.y - r.y))
        copy(PixelRect(x: r.x, y: k.maxY, width: r.width, height: r.maxY - k.maxY))
        copy(PixelRect(x: r.x, y: k.y, width: k.x - r.x, height: k.height))
        copy(PixelRect(x: k.maxX, y: k.y, width: r.maxX - k.maxX, height: k.height))
    }
}
