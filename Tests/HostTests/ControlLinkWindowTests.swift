// Ctrl+Alt+L in the window: the control page's QR code over the scene, which a real decoder reads off
// the saved frame (landscape and portrait), gone after a key (which does nothing else); crisp whole-
// pixel modules inside a centred panel that fits the frame at any size.
import CSDL2
import Foundation
import PNGCodec
import Raster
import Scenes
import TestScanner
import XCTest
@testable import Host

final class ControlLinkWindowTests: XCTestCase {
    let link = "http://192.168.1.20:8765/#token=3f1c9a0be5d24478a1c06b9e2f7d3a5c8e0b1d2f4a6c8e0a2b4d6f8091a3c5e7"
    let chord = UInt16(KMOD_LCTRL.rawValue | KMOD_LALT.rawValue)

    /// Runs a window of `size` on the wheel, pushes `keys` first, and returns its frame at 0.4 s.
    func frame(width: Int, height: Int, keys: [(SDL_KeyCode, UInt16)], name: String) throws -> String {
        let path = NSTemporaryDirectory() + "roundel-link-\(name)-\(getpid()).png"
        try withEnvironment(["SDL_VIDEODRIVER": "dummy"]) {
            let window = try Window(title: "link", width: width, height: height)
            let scene = try XCTUnwrap(SceneCatalog.make("wheel", resources: try sceneResources(), seed: 3))
            var options = HostOptions(screenshot: (path, 0.4))
            let shown = link
            options.controlLink = { shown }
            let session = Session(window: window, scenes: [scene], initialScene: "wheel", options: options, resources: try sceneResources())
            for (key, modifiers) in keys { pushKey(key, modifiers: modifiers) }
            XCTAssertEqual(try session.run(), .screenshotSaved)
        }
        return path
    }

    func testTheChordShowsACodeAPhoneReads() throws {
        try XCTSkipIf(QRScanner.zbarimg == nil, "needs zbarimg (zbar-tools; make test installs it)")
        for (width, height) in [(640, 480), (360, 640)] {
            let path = try frame(width: width, height: height, keys: [(SDLK_l, chord)], name: "\(width)x\(height)")
            defer { unlink(path) }
            XCTAssertEqual(try QRScanner.decode(pngAt: path), [link], "\(width)×\(height)")
        }
    }

    func testAKeyClosesItAndDoesNothingElse() throws {
        try XCTSkipIf(QRScanner.zbarimg == nil, "needs zbarimg (zbar-tools; make test installs it)")
        let closed = try frame(width: 640, height: 480, keys: [(SDLK_l, chord), (SDLK_SPACE, 0)], name: "closed")
        defer { unlink(closed) }
        XCTAssertEqual(try QRScanner.decode(pngAt: closed), [], "the code is gone")
        let untouched = try frame(width: 640, height: 480, keys: [], name: "untouched")
        defer { unlink(untouched) }
        assertSamePixels(try readPNG(closed), try readPNG(untouched), "Space closed the code and did not spin the wheel")
    }

    func testTheChordWorksInAKioskWithoutRepeating() {
        let mods = UInt32(chord)
        XCTAssertEqual(keyResponse(sym: UInt32(SDLK_l.rawValue), modifiers: mods, isRepeat: false, kiosk: true), .showControlLink)
        XCTAssertEqual(keyResponse(sym: UInt32(SDLK_l.rawValue), modifiers: mods, isRepeat: true, kiosk: true), .ignore)
        XCTAssertEqual(keyResponse(sym: UInt32(SDLK_l.rawValue), modifiers: 0, isRepeat: false, kiosk: true), .ignore, "L alone is nothing")
    }

    func testThePanelFitsCentredWithWholePixelModules() {
        for (width, height) in [(1920, 1080), (1080, 1920), (800, 480), (480, 800), (320, 240)] {
            let layout = ControlLinkOverlay.layout(modules: 41, width: width, height: height)
            let side = layout.module * (41 + 8)
            XCTAssertGreaterThanOrEqual(layout.module, 2, "\(width)×\(height)")
            XCTAssertGreaterThanOrEqual(layout.panel.x, 0); XCTAssertGreaterThanOrEqual(layout.panel.y, 0)
            XCTAssertLessThanOrEqual(layout.panel.maxX, width); XCTAssertLessThanOrEqual(layout.panel.maxY, height)
            let codeLeft = layout.origin.x - 4 * layout.module
            XCTAssertLessThanOrEqual(abs(codeLeft - (width - codeLeft - side)), 1, "centred across \(width)×\(height)")
            XCTAssertGreaterThanOrEqual(codeLeft, layout.panel.x)
            XCTAssertLessThanOrEqual(codeLeft + side, layout.panel.maxX)
            XCTAssertGreaterThan(layout.lines[0].y, Double(layout.origin.y + 41 * layout.module), "the text under the code")
            XCTAssertLessThan(layout.lines[1].y, Double(layout.panel.maxY))
        }
    }
}
