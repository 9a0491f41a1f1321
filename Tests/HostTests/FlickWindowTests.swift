// Flick to spin in the real window (an X11 window on a private Xvfb), driven through SDL's event queue
// with the timing a hand gives it (another thread pushes the moves as they would come): a slow drag
// turns the wheel and draws nothing, a flick with the mouse is one draw in the state database that
// the wheel lands on, a flick during the spin changes nothing, a flick within the input cooldown
// draws nothing, and a finger's flick after it draws again.
@testable import Host
import CSDL2
import Draws
import Foundation
import Motion
import Raster
@testable import Scenes
import XCTest

extension WindowTests {
    func testRealWindowAFlickIsOneRecordedDrawAndASlowDragNone() throws {
        let display = try Self.xDisplay()
        let dir = NSTemporaryDirectory() + "roundel-flick-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/state.db"
        func draws() throws -> [DrawRecord] { try Ledger.openForReading(path: path).history() }
        try withEnvironment(["SDL_VIDEODRIVER": "x11", "DISPLAY": display]) {
            let window = try Window(title: "flick", width: 480, height: 400)
            SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
            var config = WheelConfig.defaults
            config.spin.duration = 1.5
            config.celebration = .off
            let wheel = try WheelScene(config: config, resources: try sceneResources(), seed: 21, ledger: try Ledger.open(path: path))
            let cooldown = 3.0
            let session = Session(window: window, scenes: [wheel], initialScene: "wheel", options: HostOptions(cooldown: cooldown))
            let layout = WheelLayout(frame: window.frameSize)
            let size = window.frameSize
            var step = 0, stepStart = 0.0, problems: [String] = []
            var hand: Thread?, flickedAt = 0.0, spin: SpinPlan?, turned = 0.0, putDown = 0.0
            func next(_ t: Double) { step += 1; stepStart = t }
            func check(_ ok: Bool, _ what: String) { if !ok { problems.append("step \(step): \(what)") } }
            /// The hand on another thread: a press at `from`°, `moves` moves to `to`° over `seconds`, let go.
            func move(from: Double, to: Double, seconds: Double, moves: Int, finger: Bool = false) {
                // Whole pixels, as a mouse gives them.
                let points = (0...moves).map { k -> Point in
                    let a = (from + (to - from) * Double(k) / Double(moves)) * Double.pi / 180
                    return Point(x: (layout.center.x + 0.7 * layout.radius * cos(a)).rounded(),
                                 y: (layout.center.y + 0.7 * layout.radius * sin(a)).rounded())
                }
                // How far the hand turns the wheel, if it is free to.
                func angle(_ p: Point) -> Double { atan2(p.y - layout.center.y, p.x - layout.center.x) * 180 / Double.pi }
                turned = angle(points[points.count - 1]) - angle(points[0])
                if turned > 180 { turned -= 360 } else if turned <= -180 { turned += 360 }
                let thread = Thread {
                    for (k, p) in points.enumerated() {
                        if k > 0 { usleep(useconds_t(seconds / Double(moves) * 1_000_000)) }
                        let type = k == 0 ? (finger ? SDL_FINGERDOWN : SDL_MOUSEBUTTONDOWN) : (finger ? SDL_FINGERMOTION : SDL_MOUSEMOTION)
                        pushPointer(type, at: p, in: size)
                    }
                    pushPointer(finger ? SDL_FINGERUP : SDL_MOUSEBUTTONUP, at: points[points.count - 1], in: size)
                }
                thread.start()
                hand = thread
                handSeenDone = nil
            }
            /// The hand has let go and the loop has had 0.2 s to take its last events.
            var handSeenDone: Double?
            func handDone(_ t: Double) -> Bool {
                guard hand?.isFinished ?? true else { return false }
                if handSeenDone == nil { handSeenDone = t }
                return t > (handSeenDone ?? t) + 0.2
            }
            func rotation(at t: Double) -> Double { wheel.state(at: t).rotationDegrees }
            session.onFrame = { t in
                do {
                    switch step {
                    case 0:
                        move(from: 20, to: 110, seconds: 2, moves: 40); next(t)   // slowly, a quarter turn
                    case 1 where rotation(at: t) > 20 || handDone(t):
                        check(hand?.isFinished == false, "the wheel turns with the hand while it is held: \(rotation(at: t))°")
                        check(wheel.state(at: t).state == "idle" && wheel.spinner.currentSpin == nil, "no spin under the hand")
                        next(t)
                    case 2 where handDone(t):
                        check(try draws().isEmpty, "a slow drag draws nothing")
                        putDown = rotation(at: t)
                        check(abs(putDown - turned) < 1e-6, "put down where the hand left it: \(putDown)°, turned \(turned)°")
                        check(wheel.state(at: t).state == "idle", "and at rest")
                        move(from: 110, to: 200, seconds: 0.05, moves: 6); next(t)   // a flick, clockwise
                    case 3 where handDone(t):
                        let recorded = try draws()
                        check(recorded.count == 1, "the flick is one draw: \(recorded.count)")
                        spin = wheel.spinner.currentSpin
                        check(spin.map { abs($0.startRotation * 180 / Double.pi - putDown - turned) < 1e-6 } == true,
                              "it spins from where the hand let go: \((spin?.startRotation ?? 0) * 180 / Double.pi)°, put down \(putDown)° + \(turned)°")
                        check(spin.map { $0.endRotation > $0.startRotation } == true, "clockwise, as thrown")
                        check(recorded.first?.rotation == spin?.endRotation, "the record has its landing")
                        flickedAt = spin?.startTime ?? 0
                        move(from: 200, to: 110, seconds: 0.05, moves: 6); next(t)   // a flick back, during the spin
                    case 4 where handDone(t):
                        check(wheel.spinner.currentSpin == spin, "a flick during the spin changes nothing")
                        check(try draws().count == 1, "and draws nothing")
                        next(t)
                    case 5 where spin.map { t > $0.endTime + 0.2 } == true:
                        let state = wheel.state(at: t), draw = try draws().last
                        check(state.state == "stopped" && state.result?.text == draw?.text, "landed on the recorded winner: \(state)")
                        check(abs(state.rotationDegrees - (draw?.rotation ?? 0) * 180 / Double.pi) < 1e-6, "at the recorded rotation")
                        check(t < flickedAt + cooldown, "still in the cooldown")
                        move(from: 30, to: 150, seconds: 0.05, moves: 6); next(t)   // within the cooldown
                    case 6 where handDone(t):
                        check(try draws().count == 1, "a flick within the cooldown draws nothing")
                        next(t)
                    case 7 where t > flickedAt + cooldown + 0.1:
                        move(from: 150, to: 30, seconds: 0.06, moves: 6, finger: true); next(t)   // a finger, anticlockwise
                    case 8 where handDone(t):
                        let recorded = try draws()
                        check(recorded.count == 2, "a finger's flick after the cooldown draws: \(recorded.count)")
                        check(wheel.spinner.currentSpin.map { $0.endRotation < $0.startRotation } == true, "anticlockwise, as thrown")
                        check(recorded.last?.rotation == wheel.spinner.currentSpin?.endRotation, "recorded with its landing")
                        pushQuit(); next(t)
                    default:
                        if t > 40 { problems.append("stuck at step \(step)"); pushQuit() }
                    }
                } catch {
                    problems.append("step \(step): \(error)")
                    pushQuit()
                }
            }
            // A frame every 50 ms even while nothing moves (the steps wait on time): an expose event.
            let ticker = Thread {
                while !Thread.current.isCancelled {
                    var event = SDL_Event()
                    event.type = SDL_WINDOWEVENT.rawValue
                    event.window.event = UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue)
                    SDL_PushEvent(&event)
                    usleep(50_000)
                }
            }
            ticker.start()
            defer { ticker.cancel() }
            _ = try session.run()
            session.onFrame = nil
            XCTAssertEqual(problems, [])
            XCTAssertGreaterThanOrEqual(step, 9, "every step was taken")
        }
    }
}

/// The left mouse button or a finger at frame point `p` of a window `size` px (its own units):
/// down, moved (held) or up, as SDL queues them (its timestamp is when it is pushed).
private func pushPointer(_ type: SDL_EventType, at p: Point, in size: Size) {
    var event = SDL_Event()
    event.type = type.rawValue
    switch type {
    case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
        event.tfinger.x = Float(p.x / size.width)
        event.tfinger.y = Float(p.y / size.height)
        event.tfinger.fingerId = 1
    case SDL_MOUSEMOTION:
        event.motion.x = Int32(p.x.rounded())
        event.motion.y = Int32(p.y.rounded())
        event.motion.state = leftButtonMask
    default:
        event.button.button = UInt8(SDL_BUTTON_LEFT)
        event.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
        event.button.x = Int32(p.x.rounded())
        event.button.y = Int32(p.y.rounded())
    }
    SDL_PushEvent(&event)
}
