// A display mounted on its side: frames are drawn for the turned size and turned on the way to the
// screen, and touches and clicks are turned back, so a tap on START (where the screen shows it) spins.
@testable import Host
import CSDL2
import Foundation
import Raster
import Scenes
import XCTest

final class RotationTests: XCTestCase {
    func testTouchesAndClicksTurnBackForEveryRotation() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "turn", width: 320, height: 200)
            for rotation in [0, 90, 180, 270] {
                window.rotation = rotation
                let frame = window.frameSize
                XCTAssertEqual(frame.width, rotation % 180 == 0 ? 320 : 200, "rotation \(rotation)")
                for p in [Point(x: 10, y: 20), Point(x: frame.width - 5, y: 3), Point(x: frame.width / 2, y: frame.height - 1)] {
                    let (u, v) = window.displayFraction(of: p)
                    for input in [SceneInput.tap(Point(x: -1 - u, y: -1 - v)), .tap(Point(x: u * 320, y: v * 200))] {   // touch, click
                        guard case .tap(let q) = window.framePixels(input) else { return XCTFail() }
                        XCTAssertEqual(q.x, p.x, accuracy: 1e-9, "rotation \(rotation)")
                        XCTAssertEqual(q.y, p.y, accuracy: 1e-9, "rotation \(rotation)")
                    }
                }
            }
        }
    }

    func testATapOnStartOfATurnedKioskSpinsAndTheScreenShowsTheTurnedFrame() throws {
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "turn", width: 320, height: 200)
            let wheel = try WheelScene(resources: try sceneResources(), seed: 2)
            let session = Session(window: window, scenes: [wheel], initialScene: "wheel", options: HostOptions(rotation: 90),
                                  clock: SteppingClock())
            var checked = false
            session.onFrame = { t in
                if !checked {
                    checked = true
                    // The screen shows the portrait frame turned a quarter clockwise.
                    let frame = window.frameSize
                    XCTAssertEqual(frame.width, 200)
                    XCTAssertEqual(frame.height, 320)
                    if let shown = try? window.readFrame(), let drawn = Canvas(width: 200, height: 320) {
                        wheel.render(into: drawn, at: t)
                        var differing = 0
                        for y in 0..<200 {
                            for x in 0..<320 where shown[x, y] != (drawn.pixmap[y, 319 - x] | 0xFF00_0000) { differing += 1 }
                        }
                        XCTAssertEqual(differing, 0, "display (x, y) shows frame (y, 319 − x)")
                    }
                    let start = wheel.startButton(frameSize: frame)
                    let (u, v) = window.displayFraction(of: Point(x: start.center.x, y: start.center.y))
                    pushFinger(SDL_FINGERDOWN, x: Float(u), y: Float(v))
                } else {
                    pushQuit()
                }
            }
            _ = try session.run()
            session.onFrame = nil
            XCTAssertNotNil(wheel.spinner.endTime, "the tap on START, turned back, spun the wheel")
        }
    }
}
