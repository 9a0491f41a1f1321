// Not a test: with CLOCK_PREVIEW=<dir>, renders the clock at several sizes to look at. Skipped otherwise.
import Foundation
import PNGCodec
import Raster
@testable import Scenes
import XCTest

final class ClockPreviewTests: XCTestCase {
    func testWritePreviews() throws {
        guard let dir = ProcessInfo.processInfo.environment["CLOCK_PREVIEW"] else { throw XCTSkip("set CLOCK_PREVIEW=<dir> to write preview frames") }
        let resources = try ClockSnapshotTests.latinResources()
        let clock = ClockScene(resources: resources, startTime: try ClockScene.parseTime("10:10:30"))
        for (w, h) in [(400, 400), (1280, 720), (720, 1280), (240, 240), (3840, 2160)] {
            let canvas = try XCTUnwrap(Canvas(width: w, height: h))
            let start = Date()
            clock.render(into: canvas, at: 0)
            let first = Date()
            clock.render(into: canvas, at: 0)   // the dial is cached now: only the hands are drawn
            let ms = (first.timeIntervalSince(start) * 1000, Date().timeIntervalSince(first) * 1000)
            try writePNG(canvas.pixmap, to: "\(dir)/clock-\(w)x\(h).png")
            print("clock \(w)x\(h): first frame \(Int(ms.0)) ms, next \(Int(ms.1)) ms", clock.jsonLine(at: 0))
        }
    }
}
