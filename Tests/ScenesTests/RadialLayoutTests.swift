// RadialLayout against seed 003's placeSubviews: radius = width / 3, item i at (0, −radius) rotated
// by i · 360°/n (CGAffineTransform's rotation) plus the bounds' centre; 12 o'clock first, clockwise.
import Foundation
import Raster
@testable import Scenes
import XCTest

final class RadialLayoutTests: XCTestCase {
    /// The seed's formula written out with CGAffineTransform's matrix, independently of RadialLayout.
    func seedPoint(bounds: Rect, count: Int, index: Int) -> Point {
        let radius = bounds.width / 3.0
        let angle = (360.0 / Double(count)) * Double.pi / 180
        let theta = angle * Double(index)
        let x = 0 * cos(theta) - (-radius) * sin(theta)
        let y = 0 * sin(theta) + (-radius) * cos(theta)
        return Point(x: x + bounds.center.x, y: y + bounds.center.y)
    }

    func testTwelveItemsFollowTheClock() {
        let bounds = Rect(x: 30, y: 50, width: 240, height: 300)
        let layout = RadialLayout(bounds: bounds, count: 12)
        XCTAssertEqual(layout.radius, 80)
        XCTAssertEqual(layout.center, Point(x: 150, y: 200))
        let expected: [(Int, Point)] = [(0, Point(x: 150, y: 120)), (3, Point(x: 230, y: 200)),
                                        (6, Point(x: 150, y: 280)), (9, Point(x: 70, y: 200))]
        for (index, point) in expected {
            XCTAssertEqual(layout.position(of: index).x, point.x, accuracy: 1e-12, "item \(index)")
            XCTAssertEqual(layout.position(of: index).y, point.y, accuracy: 1e-12, "item \(index)")
        }
        // Item 1 (one o'clock) is 30° clockwise from 12: right of centre and above it.
        XCTAssertEqual(layout.position(of: 1).x, 150 + 80 * sin(Double.pi / 6), accuracy: 1e-12)
        XCTAssertEqual(layout.position(of: 1).y, 200 - 80 * cos(Double.pi / 6), accuracy: 1e-12)
        XCTAssertEqual(layout.angle(of: 3).degrees, 0, accuracy: 1e-12, "item 3 faces 3 o'clock")
        XCTAssertEqual(layout.angle(of: 0), .twelveOClock)
    }

    func testMatchesTheSeedForEveryCount() {
        let bounds = Rect(x: -17.5, y: 4, width: 360, height: 120)
        for count in 1...40 {
            let layout = RadialLayout(bounds: bounds, count: count)
            XCTAssertEqual(layout.positions.count, count)
            for (index, p) in layout.positions.enumerated() {
                let q = seedPoint(bounds: bounds, count: count, index: index)
                XCTAssertEqual(p.x, q.x, accuracy: 1e-9, "\(count) items, item \(index)")
                XCTAssertEqual(p.y, q.y, accuracy: 1e-9, "\(count) items, item \(index)")
                // The angle and the position agree: the point lies at `radius` along `angle`.
                let r = Point.onCircle(center: layout.center, radius: layout.radius, at: layout.angle(of: index))
                XCTAssertEqual(r.distance(to: p), 0, accuracy: 1e-9)
            }
        }
    }

    func testOffsetTurnsEveryItem() {
        let layout = RadialLayout(center: .zero, radius: 10, count: 4, offset: .degrees(45))
        XCTAssertEqual(layout.position(of: 0).x, 10 * sin(Double.pi / 4), accuracy: 1e-12)
        XCTAssertEqual(layout.position(of: 0).y, -10 * cos(Double.pi / 4), accuracy: 1e-12)
        XCTAssertEqual(layout.turn(of: 2).degrees, 225, accuracy: 1e-12)
    }

    func testNoItemsPlacesNothing() {
        let layout = RadialLayout(bounds: Rect(x: 0, y: 0, width: 90, height: 90), count: 0)
        XCTAssertTrue(layout.positions.isEmpty)
        XCTAssertEqual(layout.step, .zero)
    }
}
