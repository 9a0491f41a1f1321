// The config's top-level `title`: a line of text, a picture (a logo or a banner), or both, shown by
// the wheel above it (a band across the top, the wheel made smaller) or at the top of the panel
// beside it on wide frames (WheelLayout). It never moves, so it is drawn once per frame size into a
// sprite and composited on whole frames; it lies outside every rectangle a spinning frame redraws.
// Picture then text, side by side and centred as a pair; the picture is fitted (contain) to the
// box's height, the text as large as fits (at most 60 % of that height), in black or white by
// contrast with the background colour.
import BitmapFont
import Draws
import Raster

public struct WheelTitle: Sendable, Equatable {
    public var text: String
    public var image: ConfigImage?

    public init(text: String = "", image: ConfigImage? = nil) {
        self.text = text; self.image = image
    }

    static let knownKeys = ["text", "image"]

    /// `title`: `"Fruit Fair"`, or `{"text": …, "image": …}` with either or both; nil when absent.
    static func parse(_ file: ConfigFile, images: ConfigImages) throws(ConfigError) -> WheelTitle? {
        let reader = file.reader
        guard let raw = file.top["title"] else { return nil }
        var title = WheelTitle()
        if case .string(let text) = raw {
            title.text = try reader.name(text, at: "title")
        } else {
            guard let object = try file.section("title", known: knownKeys) else { return nil }
            if let text = object["text"] { title.text = try reader.name(try reader.string(text, at: "title.text"), at: "title.text") }
            if let image = object["image"] { title.image = try images.image(image, at: "title.image") }
        }
        guard !title.text.isEmpty || title.image != nil else {
            throw reader.error("title", "is empty (give a text, {\"text\": \"Fruit Fair\"}, an image, {\"image\": \"logo.png\"}, or both)")
        }
        return title
    }
}

extension WheelScene {
    /// The title drawn into its box once, for the frame cache (nil: no title, or no room).
    func titleSprite(_ layout: WheelLayout) -> Sprite? {
        guard let title = config.title, layout.titleRect.width >= 4, layout.titleRect.height >= 4 else { return nil }
        return Sprite(covering: layout.titleRect.insetBy(-2)) { canvas in drawTitle(title, in: layout.titleRect, on: canvas) }
    }

    func drawTitle(_ title: WheelTitle, in box: Rect, on canvas: Canvas) {
        let text = WheelScene.shortened(title.text)
        let gap = 0.25 * box.height
        // The picture: the box's height (or less, for a wide banner in a narrow box).
        var picture = Size(width: 0, height: 0)
        if let image = title.image?.pixmap {
            let room = text.isEmpty ? box.width : box.width * 0.4
            let scale = min(box.height / Double(image.height), room / Double(image.width))
            picture = Size(width: Double(image.width) * scale, height: Double(image.height) * scale)
        }
        // The text: as large as fits beside the picture, at most 60 % of the box's height.
        var size = 0.0, textWidth = 0.0
        if !text.isEmpty {
            let room = box.width - picture.width - (picture.width > 0 ? gap : 0)
            let unit = fonts.measure(text, size: 1).width
            size = min(0.6 * box.height, room / max(unit, 1e-9))
            textWidth = unit * size
            if size < 9 { size = 0; textWidth = 0 }   // too small to read: the picture alone
        }
        let total = picture.width + (picture.width > 0 && size > 0 ? gap : 0) + textWidth
        var x = box.center.x - total / 2
        if let image = title.image?.pixmap, picture.width > 0 {
            let scaled = preScaled(image, toWidth: picture.width, height: picture.height)
            canvas.draw(scaled, transform: Transform.scale(x: picture.width / Double(scaled.width), y: picture.height / Double(scaled.height))
                .concatenating(.translation(x: x, y: box.center.y - picture.height / 2)))
            x += picture.width + gap
        }
        if size > 0 {
            fonts.draw(text, in: canvas, at: Point(x: x, y: box.center.y),
                       style: TextStyle(size: size, color: labelInk(on: config.backgroundColor), alignment: .left, verticalAlignment: .middle))
        }
    }
}
