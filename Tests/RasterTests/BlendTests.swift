// The 8-bit blend kernel, exhaustively against a Double reference: every (channel, factor) pair
// for the scale, every (source alpha, destination) pair for source-over, in every lane.
import Motion   // SeededGenerator: random inputs that repeat, so a failure can be reproduced
import XCTest
@testable import Raster

final class BlendTests: XCTestCase {
    func testScaleIsExactlyRoundedForAllPairs() {
        for x in UInt32(0)...255 {
            for f in UInt32(0)...255 {
                let want = UInt32((Double(x) * Double(f) / 255).rounded())
                XCTAssertEqual(mul255(x, f), want)
                // The same value must come out of every lane of the packed kernel.
                let packed = scalePixel(x << 24 | x << 16 | x << 8 | x, by: f)
                if packed != want << 24 | want << 16 | want << 8 | want {
                    XCTFail("scalePixel(\(x), \(f)) = \(String(packed, radix: 16)), want \(want) in each lane"); return
                }
            }
        }
    }

    func testSourceOverMatchesTheDoubleReferenceForAllPairs() {
        // Source channel s ≤ source alpha a (premultiplied); destination d anything.
        // out = s + d·(1 − a/255), rounded; exhaustive over (a, d) with s at both ends of its range.
        for a in UInt32(0)...255 {
            for d in UInt32(0)...255 {
                for s in Set([0, a / 2, a]) {
                    let want = UInt32((Double(s) + Double(d) * (1 - Double(a) / 255)).rounded())
                    let src = a << 24 | s << 16 | s << 8 | s
                    let dst = d << 24 | d << 16 | d << 8 | d
                    let got = sourceOver(src, dst)
                    let wantAlpha = UInt32((Double(a) + Double(d) * (1 - Double(a) / 255)).rounded())
                    if got != wantAlpha << 24 | want << 16 | want << 8 | want {
                        XCTFail("sourceOver(s \(s), a \(a), d \(d)) = \(String(got, radix: 16)), want \(want)"); return
                    }
                    XCTAssertLessThanOrEqual(want, 255)
                }
            }
        }
    }

    func testCoverageScalesTheSourceBeforeBlending() {
        let red = Color.red.premultiplied
        XCTAssertEqual(sourceOver(red, coverage: 255, 0xFF00_00FF), red)
        XCTAssertEqual(sourceOver(red, coverage: 0, 0xFF00_00FF), 0xFF00_00FF)
        XCTAssertEqual(sourceOver(red, coverage: 128, 0xFF00_00FF), 0xFF80_007F)
    }

    func testColorPremultipliesAndParsesHex() {
        XCTAssertEqual(Color(hex: "#E74C3C")?.premultiplied, 0xFFE7_4C3C)
        XCTAssertEqual(Color(hex: "#FF000080")?.premultiplied, 0x8080_0000)
        XCTAssertNil(Color(hex: "E74C3C"))
        XCTAssertNil(Color(hex: "#E74C3"))
        XCTAssertNil(Color(hex: "#GG0000"))
        for a in UInt8(1)...255 {
            let c = Color(red: 200, green: 10, blue: 255, alpha: a)
            let back = unpremultiply(c.premultiplied)
            XCTAssertEqual(back.alpha, a)
            XCTAssertEqual(Color(red: back.red, green: back.green, blue: back.blue, alpha: a).premultiplied, c.premultiplied)
        }
    }
}

final class BlendModeTests: XCTestCase {
    func testFourPixelPlusEqualsPlusPixel() {
        var rng = SeededGenerator(seed: 4)
        for _ in 0..<20_000 {
            let a = SIMD4<UInt32>((0..<4).map { _ in UInt32.random(in: 0...UInt32.max, using: &rng) })
            let b = SIMD4<UInt32>((0..<4).map { _ in UInt32.random(in: 0...UInt32.max, using: &rng) })
            let four = plusPixels(a, b)
            for k in 0..<4 { XCTAssertEqual(four[k], plusPixel(a[k], b[k])) }
        }
    }

    func testPlusSaturatesEachLaneOnItsOwn() {
        for a in stride(from: UInt32(0), through: 255, by: 5) {
            for b in stride(from: UInt32(0), through: 255, by: 3) {
                let want = min(255, a + b)
                XCTAssertEqual(plusPixel(a << 24 | b << 16 | a << 8 | b, b << 24 | a << 16 | 0 << 8 | b),
                               want << 24 | want << 16 | a << 8 | min(255, 2 * b))
            }
        }
    }
}
