// Golden images (Tests/BitmapFontTests/References): Latin + Hangul labels at the angles a wheel
// uses, and large smooth text. Tolerance 0: the rasterizer is deterministic. RECORD=1 re-records.
import XCTest
import BitmapFont
import Raster
import Snapshot

final class TextSnapshotTests: XCTestCase {
    func testLabelsAtZero37_90And200Degrees() throws {
        let stack = try defaultStackOrSkip()
        let canvas = try XCTUnwrap(Canvas(width: 256, height: 256))
        canvas.clear(Color(rgb: 0x2C3E50))
        let center = Point(x: 128, y: 128)
        // Text only (no slices), so the reference changes only when text rendering does.
        for (degrees, color) in [(0.0, 0xFFFFFF), (37, 0xF1C40F), (90, 0x2ECC71), (200, 0xE74C3C)] as [(Double, UInt32)] {
            let angle = Angle.degrees(degrees)
            stack.draw("1,000원 꽝", in: canvas, at: Point.onCircle(center: center, radius: 70, at: angle), rotation: angle,
                       style: TextStyle(size: 15, color: Color(rgb: color), alignment: .center, verticalAlignment: .middle))
        }
        XCTAssertNil(compareSnapshot(canvas.pixmap, named: "labels-0-37-90-200", referenceDirectory: referencesDirectory()))
    }

    func testLargeTextIsSmooth() throws {
        let stack = try defaultStackOrSkip()
        let canvas = try XCTUnwrap(Canvas(width: 224, height: 104))
        canvas.clear(.white)
        stack.draw("Hi 원", in: canvas, at: Point(x: 112, y: 52),
                   style: TextStyle(size: 80, color: Color(rgb: 0x202040), alignment: .center, verticalAlignment: .middle))
        XCTAssertNil(compareSnapshot(canvas.pixmap, named: "large-80px-smooth", referenceDirectory: referencesDirectory()))
    }
}
