// QRCode (libqrencode): the modules of a link decode back to it with a real decoder (zbarimg on a PNG
// written by PNGCodec), level M and the smallest version, the finder patterns where a camera looks for
// them, and one line for a text too long for any QR code.
import Foundation
import PNGCodec
import QR
import Raster
import TestScanner
import XCTest

final class QRCodeTests: XCTestCase {
    let link = "http://192.168.1.20:8765/#token=3f1c9a0be5d24478a1c06b9e2f7d3a5c8e0b1d2f4a6c8e0a2b4d6f8091a3c5e7"

    /// The code as a picture: `module` px a module, 4 modules of quiet zone, black on white.
    func picture(_ code: QRCode, module: Int = 4) throws -> Pixmap {
        let side = (code.size + 8) * module
        var pixmap = try XCTUnwrap(Pixmap(width: side, height: side, fill: 0xFFFF_FFFF))
        for y in 0..<side {
            for x in 0..<side where code[x / module - 4, y / module - 4] {
                pixmap.pixels[y * side + x] = 0xFF00_0000
            }
        }
        return pixmap
    }

    func testALinkDecodesBackWithARealDecoder() throws {
        try XCTSkipIf(QRScanner.zbarimg == nil, "needs zbarimg (zbar-tools; make test installs it)")
        let path = NSTemporaryDirectory() + "roundel-qr-\(getpid()).png"
        defer { unlink(path) }
        for text in [link, "http://[fd00::1]:8765/#token=abc%23def", String(repeating: "x", count: 1000)] {
            try writePNG(try picture(try QRCode(text)), to: path)
            XCTAssertEqual(try QRScanner.decode(pngAt: path), [text], "a phone reads back what was encoded")
        }
    }

    func testLevelMTheSmallestVersionAndTheFinderPatterns() throws {
        let code = try QRCode(link)
        // 96 bytes: version 5 holds 84 at level M (106 at L), version 6 holds 106 at M.
        XCTAssertEqual(code.version, 6)
        XCTAssertEqual(code.size, 41)
        XCTAssertEqual(try QRCode("hi").size, 21, "a short text is version 1")
        // A 7×7 finder in three corners: dark ring, light ring, dark 3×3 centre; light separator around.
        for (cx, cy) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
            for y in -1...7 {
                for x in -1...7 {
                    let (px, py) = (cx + x, cy + y)
                    guard px >= 0, py >= 0, px < code.size, py < code.size else { continue }
                    let ring = max(abs(x - 3), abs(y - 3))   // 0…3 inside, 4 the separator
                    let dark = ring == 3 || ring <= 1
                    XCTAssertEqual(code[px, py], dark && ring < 4, "module (\(px), \(py)) of the finder at (\(cx), \(cy))")
                }
            }
        }
        XCTAssertFalse(code[-1, 0], "outside the symbol is the quiet zone")
        XCTAssertFalse(code[code.size, code.size])
    }

    func testTooLongIsOneLine() throws {
        XCTAssertNoThrow(try QRCode(String(repeating: "a", count: QRCode.byteLimit)))
        XCTAssertThrowsError(try QRCode(String(repeating: "a", count: QRCode.byteLimit + 1))) { error in
            let line = (error as? QRCodeError)?.description ?? "\(error)"
            XCTAssertEqual(line, "2332 bytes are too many for a QR code (at most 2331 at error correction level M)")
        }
    }
}
