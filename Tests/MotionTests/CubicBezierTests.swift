import Motion
import XCTest

final class CubicBezierTests: XCTestCase {
    // Core Animation's presets and seed 002's roulette curve, by their published control points.
    let curves: [(String, CubicBezier, [Double])] = [
        ("linear", .linear, [0, 0, 1, 1]),
        ("easeIn", .easeIn, [0.42, 0, 1, 1]),
        ("easeOut", .easeOut, [0, 0, 0.58, 1]),
        ("easeInEaseOut", .easeInEaseOut, [0.42, 0, 0.58, 1]),
        ("default", .default, [0.25, 0.1, 0.25, 1]),
        ("roulette", .roulette, [0, 0.9, 0.4, 1]),
    ]

    func testProgressMatchesAnIndependentSolveWithinOneMillionth() {
        // Dense grid plus the steep ends (roulette leaves (0,0) vertically).
        var xs = (0...4000).map { Double($0) / 4000 }
        xs += [1e-12, 1e-9, 1e-6, 1e-4, 1 - 1e-4, 1 - 1e-6, 1 - 1e-9]
        for (name, curve, p) in curves {
            XCTAssertEqual([curve.x1, curve.y1, curve.x2, curve.y2], p, name)
            var worst = 0.0
            for x in xs {
                worst = max(worst, abs(curve.progress(at: x) - referenceBezier(p[0], p[1], p[2], p[3], at: x)))
            }
            XCTAssertLessThanOrEqual(worst, 1e-6, "\(name): worst error \(worst)")
        }
    }

    func testCustomCurvesIncludingOvershootMatchTheReference() throws {
        for p in [[0.1, 0.7, 0.1, 1.0], [0.68, -0.55, 0.265, 1.55], [1, 0, 0, 1], [0, 1, 1, 0]] {
            let curve = try CubicBezier(p[0], p[1], p[2], p[3])
            for i in 0...1000 {
                let x = Double(i) / 1000
                XCTAssertEqual(curve.progress(at: x), referenceBezier(p[0], p[1], p[2], p[3], at: x), accuracy: 1e-6, "\(p) at \(x)")
            }
        }
    }

    func testSlopeMatchesFiniteDifferencesOfTheReference() {
        for (name, curve, p) in curves {
            for i in 1..<100 {
                let x = Double(i) / 100, h = 1e-6
                let numeric = (referenceBezier(p[0], p[1], p[2], p[3], at: x + h) - referenceBezier(p[0], p[1], p[2], p[3], at: x - h)) / (2 * h)
                XCTAssertEqual(curve.slope(at: x), numeric, accuracy: 1e-4 * max(1, abs(numeric)), "\(name) at \(x)")
            }
        }
        XCTAssertEqual(CubicBezier.linear.slope(at: 0), 1)
        XCTAssertEqual(CubicBezier.easeOut.slope(at: 1), 0)
        XCTAssertEqual(CubicBezier.easeIn.slope(at: 0), 0)
        XCTAssertEqual(CubicBezier.roulette.slope(at: 0), .infinity)
    }

    func testInputIsClampedToTheUnitInterval() {
        for (_, curve, _) in curves {
            XCTAssertEqual(curve.progress(at: -3), 0)
            XCTAssertEqual(curve.progress(at: 0), 0)
            XCTAssertEqual(curve.progress(at: 1), 1)
            XCTAssertEqual(curve.progress(at: 7), 1)
            XCTAssertEqual(curve.progress(at: .nan), 0)
        }
    }

    func testControlPointsThatAreNotAFunctionOfTimeAreRejected() {
        for p in [[-0.1, 0, 1, 1], [0, 0, 1.1, 1], [.nan, 0, 1, 1], [0, .infinity, 1, 1]] {
            XCTAssertThrowsError(try CubicBezier(p[0], p[1], p[2], p[3])) { error in
                // Compared by description: NaN ≠ NaN would fail an equality check on the payload.
                XCTAssertEqual((error as? MotionError)?.description, MotionError.invalidControlPoints(x1: p[0], y1: p[1], x2: p[2], y2: p[3]).description)
            }
        }
    }

    func testSmoothHalvesMeetWithEqualSpeedShapeAndZeroAcceleration() {
        // smoothStart ends at speed 2, smoothStop starts at 2.5: SpinPlan scales them so both equal the top speed.
        XCTAssertEqual(TimingFunction.smoothStart.slope(at: 0), 0)
        XCTAssertEqual(TimingFunction.smoothStart.slope(at: 1), 2)
        XCTAssertEqual(TimingFunction.smoothStop.slope(at: 0), 2.5)
        XCTAssertEqual(TimingFunction.smoothStop.slope(at: 1), 0)
        for f in [TimingFunction.smoothStart, .smoothStop] {
            XCTAssertEqual(f.progress(at: 0), 0)
            XCTAssertEqual(f.progress(at: 1), 1)
            for i in 1..<1000 {
                let x = Double(i) / 1000, h = 1e-6
                XCTAssertEqual(f.slope(at: x), (f.progress(at: x + h) - f.progress(at: x - h)) / (2 * h), accuracy: 1e-6)
            }
        }
    }
}
