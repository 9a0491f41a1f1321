// When slices are drawn (each over its share of the duration, the whole at exactly `duration`),
// the percentages (normalised; largest remainder at 0.1 %, always summing to 100.0), replay, the
// JSON line and the catalogue entry.
import Foundation
import Motion
import Raster
@testable import Scenes
import XCTest

final class PieTimingTests: XCTestCase {
    /// Parsing the BDF fonts is most of a scene's set-up time: loops load them once.
    func scene(_ values: [Double], duration: Double = 2, resources: SceneResources? = nil) throws -> PieScene {
        var config = PieConfig(slices: values.enumerated().map {
            PieSlice(label: "S\($0.offset)", value: $0.element, color: PieConfig.palette[$0.offset % 8])
        })
        config.duration = duration
        return try PieScene(config: config, resources: try resources ?? WheelSnapshotTests.latinResources())
    }

    func testEachSliceTakesItsShareOfTheDuration() throws {
        let pie = try scene([2, 1, 1])
        XCTAssertEqual(pie.drawingInterval(ofSlice: 0), 0...1)
        XCTAssertEqual(pie.drawingInterval(ofSlice: 1), 1...1.5)
        XCTAssertEqual(pie.drawingInterval(ofSlice: 2), 1.5...2)
        XCTAssertEqual(pie.timeline.progress(of: 0, at: 0.25), 0.25, accuracy: 1e-9)
        XCTAssertEqual(pie.timeline.progress(of: 1, at: 0.25), 0)
        XCTAssertEqual(pie.timeline.progress(of: 0, at: 1), 1)
        XCTAssertEqual(pie.timeline.progress(of: 1, at: 1.25), 0.5, accuracy: 1e-9)
        XCTAssertEqual(pie.timeline.progress(of: 2, at: 1.25), 0)
        XCTAssertTrue(pie.isAnimating(at: 1.999_999))
        XCTAssertFalse(pie.isAnimating(at: 2))
        XCTAssertEqual(pie.state(at: 1), "drawing")
        XCTAssertEqual(pie.state(at: 2), "done")
    }

    /// Start times proportional to the cumulative shares; the draw ends at exactly `duration`.
    func testTheDrawCompletesAtExactlyTheDuration() throws {
        var rng = SeededGenerator(seed: 4)
        let resources = try WheelSnapshotTests.latinResources()
        for _ in 0..<300 {
            let n = Int.random(in: 1...24, using: &rng)
            let values = (0..<n).map { _ in Double.random(in: 0...1000, using: &rng).rounded() / Double.random(in: 1...7, using: &rng) }
            guard values.contains(where: { $0 > 0 }) else { continue }
            let duration = [2, 0.3, 1.7, 7, 59.9, 600][Int.random(in: 0...5, using: &rng)]
            let pie = try scene(values, duration: duration, resources: resources)
            XCTAssertEqual(pie.timeline.duration, duration, "\(values)")
            XCTAssertEqual(pie.timeline.sequence?.duration, duration)
            XCTAssertTrue(pie.isAnimating(at: duration.nextDown))
            XCTAssertFalse(pie.isAnimating(at: duration))
            let total = values.reduce(0, +)
            var cumulative = 0.0
            for k in 0..<n {
                let interval = try XCTUnwrap(pie.drawingInterval(ofSlice: k))
                XCTAssertEqual(interval.lowerBound, duration * cumulative / total, accuracy: 1e-9 * duration)
                cumulative += values[k]
                XCTAssertEqual(interval.upperBound, duration * cumulative / total, accuracy: 1e-9 * duration)
                XCTAssertEqual(pie.timeline.progress(of: k, at: duration), 1, "\(values)")
            }
            XCTAssertEqual(pie.drawingInterval(ofSlice: n - 1)?.upperBound, duration)
        }
    }

    func testZeroSlicesTakeNoTimeAndAreNeverDrawn() throws {
        let pie = try scene([1, 0, 1])
        XCTAssertEqual(pie.drawingInterval(ofSlice: 1), 1...1)
        XCTAssertEqual(pie.drawingInterval(ofSlice: 2), 1...2)
        XCTAssertEqual(pie.timeline.progress(of: 1, at: 5), 0)
        XCTAssertEqual(pie.percentages.map(\.percent), [50, 0, 50])
    }

    func testReplayRestartsFromTheInputsTime() throws {
        let pie = try scene([2, 1, 1])
        XCTAssertFalse(pie.isAnimating(at: 10))
        let frame = Size(width: 240, height: 240)
        pie.handle(.restart, at: 10, frameSize: frame)
        XCTAssertEqual(pie.state(at: 10), "drawing")
        XCTAssertTrue(pie.isAnimating(at: 11.999))
        XCTAssertFalse(pie.isAnimating(at: 12))
        // A replayed frame is the fresh frame shifted in time.
        let a = try XCTUnwrap(Canvas(width: 240, height: 240)), b = try XCTUnwrap(Canvas(width: 240, height: 240))
        pie.render(into: a, at: 10.7)
        let fresh = try scene([2, 1, 1])
        fresh.render(into: b, at: 0.7)
        XCTAssertEqual(a.pixmap, b.pixmap)
        pie.handle(.primaryAction, at: 20, frameSize: frame)
        XCTAssertTrue(pie.isAnimating(at: 21))
        // A tap on the donut replays; a tap in a corner does not; + and − do nothing.
        pie.handle(.tap(Point(x: 5, y: 5)), at: 30, frameSize: frame)
        XCTAssertFalse(pie.isAnimating(at: 30))
        pie.handle(.increase, at: 30, frameSize: frame)
        XCTAssertFalse(pie.isAnimating(at: 30))
        pie.handle(.tap(Point(x: 120, y: 40)), at: 30, frameSize: frame)
        XCTAssertTrue(pie.isAnimating(at: 30))
    }

    // MARK: Percentages

    func tenths(_ values: [Double]) throws -> [Int] { try XCTUnwrap(PieShares(values: values)).tenths }

    func testLargestRemainderAlwaysSumsToOneHundred() throws {
        // Plain rounding would show 33.3 × 3 = 99.9 %; the missing tenth goes to the earliest of the tied.
        XCTAssertEqual(try tenths([1, 1, 1]), [334, 333, 333])
        XCTAssertEqual(try tenths([1, 1, 1, 1, 1, 1]), [167, 167, 167, 167, 166, 166])
        // Plain rounding would show 14.3 × 7 = 100.1 %.
        XCTAssertEqual(try tenths([1, 1, 1, 1, 1, 1, 1]), [143, 143, 143, 143, 143, 143, 142])
        // The largest remainder wins, wherever it is: 2/3 → 66.666…, 1/3 → 33.333…
        XCTAssertEqual(try tenths([1, 2]), [333, 667])
        // The defaults: 128, 97, 64, 52, 31 of 372.
        XCTAssertEqual(try tenths(PieConfig.defaults.slices.map(\.value)), [344, 261, 172, 140, 83])
        var rng = SeededGenerator(seed: 9)
        for _ in 0..<2000 {
            let values = (0..<Int.random(in: 1...40, using: &rng)).map { _ in Double(Int.random(in: 0...50, using: &rng)) }
            guard values.contains(where: { $0 > 0 }) else { continue }
            let t = try tenths(values)
            XCTAssertEqual(t.reduce(0, +), 1000, "\(values)")
            let total = values.reduce(0, +)
            for (k, v) in values.enumerated() {
                XCTAssertLessThan(abs(Double(t[k]) - 1000 * v / total), 1, "\(values)")
                if v == 0 { XCTAssertEqual(t[k], 0) }
            }
        }
    }

    func testValuesAreNormalised() throws {
        XCTAssertEqual(try tenths([42, 58]), [420, 580])
        XCTAssertEqual(try tenths([0.42, 0.58]), [420, 580])
        XCTAssertEqual(try tenths([2, 6]), [250, 750])
        XCTAssertEqual(try tenths([1e308, 1e308, 1e308]), [334, 333, 333])   // their sum would overflow to infinity
        XCTAssertEqual(try tenths([0, 5, 0]), [0, 1000, 0])
        let shares = try XCTUnwrap(PieShares(values: [3, 1]))
        XCTAssertEqual(shares.boundaries, [0, 0.75, 1])
        XCTAssertEqual(shares.percentText(0), "75.0%")
        XCTAssertNil(PieShares(values: []))
        XCTAssertNil(PieShares(values: [0, 0]))
        XCTAssertNil(PieShares(values: [1, -1]))
        XCTAssertNil(PieShares(values: [1, .nan]))
    }

    func testJSONLine() throws {
        let pie = try scene([1, 1, 1])
        XCTAssertEqual(pie.jsonLine(at: 0.5),
                       #"{"scene":"pie","t":0.5,"state":"drawing","slices":[{"label":"S0","percent":33.4},{"label":"S1","percent":33.3},{"label":"S2","percent":33.3}]}"#)
        XCTAssertTrue(pie.jsonLine(at: 2).contains(#""t":2,"state":"done""#))
        let data = try XCTUnwrap(pie.jsonLine(at: 3).data(using: .utf8))
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testTheCatalogueBuildsThePie() throws {
        let resources = try WheelSnapshotTests.latinResources()
        let pie = try XCTUnwrap(try SceneCatalog.make("pie", resources: resources) as? PieScene)
        XCTAssertEqual(pie.config, .defaults)
        XCTAssertEqual(pie.name, "pie")
    }
}
