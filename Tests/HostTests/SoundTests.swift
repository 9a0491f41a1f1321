// Sound through SDL's `disk` audio driver (the stream is written to a file in real time): a seeded
// spin of a 12-slice wheel ticks once for every slice boundary that passed the pointer, each tick
// within 10 ms of the instant the picture shows it pass, and the fanfare starts within one frame of
// the stop. The boundary instants here come from sampling the wheel's rotation, not from the code
// that schedules the ticks.
@testable import Host
import CSDL2
import Foundation
import Draws
import Motion
import Raster
import Scenes
import XCTest

final class SoundTests: XCTestCase {
    func testTicksMatchTheBoundariesThePointerPassedAndTheFanfareTheStop() throws {
        let file = NSTemporaryDirectory() + "roundel-sound-\(UUID().uuidString).raw"
        defer { if ProcessInfo.processInfo.environment["KEEP_SOUND"] == nil { try? FileManager.default.removeItem(atPath: file) } else { print("SOUNDFILE", file) } }
        var config = WheelConfig(items: WheelConfig.items(from: (1...12).map { Entry(text: "Prize \($0)") }))
        config.spin.duration = 2.5
        config.celebration = .off   // a debug build's confetti frames are slow enough to starve the device
        let wheel = try WheelScene(config: config, resources: try sceneResources(), seed: 11)
        var opened: Double?
        try withEnvironment(["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": file]) { () throws -> Void in
            let window = try Window(title: "sound", width: 320, height: 240)
            var options = HostOptions()
            options.soundVolume = 1
            let session = Session(window: window, scenes: [wheel], initialScene: "wheel", options: options)
            var frames = 0
            session.onFrame = { _ in
                frames += 1
                if opened == nil { opened = session.audio?.mixer.origin }
                if frames == 1 { pushKey(SDLK_SPACE) }
            }
            // After the spin and the fanfare (the loop sleeps once the wheel stops: no frames then).
            let quitter = Thread {
                Thread.sleep(forTimeInterval: 6)
                pushQuit()
            }
            quitter.start()
            _ = try session.run()
            session.onFrame = nil   // the closure holds the session (and so the window) until cleared
        }
        let spin = try XCTUnwrap(wheel.spinner.currentSpin, "the wheel spun")
        // The boundaries the pointer passed, from the rotation: every 0.1 ms, where the slice changes.
        var crossings: [Double] = []
        var index = wheel.spinner.index(underPointerAt: spin.startTime)
        var t = spin.startTime
        while t < spin.endTime {
            t += 0.0001
            let now = wheel.spinner.index(underPointerAt: t)
            if now != index { crossings.append(t); index = now }
        }
        XCTAssertGreaterThan(crossings.count, 24, "a spin of several turns")
        // Onsets in the stream: the first sample above 300 after at least 4 ms below it, when the
        // sound then goes above 2 000.
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        var onsets: [Double] = []
        var quiet = 0, armed: Int?
        for (i, s) in samples.enumerated() {
            let a = abs(Int(s))
            if a >= 300 && quiet >= 192 { armed = i }
            if a > 2000, let start = armed { onsets.append(Double(start) / 48_000); armed = nil }
            quiet = a < 300 ? quiet + 1 : 0
        }
        XCTAssertEqual(onsets.count, crossings.count + 1, "a tick per boundary, then the fanfare")
        // The stream is the host's timeline from the device's opening on: sample n is `opened + n / 48 000`.
        let origin = try XCTUnwrap(opened)
        for (k, crossing) in crossings.enumerated() where k < onsets.count {
            XCTAssertEqual(origin + onsets[k], crossing, accuracy: 0.010, "tick \(k)")
        }
        if onsets.count == crossings.count + 1 {
            XCTAssertEqual(origin + onsets[crossings.count], spin.endTime, accuracy: 1.0 / 60, "the fanfare starts within a frame of the stop")
        }
    }
}
