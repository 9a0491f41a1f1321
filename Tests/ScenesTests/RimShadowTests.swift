// The ring's inward shadow is drawn by the scene (it does not turn): its four-pixel darkening must
// equal `scalePixel` bit for bit, and it must darken only a band just inside the ring.
import Raster
@testable import Scenes
import XCTest

final class RimShadowTests: XCTestCase {
    func testFourPixelDarkeningEqualsScalePixel() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let p = SIMD4<UInt32>((0..<4).map { _ in
                let a = UInt32.random(in: 0...255, using: &rng)
                let c = { UInt32.random(in: 0...a, using: &rng) }
                return a << 24 | c() << 16 | c() << 8 | c()
            })
            let f = SIMD4<UInt32>((0..<4).map { _ in UInt32.random(in: 0...255, using: &rng) })
            let four = RimShadow.scale4(p, by: f)
            for k in 0..<4 { XCTAssertEqual(four[k], scalePixel(p[k], by: f[k])) }
        }
    }

    func testItDarkensOnlyABandInsideTheRing() throws {
        let canvas = try XCTUnwrap(Canvas(width: 200, height: 200))
        canvas.clear(.white)
        RimShadow(center: Point(x: 100, y: 100), edge: 80, width: 10).draw(in: canvas)
        XCTAssertEqual(canvas.pixmap[100, 100], Color.white.premultiplied, "the centre is untouched")
        XCTAssertEqual(canvas.pixmap[100, 15], Color.white.premultiplied, "outside the edge is untouched")
        let nearEdge = canvas.pixmap[100, 20] & 0xFF, deeper = canvas.pixmap[100, 28] & 0xFF
        XCTAssertLessThan(nearEdge, 140, "darkest at the ring's edge")
        XCTAssertGreaterThan(deeper, nearEdge, "fading inward")
        // The same at every angle: a 90° turn of the picture is the picture.
        for (x, y) in [(20, 100), (179, 100), (100, 179)] {
            XCTAssertEqual(Int(canvas.pixmap[x, y] & 0xFF), Int(nearEdge), accuracy: 1)
        }
    }
}

/// Under the shipped ring's opaque band the frame keeps whatever was there (the ring covers it), so
/// the slices stop under its inner part and the backdrop is not copied beneath it.
final class RingBandTests: XCTestCase {
    func testTheShippedRingsBandIsFoundOpaqueAndACustomOneIsNotAssumedSo() throws {
        let resources = try SceneResources.loadDefault()
        let shipped = try WheelScene(resources: resources)
        for size in [Size(width: 800, height: 600), Size(width: 1920, height: 1080)] {
            let frame = shipped.prepare(for: size)
            XCTAssertGreaterThan(frame.coveredRadius, frame.sliceRadius + 4, "\(size)")
            XCTAssertLessThan(frame.coveredRadius, frame.ringDiameter / 2, "\(size)")
        }
        // A half-transparent ring: nothing may be left to it.
        var config = WheelConfig.defaults
        var ring = try XCTUnwrap(RingImage.generate(side: 256))
        for i in ring.pixels.indices { ring.pixels[i] = scalePixel(ring.pixels[i], by: 128) }
        config.ring = .image(ring, path: "half.png")
        let custom = try WheelScene(config: config, resources: resources)
        let frame = custom.prepare(for: Size(width: 640, height: 480))
        XCTAssertEqual(frame.coveredRadius, frame.sliceRadius)
    }

    /// Huge frames skip the backdrop cache (it would cost a frame's memory): the frames must be the
    /// ones drawn with it, spinning, stopping and stopped with the winner highlighted.
    func testWithoutTheBackdropCacheTheFramesAreTheSame() throws {
        let resources = try SceneResources.loadDefault()
        let cached = try WheelScene(resources: resources, seed: 3), uncached = try WheelScene(resources: resources, seed: 3)
        uncached.largestBackdrop = 0
        try cached.spin(at: 0, to: 4); try uncached.spin(at: 0, to: 4)
        for t in [0.0, 0.9, 2.5, 4.4, 9.0] {
            let a = try XCTUnwrap(Canvas(width: 800, height: 600)), b = try XCTUnwrap(Canvas(width: 800, height: 600))
            cached.render(into: a, at: t)
            uncached.render(into: b, at: t)
            XCTAssertNotNil(cached.cache?.backdrop)
            XCTAssertNil(uncached.cache?.backdrop)
            XCTAssertTrue(a.pixmap == b.pixmap, "at t = \(t)")
        }
    }
}
