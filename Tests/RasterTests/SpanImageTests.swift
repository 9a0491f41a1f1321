// A SpanImage composites like `sourceOver` of every pixel of the image it was made from, bit for
// bit, wherever it is moved and however it is clipped; its four- and eight-pixel scaling equal `scalePixel`.
@testable import Raster
import XCTest

final class SpanImageTests: XCTestCase {
    func testFourPixelScalingEqualsScalePixel() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let p = SIMD4<UInt32>((0..<4).map { _ in
                let a = UInt32.random(in: 0...255, using: &rng)
                let c = { UInt32.random(in: 0...a, using: &rng) }
                return a << 24 | c() << 16 | c() << 8 | c()
            })
            let f = SIMD4<UInt32>((0..<4).map { _ in UInt32.random(in: 0...255, using: &rng) })
            let four = scalePixels(p, by: f)
            for k in 0..<4 { XCTAssertEqual(four[k], scalePixel(p[k], by: f[k])) }
            let eight = scalePixels(SIMD8(lowHalf: p, highHalf: p &+ SIMD4(repeating: 0x0101_0101)), by: SIMD8(lowHalf: f, highHalf: 255 &- f))
            for k in 0..<4 {
                XCTAssertEqual(eight[k], scalePixel(p[k], by: f[k]))
                XCTAssertEqual(eight[k + 4], scalePixel(p[k] &+ 0x0101_0101, by: 255 - f[k]))
            }
        }
    }

    /// An image with long opaque stretches (copied), translucent ones (blended), short and long
    /// transparent gaps, drawn moved and clipped over a busy background.
    func testCompositingEqualsSourceOverPixelByPixel() throws {
        var rng = SystemRandomNumberGenerator()
        let w = 70, h = 23
        var image = try XCTUnwrap(Pixmap(width: w, height: h))
        for y in 0..<h {
            var x = 0
            while x < w {
                let length = Int.random(in: 1...25, using: &rng)
                let kind = Int.random(in: 0..<3, using: &rng)
                for i in x..<min(w, x + length) {
                    let a: UInt32 = kind == 0 ? 0 : kind == 1 ? 255 : UInt32.random(in: 1...254, using: &rng)
                    let c = { UInt32.random(in: 0...a, using: &rng) }
                    image[i, y] = kind == 0 ? 0 : a << 24 | c() << 16 | c() << 8 | c()
                }
                x += length
            }
        }
        let sprite = SpanImage(image, at: (5, -3))
        for (dx, dy, clip) in [(0, 0, PixelRect(x: 0, y: 0, width: 90, height: 40)), (13, 9, PixelRect(x: 20, y: 4, width: 37, height: 19)),
                               (-30, -10, PixelRect(x: 0, y: 0, width: 90, height: 40)), (60, 30, PixelRect(x: 0, y: 0, width: 90, height: 40))] {
            let canvas = try XCTUnwrap(Canvas(width: 90, height: 40))
            for i in canvas.pixmap.pixels.indices { canvas.pixmap.pixels[i] = UInt32.random(in: 0...255, using: &rng) << 24 | 0x00102030 & UInt32.random(in: 0...UInt32.max, using: &rng) }
            // Keep the background premultiplied: channels no larger than alpha.
            for i in canvas.pixmap.pixels.indices {
                let p = canvas.pixmap.pixels[i], a = p >> 24
                canvas.pixmap.pixels[i] = a << 24 | min((p >> 16) & 255, a) << 16 | min((p >> 8) & 255, a) << 8 | min(p & 255, a)
            }
            var expected = canvas.pixmap
            for y in 0..<h {
                for x in 0..<w {
                    let fx = x + 5 + dx, fy = y - 3 + dy
                    guard fx >= clip.x, fx < clip.maxX, fy >= clip.y, fy < clip.maxY else { continue }
                    expected[fx, fy] = sourceOver(image[x, y], expected[fx, fy])
                }
            }
            canvas.clip = clip
            canvas.draw(sprite, dx: dx, dy: dy)
            XCTAssertTrue(canvas.pixmap == expected, "moved by \(dx), \(dy), clip \(clip)")
        }
    }

    func testAnEmptyImageDrawsNothing() throws {
        let canvas = try XCTUnwrap(Canvas(width: 8, height: 8))
        canvas.clear(.white)
        let before = canvas.pixmap
        canvas.draw(SpanImage(try XCTUnwrap(Pixmap(width: 8, height: 8))))
        XCTAssertTrue(canvas.pixmap == before)
        XCTAssertTrue(SpanImage().bounds.isEmpty)
    }
}
