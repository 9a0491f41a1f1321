// The clock as golden images (RECORD=1 re-records; look at each one): 03:00:00 and 10:10:30 on a
// square frame, a landscape one and a portrait one. Terminus alone, so they do not depend on
// whether Unifont is installed.
import BitmapFont
import Foundation
import Raster
@testable import Scenes
import Snapshot
import XCTest

final class ClockSnapshotTests: XCTestCase {
    static func latinResources() throws -> SceneResources {
        let assets = WheelRingImageTests.assetsDirectory
        return SceneResources(fonts: try FontStack.defaultStack(assetsDirectory: assets, fallbackPath: nil), assetsDirectory: assets)
    }

    func snapshot(_ time: String, width: Int, height: Int, named name: String,
                  file: StaticString = #filePath, line: UInt = #line) throws {
        let clock = ClockScene(resources: try Self.latinResources(), startTime: try ClockScene.parseTime(time))
        let canvas = try XCTUnwrap(Canvas(width: width, height: height))
        clock.render(into: canvas, at: 0)
        XCTAssertNil(compareSnapshot(canvas.pixmap, named: name, referenceDirectory: referencesDirectory()), file: file, line: line)
    }

    func testThreeOClockSquare() throws { try snapshot("03:00:00", width: 240, height: 240, named: "clock-0300-240") }
    func testTenPastTenSquare() throws { try snapshot("10:10:30", width: 240, height: 240, named: "clock-101030-240") }
    func testTenPastTenLandscape() throws { try snapshot("10:10:30", width: 256, height: 192, named: "clock-101030-256x192") }
    func testThreeOClockPortrait() throws { try snapshot("03:00:00", width: 192, height: 256, named: "clock-0300-192x256") }
}
