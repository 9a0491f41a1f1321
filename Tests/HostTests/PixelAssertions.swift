// Pixel-exact comparison for the host tests: compares by (x, y), so pixmaps with different strides
// compare by content, and on failure names the first differing pixel, expected vs actual and the count.
import Raster
import XCTest

func assertSamePixels(_ actual: Pixmap, _ expected: Pixmap, _ what: String,
                      file: StaticString = #filePath, line: UInt = #line) {
    guard actual.width == expected.width, actual.height == expected.height else {
        XCTFail("\(what): size \(actual.width)x\(actual.height), expected \(expected.width)x\(expected.height)",
                file: file, line: line)
        return
    }
    var first: (x: Int, y: Int)?
    var count = 0
    for y in 0..<expected.height {
        for x in 0..<expected.width where actual[x, y] != expected[x, y] {
            if first == nil { first = (x, y) }
            count += 1
        }
    }
    if let (x, y) = first {
        XCTFail("\(what): \(count) of \(expected.width * expected.height) pixels differ (tolerance 0); first at "
                + "(\(x), \(y)): expected \(hex(expected[x, y])), actual \(hex(actual[x, y]))",
                file: file, line: line)
    }
}

func hex(_ pixel: UInt32) -> String {
    let digits = String(pixel, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}
