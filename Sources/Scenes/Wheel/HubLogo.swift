// A logo in the wheel's hub (`wheel.hub`: `{"image": "logo.png", "imageFit": "contain"}`): a larger
// hub, a gold rim round a white plate, the logo clipped to the plate's circle. It does not turn,
// as on the wheels of shows and fairs: a brand reads the same at every moment of a spin (the slices
// turn under it). So it is drawn once per frame size into the hub's sprite, and a frame composites
// that as it did the plain hub: no cost a frame.
import Raster

public struct WheelHub: Sendable, Equatable {
    public var image: ConfigImage
    /// How the logo fills the plate: `contain` (default: the whole logo shows, as logos should) or `cover`.
    public var fit = ImageFit.contain
    /// The hub's radius as a fraction of the wheel's (0.1…0.4).
    public var size = 0.2

    public init(image: ConfigImage) { self.image = image }

    static let knownKeys = ["image", "imageFit", "size"]
    static let sizeRange = 0.1...0.4

    static func parse(_ value: JSONValue, images: ConfigImages, at path: String) throws(ConfigError) -> WheelHub {
        let reader = images.reader
        let object = try reader.object(value, at: path)
        try reader.rejectUnknownKeys(object, known: knownKeys, at: path)
        guard let raw = object["image"] else { throw reader.error(path, "has no image (give {\"image\": \"logo.png\"})") }
        var hub = WheelHub(image: try images.image(raw, at: path + ".image"))
        if let raw = object["imageFit"] { hub.fit = try images.fit(raw, at: path + ".imageFit") }
        if let raw = object["size"] {
            let size = try reader.number(raw, at: path + ".size")
            guard sizeRange.contains(size) else {
                throw reader.error(path + ".size", "\(formatted(size)) is out of range (a fraction of the wheel's radius, 0.1 to 0.4)")
            }
            hub.size = size
        }
        return hub
    }
}

extension WheelScene {
    /// The plate's radius as a fraction of the hub's (the rest is the gold rim).
    static let logoPlate = 0.88

    /// The hub with a logo, centred on `center`, `radius` px: shadow, rim, plate, logo.
    func drawHubLogo(_ hub: WheelHub, center c: Point, radius h: Double, in canvas: Canvas) {
        canvas.fill(.circle(center: Point(x: c.x, y: c.y + h * 0.06), radius: h * 1.05), color: Color(rgb: 0x000000, alpha: 70))
        canvas.fill(.circle(center: c, radius: h), color: Color(rgb: 0x7A5410))
        canvas.fill(.circle(center: c, radius: h * 0.96), color: Color(rgb: 0xD9A521))
        let plate = h * WheelScene.logoPlate
        canvas.fill(.circle(center: c, radius: plate), color: .white)
        let image = hub.image.pixmap
        let w = Double(image.width), ht = Double(image.height)
        // Cover: the plate's square; contain: the largest rectangle of the logo's shape inside the
        // plate, less a tenth for a white margin.
        let scale = hub.fit == .cover ? 2 * plate / min(w, ht) : 0.9 * 2 * plate / (w * w + ht * ht).squareRoot()
        let ready = preScaled(image, toWidth: w * scale, height: ht * scale)
        let k = w * scale / Double(ready.width)
        let rw = Double(ready.width), rh = Double(ready.height)
        let placement = Transform.translation(x: -rw / 2, y: -rh / 2).concatenating(.scale(k)).concatenating(.translation(x: c.x, y: c.y))
        canvas.draw(ready, transform: placement, shape: .circle(center: Point(x: rw / 2, y: rh / 2), radius: plate / k))
    }
}
