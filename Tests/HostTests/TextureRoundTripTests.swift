// Pixmap → SDL streaming texture → SDL_RenderReadPixels → Pixmap must be the identity on opaque pixels.
// The fixture is chosen to catch mistakes: an "F" has no symmetry (flips, transposes), red on blue
// catches R↔B swaps, a green corner pins the origin, mid values catch byte shuffles, a padded stride
// catches a wrong pitch. Needs no display: SDL's software renderer draws into a surface.
import Host
import Raster
import XCTest

final class TextureRoundTripTests: XCTestCase {
    static let red: UInt32 = 0xFFFF_0000
    static let blue: UInt32 = 0xFF00_00FF
    static let green: UInt32 = 0xFF00_FF00

    /// A red "F" on blue, 32×24 px, rows `stride` words apart, with marker pixels at the corners.
    static func fixture(stride: Int) -> Pixmap {
        let width = 32, height = 24
        var pixels = [UInt32](repeating: 0xDEAD_BEEF, count: stride * height)  // padding must not show
        func fill(_ x: Range<Int>, _ y: Range<Int>, _ color: UInt32) {
            for row in y { for column in x { pixels[row * stride + column] = color } }
        }
        fill(0..<width, 0..<height, blue)
        fill(4..<8, 3..<21, red)    // stem
        fill(4..<20, 3..<7, red)    // top bar
        fill(4..<15, 10..<13, red)  // middle bar
        pixels[0] = green                                   // top-left
        pixels[width - 1] = 0xFF12_3456                     // top-right
        pixels[(height - 1) * stride] = 0xFFFE_DCBA         // bottom-left
        pixels[(height - 1) * stride + width - 1] = 0xFF80_7F01  // bottom-right
        guard let pixmap = Pixmap(width: width, height: height, stride: stride, pixels: pixels) else {
            preconditionFailure("fixture size is valid")
        }
        return pixmap
    }

    func testOpaquePixelsSurviveTheTextureUnchanged() throws {
        let fixture = Self.fixture(stride: 32)
        let shown = try renderThroughTexture(fixture)
        assertSamePixels(shown, fixture, "F fixture through the texture")
        XCTAssertEqual(shown[0, 0], Self.green, "origin is top-left")
        XCTAssertEqual(shown[5, 4], Self.red, "red stays red")
    }

    func testPaddedRowsUploadWithTheirStride() throws {
        let padded = Self.fixture(stride: 37)
        let shown = try renderThroughTexture(padded)
        XCTAssertEqual(shown.stride, 32)
        assertSamePixels(shown, padded, "F fixture with 5 words of row padding")
    }

    func testTranslucentPixelsAreCopiedNotBlended() throws {
        // Blending is off, so the premultiplied words land on the ARGB target as they are.
        guard let pixmap = Pixmap(width: 3, height: 1, pixels: [0x8040_0000, 0x0000_0000, 0x0112_0001]) else {
            return XCTFail("pixmap")
        }
        assertSamePixels(try renderThroughTexture(pixmap), pixmap, "translucent pixels through the texture")
    }
}
