// The display list `make bench` hands to cairo describes what Roundel draws: the shipped ring's parts,
// placed by the rule the description states, draw exactly the ring; the list has the dirty square.
import Foundation
import Raster
@testable import Scenes
import XCTest

final class BenchDescriptionTests: XCTestCase {
    /// Band at its origin, then each bulb sprite at the quarter pixel nearest its place (the rule
    /// bench/cairo-wheel.c follows): the same pixels as `StillRing.draw`.
    func testTheStillRingsPartsPlacedByTheStatedRuleDrawTheRing() throws {
        let ring = StillRing(center: Point(x: 200.3, y: 180.7), radius: 150)
        let parts = try XCTUnwrap(ring.parts)
        for rotation in [0.0, 0.7, 3.9, -2.2] {
            let drawn = try XCTUnwrap(Canvas(width: 400, height: 380)), placed = try XCTUnwrap(Canvas(width: 400, height: 380))
            ring.draw(in: drawn, rotation: rotation)
            placed.draw(parts.band, transform: .translation(x: Double(parts.bandOrigin.x), y: Double(parts.bandOrigin.y)))
            let phases = StillRing.phases, mask = phases - 1
            for angle in parts.angles {
                let px = parts.center.x + parts.track * cos(angle + rotation), py = parts.center.y + parts.track * sin(angle + rotation)
                let qx = Int((px * Double(phases)).rounded()), qy = Int((py * Double(phases)).rounded())
                let sprite = (qy & mask) * phases + (qx & mask)
                let dx = (qx - (qx & mask)) / phases - parts.offset, dy = (qy - (qy & mask)) / phases - parts.offset
                placed.draw(parts.bulbs[sprite], transform: .translation(x: Double(dx), y: Double(dy)))
            }
            XCTAssertEqual(drawn.pixmap.pixels, placed.pixmap.pixels, "rotation \(rotation)")
        }
    }

    func testTheDescriptionNamesTheStillRingAndTheDirtySquare() throws {
        let wheel = try WheelScene(config: .defaults, resources: try SceneResources.loadDefault(), seed: 1)
        try wheel.spin(at: 0, to: 2)
        let size = Size(width: 960, height: 540)
        let text = try XCTUnwrap(wheel.benchDescription(frameSize: size, times: [1, 1.5], ringPath: "ring.png",
                                                        stillRing: ("band.png", "bulbs.png")))
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("rotation ") }.count, 2)
        let still = try XCTUnwrap(lines.first { $0.hasPrefix("stillring ") }).split(separator: " ")
        XCTAssertEqual(still[3], "band.png")
        XCTAssertEqual(still[4], "bulbs.png")
        XCTAssertEqual(Int(still[11]), RingImage.bulbAngles.count)
        XCTAssertEqual(still.count, 12 + RingImage.bulbAngles.count)
        let dirty = try XCTUnwrap(lines.first { $0.hasPrefix("dirty ") }).split(separator: " ").compactMap { Int($0) }
        XCTAssertEqual(dirty.count, 4)
        XCTAssertEqual(PixelRect(x: dirty[0], y: dirty[1], width: dirty[2], height: dirty[3]),
                       wheel.dirtyRect(since: 1, at: 1.01, frameSize: size), "the disc's square, as the bench redraws it")
        let images = try XCTUnwrap(wheel.benchStillRingImages(frameSize: size))
        XCTAssertEqual(images.bulbs.width, images.bulbs.height * StillRing.phases * StillRing.phases)
    }
}
