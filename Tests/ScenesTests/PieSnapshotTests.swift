// The pie chart as golden images (RECORD=1 re-records; look at each one): the defaults mid-draw and
// done on a square frame (no room for a legend), a landscape frame mid-draw with the legend beside,
// and a portrait frame done with the legend below. 384 × 216 and 216 × 384 are the smallest frames of
// their shapes that fit the default legend at its minimum size, hence the one side over 256 px.
// Terminus alone, so they do not depend on whether Unifont is installed.
import Raster
@testable import Scenes
import Snapshot
import XCTest

final class PieSnapshotTests: XCTestCase {
    func snapshot(width: Int, height: Int, at t: Double, named name: String,
                  file: StaticString = #filePath, line: UInt = #line) throws {
        let pie = try PieScene(resources: try WheelSnapshotTests.latinResources())
        let canvas = try XCTUnwrap(Canvas(width: width, height: height))
        pie.render(into: canvas, at: t)
        XCTAssertNil(compareSnapshot(canvas.pixmap, named: name, referenceDirectory: referencesDirectory()), file: file, line: line)
    }

    /// Pizza complete, Sushi part drawn with its label, the rest absent.
    func testMidDraw() throws { try snapshot(width: 240, height: 240, at: 0.9, named: "pie-mid-draw") }

    func testDone() throws { try snapshot(width: 240, height: 240, at: 2, named: "pie-done") }

    func testLandscapeMidDrawWithTheLegendBeside() throws {
        try snapshot(width: 384, height: 216, at: 1.4, named: "pie-landscape-mid-draw")
    }

    func testPortraitDoneWithTheLegendBelow() throws {
        try snapshot(width: 216, height: 384, at: 2, named: "pie-portrait-done")
    }
}
