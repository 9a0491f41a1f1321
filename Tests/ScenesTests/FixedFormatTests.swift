// formatFixed against the String(format:) it replaced in the product.
import Foundation
import Scenes
import XCTest

final class FixedFormatTests: XCTestCase {
    func testAgreesWithStringFormat() {
        for x in [0, -0.0, 1, 3.14159, -2.5, 0.0005, 1234.5678, 1e20, 1e300, .nan, .infinity, -.infinity] {
            XCTAssertEqual(formatFixed(x, digits: 6), String(format: "%.6f", x), "\(x)")
            XCTAssertEqual(formatFixed(x, digits: 3, width: 9), String(format: "%9.3f", x), "\(x)")
            XCTAssertEqual(formatFixed(x, digits: 2, width: 8), String(format: "%8.2f", x), "\(x)")
        }
    }
}
