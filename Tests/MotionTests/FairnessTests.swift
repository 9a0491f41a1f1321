import Motion
import XCTest

final class FairnessTests: XCTestCase {
    /// Upper-tail critical value of chi-square with `df` degrees of freedom at p = 0.001, by the
    /// Wilson–Hilferty cube approximation χ² ≈ df·(1 − 2/(9df) + z·√(2/(9df)))³ with z = Φ⁻¹(0.999) = 3.0902.
    /// For df = 5 it gives 20.75 (tables: 20.52), i.e. slightly lenient, which is the safe side for p > 0.001.
    func chiSquareCritical(df: Int) -> Double {
        let k = 2 / (9 * Double(df))
        let c = 1 - k + 3.0902 * k.squareRoot()
        return Double(df) * c * c * c
    }

    func testTenThousandSeededSpinsMatchTheWeights() throws {
        // Six winnable items (df = 5) plus one of weight 0, which must never win.
        let weights = [1, 2, 3, 4, 0.5, 0, 9.5]
        let total = weights.reduce(0, +)
        var rng = SeededGenerator(seed: 2024)
        var wheel = Spinner(layout: try XCTUnwrap(SliceLayout(count: weights.count)), weights: weights,
                            settings: SpinSettings(profile: .smooth, duration: 1, turns: 1))
        var counts = Array(repeating: 0, count: weights.count)
        var t = 0.0
        for _ in 0..<10_000 {
            XCTAssertTrue(try wheel.spin(at: t, using: &rng))
            t = try XCTUnwrap(wheel.endTime)
            counts[try XCTUnwrap(wheel.result(at: t))] += 1
        }
        XCTAssertEqual(counts[5], 0)
        var chiSquare = 0.0
        for (count, weight) in zip(counts, weights) where weight > 0 {
            let expected = 10_000 * weight / total
            chiSquare += (Double(count) - expected) * (Double(count) - expected) / expected
        }
        let critical = chiSquareCritical(df: 5)
        XCTAssertEqual(critical, 20.75, accuracy: 0.01)
        XCTAssertLessThan(chiSquare, critical, "counts \(counts)")
    }

    func testEqualWeightsAreUniformOverManySlices() throws {
        // 36 slices, no weights given: df = 35, critical ≈ 66.6 (tables: 66.62).
        var rng = SeededGenerator(seed: 36)
        var counts = Array(repeating: 0, count: 36)
        for _ in 0..<36_000 { counts[try WeightedChoice.index(weights: Array(repeating: 1, count: 36), using: &rng)] += 1 }
        let chiSquare = counts.reduce(0.0) { $0 + (Double($1) - 1000) * (Double($1) - 1000) / 1000 }
        XCTAssertEqual(chiSquareCritical(df: 35), 66.62, accuracy: 0.2)
        XCTAssertLessThan(chiSquare, chiSquareCritical(df: 35), "counts \(counts)")
    }

    func testSeededGeneratorIsSplitMix64() {
        // Reference outputs of SplitMix64 from seed 0 (Vigna's splitmix64.c).
        var rng = SeededGenerator(seed: 0)
        XCTAssertEqual([rng.next(), rng.next(), rng.next()], [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    func testBadWeightsAreTypedErrors() {
        var rng = SeededGenerator(seed: 1)
        let cases: [([Double], MotionError)] = [
            ([1, -1], .invalidWeight(index: 1, value: -1)),
            ([1, .infinity], .invalidWeight(index: 1, value: .infinity)),
            ([0, 0, 0], .weightsSumToZero),
            ([], .weightsSumToZero),
        ]
        for (weights, error) in cases {
            XCTAssertThrowsError(try WeightedChoice.index(weights: weights, using: &rng)) { XCTAssertEqual($0 as? MotionError, error) }
        }
        // Finite weights whose sum overflows still draw in proportion (each about half the time here).
        var wins = [0, 0]
        for _ in 0..<200 { wins[try! WeightedChoice.index(weights: [.greatestFiniteMagnitude, .greatestFiniteMagnitude], using: &rng)] += 1 }
        XCTAssertTrue(wins.allSatisfy { $0 > 60 }, "\(wins)")
        XCTAssertThrowsError(try WeightedChoice.validate([2, .nan])) {
            guard case .invalidWeight(index: 1, let value)? = $0 as? MotionError else { return XCTFail("\($0)") }
            XCTAssertTrue(value.isNaN)
        }
    }
}
