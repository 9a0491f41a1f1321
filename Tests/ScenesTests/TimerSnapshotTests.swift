// The timer as golden images (RECORD=1 re-records; look at each one): seed 001's default at 37 %
// (200 × 200), a labelled Pomodoro step in a portrait frame (160 × 240), a paused timer and the
// finish flash at its brightest (240 × 240), a stage timer in warning, danger and overtime. Terminus only, so Unifont being installed or not
// changes nothing.
import BitmapFont
import Foundation
import Raster
@testable import Scenes
import Snapshot
import XCTest

final class TimerSnapshotTests: XCTestCase {
    /// The repository's assets/ directory, found from this file's path.
    static var assetsDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets").path
    }

    static func latinResources() throws -> SceneResources {
        SceneResources(fonts: try FontStack.defaultStack(assetsDirectory: assetsDirectory, fallbackPath: nil), assetsDirectory: assetsDirectory)
    }

    func snapshot(_ scene: TimerScene, width: Int, height: Int, at t: Double, named name: String,
                  file: StaticString = #filePath, line: UInt = #line) throws {
        let canvas = try XCTUnwrap(Canvas(width: width, height: height))
        scene.render(into: canvas, at: t)
        XCTAssertNil(compareSnapshot(canvas.pixmap, named: name, referenceDirectory: referencesDirectory()), file: file, line: line)
    }

    func testSeedDefaultAtThirtySevenPercent() throws {
        try snapshot(try TimerScene(resources: try Self.latinResources()), width: 200, height: 200, at: 22.2, named: "timer-200x200-37")
    }

    func testLabelledStepInPortrait() throws {
        let config = try TimerConfig.load(path: Self.assetsDirectory + "/timer-pomodoro.json")
        // 25 min into the loop: the Break step, 2 min 0.5 s in.
        try snapshot(try TimerScene(config: config, resources: try Self.latinResources()), width: 160, height: 240,
                     at: 1500 + 120.5, named: "timer-160x240-break")
    }

    func testPaused() throws {
        let scene = try TimerScene(resources: try Self.latinResources())
        scene.pause(at: 45)
        try snapshot(scene, width: 240, height: 240, at: 50, named: "timer-240x240-paused")
    }

    func testFinishFlash() throws {
        try snapshot(try TimerScene(resources: try Self.latinResources()), width: 240, height: 240,
                     at: 60 + TimerScene.flashDuration / 2, named: "timer-240x240-flash")
    }

    /// A stage timer (5 min talk, warning from 2:00, danger from 0:30, counting on past zero): the
    /// ring and the digits amber at 1:40, red at 0:20, and at 12 s over, the full ring red and "-00:12".
    func testStageTimerWarningDangerAndOvertime() throws {
        var config = TimerConfig(steps: [TimerStep(label: "Talk", duration: 300)])
        config.warnAt = 120; config.dangerAt = 30; config.overtime = true
        let scene = try TimerScene(config: config, resources: try Self.latinResources())
        try snapshot(scene, width: 240, height: 240, at: 200, named: "timer-240x240-warning")
        try snapshot(scene, width: 240, height: 240, at: 280, named: "timer-240x240-danger")
        try snapshot(scene, width: 240, height: 240, at: 312, named: "timer-240x240-overtime")
    }

    func testTinyAndHugeFramesDrawWithoutTrouble() throws {
        let scene = try TimerScene(config: try TimerConfig.defaults.withDuration(TimerConfig.maximumDuration), resources: try Self.latinResources())
        for (w, h) in [(1, 1), (9, 30), (20, 20), (2000, 12)] {
            let canvas = try XCTUnwrap(Canvas(width: w, height: h))
            scene.render(into: canvas, at: 1)
            XCTAssertEqual(canvas.pixmap[0, 0] >> 24, 255, "\(w)×\(h) is painted")
        }
    }
}
