// Layout from 240 × 240 to 3840 × 2160, landscape and portrait: everything inside the frame, wheel,
// pointer, result and button apart, the wheel centred (or, on wide frames, on the left with the
// result and button beside it); the result the largest text after the wheel; and hit-testing for taps.
import Foundation
import Raster
@testable import Scenes
import XCTest

final class WheelLayoutTests: XCTestCase {
    static let sizes: [(Double, Double)] = [(240, 240), (320, 240), (240, 320), (480, 800), (800, 480), (1024, 768),
                                            (1280, 720), (720, 1280), (1920, 1080), (1080, 1920), (2560, 1440),
                                            (3840, 2160), (2160, 3840), (1000, 240), (240, 1000)]

    func testEverythingFitsAndNothingOverlaps() {
        for (w, h) in Self.sizes {
            let l = WheelLayout(frame: Size(width: w, height: h))
            let frame = Rect(x: 0, y: 0, width: w, height: h)
            let what = "\(Int(w))×\(Int(h)) (\(l.arrangement))"
            // The wheel plus the pointer rising above it.
            let wheel = Rect(x: l.center.x - l.radius, y: l.center.y - l.radius * (1 + WheelLayout.pointerRise),
                             width: 2 * l.radius, height: l.radius * (2 + WheelLayout.pointerRise))
            for (name, r) in [("wheel", wheel), ("result", l.resultRect), ("button", l.buttonRect)] {
                XCTAssertFalse(r.isEmpty, "\(what): \(name) is empty")
                let inside = r.minX >= -1e-9 && r.minY >= -1e-9 && r.maxX <= frame.maxX + 1e-9 && r.maxY <= frame.maxY + 1e-9
                XCTAssertTrue(inside, "\(what): \(name) \(r) leaves the frame")
            }
            XCTAssertTrue(l.resultRect.intersection(l.buttonRect).isEmpty, "\(what): result and button overlap")
            XCTAssertTrue(wheel.intersection(l.buttonRect).isEmpty, "\(what): wheel and button overlap")
            XCTAssertTrue(wheel.intersection(l.resultRect).isEmpty, "\(what): wheel and result overlap")
            if l.arrangement == .column {
                XCTAssertEqual(l.center.x, w / 2, "\(what): wheel centred horizontally")
            } else {
                XCTAssertGreaterThan(l.resultRect.minX, l.center.x + l.radius, "\(what): result right of the wheel")
                XCTAssertGreaterThan(l.buttonRect.minY, l.resultRect.maxY, "\(what): button under the result")
            }
            XCTAssertGreaterThanOrEqual(l.buttonRect.height, WheelLayout.minimumButtonHeight, what)
            // The largest wheel that leaves room: at least 28 % of the shorter side as radius.
            XCTAssertGreaterThan(l.radius, 0.28 * min(w, h), what)
        }
    }

    /// The result reads across a room: in landscape a short one is at least 8 % of the frame height,
    /// larger than START's label; a 60-character one wraps to two lines before it shrinks.
    func testTheResultIsLargeAndALongOneWraps() throws {
        let fonts = try WheelSnapshotTests.latinResources().fonts
        let long = "A weekend for two in a cabin by the lake, breakfast included"
        XCTAssertEqual(long.count, 60)
        for (w, h) in Self.sizes {
            let l = WheelLayout(frame: Size(width: w, height: h))
            let what = "\(Int(w))×\(Int(h)) (\(l.arrangement))"
            let short = ResultLines("Try again", fonts: fonts, box: l.resultRect, largest: l.resultTextSize * 0.8)
            let startLabel = min(l.buttonRect.height * 0.52, l.buttonRect.width * 0.8 / fonts.measure("START", size: 1).width)
            XCTAssertGreaterThan(short.size, startLabel, "\(what): the result is larger than START")
            if w >= 1.3 * h, h >= 480 {
                XCTAssertGreaterThanOrEqual(short.size, 0.08 * h, "\(what): a short result at 8 % of the height")
            }
            let wrapped = ResultLines(long, fonts: fonts, box: l.resultRect, largest: l.resultTextSize * 0.8)
            let oneLine = min(l.resultTextSize * 0.8, l.resultRect.width * 0.96 / fonts.measure(long, size: 1).width)
            XCTAssertEqual(wrapped.count, 2, what)
            XCTAssertGreaterThan(wrapped.size, oneLine * (h >= 480 ? 1.3 : 1), "\(what): two lines keep it larger")
        }
    }

    /// Below the designed sizes a thumbnail shows the wheel and its pointer alone, as large as the
    /// frame allows (64 × 64 drew a 1 px wheel under "Press START" and a button), and is drawn whole.
    func testAThumbnailIsTheWheelAlone() throws {
        for (w, h) in [(64.0, 64.0), (96.0, 96.0), (100.0, 60.0)] {
            let l = WheelLayout(frame: Size(width: w, height: h))
            let what = "\(Int(w))×\(Int(h))"
            XCTAssertGreaterThanOrEqual(l.radius, 0.4 * min(w, h) - 6, what)
            XCTAssertLessThanOrEqual(l.center.y - l.radius * (1 + WheelLayout.pointerRise), h, what)
            XCTAssertGreaterThanOrEqual(l.center.y - l.radius * (1 + WheelLayout.pointerRise), 0, "\(what): the pointer inside")
            XCTAssertLessThanOrEqual(l.center.y + l.radius, h, what)
            XCTAssertTrue(l.buttonRect.isEmpty && l.resultRect.isEmpty, what)
        }
        let wheel = try WheelScene(resources: try WheelSnapshotTests.latinResources(), seed: 2)
        let canvas = try XCTUnwrap(Canvas(width: 64, height: 64))
        wheel.render(into: canvas, at: 0)
        // The wheel's middle is its hub and slices, not the background.
        XCTAssertNotEqual(canvas.pixmap[32, 20], canvas.pixmap[1, 1])
        // From about 120 px high there is room for the result and the button.
        XCTAssertFalse(WheelLayout(frame: Size(width: 130, height: 130)).buttonRect.isEmpty)
    }

    func testWideFramesPutResultAndButtonBesideTheWheel() {
        XCTAssertEqual(WheelLayout(frame: Size(width: 1920, height: 1080)).arrangement, .sides)
        XCTAssertEqual(WheelLayout(frame: Size(width: 1080, height: 1920)).arrangement, .column)
        XCTAssertEqual(WheelLayout(frame: Size(width: 240, height: 240)).arrangement, .column)
    }

    func testTapOnStartOrTheWheelSpinsAndATapElsewhereDoesNot() throws {
        let resources = try WheelSnapshotTests.latinResources()
        let size = Size(width: 400, height: 500)
        let layout = WheelLayout(frame: size)

        let outside = try WheelScene(resources: resources, seed: 1)
        outside.handle(.tap(Point(x: 5, y: 5)), at: 0, frameSize: size)
        XCTAssertEqual(outside.state(at: 0.5).state, "idle")

        let onStart = try WheelScene(resources: resources, seed: 1)
        onStart.handle(.tap(layout.buttonRect.center), at: 0, frameSize: size)
        XCTAssertEqual(onStart.state(at: 0.5).state, "spinning")

        // On the wheel a press takes it in hand: a tap spins when it is let go.
        let onWheel = try WheelScene(resources: resources, seed: 1)
        let point = Point(x: layout.center.x + layout.radius * 0.5, y: layout.center.y)
        onWheel.handle(.tap(point), at: 0, frameSize: size)
        XCTAssertEqual(onWheel.state(at: 0.05).state, "idle")
        onWheel.handle(.release(point, coolingDown: false), at: 0.1, frameSize: size)
        XCTAssertEqual(onWheel.state(at: 0.5).state, "spinning")
    }

    func testASpinWhileSpinningIsIgnored() throws {
        let wheel = try WheelScene(resources: try WheelSnapshotTests.latinResources(), seed: 1)
        XCTAssertTrue(try wheel.spin(at: 0, to: 1))
        let end = try XCTUnwrap(wheel.spinner.endTime)
        XCTAssertFalse(try wheel.spin(at: 1, to: 5))
        wheel.handle(.primaryAction, at: 1.5, frameSize: Size(width: 300, height: 300))
        XCTAssertEqual(wheel.spinner.endTime, end, "the running spin is unchanged")
        XCTAssertEqual(wheel.state(at: end + 1).result?.index, 1)
        XCTAssertTrue(wheel.isAnimating(at: 1))
        XCTAssertTrue(wheel.isAnimating(at: end + 1), "confetti flies")
        XCTAssertFalse(wheel.isAnimating(at: end + Celebration.confettiDuration + 0.1), "the winner card stands still")
        XCTAssertTrue(wheel.isAnimating(at: end + Celebration.cardDelay + 8 - 0.1), "the card fades out")
        XCTAssertFalse(wheel.isAnimating(at: end + Celebration.cardDelay + 8 + 0.1))
        XCTAssertEqual(wheel.nextChange(after: end + 4), end + Celebration.cardDelay + 8 - Celebration.cardFade)
    }

    func testTheEndCallbackFiresOncePerSpinWithTheItem() throws {
        let wheel = try WheelScene(resources: try WheelSnapshotTests.latinResources(), seed: 9)
        var ended: [WheelItem] = []
        wheel.onSpinEnd = { ended.append($0) }
        try wheel.spin(at: 0, to: 3)
        let canvas = try XCTUnwrap(Canvas(width: 120, height: 120))
        wheel.render(into: canvas, at: 1)
        XCTAssertTrue(ended.isEmpty)
        wheel.render(into: canvas, at: 30)
        wheel.render(into: canvas, at: 31)
        _ = wheel.state(at: 32)
        XCTAssertEqual(ended, [WheelConfig.defaults.items[3]])
        try wheel.spin(at: 40)
        _ = wheel.state(at: 90)
        XCTAssertEqual(ended.count, 2)
    }

    func testNumberedSlicesChangeWithIncreaseAndDecreaseWithinTwoToThirtySix() throws {
        var config = WheelConfig.defaults
        config.numbered = 35
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources())
        let size = Size(width: 200, height: 200)
        wheel.handle(.increase, at: 0, frameSize: size)
        wheel.handle(.increase, at: 0, frameSize: size)
        XCTAssertEqual(wheel.sliceCount, 36)
        for _ in 0..<40 { wheel.handle(.decrease, at: 0, frameSize: size) }
        XCTAssertEqual(wheel.sliceCount, 2)
    }

    func testJSONLine() throws {
        let config = WheelConfig(items: [WheelItem(text: "say \"hi\"\\", color: .red, value: 1000),
                                         WheelItem(text: "b", color: .blue, value: 2.5)])
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 1)
        XCTAssertEqual(wheel.jsonLine(at: 0), #"{"scene":"wheel","t":0,"rotation":0,"state":"idle"}"#)
        try wheel.spin(at: 0, to: 0)
        let line = wheel.jsonLine(at: 60)
        XCTAssertTrue(line.hasSuffix(#""state":"stopped","result":{"index":0,"text":"say \"hi\"\\","value":1000,"prize":true}}"#), line)
        let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        XCTAssertEqual((parsed?["result"] as? [String: Any])?["text"] as? String, "say \"hi\"\\")
    }
}
