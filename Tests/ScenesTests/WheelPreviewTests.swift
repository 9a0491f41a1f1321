// Not a test: with WHEEL_PREVIEW=<dir>, renders frames to look at (idle, mid-spin, stopped, numbered,
// Korean, several sizes). Skipped otherwise.
import Foundation
import PNGCodec
import Raster
@testable import Scenes
import XCTest

final class WheelPreviewTests: XCTestCase {
    func testWritePreviews() throws {
        guard let dir = ProcessInfo.processInfo.environment["WHEEL_PREVIEW"] else { throw XCTSkip("set WHEEL_PREVIEW=<dir> to write preview frames") }
        let resources = try SceneResources.loadDefault()
        func shoot(_ scene: WheelScene, _ w: Int, _ h: Int, _ t: Double, _ name: String) throws {
            let canvas = try XCTUnwrap(Canvas(width: w, height: h))
            scene.render(into: canvas, at: t)
            try writePNG(canvas.pixmap, to: "\(dir)/\(name).png")
            print(name, scene.jsonLine(at: t))
        }
        let wheel = try WheelScene(resources: resources, seed: 7)
        try shoot(wheel, 600, 600, 0, "idle-600")
        try wheel.spin(at: 0)
        for t in [0.8, 2.0, 3.5] { try shoot(wheel, 600, 600, t, "spin-\(t)") }
        try shoot(wheel, 600, 600, 9, "stopped-600")
        try shoot(wheel, 240, 240, 9, "stopped-240")
        try shoot(wheel, 1920, 1080, 9, "stopped-1920x1080")
        try shoot(wheel, 720, 1280, 9, "stopped-720x1280")
        var numbered = WheelConfig.defaults
        numbered.numbered = 7
        let seven = try WheelScene(config: numbered, resources: resources, seed: 3)
        try shoot(seven, 500, 600, 0, "numbered-7-idle")
        try seven.spin(at: 0)
        try shoot(seven, 500, 600, 9, "numbered-7-stopped")
        numbered.numbered = 36
        let many = try WheelScene(config: numbered, resources: resources, seed: 3)
        try many.spin(at: 0)
        try shoot(many, 500, 600, 9, "numbered-36-stopped")
        let ko = try WheelConfig.load(path: WheelRingImageTests.assetsDirectory + "/wheel-ko.json")
        let korean = try WheelScene(config: ko, resources: resources, seed: 5)
        try korean.spin(at: 0)
        try shoot(korean, 800, 800, 2.2, "korean-spin")
        try shoot(korean, 800, 800, 9, "korean-stopped")
    }
}
