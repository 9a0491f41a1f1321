// The wheel as golden images (RECORD=1 re-records; look at each one): idle, mid-spin, stopped with
// its result, numbered mode at 7 and 36, long labels ending in "…", Korean labels, a portrait frame.
// All but the Korean one use Terminus alone, so they do not depend on whether Unifont is installed
// (a fallback face changes the line metrics that labels are fitted with).
import BitmapFont
import Foundation
import Raster
@testable import Scenes
import Snapshot
import XCTest

final class WheelSnapshotTests: XCTestCase {
    static func latinResources() throws -> SceneResources {
        let assets = WheelRingImageTests.assetsDirectory
        return SceneResources(fonts: try FontStack.defaultStack(assetsDirectory: assets, fallbackPath: nil), assetsDirectory: assets)
    }

    func testIdle() throws {
        try snapshot(try WheelScene(resources: try Self.latinResources(), seed: 1), at: 0, named: "wheel-idle")
    }

    func testMidSpin() throws {
        let wheel = try WheelScene(resources: try Self.latinResources(), seed: 1)
        try wheel.spin(at: 0, to: 3)
        try snapshot(wheel, at: 1.7, named: "wheel-mid-spin")
    }

    func testStoppedWithResult() throws {
        let wheel = try WheelScene(resources: try Self.latinResources(), seed: 1)
        try wheel.spin(at: 0, to: 5)
        try snapshot(wheel, at: 20, named: "wheel-stopped")
        XCTAssertEqual(wheel.state(at: 20).result?.text, "Jackpot")
    }

    func testNumberedSeven() throws {
        var config = WheelConfig.defaults
        config.numbered = 7
        let wheel = try WheelScene(config: config, resources: try Self.latinResources(), seed: 2)
        try wheel.spin(at: 0, to: 2)
        try snapshot(wheel, at: 20, named: "wheel-numbered-7")
        XCTAssertEqual(wheel.state(at: 20).result, WheelResult(index: 2, text: "3", value: 3))
    }

    func testNumberedThirtySix() throws {
        var config = WheelConfig.defaults
        config.numbered = 36
        try snapshot(try WheelScene(config: config, resources: try Self.latinResources()), width: 256, height: 256,
                     at: 0, named: "wheel-numbered-36")
    }

    func testLongLabelsShrinkThenEndInAnEllipsis() throws {
        let config = WheelConfig(items: [
            WheelItem(text: "A very long prize name that cannot fit", color: Color(rgb: 0xE5484D)),
            WheelItem(text: "Short", color: Color(rgb: 0x1C7ED6)),
            WheelItem(text: "Medium length", color: Color(rgb: 0x2F9E44)),
            WheelItem(text: "Supercalifragilisticexpialidocious", color: Color(rgb: 0x9C36B5)),
            WheelItem(text: "OK", color: Color(rgb: 0xF08C00)),
            WheelItem(text: "Another rather long label", color: Color(rgb: 0x0C8599)),
        ])
        let wheel = try WheelScene(config: config, resources: try Self.latinResources())
        try snapshot(wheel, at: 0, named: "wheel-long-labels")
        let plans = try XCTUnwrap(wheel.scratch.cache?.labels)
        XCTAssertTrue(plans[0]?.text.hasSuffix("…") ?? false, "\(String(describing: plans[0]))")
        XCTAssertEqual(plans[1]?.text, "Short")
    }

    func testKoreanLabels() throws {
        guard FileManager.default.fileExists(atPath: FontStack.systemUnifontPath) else {
            print("skipping the Korean golden: \(FontStack.systemUnifontPath) is absent (install Debian's unifont)")
            throw XCTSkip("needs \(FontStack.systemUnifontPath) for Hangul")
        }
        let assets = WheelRingImageTests.assetsDirectory
        let resources = SceneResources(fonts: try FontStack.defaultStack(assetsDirectory: assets), assetsDirectory: assets)
        let config = try WheelConfig.load(path: assets + "/wheel-ko.json")
        let wheel = try WheelScene(config: config, resources: resources, seed: 4)
        try wheel.spin(at: 0, to: 5)
        try snapshot(wheel, width: 256, height: 256, at: 20, named: "wheel-korean")
        XCTAssertEqual(wheel.state(at: 20).result?.text, "다시 한번")
    }

    func testPortrait() throws {
        let wheel = try WheelScene(resources: try Self.latinResources(), seed: 1)
        try wheel.spin(at: 0, to: 1)
        try snapshot(wheel, width: 180, height: 256, at: 20, named: "wheel-portrait")
    }
}

extension XCTestCase {
    /// `scene` rendered at `t` into a `width`×`height` frame, compared with the golden `name`.
    func snapshot(_ scene: WheelScene, width: Int = 240, height: Int = 240, at t: Double, named name: String,
                  file: StaticString = #filePath, line: UInt = #line) throws {
        let canvas = try XCTUnwrap(Canvas(width: width, height: height))
        scene.render(into: canvas, at: t)
        XCTAssertNil(compareSnapshot(canvas.pixmap, named: name, referenceDirectory: referencesDirectory()), file: file, line: line)
    }
}
