// Not a test: with TIMER_PREVIEW=<dir>, renders timer frames to look at (0 %, 37 %, 99.9 %, 100 %,
// mid-flash, paused, a labelled sequence) at 240×240, 1280×720, a portrait size and 4K. Skipped otherwise.
import Foundation
import PNGCodec
import Raster
@testable import Scenes
import XCTest

final class TimerPreviewTests: XCTestCase {
    func testWritePreviews() throws {
        guard let dir = ProcessInfo.processInfo.environment["TIMER_PREVIEW"] else { throw XCTSkip("set TIMER_PREVIEW=<dir> to write preview frames") }
        let resources = try SceneResources.loadDefault()
        func shoot(_ scene: TimerScene, _ w: Int, _ h: Int, _ t: Double, _ name: String) throws {
            let canvas = try XCTUnwrap(Canvas(width: w, height: h))
            scene.render(into: canvas, at: t)
            try writePNG(canvas.pixmap, to: "\(dir)/\(name).png")
            print(name, scene.jsonLine(at: t))
        }
        let plain = try TimerScene(resources: resources)
        for (w, h) in [(240, 240), (1280, 720), (480, 800)] {
            for (t, tag) in [(0.0, "0"), (22.2, "37"), (59.94, "99.9"), (60.0, "100"), (60.2, "flash")] {
                try shoot(plain, w, h, t, "plain-\(w)x\(h)-\(tag)")
            }
        }
        let pomodoro = try TimerConfig.load(path: WheelRingImageTests.assetsDirectory + "/timer-pomodoro.json")
        let sequence = try TimerScene(config: pomodoro, resources: resources)
        try shoot(sequence, 240, 240, 600, "pomodoro-240-focus")
        try shoot(sequence, 480, 800, 1620, "pomodoro-480x800-break")
        try shoot(sequence, 1280, 720, 1620, "pomodoro-1280x720-break")
        sequence.pause(at: 1620)
        try shoot(sequence, 1280, 720, 1700, "pomodoro-1280x720-paused")
        var big = pomodoro
        big.scaleWithFrame = true
        try shoot(try TimerScene(config: big, resources: resources), 3840, 2160, 900, "pomodoro-3840x2160-scaled")
        try shoot(try TimerScene(config: pomodoro, resources: resources), 3840, 2160, 900, "pomodoro-3840x2160")
        // Zooms (nearest, ×10) of where progress meets track and of the 0.1 % gap at 12 o'clock.
        func zoom(_ name: String, _ w: Int, _ h: Int, _ t: Double, x: Int, y: Int, side: Int = 24) throws {
            let canvas = try XCTUnwrap(Canvas(width: w, height: h))
            try TimerScene(resources: resources).render(into: canvas, at: t)
            var out = try XCTUnwrap(Pixmap(width: side * 10, height: side * 10))
            for j in 0..<(side * 10) { for i in 0..<(side * 10) { out[i, j] = canvas.pixmap[x + i / 10, y + j / 10] } }
            try writePNG(out, to: "\(dir)/\(name).png")
        }
        try zoom("zoom-37-junction", 240, 240, 22.2, x: 192, y: 187)
        try zoom("zoom-99.9-gap", 240, 240, 59.94, x: 108, y: 0)
        try zoom("zoom-100-top", 240, 240, 60, x: 108, y: 0)
        // The 4K frames at a quarter of their size, to look at whole.
        for name in ["pomodoro-3840x2160-scaled", "pomodoro-3840x2160"] {
            let big = try readPNG("\(dir)/\(name).png")
            let small = try XCTUnwrap(Canvas(width: 960, height: 540))
            small.draw(big, transform: .scale(0.25))
            try writePNG(small.pixmap, to: "\(dir)/\(name)-quarter.png")
        }
        let hour = try TimerConfig.defaults.withDuration(5400)
        try shoot(try TimerScene(config: hour, resources: resources), 240, 240, 10, "hour-240")
    }
}
