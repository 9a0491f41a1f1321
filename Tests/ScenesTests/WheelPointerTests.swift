// The key promise: the colour under the pointer in the final frame is the reported item's
// colour — for 1 to 360 items, every profile, chosen and random targets. The winner is highlighted
// by dimming the others and a glow around it, but its own pixels stay exactly its colour.
import Foundation
import Motion
import Raster
@testable import Scenes
import XCTest

final class WheelPointerTests: XCTestCase {
    /// Distinct, well separated colours: golden-ratio hues at two brightnesses.
    static func colours(_ n: Int) -> [Color] {
        (0..<n).map { i in
            let h = (Double(i) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1) * 6
            let v = i % 2 == 0 ? 1.0 : 0.62
            let x = 1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)
            let (r, g, b): (Double, Double, Double) = [(1, x, 0), (x, 1, 0), (0, 1, x), (0, x, 1), (x, 0, 1), (1, 0, x)][Int(h) % 6]
            let q = { (c: Double) in UInt8((c * v * 255).rounded()) }
            return Color(red: q(r), green: q(g), blue: q(b))
        }
    }

    func testTheColourUnderThePointerIsTheReportedItemsColour() throws {
        let resources = try SceneResources.loadDefault()
        var nearEdge = 0, total = 0
        for count in [1, 2, 3, 7, 12, 36, 360] {
            let colours = Self.colours(count)
            XCTAssertEqual(Set(colours).count, count, "test colours must be distinct")
            var config = WheelConfig(items: colours.enumerated().map { WheelItem(text: "", color: $1, value: Double($0)) })
            config.ring = .none
            for profile in SpinProfile.allCases {
                config.spin.profile = profile
                for chosen in [count * 2 / 3, nil] {
                    let scene = try WheelScene(config: config, resources: resources, seed: UInt64(count * 31 + 7))
                    XCTAssertTrue(try scene.spin(at: 0, to: chosen))
                    let end = try XCTUnwrap(scene.spinner.endTime)
                    let t = end + WheelScene.highlightFadeIn + 0.1
                    let canvas = try XCTUnwrap(Canvas(width: 1201, height: 1201))
                    scene.render(into: canvas, at: t)
                    let state = scene.state(at: t)
                    let result = try XCTUnwrap(state.result, "stopped at \(t)")
                    if let chosen { XCTAssertEqual(result.index, chosen) }
                    let frame = try XCTUnwrap(scene.scratch.cache)
                    let r = frame.layout.radius
                    let sample = Point(x: frame.pointerTip.x, y: frame.pointerTip.y + 0.04 * r)
                    XCTAssertEqual(sample.x - 0.5, sample.x.rounded(.down), "the pointer runs through pixel centres")
                    let pixel = canvas.pixmap[Int(sample.x), Int(sample.y)]
                    let winner = colours[result.index]
                    // How far (px, along the arc at the sample's radius) the pointer is from the winner's nearest edge.
                    let layout = scene.spinner.layout
                    let rho = frame.layout.center.y - sample.y
                    var local = (-(state.rotationDegrees * Double.pi / 180) - layout.starts[result.index])
                        .truncatingRemainder(dividingBy: 2 * Double.pi)
                    if local < 0 { local += 2 * Double.pi }
                    let distance = count == 1 ? Double.infinity : min(local, layout.sweeps[result.index] - local) * rho
                    let what = "\(count) items, \(profile), target \(chosen.map(String.init) ?? "random"): index \(result.index)"
                    total += 1
                    if distance >= 1 {
                        XCTAssertEqual(pixel, winner.premultiplied, "\(what): pixel under the pointer")
                    } else {
                        // On an anti-aliased edge: the pixel is mostly the winner, so nearer to it than to
                        // what lies across the edge (the neighbour, dimmed or not, or the glow).
                        nearEdge += 1
                        let side = local < layout.sweeps[result.index] / 2 ? -1 : 1
                        let neighbour = colours[(result.index + side + count) % count]
                        let rivals = [neighbour, darkened(neighbour), Color(rgb: 0xFFE9A8)]
                        let d = channelDistance(pixel, winner.premultiplied)
                        for rival in rivals {
                            XCTAssertLessThan(d, channelDistance(pixel, rival.premultiplied), "\(what): edge pixel \(String(pixel, radix: 16))")
                        }
                    }
                }
            }
        }
        print("pointer colour: \(total) final frames, \(nearEdge) landed within 1 px of an edge")
    }

    /// A neighbour under the highlight's black dimming layer (alpha 115).
    func darkened(_ c: Color) -> Color {
        let keep = 1 - 115.0 / 255
        return Color(red: UInt8((Double(c.red) * keep).rounded()), green: UInt8((Double(c.green) * keep).rounded()),
                     blue: UInt8((Double(c.blue) * keep).rounded()))
    }

    func channelDistance(_ p: UInt32, _ q: UInt32) -> Double {
        var sum = 0.0
        for shift: UInt32 in [0, 8, 16] {
            let d = Double(Int(p >> shift & 0xFF) - Int(q >> shift & 0xFF))
            sum += d * d
        }
        return sum.squareRoot()
    }
}
