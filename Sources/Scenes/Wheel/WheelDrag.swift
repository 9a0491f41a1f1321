// Turning the wheel by hand. A press on the disc takes the wheel; as the pointer moves the wheel
// follows its angle around the centre (the point taken stays under the finger); the release decides:
// a tap (the pointer hardly moved) spins as START does, a flick (faster than `Flick.threshold`) spins
// the way it was thrown and as hard (Motion's Flick), and a slower release leaves the wheel where it
// was put. Either spin is START's draw (`spin(at:to:flick:)`: chosen and recorded before the wheel
// turns), and no release spins within the input cooldown. While a spin runs or a win is celebrated
// the wheel cannot be taken (a press spins or does nothing, as before), and a hold that began before a
// spin started moves nothing. Points frame px; angles radians clockwise; t seconds.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Motion
import Raster

/// A press on the wheel's disc, until its release.
struct WheelGrab {
    /// Where and when the pointer went down.
    var start: Point, since: Double
    /// The pointer went further than `WheelScene.slop` from `start`: a drag, not a tap.
    var moved = false
    /// The pointer's angle and the wheel's rotation when the pointer was first far enough from the
    /// centre to have an angle (the press, unless it was on the hub).
    var anchor: (pointer: Double, rotation: Double)?
    /// The pointer's latest angle, unwrapped (it counts whole turns).
    var angle = 0.0
    /// (t, angle) of the latest moves, for the release's speed: a few more than `Flick.window` holds.
    var samples: [(t: Double, angle: Double)] = []

    init(at point: Point, t: Double) {
        start = point
        since = t
        samples.reserveCapacity(WheelGrab.sampleLimit)
    }

    static let sampleLimit = 64
}

extension WheelScene {
    /// Nearer the centre than this share of the radius (the hub), the pointer's angle is too
    /// unsteady to turn the wheel by.
    static let grabInnerFraction = 0.12

    /// A press that moves less than this far (px) is a tap: 8 px, or 3 % of the radius on a large screen.
    static func slop(radius: Double) -> Double { max(8, 0.03 * radius) }

    /// Whether the wheel can be taken in hand at `t`: at rest, its result shown, or drifting in attract
    /// mode; not while it turns or a win is celebrated.
    func canGrab(at t: Double) -> Bool {
        switch phase(at: t) {
        case .idle, .result, .attract: return true
        case .spinning, .celebrating: return false
        }
    }

    /// A press on the disc at `point`: the wheel is taken (nothing moves yet).
    func takeWheel(at point: Point, t: Double, frameSize: Size) {
        // What the latest draw changed shows now (a winner leaving closes its gap), not under the hand.
        applyRefresh(at: t, now: true)
        var grab = WheelGrab(at: point, t: t)
        follow(point, in: &grab, at: t, layout: layout(for: frameSize))
        self.grab = grab
    }

    /// The pointer moved to `point` while the wheel is held: the wheel follows once it is a drag.
    func dragWheel(to point: Point, at t: Double, frameSize: Size) {
        guard var grab = heldGrab(at: t) else { return }
        let layout = layout(for: frameSize)
        if !grab.moved, point.distance(to: grab.start) > WheelScene.slop(radius: layout.radius) { grab.moved = true }
        follow(point, in: &grab, at: t, layout: layout)
        self.grab = grab
    }

    /// The pointer let go at `point`: a tap spins, a flick spins its way, a slow release leaves the
    /// wheel where it is. `coolingDown`: the host's input cooldown holds, so nothing spins.
    func releaseWheel(at point: Point, coolingDown: Bool, at t: Double, frameSize: Size) {
        guard var grab = heldGrab(at: t) else { return }
        self.grab = nil
        guard grab.moved else {
            if !coolingDown { _ = try? spin(at: t) }
            return
        }
        follow(point, in: &grab, at: t, layout: layout(for: frameSize))
        guard !coolingDown, let flick = Flick(velocity: Flick.velocity(of: grab.samples, at: t)) else { return }
        _ = try? spin(at: t, flick: flick)
    }

    /// The grab still held at `t`, or nil (dropped) when a spin has started since it began (Space,
    /// a button) or the wheel can no longer be held: a drag during a spin moves nothing.
    private func heldGrab(at t: Double) -> WheelGrab? {
        guard let grab else { return nil }
        if !canGrab(at: t) || (spinner.currentSpin.map { $0.startTime >= grab.since } ?? false) {
            self.grab = nil
            return nil
        }
        return grab
    }

    /// Notes the pointer at `point` (its angle, unwrapped, and the time) and, once the press is a
    /// drag, turns the wheel so the point taken stays under it.
    private func follow(_ point: Point, in grab: inout WheelGrab, at t: Double, layout: WheelLayout) {
        let c = layout.center
        guard point.distance(to: c) >= layout.radius * WheelScene.grabInnerFraction else { return }
        let raw = atan2(point.y - c.y, point.x - c.x)
        if grab.anchor == nil {
            grab.angle = raw
            grab.anchor = (raw, spinner.rotation(at: t) + attractDrift(at: t))
        } else {
            // The shortest way round from the last angle: the wheel follows whole turns of the hand.
            var delta = (raw - grab.angle).truncatingRemainder(dividingBy: 2 * Double.pi)
            if delta > Double.pi { delta -= 2 * Double.pi } else if delta <= -Double.pi { delta += 2 * Double.pi }
            grab.angle += delta
        }
        if grab.samples.count == WheelGrab.sampleLimit { grab.samples.removeFirst() }
        grab.samples.append((max(t, grab.samples.last?.t ?? t), grab.angle))
        guard grab.moved, let anchor = grab.anchor else { return }
        spinner = Spinner(layout: spinner.layout, weights: spinner.weights, settings: config.spin,
                          rotation: anchor.rotation + grab.angle - anchor.pointer)
        restingWinner = nil
    }
}
