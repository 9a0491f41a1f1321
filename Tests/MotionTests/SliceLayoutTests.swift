import Motion
import XCTest

final class SliceLayoutTests: XCTestCase {
    func testSliceZeroIsCentredAtTwelveAndTheRestRunClockwise() throws {
        let layout = try XCTUnwrap(SliceLayout(count: 8))
        XCTAssertEqual(layout.midAngle(of: 0), 0, accuracy: 1e-12)
        XCTAssertEqual(layout.index(underPointerAt: 0), 0)
        // Turning the wheel clockwise by one slice brings the previous slice (the last) under the pointer.
        XCTAssertEqual(layout.index(underPointerAt: 2 * .pi / 8), 7)
        XCTAssertEqual(layout.index(underPointerAt: -2 * .pi / 8), 1)
        // Seed 000's landing: slice·(count − index) puts `index` under the pointer.
        for i in 0..<8 {
            XCTAssertEqual(layout.index(underPointerAt: 2 * .pi / 8 * Double(8 - i)), i)
            XCTAssertEqual(layout.index(underPointerAt: 2 * .pi / 8 * Double(8 - i) + 2 * .pi * 37), i)
        }
    }

    func testWeightedSlicesAndRotationToPointer() throws {
        let layout = try XCTUnwrap(SliceLayout(weights: [1, 3, 0, 4], sizeByWeight: true, origin: .startingAtTop))
        XCTAssertEqual(layout.sweeps.reduce(0, +), 2 * .pi, accuracy: 1e-12)
        for i in [0, 1, 3] {
            let r = layout.rotation(bringingToPointer: layout.midAngle(of: i))
            XCTAssertEqual(layout.index(underPointerAt: r), i)
        }
        XCTAssertNil(SliceLayout(weights: [0, 0], sizeByWeight: true))
        XCTAssertNil(SliceLayout(weights: [1, .nan], sizeByWeight: true))
        XCTAssertNil(SliceLayout(weights: []))
        XCTAssertEqual(layout.index(underPointerAt: .nan), 0)
    }
}
