// Labels that use their slice (WheelLabelLines.swift), as a user sees them: six prizes with their odds
// on an 800×480 panel read much larger than one line along each bisector allows, all at one size and
// whole; every label's ink stays inside its own slice (radial and upright, Latin, Hebrew, Korean);
// a long name on two lines is cut within the name at a word and keeps its odds whole; wheels of many
// slices keep one line.
import BitmapFont
import Foundation
import Raster
@testable import Scenes
import XCTest

final class WheelLabelLinesTests: XCTestCase {
    static let prizes: [(String, Double)] = [("Coffee voucher", 30), ("T-shirt", 20), ("Tote bag", 20), ("Sticker pack", 15),
                                             ("Headphones", 10), ("Grand prize: a bicycle", 5)]
    static let colors: [UInt32] = [0xE5484D, 0xF08C00, 0x2F9E44, 0x1C7ED6, 0x9C36B5, 0xD6336C, 0x0C8599, 0x5F3DC4]

    /// Loaded once: every test here makes several wheels.
    nonisolated(unsafe) static var loaded: SceneResources?
    static func resources() throws -> SceneResources {
        if let loaded { return loaded }
        let made = try WheelSnapshotTests.latinResources()
        loaded = made
        return made
    }

    func wheel(_ names: [(String, Double)], orientation: LabelOrientation = .radial, labelColors: [Color?]? = nil,
               odds: Bool = true) throws -> WheelScene {
        var config = WheelConfig(items: names.indices.map {
            WheelItem(text: names[$0].0, color: Color(rgb: Self.colors[$0 % Self.colors.count]), weight: names[$0].1,
                      labelColor: labelColors?[$0])
        })
        config.showOdds = odds
        config.labelOrientation = orientation
        return try WheelScene(config: config, resources: try Self.resources(), seed: 1)
    }

    /// The size every label would share on one line along its bisector (the layout before two lines).
    func oneLineSize(_ wheel: WheelScene, _ frame: WheelFrameCache) -> Double {
        let r = frame.layout.radius
        let fitter = LabelFitter(fonts: wheel.fonts, radius: r)
        let inner = frame.hubRadius + 0.05 * r, outer = frame.visibleRadius - 0.05 * r
        return fitter.commonSize(wheel.labelTexts.indices.map {
            fitter.wholeFit(wheel.labelTexts[$0], sweep: wheel.spinner.layout.sweeps[$0], inner: inner, outer: outer)
        })
    }

    func testSixPrizesOnASmallPanelReadMuchLarger() throws {
        let wheel = try wheel(Self.prizes)
        let frame = wheel.prepare(for: Size(width: 800, height: 480))
        let plans = frame.labels.compactMap { $0 }
        XCTAssertEqual(plans.count, 6)
        XCTAssertEqual(plans.map(\.text), wheel.labelTexts, "every name and its odds whole")
        XCTAssertEqual(Set(plans.map(\.size)).count, 1, "one size for all")
        let before = oneLineSize(wheel, frame), size = plans[0].size
        XCTAssertGreaterThanOrEqual(size, 1.7 * before, "one line: \(before) px; now \(size) px")
        XCTAssertTrue(plans.contains { $0.lines.count == 2 }, "long names use a second line")
        // The odds under a name read smaller but never below the smallest label.
        for plan in plans where plan.suffixBelow {
            XCTAssertEqual(plan.lines[1].size, LabelFitter.suffixScale * size, accuracy: 1e-9)
            XCTAssertTrue(plan.text.hasSuffix(LabelFitter.suffixSeparator + plan.lines[1].text), plan.text)
        }
        // At 1080p the same wheel's labels are larger still, and as whole.
        let large = wheel.prepare(for: Size(width: 1920, height: 1080)).labels.compactMap { $0 }
        XCTAssertEqual(large.map(\.text), wheel.labelTexts)
        XCTAssertGreaterThan(large[0].size, 2 * size)
    }

    /// Each label drawn alone (the others transparent, so the layout is the wheel's) over the wheel
    /// with none: every pixel it changes lies inside its own slice, a pixel clear of either edge,
    /// between the hub and the rim.
    func assertInkInsideSlices(_ names: [(String, Double)], orientation: LabelOrientation, width: Int, height: Int,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let clear = Color(rgb: 0x000000, alpha: 0)
        func render(showing shown: Int?) throws -> (Pixmap, WheelScene) {
            let scene = try wheel(names, orientation: orientation, labelColors: names.indices.map { $0 == shown ? nil : clear })
            let canvas = try XCTUnwrap(Canvas(width: width, height: height))
            scene.render(into: canvas, at: 0)
            return (canvas.pixmap, scene)
        }
        let (bare, scene) = try render(showing: nil)
        let frame = scene.prepare(for: Size(width: Double(width), height: Double(height)))
        let c = frame.layout.center, slices = scene.spinner.layout
        XCTAssertTrue(frame.labels.allSatisfy { $0 != nil }, "every label drawn", file: file, line: line)
        let box = frame.layout.wheelRect
        for i in names.indices {
            let (drawn, _) = try render(showing: i)
            var ink = 0, worst = Double.infinity, stray: (x: Int, y: Int)?
            for y in max(0, Int(box.minY))..<min(height, Int(box.maxY) + 1) {
                for x in max(0, Int(box.minX))..<min(width, Int(box.maxX) + 1) where drawn[x, y] != bare[x, y] {
                    ink += 1
                    let dx = Double(x) + 0.5 - c.x, dy = Double(y) + 0.5 - c.y
                    let distance = (dx * dx + dy * dy).squareRoot()
                    // Wheel-local angle at rotation 0 (the wheel at rest), measured from the slice's start.
                    var a = atan2(dy, dx) + Double.pi / 2 - slices.starts[i]
                    a -= 2 * Double.pi * (a / (2 * Double.pi)).rounded(.down)
                    // Distance inside the nearer edge (negative: outside the slice).
                    let inside = a <= slices.sweeps[i] ? distance * sin(min(a, slices.sweeps[i] - a)) : -1
                    worst = min(worst, inside)
                    if distance <= frame.hubRadius || distance >= frame.visibleRadius { stray = (x, y) }
                }
            }
            XCTAssertGreaterThan(ink, 100, "label \(i) has ink", file: file, line: line)
            XCTAssertGreaterThanOrEqual(worst, 1, "label \(i) '\(names[i].0)': ink \(worst) px inside its slice's edge",
                                        file: file, line: line)
            XCTAssertNil(stray.map { "\($0)" }, "label \(i): ink on the hub or the ring", file: file, line: line)
        }
    }

    func testEveryLabelsInkStaysInsideItsSlice() throws {
        try assertInkInsideSlices(Self.prizes, orientation: .radial, width: 800, height: 480)
        try assertInkInsideSlices(Self.prizes, orientation: .upright, width: 800, height: 480)
        let scripts: [(String, Double)] = [("שובר קפה", 3), ("커피 쿠폰 한 장", 2), ("Grand prize: a bicycle", 1), ("T-shirt", 2),
                                           ("قسيمة قهوة", 1), ("Sticker pack", 1), ("一等奖 自行车", 1), ("Try again", 4)]
        try assertInkInsideSlices(scripts, orientation: .radial, width: 480, height: 800)
        try assertInkInsideSlices(scripts, orientation: .upright, width: 640, height: 480)
    }

    /// A name too long for its slice at the wheel's size is cut within the name: broken over two lines,
    /// after a whole word; above its odds, which stay whole. What is shown is the name's beginning.
    func testALongNameOnTwoLinesIsCutWithinTheName() throws {
        let name = "A weekend for two in a cabin by the lake, breakfast included"
        let names: [(String, Double)] = [(name, 1), ("Ann", 1), ("Ben", 1), ("Cat", 1)]
        let size = Size(width: 960, height: 540)
        let broken = try XCTUnwrap(try wheel(names, odds: false).prepare(for: size).labels[0])
        XCTAssertEqual(broken.lines.count, 2)
        XCTAssertEqual(broken.lines.map(\.text).joined(separator: " "), broken.text)
        XCTAssertTrue(broken.text.hasSuffix("…"), broken.text)
        let shown = String(broken.text.dropLast())
        XCTAssertTrue(name.hasPrefix(shown + " "), "'\(shown)' ends at a whole word")
        XCTAssertGreaterThan(shown.split(separator: " ").count, 2, "more than one line's worth: \(broken.text)")

        let withOdds = try XCTUnwrap(try wheel(names).prepare(for: size).labels[0])
        XCTAssertEqual(withOdds.lines.count, 2)
        XCTAssertTrue(withOdds.text.hasSuffix("…" + LabelFitter.suffixSeparator + "25.0%"), withOdds.text)
        XCTAssertTrue(withOdds.lines[1].text.hasSuffix("25.0%"), "the odds whole: \(withOdds.lines)")
        XCTAssertTrue(name.hasPrefix(String(withOdds.text.prefix { $0 != "…" })), withOdds.text)
    }

    /// A wheel of many slices keeps one line a label, at the size one line gives.
    func testManySlicesKeepOneLine() throws {
        for count in [37, 100] {
            let wheel = try wheel((1...count).map { ("Name number \($0)", 1) })
            let frame = wheel.prepare(for: Size(width: 1920, height: 1080))
            let plans = frame.labels.compactMap { $0 }
            XCTAssertEqual(plans.count, count)
            XCTAssertTrue(plans.allSatisfy { $0.lines.count == 1 }, "\(count) slices")
            XCTAssertEqual(plans[0].size, oneLineSize(wheel, frame), "\(count) slices")
        }
    }
}
