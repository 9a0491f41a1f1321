// One spin, planned completely before the wheel moves: the target slice, the cumulative rotation curve
// (radians clockwise, never wrapped) and the exact time of rest. Every profile starts from the current
// rotation and only ever turns clockwise, so a spin never snaps back; a flick (`flick`, below) turns
// the way the hand threw it, and only that way. The reported result is the slice
// under the pointer at the final rotation, by SliceLayout's formula, and planning checks it is the target.
//
// The smooth profile's velocity (see `smooth` below) is C¹: it rises from 0 with zero acceleration
// (smoothstep, v ∝ 3x² − 2x³) over a short spin-up (12 % of the duration, at most 0.6 s — a hand's push),
// then coasts down over the rest as v ∝ z³(4 − 3z), z = remaining fraction of the coast. That coast loses
// speed fastest early (like friction plus air drag on a fast wheel) and creeps into rest with v ∝ z³, so
// velocity and acceleration both reach exactly 0 at rest: no jump and no kink anywhere.

public struct SpinPlan: Sendable, Equatable {
    public let profile: SpinProfile
    /// The slice the spin lands on, chosen before it started.
    public let target: Int
    public let startTime: Double
    public let startRotation: Double
    /// Cumulative rotation in radians against seconds since `startTime`; its animations are the phases.
    public let motion: AnimationSequence

    public var endTime: Double { startTime + motion.duration }
    public var endRotation: Double { motion.animations[motion.animations.count - 1].to }

    /// Share of the smooth profile's duration spent speeding up, and its cap in seconds.
    static let smoothSpinUpFraction = 0.12
    static let smoothSpinUpLimit = 0.6
    /// The smooth profile lands at least this fraction of the slice's width away from either edge.
    public static let smoothLandingMargin = 0.15

    static let fullTurn = 2 * Double.pi

    init(profile: SpinProfile, target: Int, startTime: Double, startRotation: Double, motion: AnimationSequence) {
        self.profile = profile
        self.target = target
        self.startTime = startTime
        self.startRotation = startRotation
        self.motion = motion
    }

    /// Plans a spin of `layout` onto `target` (already validated: in range, with area), from `rotation` at
    /// `time`, drawing the landing point inside the slice from `rng`.
    static func make(
        settings: SpinSettings, layout: SliceLayout, target: Int, from rotation: Double, at time: Double,
        using rng: inout some RandomNumberGenerator
    ) throws(MotionError) -> SpinPlan {
        let animations: [Animation]
        switch settings.profile {
        case .classic:
            animations = classic(layout: layout, target: target, from: rotation)
        case .roulette:
            let end = try landing(layout: layout, target: target, from: rotation, turns: settings.turns,
                                  fraction: Double.random(in: 0..<1, using: &rng))
            animations = [Animation(name: "spin", from: rotation, to: end, duration: settings.duration,
                                    timing: .cubicBezier(.roulette))]
        case .smooth:
            let margin = smoothLandingMargin
            let end = try landing(layout: layout, target: target, from: rotation, turns: settings.turns,
                                  fraction: Double.random(in: margin...(1 - margin), using: &rng))
            animations = smooth(from: rotation, to: end, duration: settings.duration)
        }
        return SpinPlan(profile: settings.profile, target: target, startTime: time, startRotation: rotation,
                        motion: try AnimationSequence(animations))
    }

    /// A flicked wheel (see Flick.swift) onto `target`: from `rotation` at `time` in the flick's
    /// direction, the flick's turns plus the offset to a point of the target drawn from `rng` (as the
    /// smooth profile lands, whatever the profile: the hand did the spin-up), in one coast that starts
    /// at the flick's speed where the duration allows (`Flick.duration`) and stops as smooth stops.
    static func flick(_ flick: Flick, settings: SpinSettings, layout: SliceLayout, target: Int, from rotation: Double,
                      at time: Double, using rng: inout some RandomNumberGenerator) throws(MotionError) -> SpinPlan {
        let margin = smoothLandingMargin
        let end = try landing(layout: layout, target: target, from: rotation, turns: flick.turns(for: settings),
                              fraction: Double.random(in: margin...(1 - margin), using: &rng), direction: flick.direction)
        let duration = flick.duration(travelling: end - rotation, settings: settings)
        let coast = Animation(name: "decelerate", from: rotation, to: end, duration: duration, timing: .smoothStop)
        return SpinPlan(profile: settings.profile, target: target, startTime: time, startRotation: rotation,
                        motion: try AnimationSequence([coast]))
    }

    /// Seed 000's three phases, shifted to start at `rotation`: easeIn one turn in 1.5 s, linear two turns
    /// in 2 s, easeOut in 1.2 s onto the target's centre. The seed's end sweep slice·(count − index) is the
    /// target's rest angle taken in (0, 2π]; from a start offset s it becomes (that − s) taken in (0, 2π],
    /// which is the seed's exactly when s = 0.
    static func classic(layout: SliceLayout, target: Int, from rotation: Double) -> [Animation] {
        let rest = layout.rotation(bringingToPointer: layout.midAngle(of: target))
        var sweep = (rest - rotation).truncatingRemainder(dividingBy: fullTurn)
        if sweep < 0 { sweep += fullTurn }
        // (0, 2π]: a target already under the pointer gets a whole last turn, as in the seed (index 0).
        // Sweeps below 1e-9 rad are that case blurred by rounding.
        if sweep <= 1e-9 { sweep += fullTurn }
        let turned = rotation + fullTurn
        let turnedTwice = turned + 2 * fullTurn
        return [
            Animation(name: "begin", from: rotation, to: turned, duration: 1.5, timing: .easeIn),
            Animation(name: "turn", from: turned, to: turnedTwice, duration: 2, timing: .linear),
            Animation(name: "end", from: turnedTwice, to: turnedTwice + sweep, duration: 1.2, timing: .easeOut),
        ]
    }

    /// Spin-up then coast-down (see the file's top). With spin-up time a, coast time c and top speed v,
    /// the angles are v·a/2 (∫ of smoothstep) and v·c·0.4 (∫ of z³(4 − 3z)), which fixes v.
    static func smooth(from rotation: Double, to end: Double, duration: Double) -> [Animation] {
        let spinUp = min(duration * smoothSpinUpFraction, smoothSpinUpLimit)
        let coast = duration - spinUp
        let topSpeed = (end - rotation) / (spinUp / 2 + coast * 0.4)
        let handOff = min(rotation + topSpeed * spinUp / 2, end)
        return [
            Animation(name: "accelerate", from: rotation, to: handOff, duration: spinUp, timing: .smoothStart),
            Animation(name: "decelerate", from: handOff, to: end, duration: coast, timing: .smoothStop),
        ]
    }

    /// The final rotation after `turns` whole turns from `rotation` plus the offset in [0, 2π) that brings
    /// the point `fraction` of the way across slice `target` under the pointer. If rounding puts that point
    /// over an edge (possible only with fraction at 0 or 1), the point moves halfway to the centre and tries again.
    /// `direction` −1 (a flick anticlockwise) turns the other way: back `turns` turns and an offset in (−2π, 0].
    static func landing(layout: SliceLayout, target: Int, from rotation: Double, turns: Double,
                        fraction: Double, direction: Double = 1) throws(MotionError) -> Double {
        let base = rotation + direction * turns * fullTurn
        var fraction = fraction
        for _ in 0..<64 {
            let angle = layout.starts[target] + layout.sweeps[target] * fraction
            var offset = (layout.rotation(bringingToPointer: angle) - base).truncatingRemainder(dividingBy: fullTurn)
            if offset < 0 { offset += fullTurn }
            if direction < 0, offset > 0 { offset -= fullTurn }
            let end = base + offset
            if layout.index(underPointerAt: end) == target { return end }
            fraction = (fraction + 0.5) / 2
        }
        throw .sliceHasNoArea(index: target)
    }
}
