// A spin planned onto an exact final rotation (radians, cumulative, clockwise): a recorded draw shown
// again, landing where the record says the wheel stopped. It turns as far, for as long and along the
// same curve as a spin of its profile planned with `SpinPlan.make`: smooth and roulette `turns` whole
// turns plus less than one more, classic three turns plus its last sweep in (0, 2π]. Started from the
// rotation the recorded spin started from, the plan is the one made then, animation for animation.

extension SpinPlan {
    /// Plans a spin of `layout` that comes to rest at exactly `end`, starting at `time` from `rotation`
    /// moved by whole turns (the wheel looks the same) so that it turns as far as its profile turns.
    /// The target is the slice under the pointer at `end`; throws when that slice has no area.
    static func make(settings: SpinSettings, layout: SliceLayout, from rotation: Double, at time: Double,
                     endingAt end: Double) throws(MotionError) -> SpinPlan {
        let target = layout.index(underPointerAt: end)
        guard layout.sweeps[target] > 0 else { throw .sliceHasNoArea(index: target) }
        let start = startRotation(profile: settings.profile, turns: settings.turns, near: rotation, endingAt: end)
        // Whole turns between rotations 1e300 apart are not representable.
        guard start.isFinite, (end - start).isFinite else { throw .invalidRotation(end) }
        let animations: [Animation]
        switch settings.profile {
        case .classic:
            let turned = start + fullTurn
            let turnedTwice = turned + 2 * fullTurn
            animations = [
                Animation(name: "begin", from: start, to: turned, duration: 1.5, timing: .easeIn),
                Animation(name: "turn", from: turned, to: turnedTwice, duration: 2, timing: .linear),
                Animation(name: "end", from: turnedTwice, to: end, duration: 1.2, timing: .easeOut),
            ]
        case .roulette:
            animations = [Animation(name: "spin", from: start, to: end, duration: settings.duration, timing: .cubicBezier(.roulette))]
        case .smooth:
            animations = smooth(from: start, to: end, duration: settings.duration)
        }
        return SpinPlan(profile: settings.profile, target: target, startTime: time, startRotation: start,
                        motion: try AnimationSequence(animations))
    }

    /// `rotation` plus the whole turns (0 when it already is) that leave the profile's own distance to
    /// `end`: `turns` turns and an offset in [0, 2π) (smooth, roulette), three turns and a last sweep
    /// in (0, 2π] (classic). A nanoradian of rounding at either bound counts as inside.
    static func startRotation(profile: SpinProfile, turns: Double, near rotation: Double, endingAt end: Double) -> Double {
        let whole = profile == .classic ? 3 : turns
        let offset = end - rotation - whole * fullTurn
        let inside = profile == .classic ? offset > -1e-9 && offset <= fullTurn + 1e-9 : offset >= -1e-9 && offset < fullTurn + 1e-9
        if inside { return rotation }
        // Classic's offset lies in (0, 2π], the others' in [0, 2π).
        let k = profile == .classic ? (offset / fullTurn).rounded(.up) - 1 : (offset / fullTurn).rounded(.down)
        return rotation + k * fullTurn
    }
}
