// Goldens of wheels from 2 to 1000 entries (RECORD=1 re-records; look at each one): every label that
// is drawn can be read, all at one size, neighbours in different colours, the banner names the
// winner. Portrait 480×800 and landscape 1920×1080 for every count (1000 at 1080p mid-spin: the
// banner names the entry under the pointer; the layout at other sizes is WheelLayoutTests'). Then labels in Arabic, Hebrew,
// Korean, Chinese and emoji (needs Debian's Unifont), and a 60-character result wrapped to two lines.
import BitmapFont
import Draws
import Foundation
import Raster
@testable import Scenes
import Snapshot
import XCTest

final class WheelCountSnapshotTests: XCTestCase {
    func wheel(_ n: Int) throws -> WheelScene {
        var config = WheelConfig(items: WheelConfig.items(from: (1...n).map { Entry(text: "Entry \($0)") }))
        config.celebration = .off   // the wheel itself (CelebrationSnapshotTests has the card)
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 5)
        XCTAssertTrue(try wheel.spin(at: 0))
        return wheel
    }

    func snapshot(_ wheel: WheelScene, _ width: Int, _ height: Int, at t: Double, named name: String,
                  file: StaticString = #filePath, line: UInt = #line) throws {
        let canvas = try XCTUnwrap(Canvas(width: width, height: height))
        wheel.render(into: canvas, at: t)
        XCTAssertNil(compareSnapshot(canvas.pixmap, named: name, referenceDirectory: referencesDirectory()), file: file, line: line)
    }

    func testPortraitFromTwoToAThousand() throws {
        for n in [2, 9, 37, 100, 500, 1000] {
            try snapshot(try wheel(n), 480, 800, at: 9, named: "wheel-count-\(n)-480x800")
        }
    }

    func testLandscapeFromTwoToAThousand() throws {
        for n in [2, 9, 37, 100, 500] {
            try snapshot(try wheel(n), 1920, 1080, at: 9, named: "wheel-count-\(n)-1920x1080")
        }
        // Mid-spin: the band resampled, the banner naming the entry under the pointer.
        try snapshot(try wheel(1000), 1920, 1080, at: 2.2, named: "wheel-count-1000-1920x1080")
    }

    func testRightToLeftAndCJKLabels() throws {
        guard FileManager.default.fileExists(atPath: FontStack.systemUnifontPath) else {
            throw XCTSkip("needs \(FontStack.systemUnifontPath) for Arabic, Hebrew, Hangul and Han")
        }
        let assets = WheelRingImageTests.assetsDirectory
        let resources = SceneResources(fonts: try FontStack.defaultStack(assetsDirectory: assets), assetsDirectory: assets)
        let names = ["مرحبا", "سلام عليكم", "שלום", "תודה רבה", "한국어", "中文", "大奖", "🎁 Hello"]
        var config = WheelConfig(items: WheelConfig.items(from: names.map { Entry(text: $0) }))
        config.celebration = .off
        let wheel = try WheelScene(config: config, resources: resources, seed: 2)
        XCTAssertTrue(try wheel.spin(at: 0, to: 1))
        try snapshot(wheel, 480, 800, at: 9, named: "wheel-scripts-480x800")
        XCTAssertEqual(wheel.state(at: 9).result?.text, "سلام عليكم")
    }

    func testASixtyCharacterResultWrapsToTwoLines() throws {
        let long = "A weekend for two in a cabin by the lake, breakfast included"
        XCTAssertEqual(long.count, 60)
        var config = WheelConfig(items: WheelConfig.items(from: [long, "Ann", "Ben", "Cat"].map { Entry(text: $0) }))
        config.celebration = .off
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 2)
        XCTAssertTrue(try wheel.spin(at: 0, to: 0))
        try snapshot(wheel, 960, 540, at: 9, named: "wheel-long-result-960x540")
        try snapshot(wheel, 480, 800, at: 9, named: "wheel-long-result-480x800")
    }
}
