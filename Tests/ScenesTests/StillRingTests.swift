// The shipped ring is drawn still (band and inward shadow composited as they are) with moving
// bulbs: it must look like assets/ring.png at rotation 0, keep its band at every rotation, carry its
// bulbs round with the wheel, and shade only a band just inside the rim.
import Raster
@testable import Scenes
import XCTest

final class StillRingTests: XCTestCase {
    /// Over a plain background the still ring is the ring image drawn at the same size, to within
    /// what resampling the image changes: a few levels at edges, nothing anyone sees.
    func testItLooksLikeTheRingImageAtRotationZero() throws {
        let side = 600, radius = 300.0
        let image = try XCTUnwrap(RingImage.generate(side: RingImage.shippedSide))
        let drawn = try XCTUnwrap(Canvas(width: side, height: side)), still = try XCTUnwrap(Canvas(width: side, height: side))
        drawn.clear(.white); still.clear(.white)
        drawn.draw(image, transform: .scale(Double(side) / Double(image.width)))
        let ring = StillRing(center: Point(x: radius, y: radius), radius: radius)
        // Band, shadow and bulbs; the shadow is not in the image, so its pixels are left out below.
        ring.draw(in: still, rotation: 0)
        var total = 0, count = 0, worst = 0
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x) + 0.5 - radius, dy = Double(y) + 0.5 - radius
                let r = (dx * dx + dy * dy).squareRoot()
                guard r > radius * RingImage.innerFraction + 2 else { continue }   // not where the shadow is
                for shift in [0, 8, 16] {
                    let d = abs(Int((drawn.pixmap[x, y] >> UInt32(shift)) & 255) - Int((still.pixmap[x, y] >> UInt32(shift)) & 255))
                    total += d; count += 1; worst = max(worst, d)
                }
            }
        }
        XCTAssertLessThan(Double(total) / Double(count), 1.5, "mean difference per channel")
        XCTAssertLessThan(worst, 60, "largest difference (a bulb's sharp rim moved by under 1/8 px)")
    }

    /// Turned by a bulb's spacing the picture is the same (bulbs land on bulbs); turned by half a
    /// spacing the bulbs lie between their old places, and the band between them is unchanged.
    func testTheBandStaysAndTheBulbsTurn() throws {
        let side = 400, radius = 200.0
        let ring = StillRing(center: Point(x: radius, y: radius), radius: radius)
        func picture(_ rotation: Double) throws -> Pixmap {
            let canvas = try XCTUnwrap(Canvas(width: side, height: side))
            canvas.clear(.white)
            ring.draw(in: canvas, rotation: rotation)
            return canvas.pixmap
        }
        let step = 2 * Double.pi / Double(RingImage.bulbCount)
        let still = try picture(0), full = try picture(step), half = try picture(step / 2)
        let track = radius * RingImage.trackFraction
        // Bulb 0 sits half a step after 12 o'clock; the band's middle at 12 o'clock is between bulbs.
        let bulb = Point.onCircle(center: Point(x: radius, y: radius), radius: track, at: .twelveOClock + .radians(step / 2))
        let between = Point(x: radius, y: radius - track)
        func at(_ p: Pixmap, _ q: Point) -> UInt32 { p[Int(q.x), Int(q.y)] }
        var same = 0
        for i in still.pixels.indices where still.pixels[i] == full.pixels[i] { same += 1 }
        XCTAssertGreaterThan(Double(same) / Double(still.pixels.count), 0.99, "a whole step puts bulbs on bulbs")
        XCTAssertNotEqual(at(still, bulb), at(half, bulb), "half a step moves the bulb away")
        XCTAssertNotEqual(at(still, between), at(half, between), "and another one in")
        // The outer lip three quarters of a step after 12 o'clock: clear of both sets of bulbs' glow.
        let band = Point.onCircle(center: Point(x: radius, y: radius), radius: 0.98 * radius, at: .twelveOClock + .radians(0.75 * step))
        XCTAssertEqual(at(still, band), at(half, band), "the band does not change")
    }

    func testItsShadowDarkensOnlyABandInsideTheRim() throws {
        let canvas = try XCTUnwrap(Canvas(width: 200, height: 200))
        canvas.clear(.white)
        let radius = 93.0, edge = radius * RingImage.innerFraction
        StillRing(center: Point(x: 100, y: 100), radius: radius).draw(in: canvas, rotation: 0.3)
        XCTAssertEqual(canvas.pixmap[100, 100], Color.white.premultiplied, "the centre is untouched")
        XCTAssertEqual(canvas.pixmap[100, 2], Color.white.premultiplied, "outside the rim is untouched")
        let top = Int(100 - edge) + 1   // the first row wholly inside the band's inner edge
        let nearEdge = canvas.pixmap[100, top] & 0xFF, deeper = canvas.pixmap[100, top + 2] & 0xFF
        XCTAssertLessThan(nearEdge, 200, "darkest at the ring's edge")
        XCTAssertGreaterThan(deeper, nearEdge, "fading inward")
        XCTAssertLessThan(deeper, 255)
        // The same at every angle: a 90° turn of the picture is the picture.
        for (x, y) in [(top, 100), (199 - top, 100), (100, 199 - top)] {
            XCTAssertEqual(Int(canvas.pixmap[x, y] & 0xFF), Int(nearEdge), accuracy: 2)
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
    /// ones drawn with it, spinning, stopping and stopped with the winner highlighted. With it, frames
    /// copy the band from the backdrop and draw only its inner part: the same pixels as the whole band.
    func testWithoutTheBackdropCacheTheFramesAreTheSame() throws {
        let resources = try SceneResources.loadDefault()
        let cached = try WheelScene(resources: resources, seed: 3), uncached = try WheelScene(resources: resources, seed: 3)
        uncached.scratch.largestBackdrop = 0
        try cached.spin(at: 0, to: 4); try uncached.spin(at: 0, to: 4)
        for t in [0.0, 0.9, 2.5, 4.4, 9.0] {
            let a = try XCTUnwrap(Canvas(width: 800, height: 600)), b = try XCTUnwrap(Canvas(width: 800, height: 600))
            cached.render(into: a, at: t)
            uncached.render(into: b, at: t)
            XCTAssertNotNil(cached.scratch.cache?.backdrop)
            XCTAssertNotNil(cached.scratch.cache?.ringBackdrop)
            XCTAssertNil(uncached.scratch.cache?.backdrop)
            XCTAssertNil(uncached.scratch.cache?.ringBackdrop)
            XCTAssertTrue(a.pixmap == b.pixmap, "at t = \(t)")
        }
    }
}

extension StillRingTests {
    func testARingOfNoSizeDrawsNothing() throws {
        let canvas = try XCTUnwrap(Canvas(width: 20, height: 20))
        canvas.clear(.white)
        for radius in [0, -3, .nan, .infinity] {
            StillRing(center: Point(x: 10, y: 10), radius: radius).draw(in: canvas, rotation: 1)
        }
        XCTAssertTrue(canvas.pixmap.pixels.allSatisfy { $0 == Color.white.premultiplied })
    }
}
