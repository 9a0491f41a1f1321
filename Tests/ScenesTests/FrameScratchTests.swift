// Scenes keep scratch between frames (paths rebuilt in place, the timer's text and its fitted size,
// the pie's legend swatches) so that a warm frame allocates nothing. None of it may show: a scene that
// has drawn other frames, steps and sizes before draws each frame exactly as a fresh scene does.
import BitmapFont
import Raster
import Scenes
import XCTest

final class FrameScratchTests: XCTestCase {
    /// Draws `frames` (time, size) in order with one scene, and each with a new scene from `make`.
    func assertReusedSceneMatchesFresh(_ make: () throws -> Scene, frames: [(t: Double, width: Int, height: Int)],
                                       file: StaticString = #filePath, line: UInt = #line) throws {
        let reused = try make()
        for frame in frames {
            let warm = try XCTUnwrap(Canvas(width: frame.width, height: frame.height))
            let fresh = try XCTUnwrap(Canvas(width: frame.width, height: frame.height))
            reused.render(into: warm, at: frame.t)
            try make().render(into: fresh, at: frame.t)
            guard warm.pixmap == fresh.pixmap else {
                let i = warm.pixmap.pixels.indices.first { warm.pixmap.pixels[$0] != fresh.pixmap.pixels[$0] } ?? 0
                return XCTFail("\(reused.name) at t = \(frame.t), \(frame.width)×\(frame.height): first differing pixel "
                               + "(\(i % frame.width), \(i / frame.width)): reused \(String(warm.pixmap.pixels[i], radix: 16)), "
                               + "fresh \(String(fresh.pixmap.pixels[i], radix: 16))", file: file, line: line)
            }
        }
    }

    func testTimerTextFollowsSecondsStepsPausesAndSizes() throws {
        let resources = try SceneResources.loadDefault()
        let file = try ConfigFile.parse(Data(#"{"timer": {"sequence": [{"label": "Focus", "duration": 3}, {"label": "Break", "duration": 2}]}}"#.utf8),
                                        file: "test.json", baseDirectory: ".")
        let config = try TimerConfig.parse(file)
        func make() throws -> Scene {
            let timer = try TimerScene(config: config, resources: resources)
            timer.pause(at: 3.5)   // in "Break", showing the pause sign
            timer.resume(at: 4.0)
            return timer
        }
        // Same second twice, the next second, a new step, paused, a new size, finished.
        try assertReusedSceneMatchesFresh(make, frames: [(0.2, 160, 120), (0.7, 160, 120), (1.2, 160, 120), (3.2, 160, 120),
                                                         (3.7, 160, 120), (3.8, 240, 200), (4.5, 120, 120), (6, 120, 120)])
    }

    func testPieSlicesAndLegendFollowTimeAndSizes() throws {
        let resources = try SceneResources.loadDefault()
        func make() throws -> Scene { try PieScene(resources: resources) }
        try assertReusedSceneMatchesFresh(make, frames: [(0.1, 320, 200), (0.5, 320, 200), (1.3, 320, 200),
                                                         (1.4, 200, 320), (0.9, 320, 200), (3, 320, 200)])
    }
}
