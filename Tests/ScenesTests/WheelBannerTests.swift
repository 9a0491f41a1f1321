// A wheel of any size names the entry under the pointer: while it spins, the banner (the result's
// place) shows the entry under the pointer, looked at ten times a second so each name can be read,
// and the window redraws the banner exactly when it changes;
// when it stops, the winner. Labels too small to read are not drawn at all.
import Draws
import Raster
@testable import Scenes
import XCTest

final class WheelBannerTests: XCTestCase {
    func wheel(_ n: Int) throws -> WheelScene {
        let config = WheelConfig(items: WheelConfig.items(from: (1...n).map { Entry(text: "Entry \($0)") }))
        return try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 5)
    }

    func testTheBannerNamesEveryEntryThePointerPasses() throws {
        let wheel = try wheel(500)
        XCTAssertTrue(try wheel.spin(at: 0))
        let end = try XCTUnwrap(wheel.spinner.endTime)
        var named: [String] = []
        var t = 0.0
        while t < end {
            // The entry under the pointer when the banner last looked (every 0.1 s from the start).
            let looked = (t / WheelScene.bannerStep).rounded(.down) * WheelScene.bannerStep
            let under = wheel.items[wheel.spinner.index(underPointerAt: looked)].text
            let shown = wheel.resultShown(at: t, winner: nil, strength: 0, spinning: true)
            XCTAssertEqual(shown?.text, under, "at \(t)")
            if named.last != under { named.append(under) }
            t += 1.0 / 60
        }
        // Ten looks a second over a 5 s spin; near the end a name stays as long as it is under the pointer.
        XCTAssertGreaterThan(Set(named).count, 30)
        XCTAssertLessThanOrEqual(named.count, Int(end / WheelScene.bannerStep) + 1, "a name shows for 0.1 s at least")
        let winner = try XCTUnwrap(wheel.state(at: end + 1).result)
        XCTAssertEqual(wheel.resultShown(at: end + 1, winner: winner.index, strength: 1, spinning: false)?.text, winner.text)
    }

    func testTheBannerIsRedrawnExactlyWhenAnotherEntryComesUnder() throws {
        let wheel = try wheel(60)
        let size = Size(width: 1920, height: 1080)
        let frame = wheel.prepare(for: size)
        XCTAssertTrue(try wheel.spin(at: 0))
        let banner = PixelRect(enclosing: frame.layout.resultRect)
        var changes = 0, same = 0
        var t = 0.5
        while t < 4 {
            let next = t + 1.0 / 60
            let dirty = try XCTUnwrap(wheel.dirtyRect(since: t, at: next, frameSize: size))
            let changed = wheel.bannerIndex(at: t) != wheel.bannerIndex(at: next)
            XCTAssertEqual(dirty.intersection(banner) == banner, changed, "at \(next)")
            if changed { changes += 1 } else { same += 1 }
            t = next
        }
        XCTAssertGreaterThan(changes, 10)
        XCTAssertGreaterThan(same, 10)
    }

    /// 1000 entries on a 1080p wheel: slices are under 3 px at the rim, so no label is drawn; 100 on
    /// the same wheel all have one, all at one size.
    func testLabelsTooSmallToReadAreNotDrawn() throws {
        let size = Size(width: 1920, height: 1080)
        XCTAssertTrue(try wheel(1000).prepare(for: size).labels.allSatisfy { $0 == nil })
        let hundred = try wheel(100).prepare(for: size).labels
        XCTAssertTrue(hundred.allSatisfy { $0 != nil })
        XCTAssertEqual(Set(hundred.compactMap { $0?.size }).count, 1)
        XCTAssertGreaterThanOrEqual(hundred[0]?.size ?? 0, LabelFitter.legibleSize)
    }

    /// A 100 000-character name is cut at `labelLimit` characters for its label, the banner and the
    /// result (the draw still records the whole name).
    func testAHugeNameIsCutAtTheLimit() throws {
        let huge = String(repeating: "A", count: 100_000)
        let config = WheelConfig(items: WheelConfig.items(from: [Entry(text: huge), Entry(text: "Ben")]))
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 1)
        let frame = wheel.prepare(for: Size(width: 640, height: 480))
        XCTAssertLessThanOrEqual(frame.labels[0]?.text.count ?? 0, WheelScene.labelLimit + 1)
        XCTAssertTrue(try wheel.spin(at: 0, to: 0))
        let end = try XCTUnwrap(wheel.spinner.endTime)
        XCTAssertEqual(wheel.state(at: end + 1).result?.text.count, 100_000, "the result reported is the whole name")
        let shown = try XCTUnwrap(wheel.resultShown(at: end + 1, winner: 0, strength: 1, spinning: false))
        XCTAssertEqual(shown.text.count, WheelScene.labelLimit + 1)
        XCTAssertTrue(shown.text.hasSuffix("…"))
    }
}

/// A wheel of 1000 turning: its slices come from one exact drawing resampled at each angle; they
/// must match the exact fill of the same angle closely (a wrong angle or direction would not), and
/// a dirty-rectangle frame must equal a whole one.
final class DenseWheelTests: XCTestCase {
    func testResampledSlicesMatchTheExactFill() throws {
        let config = WheelConfig(items: WheelConfig.items(from: (1...1000).map { Entry(text: "Entry \($0)") }))
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 3)
        let size = Size(width: 640, height: 480)
        let frame = wheel.prepare(for: size)
        XCTAssertGreaterThan(frame.plateRadius, 0)
        XCTAssertNotNil(frame.denseSlices)
        for rotation in [0.0, 0.37, 2.9, 1234.5678] {
            let resampled = try XCTUnwrap(Canvas(width: 640, height: 480)), exact = try XCTUnwrap(Canvas(width: 640, height: 480))
            wheel.drawSlices(frame, rotation: rotation, moving: true, in: resampled)
            wheel.drawSlices(frame, rotation: rotation, moving: false, in: exact)
            var total = 0, count = 0
            let c = frame.layout.center
            for y in 0..<480 {
                for x in 0..<640 {
                    let d = Point(x: Double(x) + 0.5, y: Double(y) + 0.5).distance(to: c)
                    guard d > frame.plateRadius + 2, d < frame.coveredRadius - 6 else { continue }
                    let p = resampled.pixmap[x, y], q = exact.pixmap[x, y]
                    for shift in stride(from: 0, to: 24, by: 8) {
                        total += abs(Int(p >> UInt32(shift) & 0xFF) - Int(q >> UInt32(shift) & 0xFF))
                    }
                    count += 3
                }
            }
            XCTAssertGreaterThan(count, 10_000)
            XCTAssertLessThan(Double(total) / Double(count), 12, "rotation \(rotation): mean channel difference")
        }
    }

    func testADirtyRectangleFrameEqualsAWholeOne() throws {
        let config = WheelConfig(items: WheelConfig.items(from: (1...1000).map { Entry(text: "Entry \($0)") }))
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 3)
        let size = Size(width: 640, height: 480)
        XCTAssertTrue(try wheel.spin(at: 0))
        let whole = try XCTUnwrap(Canvas(width: 640, height: 480)), parts = try XCTUnwrap(Canvas(width: 640, height: 480))
        wheel.render(into: parts, at: 1.0)
        let dirty = try XCTUnwrap(wheel.dirtyRect(since: 1.0, at: 1.02, frameSize: size))
        parts.clip = dirty
        wheel.render(into: parts, at: 1.02)
        parts.clip = parts.pixmap.bounds
        wheel.render(into: whole, at: 1.02)
        XCTAssertTrue(whole.pixmap == parts.pixmap)
    }
}
