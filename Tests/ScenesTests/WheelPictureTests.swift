// Pictures on the wheel as a user sees them: a slice's picture stays inside its slice at every
// rotation (none of it across the slice's edges or past the rim, all of the slice near its edges
// covered), the hub's logo inside the hub and still while the wheel turns, the title clear of the
// wheel, above it or beside it. Pictures are real PNG files read through a config file.
import Foundation
import PNGCodec
import Raster
@testable import Scenes
import XCTest

final class WheelPictureTests: ConfigFileTestCase {
    static let magenta = Color(rgb: 0xFF00FF), teal = Color(rgb: 0x0B7285), green = Color(rgb: 0x00C000)

    /// A `width` × `height` PNG in the scratch folder, filled by `paint` (default: all magenta).
    func picture(_ name: String, width: Int = 64, height: Int = 64, paint: ((Canvas) -> Void)? = nil) throws -> String {
        let canvas = try XCTUnwrap(Canvas(width: width, height: height))
        if let paint { paint(canvas) } else { canvas.clear(Self.magenta) }
        try writePNG(canvas.pixmap, to: directory + "/" + name)
        return name
    }

    func load(_ json: String) throws -> WheelScene {
        try WheelScene(config: WheelConfig.load(path: try write(json)), resources: SceneResources.loadDefault(), seed: 3)
    }

    func isMagenta(_ p: UInt32) -> Bool { p >> 16 & 0xFF > 200 && p & 0xFF > 200 && p >> 8 & 0xFF < 60 }

    /// Six slices, pictures in the even ones (covering: a wide one and a tall one), no labels, no ring.
    func testPicturesStayInsideTheirSlicesAtEveryRotation() throws {
        _ = try picture("wide.png", width: 90, height: 40)
        _ = try picture("tall.png", width: 30, height: 80)
        let items = (0..<6).map { i in
            ##"{"text": "S\##(i)", "color": "#0B7285", "label": false"## + (i % 2 == 0 ? #", "image": "\#(i % 4 == 0 ? "wide" : "tall").png"}"# : "}")
        }
        let wheel = try load(#"{"wheel": {"ringImage": "none", "celebration": "off", "items": [\#(items.joined(separator: ", "))]}}"#)
        try wheel.spin(at: 0.1, to: 2)
        let size = Size(width: 400, height: 400)
        let frame = wheel.prepare(for: size)
        let c = frame.layout.center, radius = frame.sliceRadius, layout = wheel.spinner.layout
        var checked = 0
        for t in [0.1, 0.7, 1.3, 2.2, 3.1, 4.4] {
            let canvas = try XCTUnwrap(Canvas(width: 400, height: 400))
            wheel.render(into: canvas, at: t)
            let rotation = wheel.spinner.rotation(at: t)
            func pixel(_ angle: Double, _ r: Double) -> UInt32 {
                let p = Point.onCircle(center: c, radius: r, at: .radians(angle))
                return canvas.pixmap[Int(p.x), Int(p.y)]
            }
            for i in stride(from: 0, to: 6, by: 2) {
                let start = layout.starts[i] + rotation - Double.pi / 2, end = start + layout.sweeps[i]
                for fraction in [0.3, 0.5, 0.7, 0.9] {
                    let r = fraction * radius, across = 2.5 / r   // 2.5 px either side of an edge
                    for edge in [start, end] {
                        let inside = edge == start ? edge + across : edge - across
                        let outside = edge == start ? edge - across : edge + across
                        XCTAssertTrue(isMagenta(pixel(inside, r)), "t \(t): slice \(i)'s picture reaches its edge at \(fraction) R")
                        XCTAssertEqual(pixel(outside, r), Self.teal.premultiplied,
                                       "t \(t): nothing of slice \(i)'s picture across its edge at \(fraction) R")
                        checked += 2
                    }
                }
                // Past the rim: the background and the wheel's shadow, no picture (where the pointer is not).
                let middle = (start + end) / 2
                guard Point.onCircle(center: c, radius: radius, at: .radians(middle)).distance(to: frame.pointerTip) > 0.25 * radius else { continue }
                XCTAssertFalse(isMagenta(pixel(middle, radius + 2.5)), "t \(t): slice \(i)'s picture stops at the rim")
                XCTAssertTrue(isMagenta(pixel(middle, radius - 2.5)), "t \(t): slice \(i)'s picture reaches the rim")
            }
        }
        XCTAssertEqual(checked, 6 * 3 * 4 * 4)
        // Stopped on slice 2, lit as the winner: its picture is drawn again over its refilled slice.
        let canvas = try XCTUnwrap(Canvas(width: 400, height: 400))
        let end = try XCTUnwrap(wheel.spinner.endTime)
        wheel.render(into: canvas, at: end + 2)
        XCTAssertTrue(isMagenta(canvas.pixmap[Int(frame.pointerTip.x), Int(frame.pointerTip.y + 6)]), "the winner keeps its picture")
    }

    /// A picture beside a label keeps to the slice's outer part: the label's inner part shows the
    /// slice's colour and the label, no picture.
    func testAPictureBesideALabelTakesTheOuterPart() throws {
        _ = try picture("fruit.png")
        let wheel = try load(##"{"wheel": {"ringImage": "none", "items": [{"text": "Apple", "image": "fruit.png", "color": "#0B7285"}, "B", "C", "D"]}}"##)
        let canvas = try XCTUnwrap(Canvas(width: 400, height: 400))
        wheel.render(into: canvas, at: 0)
        let frame = wheel.prepare(for: Size(width: 400, height: 400))
        let c = frame.layout.center
        // Slice 0 is centred at 12 o'clock.
        let split = SliceImages.labelSplit * frame.visibleRadius
        for r in stride(from: frame.hubRadius + 2, to: split - 3, by: 2) {
            XCTAssertFalse(isMagenta(canvas.pixmap[Int(c.x), Int(c.y - r)]), "no picture at \(r) px, inside the split (\(split))")
        }
        XCTAssertTrue(isMagenta(canvas.pixmap[Int(c.x), Int(c.y - (split + frame.visibleRadius) / 2)]), "the picture outside it")
        let plan = try XCTUnwrap(frame.labels[0])
        XCTAssertLessThan(plan.radius, split, "the label sits inside the split")
    }

    func testTheHubLogoStaysInItsCircleAndDoesNotTurn() throws {
        // Left half magenta, right half green: a logo that turned would swap them.
        _ = try picture("logo.png", width: 80, height: 80) { canvas in
            canvas.clear(Self.green)
            canvas.fill(.rect(Rect(x: 0, y: 0, width: 40, height: 80)), color: Self.magenta)
        }
        let wheel = try load(#"{"wheel": {"hub": {"image": "logo.png", "imageFit": "cover"}}}"#)
        try wheel.spin(at: 0.1, to: 4)
        let frame = wheel.prepare(for: Size(width: 480, height: 480))
        let c = frame.layout.center, h = frame.hubRadius
        XCTAssertEqual(h, 0.2 * frame.layout.radius, accuracy: 0.01, "a logo's hub is a fifth of the radius")
        for t in [0.1, 1.0, 2.3] {
            let canvas = try XCTUnwrap(Canvas(width: 480, height: 480))
            wheel.render(into: canvas, at: t)
            XCTAssertTrue(isMagenta(canvas.pixmap[Int(c.x - 0.5 * h), Int(c.y)]), "t \(t): the logo's left half on the left")
            XCTAssertEqual(canvas.pixmap[Int(c.x + 0.5 * h), Int(c.y)], Self.green.premultiplied, "t \(t): its right half on the right")
            for k in 0..<16 {
                let p = Point.onCircle(center: c, radius: 1.15 * h, at: .radians(Double(k) * Double.pi / 8))
                let pixel = canvas.pixmap[Int(p.x), Int(p.y)]
                XCTAssertFalse(isMagenta(pixel) || pixel == Self.green.premultiplied, "t \(t): no logo outside the hub")
            }
        }
    }

    func testTheTitleSitsAboveOrBesideTheWheelClearOfIt() throws {
        _ = try picture("banner.png", width: 120, height: 40)
        let wheel = try load(#"{"title": {"image": "banner.png"}, "wheel": {}}"#)
        for (w, h) in [(1920, 1080), (960, 540), (800, 1000), (480, 800), (640, 480)] {
            let size = Size(width: Double(w), height: Double(h))
            let frame = wheel.prepare(for: size)
            let layout = frame.layout, plain = WheelLayout(frame: size)
            let title = layout.titleRect
            XCTAssertFalse(title.isEmpty, "\(w)x\(h)")
            XCTAssertTrue(title.minX >= 0 && title.minY >= 0 && title.maxX <= size.width && title.maxY <= size.height, "\(w)x\(h): inside the frame")
            // Clear of the wheel's square (the disc a spinning frame redraws) and the pointer above it,
            // of the banner's box with its margin, and of the button.
            let r = layout.radius
            let wheelBox = Rect(x: layout.center.x - r - 3, y: layout.center.y - r - WheelLayout.pointerRise * r - 3,
                                width: 2 * r + 6, height: 2 * r + WheelLayout.pointerRise * r + 6)
            for (name, box) in [("wheel", wheelBox), ("banner", layout.resultRect.insetBy(-4 - 0.1 * layout.resultRect.height)),
                                ("button", layout.buttonRect.insetBy(-4 - 0.1 * layout.buttonRect.height))] {
                XCTAssertTrue(title.intersection(box).isEmpty, "\(w)x\(h): the title overlaps the \(name)")
            }
            if layout.arrangement == .column {
                XCTAssertLessThan(title.maxY, wheelBox.minY, "\(w)x\(h): above the wheel")
                // The wheel makes room, unless the frame's width held it and left the room already.
                XCTAssertLessThanOrEqual(r, plain.radius, "\(w)x\(h): the wheel makes room")
                if w > h { XCTAssertLessThan(r, plain.radius, "\(w)x\(h): the wheel makes room") }
            } else {
                XCTAssertGreaterThan(title.minX, wheelBox.maxX, "\(w)x\(h): beside the wheel")
                XCTAssertEqual(r, plain.radius, "\(w)x\(h): the wheel keeps its size")
            }
            // Drawn: every magenta pixel inside the title's box, and there are some.
            let canvas = try XCTUnwrap(Canvas(width: w, height: h))
            wheel.render(into: canvas, at: 0)
            var inside = 0
            for y in 0..<h {
                for x in 0..<w where isMagenta(canvas.pixmap[x, y]) {
                    XCTAssertTrue(title.insetBy(-1).contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)),
                                  "\(w)x\(h): title pixel (\(x), \(y)) outside \(title)")
                    inside += 1
                    if inside > 5_000_000 { break }
                }
            }
            XCTAssertGreaterThan(inside, Int(title.height * title.height), "\(w)x\(h): the title's picture is drawn")
        }
    }

    func testPictureConfigErrorsNameTheField() throws {
        let load = { (path: String) in _ = try WheelConfig.load(path: path) }
        _ = try picture("ok.png")
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46]).write(to: URL(fileURLWithPath: directory + "/photo.png"))
        // Wider than a picture may be (a real file, 4097 × 1 px).
        let wide = try XCTUnwrap(Pixmap(width: 4097, height: 1))
        try writePNG(wide, to: directory + "/wide.png")
        let cases: [(String, String)] = [
            (#"{"wheel": {"items": ["A", {"text": "B", "image": "missing.png"}]}}"#, "wheel.items[1].image: cannot read 'missing.png': no such file"),
            (#"{"wheel": {"items": ["A", {"text": "B", "image": "photo.png"}]}}"#, "wheel.items[1].image: 'photo.png' is a JPEG, not a PNG"),
            (#"{"wheel": {"items": ["A", {"text": "B", "image": "wide.png"}]}}"#, "wheel.items[1].image: cannot read PNG"),
            (#"{"wheel": {"items": ["A", {"text": "B", "image": ""}]}}"#, "wheel.items[1].image: is empty"),
            (#"{"wheel": {"items": ["A", {"text": "B", "image": 3}]}}"#, "wheel.items[1].image: must be a string"),
            (#"{"wheel": {"items": [{"text": "B", "image": "ok.png", "imageFit": "fill"}]}}"#, "wheel.items[0].imageFit: 'fill' is not a choice"),
            (#"{"wheel": {"items": [{"text": "B", "lable": false}]}}"#, "did you mean 'label'?"),
            (#"{"wheel": {"hub": {"image": "photo.png"}}}"#, "wheel.hub.image: 'photo.png' is a JPEG"),
            (#"{"wheel": {"hub": {"imag": "ok.png"}}}"#, "wheel.hub: unknown key 'imag' (did you mean 'image'?)"),
            (#"{"wheel": {"hub": {"image": "ok.png", "size": 0.9}}}"#, "wheel.hub.size: 0.9 is out of range"),
            (#"{"wheel": {"backgroundImage": "missing.png"}}"#, "wheel.backgroundImage: cannot read 'missing.png'"),
            (#"{"title": {"image": "wide.png"}}"#, "title.image: cannot read PNG"),
            (#"{"title": {}}"#, "title: is empty"),
            (#"{"title": {"txt": "Fair"}}"#, "did you mean 'text'?"),
        ]
        for (json, expected) in cases {
            let problem = try failure(json, load: load)
            XCTAssertTrue(problem.contains(expected), "\(json): \(problem)")
        }
        XCTAssertTrue(try failure(#"{"wheel": {"items": [{"text": "B", "image": "wide.png"}]}}"#, load: load).contains("4096"))
    }

    /// A file named by several fields is read once: one picture in memory, shared.
    func testAPictureNamedTwiceIsDecodedOnce() throws {
        _ = try picture("same.png")
        let config = try WheelConfig.load(path: try write(#"{"wheel": {"items": [{"text": "A", "image": "same.png"}, {"text": "B", "image": "same.png"}]}}"#))
        let a = try XCTUnwrap(config.items[0].image?.pixmap.pixels), b = try XCTUnwrap(config.items[1].image?.pixmap.pixels)
        a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in XCTAssertEqual(pa.baseAddress, pb.baseAddress) } }
    }
}
