import Motion
import XCTest

/// The result a spin reports is the slice under the pointer at its final angle, by SliceLayout's formula
/// (the renderer's), and it is the target chosen before the wheel moved.
final class LandingTests: XCTestCase {
    func assertLands(_ wheel: Spinner, on target: Int, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let end = try XCTUnwrap(wheel.endTime, file: file, line: line)
        XCTAssertEqual(wheel.currentSpin?.target, target, message, file: file, line: line)
        XCTAssertEqual(wheel.layout.index(underPointerAt: wheel.rotation(at: end)), target, message, file: file, line: line)
        XCTAssertEqual(wheel.result(at: end), target, message, file: file, line: line)
        XCTAssertEqual(wheel.phase(at: end + 100), .stopped(index: target), message, file: file, line: line)
    }

    func testEveryProfileLandsOnTheChosenAndTheDrawnSlice() throws {
        var rng = SeededGenerator(seed: 42)
        for count in [1, 2, 3, 7, 12, 36, 360] {
            let layout = try XCTUnwrap(SliceLayout(count: count))
            for profile in SpinProfile.allCases {
                var wheel = Spinner(layout: layout, settings: SpinSettings(profile: profile),
                                    rotation: Double.random(in: -100...100, using: &rng))
                var t = 0.0
                let chosen = Array(Set([0, count - 1, count / 2, Int.random(in: 0..<count, using: &rng)]))
                for index in chosen + Array(repeating: nil, count: 8) as [Int?] {
                    XCTAssertTrue(try wheel.spin(at: t, to: index, using: &rng))
                    let target = try XCTUnwrap(wheel.currentSpin?.target)
                    if let index { XCTAssertEqual(target, index) }
                    try assertLands(wheel, on: target, "\(count) slices, \(profile), to \(index.map(String.init) ?? "random")")
                    t = try XCTUnwrap(wheel.endTime)
                }
            }
        }
    }

    func testEveryCountFromOneToAThousandAfterManyCumulativeSpins() throws {
        var rng = SeededGenerator(seed: 1000)
        for count in 1...1000 {
            let layout = try XCTUnwrap(SliceLayout(count: count, origin: count.isMultiple(of: 2) ? .centeredAtTop : .startingAtTop))
            let profile = SpinProfile.allCases[count % 3]
            // Start far along, as after thousands of spins, at an arbitrary angle.
            var wheel = Spinner(layout: layout, settings: SpinSettings(profile: profile, turns: Double(count % 50)),
                                rotation: Double.random(in: 0...1e5, using: &rng))
            var t = 0.0
            for _ in 0..<3 {
                let index = Int.random(in: 0..<count, using: &rng)
                try wheel.spin(at: t, to: index, using: &rng)
                try assertLands(wheel, on: index, "\(count) slices, \(profile)")
                t = try XCTUnwrap(wheel.endTime)
            }
        }
    }

    func testSlicesSizedByWeightAndSlicesWithoutArea() throws {
        let weights = [1.0, 3, 0, 4, 0.001]
        let layout = try XCTUnwrap(SliceLayout(weights: weights, sizeByWeight: true))
        var rng = SeededGenerator(seed: 9)
        for profile in SpinProfile.allCases {
            var wheel = Spinner(layout: layout, weights: weights, settings: SpinSettings(profile: profile))
            var t = 0.0
            for index in [0, 1, 3, 4, nil, nil, nil, nil] as [Int?] {
                try wheel.spin(at: t, to: index, using: &rng)
                let target = try XCTUnwrap(wheel.currentSpin?.target)
                XCTAssertNotEqual(target, 2)
                try assertLands(wheel, on: target, "\(profile)")
                t = try XCTUnwrap(wheel.endTime)
            }
            XCTAssertThrowsError(try wheel.spin(at: t, to: 2, using: &rng)) {
                XCTAssertEqual($0 as? MotionError, .sliceHasNoArea(index: 2))
            }
        }
    }
}
