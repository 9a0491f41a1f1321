// The example pictures in assets/fruit/ (twelve fruit, a logo with text, a background), drawn by
// Roundel's own rasterizer so they are reproducible and nobody's copyright: simple shapes in flat
// colours with a highlight, 256 px square on a transparent ground (the background 640 × 360).
// ExamplePicturesTests regenerates them (RECORD=1 rewrites the files); tests draw them as slices'
// pictures, and `roundel bench` times a wheel of them.
import BitmapFont
import Foundation
import Raster
@testable import Scenes

enum ExamplePictures {
    static let side = 256
    /// The fruit, in the order of assets/wheel-fruit.json.
    static let fruitNames = ["apple", "orange", "lemon", "cherries", "grapes", "watermelon",
                             "strawberry", "pear", "banana", "kiwi", "plum", "peach"]

    static func fruit(_ name: String) -> Pixmap? {
        guard let c = Canvas(width: side, height: side) else { return nil }
        let s = Double(side) / 256
        c.withTransform(.scale(s)) { draw(name, on: c) }
        return c.pixmap
    }

    private static func circle(_ c: Canvas, _ x: Double, _ y: Double, _ r: Double, _ rgb: UInt32, alpha: UInt8 = 255) {
        c.fill(.circle(center: Point(x: x, y: y), radius: r), color: Color(rgb: rgb, alpha: alpha))
    }

    /// An ellipse of radii `rx`, `ry` centred on (x, y), turned by `angle` radians.
    private static func ellipse(_ c: Canvas, _ x: Double, _ y: Double, _ rx: Double, _ ry: Double, _ rgb: UInt32,
                                angle: Double = 0, alpha: UInt8 = 255) {
        let saved = c.transform
        c.transform = Transform.scale(x: rx, y: ry).concatenating(.rotation(.radians(angle)))
            .concatenating(.translation(x: x, y: y)).concatenating(saved)
        c.fill(.circle(center: .zero, radius: 1), color: Color(rgb: rgb, alpha: alpha))
        c.transform = saved
    }

    private static func leaf(_ c: Canvas, _ x: Double, _ y: Double, _ angle: Double, size: Double = 1) {
        ellipse(c, x, y, 34 * size, 14 * size, 0x3A9D23, angle: angle)
        ellipse(c, x, y, 26 * size, 2.5 * size, 0x2B7A18, angle: angle)
    }

    private static func stem(_ c: Canvas, from a: Point, to b: Point, width: Double = 8) {
        var p = Path()
        p.move(to: a); p.line(to: b)
        c.stroke(p, style: StrokeStyle(width: width, cap: .round), color: Color(rgb: 0x6B4226))
    }

    private static func shine(_ c: Canvas, _ x: Double, _ y: Double, _ r: Double) {
        ellipse(c, x, y, r, r * 0.6, 0xFFFFFF, angle: -0.7, alpha: 150)
    }

    private static func draw(_ name: String, on c: Canvas) {
        switch name {
        case "apple":
            circle(c, 100, 145, 78, 0xD62828); circle(c, 156, 145, 78, 0xD62828)
            ellipse(c, 128, 205, 70, 22, 0xB01E1E)
            stem(c, from: Point(x: 128, y: 78), to: Point(x: 138, y: 36)); leaf(c, 170, 52, -0.5)
            shine(c, 86, 112, 22)
        case "orange":
            circle(c, 128, 140, 100, 0xF77F00)
            for k in 0..<40 {
                let a = Double(k) * 2.4, r = 20 + Double(k % 7) * 11
                circle(c, 128 + r * cos(a), 140 + r * sin(a), 2.2, 0xE06A00)
            }
            circle(c, 128, 44, 7, 0x6B4226); leaf(c, 160, 36, -0.3, size: 0.9); shine(c, 92, 102, 24)
        case "lemon":
            ellipse(c, 128, 132, 100, 72, 0xF4D03F, angle: -0.35)
            ellipse(c, 36, 166, 16, 12, 0xF4D03F, angle: -0.35); ellipse(c, 220, 98, 16, 12, 0xF4D03F, angle: -0.35)
            leaf(c, 196, 62, 0.6, size: 0.8); shine(c, 96, 110, 22)
        case "cherries":
            var stems = Path()
            stems.move(to: Point(x: 82, y: 170)); stems.line(to: Point(x: 140, y: 40)); stems.line(to: Point(x: 178, y: 160))
            c.stroke(stems, style: StrokeStyle(width: 7, cap: .round, join: .round), color: Color(rgb: 0x4E7A27))
            leaf(c, 168, 44, -0.4, size: 0.9)
            circle(c, 80, 180, 50, 0xA4161A); circle(c, 178, 172, 50, 0xBA181B)
            shine(c, 64, 164, 13); shine(c, 162, 156, 13)
        case "grapes":
            let rows: [[Double]] = [[70, 110, 150, 190], [90, 130, 170], [70, 110, 150, 190], [90, 130, 170], [110, 150], [130]]
            for (j, row) in rows.enumerated() {
                for x in row { circle(c, x, 78 + Double(j) * 30, 24, 0x6A2C91); shine(c, x - 8, 70 + Double(j) * 30, 6) }
            }
            stem(c, from: Point(x: 130, y: 60), to: Point(x: 124, y: 24)); leaf(c, 168, 40, -0.3, size: 0.9)
        case "watermelon":
            c.fill(.sector(center: Point(x: 128, y: 84), radius: 120, start: .zero, end: .radians(Double.pi)), color: Color(rgb: 0x2D6A4F))
            c.fill(.sector(center: Point(x: 128, y: 84), radius: 108, start: .zero, end: .radians(Double.pi)), color: Color(rgb: 0xF1FAEE))
            c.fill(.sector(center: Point(x: 128, y: 84), radius: 98, start: .zero, end: .radians(Double.pi)), color: Color(rgb: 0xE63946))
            for (x, y) in [(90.0, 110.0), (128, 120), (166, 110), (108, 150), (148, 150), (128, 170)] {
                ellipse(c, x, y, 5, 8, 0x1B1B1B)
            }
        case "strawberry":
            var body = Path()
            body.move(to: Point(x: 128, y: 236))
            body.line(to: Point(x: 40, y: 120))
            body.arc(center: Point(x: 84, y: 110), radius: 45, start: .radians(Double.pi * 1.05), end: .radians(Double.pi * 1.75))
            body.arc(center: Point(x: 172, y: 110), radius: 45, start: .radians(Double.pi * 1.25), end: .radians(Double.pi * 1.95))
            body.line(to: Point(x: 216, y: 120))
            body.close()
            c.fill(body, color: Color(rgb: 0xE5383B))
            for k in 0..<18 {
                let x = 76 + Double(k % 5) * 26 + Double((k / 5) % 2) * 13, y = 110 + Double(k / 5) * 28
                if abs(x - 128) < 86 - Double(k / 5) * 18 { ellipse(c, x, y, 3, 5, 0xFFE066) }
            }
            for a in [-0.9, -0.3, 0.3, 0.9] { leaf(c, 128 + 30 * sin(a), 70 - 10 * cos(a), a * 1.2, size: 0.8) }
            stem(c, from: Point(x: 128, y: 64), to: Point(x: 128, y: 30))
        case "pear":
            circle(c, 128, 168, 72, 0xA7C957); circle(c, 128, 92, 44, 0xA7C957)
            c.fill(.rect(Rect(x: 86, y: 92, width: 84, height: 80)), color: Color(rgb: 0xA7C957))
            stem(c, from: Point(x: 128, y: 52), to: Point(x: 136, y: 22)); leaf(c, 166, 36, -0.4, size: 0.8)
            shine(c, 100, 140, 18)
        case "banana":
            func arc(_ radius: Double, _ from: Double) -> Path {
                let centre = Point(x: 128, y: 40)
                var p = Path()
                p.move(to: .onCircle(center: centre, radius: radius, at: .radians(from)))
                p.arc(center: centre, radius: radius, start: .radians(from), end: .radians(Double.pi - from))
                return p
            }
            c.stroke(arc(120, 0.45), style: StrokeStyle(width: 46, cap: .round), color: Color(rgb: 0xFFD60A))
            c.stroke(arc(132, 0.7), style: StrokeStyle(width: 8, cap: .round), color: Color(rgb: 0xE9B800))
            circle(c, 26, 102, 8, 0x5C4033); circle(c, 230, 102, 8, 0x5C4033)
        case "kiwi":
            circle(c, 128, 128, 110, 0x8D6E48); circle(c, 128, 128, 98, 0x7CB518)
            circle(c, 128, 128, 40, 0xF1F7D0)
            for k in 0..<16 {
                let a = Double(k) * Double.pi / 8
                ellipse(c, 128 + 56 * cos(a), 128 + 56 * sin(a), 7, 3.5, 0x1B1B1B, angle: a)
            }
        case "plum":
            circle(c, 128, 140, 96, 0x5A189A); ellipse(c, 150, 140, 6, 80, 0x4A1382, angle: 0.2)
            stem(c, from: Point(x: 128, y: 48), to: Point(x: 120, y: 20)); shine(c, 90, 104, 24)
        default:   // peach
            circle(c, 128, 144, 98, 0xFFB4A2); circle(c, 150, 160, 70, 0xF28482, alpha: 170)
            ellipse(c, 104, 144, 5, 86, 0xE5989B, angle: -0.15)
            leaf(c, 160, 46, -0.4); shine(c, 96, 108, 22)
        }
    }

    /// A round badge: a gold ring, a red field and "FRUIT" over "FAIR" in white.
    static func logo(fonts: FontStack) -> Pixmap? {
        guard let c = Canvas(width: side, height: side) else { return nil }
        c.fill(.circle(center: Point(x: 128, y: 128), radius: 126), color: Color(rgb: 0xD9A521))
        c.fill(.circle(center: Point(x: 128, y: 128), radius: 112), color: Color(rgb: 0xC1121F))
        c.fill(.circle(center: Point(x: 128, y: 128), radius: 104), color: Color(rgb: 0xE63946))
        for (text, y) in [("FRUIT", 100.0), ("FAIR", 160.0)] {
            fonts.draw(text, in: c, at: Point(x: 128, y: y),
                       style: TextStyle(size: 52, color: .white, alignment: .center, verticalAlignment: .middle))
        }
        // A small apple between the lines' ends.
        c.fill(.circle(center: Point(x: 128, y: 214), radius: 12), color: Color(rgb: 0xFFFFFF))
        return c.pixmap
    }

    /// A soft sky-to-meadow background with scattered dots, 640 × 360.
    static func background() -> Pixmap? {
        guard let c = Canvas(width: 640, height: 360) else { return nil }
        for y in 0..<360 {
            let f = Double(y) / 359
            let top = (0x1B, 0x26, 0x3B), bottom = (0x0D, 0x3B, 0x2E)
            func mix(_ a: Int, _ b: Int) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * f).rounded()) }
            c.fill(.rect(Rect(x: 0, y: Double(y), width: 640, height: 1)),
                   color: Color(red: mix(top.0, bottom.0), green: mix(top.1, bottom.1), blue: mix(top.2, bottom.2)))
        }
        for k in 0..<90 {
            let x = Double((k * 397) % 640), y = Double((k * 211) % 360), r = 2 + Double(k % 4)
            c.fill(.circle(center: Point(x: x, y: y), radius: r), color: Color(rgb: 0xFFFFFF, alpha: 28 + UInt8(k % 3) * 14))
        }
        return c.pixmap
    }
}
