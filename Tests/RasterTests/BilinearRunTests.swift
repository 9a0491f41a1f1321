// The four-lane run kernel against the one-pixel code it replaces, bit for bit: random runs
// (any direction, any step) over an image of opaque, translucent and transparent texels,
// drawn onto a random background.
import XCTest
@testable import Raster

final class BilinearRunTests: XCTestCase {
    func testRunsMatchOnePixelSamplingAndSourceOver() {
        var random = SystemRandomNumberGenerator()
        let width = 37, height = 29, stride = 41
        let texels: [UInt32] = (0..<stride * height).map { _ in
            let alpha = [0, 255, 255, UInt32.random(in: 1...254, using: &random)].randomElement(using: &random) ?? 0
            let r = UInt32.random(in: 0...alpha, using: &random), g = UInt32.random(in: 0...alpha, using: &random)
            return alpha << 24 | r << 16 | g << 8 | UInt32.random(in: 0...alpha, using: &random)
        }
        texels.withUnsafeBufferPointer { pixels in
            let sampler = BilinearSampler(pixels: pixels, width: width, height: height, stride: stride)
            XCTAssertTrue(sampler.fitsNarrowLanes)
            for trial in 0..<2000 {
                let count = Int.random(in: 1...23, using: &random)
                // Two positions inside the image, the run between them.
                let u0 = Int.random(in: 0..<(width - 1) << 16, using: &random), v0 = Int.random(in: 0..<(height - 1) << 16, using: &random)
                let u1 = Int.random(in: 0..<(width - 1) << 16, using: &random), v1 = Int.random(in: 0..<(height - 1) << 16, using: &random)
                let du = count > 1 ? (u1 - u0) / (count - 1) : 0, dv = count > 1 ? (v1 - v0) / (count - 1) : 0
                let background: [UInt32] = (0..<count).map { _ in UInt32.random(in: 0...UInt32.max, using: &random) }
                var want = background, got = background
                for k in 0..<count {
                    let s = sampler.sampleInside(u0 + du * k, v0 + dv * k)
                    if s != 0 { want[k] = sourceOver(s, want[k]) }
                }
                got.withUnsafeMutableBufferPointer { out in
                    if let base = out.baseAddress { sampler.blendRunInside(base, count: count, u: u0, v: v0, du: du, dv: dv) }
                }
                if let k = (0..<count).first(where: { want[$0] != got[$0] }) {
                    XCTFail("trial \(trial): pixel \(k) of \(count) is \(String(got[k], radix: 16)), want \(String(want[k], radix: 16))")
                    return
                }
            }
        }
    }
}
