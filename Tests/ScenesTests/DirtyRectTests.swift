// Dirty rectangles must be invisible: a frame redrawn only inside the scene's dirty rectangle, over
// the frame before it, equals the same frame drawn whole, pixel for pixel (the performance issue).
import BitmapFont
import Raster
@testable import Scenes
import XCTest

final class DirtyRectTests: XCTestCase {
    /// Draws frames at `times` incrementally (full first frame, then only dirty rectangles) and each
    /// one whole, and compares them; returns how many frames were drawn incrementally.
    @discardableResult
    func assertIncrementalFramesMatch(_ scene: Scene, width: Int, height: Int, times: [Double],
                                      file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let incremental = try XCTUnwrap(Canvas(width: width, height: height))
        let whole = try XCTUnwrap(Canvas(width: width, height: height))
        let size = Size(width: Double(width), height: Double(height))
        scene.render(into: incremental, at: times[0])
        var partial = 0
        for (previous, t) in zip(times, times.dropFirst()) {
            if let dirty = scene.dirtyRect(since: previous, at: t, frameSize: size) {
                incremental.clip = dirty.intersection(incremental.pixmap.bounds)
                scene.render(into: incremental, at: t)
                incremental.clip = incremental.pixmap.bounds
                partial += 1
            } else {
                scene.render(into: incremental, at: t)
            }
            whole.clear()
            scene.render(into: whole, at: t)
            guard incremental.pixmap == whole.pixmap else {
                let i = incremental.pixmap.pixels.indices.first { incremental.pixmap.pixels[$0] != whole.pixmap.pixels[$0] } ?? 0
                XCTFail("\(scene.name) at t = \(t) (after \(previous)): first differing pixel (\(i % width), \(i / width)): "
                        + "incremental \(String(incremental.pixmap.pixels[i], radix: 16)), whole \(String(whole.pixmap.pixels[i], radix: 16))",
                        file: file, line: line)
                return partial
            }
        }
        return partial
    }

    func resources() throws -> SceneResources { try SceneResources.loadDefault() }

    func testSpinningWheelRedrawsOnlyItsDisc() throws {
        let wheel = try WheelScene(resources: try resources(), seed: 5)
        try wheel.spin(at: 0.2, to: 3)
        let times = stride(from: 0.0, through: 7.0, by: 1.0 / 30).map { $0 }
        let partial = try assertIncrementalFramesMatch(wheel, width: 320, height: 240, times: times)
        XCTAssertGreaterThan(partial, 100, "most spinning frames are incremental")
        let dirty = try XCTUnwrap(wheel.dirtyRect(since: 1, at: 1.02, frameSize: Size(width: 320, height: 240)))
        XCTAssertLessThan(dirty.width * dirty.height, 320 * 240 * 3 / 4, "the disc, not the frame")
    }

    /// Pictures in the slices, a logo in the hub, a title and a background picture (assets/wheel-fruit.json):
    /// a frame redrawn inside its dirty rectangle over the one before equals it drawn whole.
    func testAWheelWithPicturesRedrawnIncrementallyEqualsWholeFrames() throws {
        let config = try WheelConfig.load(path: WheelRingImageTests.assetsDirectory + "/wheel-fruit.json")
        for (w, h) in [(960, 540), (540, 800)] {
            let wheel = try WheelScene(config: config, resources: try resources(), seed: 4)
            try wheel.spin(at: 0.1, to: 6)
            let times = stride(from: 0.0, through: 6.5, by: 0.25).map { $0 }
            XCTAssertGreaterThan(try assertIncrementalFramesMatch(wheel, width: w, height: h, times: times), 15)
        }
    }

    /// Large enough that the ring's opaque band is left to the ring (see RingBandTests): what lay
    /// under it from the frame before must never show.
    func testALargerSpinningWheelRedrawnIncrementallyEqualsWholeFrames() throws {
        let wheel = try WheelScene(resources: try resources(), seed: 8)
        try wheel.spin(at: 0.1, to: 5)
        let times = stride(from: 0.0, through: 6.0, by: 0.2).map { $0 }
        let partial = try assertIncrementalFramesMatch(wheel, width: 800, height: 600, times: times)
        XCTAssertGreaterThan(partial, 20)
    }

    func testRunningTimerRedrawsTheRingEdgeAndTheTime() throws {
        let file = try ConfigFile.parse(Data(#"{"timer": {"sequence": [{"label": "Focus", "duration": 4}, {"label": "Break", "duration": 2}]}}"#.utf8),
                                        file: "test.json", baseDirectory: ".")
        let timer = try TimerScene(config: try TimerConfig.parse(file), resources: try resources())
        timer.pause(at: 2.5)
        timer.resume(at: 3.1)
        let times = stride(from: 0.0, through: 7.5, by: 1.0 / 24).map { $0 }
        let partial = try assertIncrementalFramesMatch(timer, width: 200, height: 160, times: times)
        XCTAssertGreaterThan(partial, 80)
        let small = try XCTUnwrap(timer.dirtyRect(since: 1.0, at: 1.04, frameSize: Size(width: 200, height: 160)))
        XCTAssertLessThan(small.width * small.height, 200 * 160 / 10, "between seconds only the ring's moving end")
    }

    func testGrowingPieSliceRedrawsOnlyItsFront() throws {
        let pie = try PieScene(resources: try resources())
        let times = stride(from: 0.0, through: 2.5, by: 1.0 / 60).map { $0 }
        let partial = try assertIncrementalFramesMatch(pie, width: 320, height: 200, times: times)
        XCTAssertGreaterThan(partial, 80, "most drawing frames are incremental")
    }

    func testClockRedrawsOnlyItsHands() throws {
        let clock = try XCTUnwrap(try SceneCatalog.make("clock", resources: try resources()) as? ClockScene)
        clock.startTime = 10 * 3600 + 10 * 60 + 30
        let times = stride(from: 0.0, through: 3, by: 1.0 / 30).map { $0 }
        let partial = try assertIncrementalFramesMatch(clock, width: 240, height: 240, times: times)
        XCTAssertEqual(partial, times.count - 1)
    }

    func testEveryOtherSceneStaysCorrect() throws {
        let r = try resources()
        for name in ["pie", "clock", "testcard"] {
            let scene = try XCTUnwrap(try SceneCatalog.make(name, resources: r))
            try assertIncrementalFramesMatch(scene, width: 200, height: 150, times: stride(from: 0.0, through: 3, by: 0.25).map { $0 })
        }
    }
}

extension DirtyRectTests {
    /// A spinning wheel redrawn over its own frame, as the window redraws it, keeps the band, the
    /// backdrop and the shadow from the frame before and puts back only what the bulbs, pointer and
    /// banner covered: every frame must still equal the one a second wheel draws whole, through the
    /// spin, its stop, the winner's glow and the next spin.
    func testAWheelRedrawnOverItsOwnFramesEqualsWholeFrames() throws {
        try assertRedrawnOverItsOwnFramesEqualsWholeFrames(width: 960, height: 540)
    }

    /// Upright, the banner and the button lie under the wheel, the banner's box within its square.
    func testAnUprightWheelRedrawnOverItsOwnFramesEqualsWholeFrames() throws {
        try assertRedrawnOverItsOwnFramesEqualsWholeFrames(width: 480, height: 800)
    }

    private func assertRedrawnOverItsOwnFramesEqualsWholeFrames(width: Int, height: Int) throws {
        let r = try resources()
        let kept = try WheelScene(resources: r, seed: 11), fresh = try WheelScene(resources: r, seed: 11)
        try kept.spin(at: 0.1, to: 2); try fresh.spin(at: 0.1, to: 2)
        let size = Size(width: Double(width), height: Double(height))
        let canvas = try XCTUnwrap(Canvas(width: width, height: height)), whole = try XCTUnwrap(Canvas(width: width, height: height))
        var times = stride(from: 0.0, through: 8.0, by: 1.0 / 30).map { $0 }
        times += stride(from: 8.2, through: 12.0, by: 0.1).map { $0 }
        var previous = times[0], reused = 0
        kept.render(into: canvas, at: previous)
        for t in times.dropFirst() {
            if t >= 8.2 && t < 8.3 { try kept.spin(at: t, to: 7); try fresh.spin(at: t, to: 7) }
            if let dirty = kept.dirtyRect(since: previous, at: t, frameSize: size) {
                canvas.clip = dirty.intersection(canvas.pixmap.bounds)
                if kept.keptFrame(kept.scratch.lastFrame, in: canvas, at: t) != nil { reused += 1 }
                kept.render(into: canvas, at: t)
                canvas.clip = canvas.pixmap.bounds
            } else {
                kept.render(into: canvas, at: t)
            }
            previous = t
            whole.clear()
            fresh.render(into: whole, at: t)
            guard canvas.pixmap == whole.pixmap else {
                let i = canvas.pixmap.pixels.indices.first { canvas.pixmap.pixels[$0] != whole.pixmap.pixels[$0] } ?? 0
                return XCTFail("at t = \(t): first differing pixel (\(i % width), \(i / width))")
            }
        }
        XCTAssertGreaterThan(reused, 150, "most spinning frames keep the frame before")
    }
}
