// The countdown ring (seed 001's CircularProgressView) with what its author wished for next: pause,
// resume, reset, and timers linked into a sequence ("Focus 25:00 → Break 5:00", optionally looping).
// A frame is a pure function of (state, t): the state is the program and the instants at which the
// timer started and paused (TimerClock); nothing reads a clock. Times are scene seconds.
//
// Input: Space/Enter or a tap anywhere on the frame pauses a running timer and resumes a paused one;
// on a finished timer either starts it again, as R (`.restart`) does at any time.
import BitmapFont
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

public final class TimerScene: ShowsTimeOfDay {
    public let name = "timer"
    public let config: TimerConfig
    /// The steps; for `until`, one step whose length is set when the timer starts (`restart`).
    public private(set) var program: TimerProgram
    /// The time of day at t = 0, seconds since local midnight: where `until` counts from. The host
    /// and the CLI set it (`--time`); the scene never reads a clock. Set anew (the system clock was
    /// set), an `until` timer counts to `until` from its start as it would have had the clock read
    /// so then: a clock set forwards leaves less time, one set back more (set past `until`, it
    /// counts to the next day's, as a timer started then would).
    public var startTime: Double = 0 {
        didSet { if config.until != nil, let start = clock.toggles.first { program = TimerScene.program(config, startTime: startTime, startingAt: start) } }
    }
    /// Only an `until` timer shows the time of day.
    public var followsWallClock: Bool { config.until != nil }
    public private(set) var clock: TimerClock
    let fonts: FontStack
    /// Frame scratch, kept so that drawing a frame allocates nothing once warm: the ring's two tiles
    /// (rebuilt in place), the list `fillTiles` takes, and the countdown text of the last frame.
    var progressTile = Path(), trackTile = Path(), pauseBar = Path()
    var tiles: [(path: Path, color: Color)] = []
    var readout: TimerReadout?

    /// Seconds the ring flashes after the last step ends.
    static let flashDuration = 0.4

    /// A timer from a checked `config` (see `TimerConfig.load` / `validate`), running from
    /// `startsAt` (nil: waiting for a start, shown full at its first step).
    /// Throws for a config that cannot run (as `TimerConfig.validate` says).
    /// Whether the window has shown it yet (`didAppear`).
    private var appeared = false

    public init(config: TimerConfig = .defaults, resources: SceneResources, startsAt: Double? = 0) throws(ConfigError) {
        try config.validate()
        self.config = config
        program = TimerScene.program(config, startTime: 0, startingAt: startsAt ?? 0)
        clock = TimerClock(startedAt: startsAt)
        fonts = resources.fonts
    }

    // MARK: Controls

    /// Starts or resumes at `t`; nothing if it is running or finished.
    public func resume(at t: Double) {
        guard !isFinished(at: t) else { return }
        clock.resume(at: t)
    }

    /// Pauses at `t`; nothing if it is paused or finished.
    public func pause(at t: Double) {
        guard !isFinished(at: t) else { return }
        clock.pause(at: t)
    }

    /// Back to the start of the first step, paused (waiting for `resume`).
    public func reset() { clock = TimerClock(startedAt: nil) }

    /// Back to the start of the first step, running from `t` (an `until` timer: to the next such
    /// time of day after startTime + t).
    public func restart(at t: Double) {
        clock = TimerClock(startedAt: t)
        if config.until != nil { program = TimerScene.program(config, startTime: startTime, startingAt: t) }
    }

    /// Space, Enter or a tap: pause ↔ resume; a finished timer, or one running over, starts again.
    public func toggle(at t: Double) {
        if isFinished(at: t) || isOvertime(at: t) { restart(at: t) } else if clock.isRunning(at: t) { clock.pause(at: t) } else { clock.resume(at: t) }
    }

    /// The program of `config`: its steps, or for `until` one step from startTime + `start` to that
    /// time, with the config's label (`until` replaces the step's duration, nothing else).
    static func program(_ config: TimerConfig, startTime: Double, startingAt start: Double) -> TimerProgram {
        guard let until = config.until else { return TimerProgram(steps: config.steps, repeats: config.repeats) }
        let now = (startTime + start).truncatingRemainder(dividingBy: 86_400)
        var step = config.steps[0]
        step.duration = TimerConfig.secondsUntil(until, from: now)
        return TimerProgram(steps: [step], repeats: false)
    }

    // MARK: State

    /// Everything a frame or the CLI needs to know at `t`.
    public func status(at t: Double) -> TimerStatus {
        let running = clock.running(at: t)
        let position = program.position(afterRunning: running)
        let over = position.finished && config.overtime ? running - program.total : 0
        let state: TimerStatus.State
        if position.finished {
            state = !config.overtime ? .finished : clock.isRunning(at: t) ? .overtime : .paused
        } else {
            state = clock.isRunning(at: t) ? .running : .paused
        }
        var flash = 0.0
        if position.finished, let end = clock.time(whenRunningReaches: program.total), t >= end {
            flash = TimerScene.flashStrength((t - end) / TimerScene.flashDuration)
        }
        var status = TimerStatus(state: state, position: position, label: program.steps[position.step].label, flash: flash)
        status.overtime = over
        status.alert = alert(status)
        return status
    }

    /// Danger past zero or at `dangerAt` seconds shown, warning at `warnAt`: decided on the
    /// displayed seconds, so the colour changes with the digits.
    private func alert(_ status: TimerStatus) -> TimerStatus.Alert {
        if status.overtime > 0 { return .danger }
        let shown = Double(status.displayedSeconds)
        if let dangerAt = config.dangerAt, shown <= dangerAt { return .danger }
        if let warnAt = config.warnAt, shown <= warnAt { return .warning }
        return .none
    }

    func isFinished(at t: Double) -> Bool { !program.repeats && !config.overtime && clock.running(at: t) >= program.total }

    func isOvertime(at t: Double) -> Bool { config.overtime && clock.running(at: t) > program.total }

    /// One smooth pulse, 0 → 1 → 0, for x in 0…1 (sin², so it starts and ends without a jump in slope).
    static func flashStrength(_ x: Double) -> Double {
        guard x > 0, x < 1 else { return 0 }
        let s = sin(Double.pi * x)
        return s * s
    }

    // MARK: Scene

    /// A chime when the last step reaches zero (a repeating sequence: at the end of each pass).
    public func sounds(from t0: Double, to t1: Double, into events: inout [SoundEvent]) {
        guard t1 > t0, let start = clock.toggles.first, start < t1 else { return }
        let total = program.total
        // The first pass ending at or after t0 (a running clock maps passes to times one to one).
        let before = clock.running(at: t0)
        var pass = max(1, (before / total).rounded(.up))
        if !program.repeats && pass > 1 { return }
        while let end = clock.time(whenRunningReaches: pass * total), end < t1 {
            if end >= t0 { events.append(SoundEvent(.chime, at: end)) }
            guard program.repeats else { break }
            pass += 1
        }
    }

    /// A timer starts when it is first shown (a kiosk opened on the wheel does not run it hidden).
    public func didAppear(at t: Double) {
        guard !appeared else { return }
        appeared = true
        if clock.isRunning(at: t) { restart(at: t) }
    }

    public func handle(_ input: SceneInput, at t: Double, frameSize: Size) {
        switch input {
        case .primaryAction: toggle(at: t)
        case .tap(let p):
            // The timer is the whole view, as in the seed: a touch anywhere on the frame counts.
            if p.x >= 0, p.y >= 0, p.x < frameSize.width, p.y < frameSize.height { toggle(at: t) }
        case .restart: restart(at: t)
        default: break
        }
    }

    public func isAnimating(at t: Double) -> Bool {
        let status = status(at: t)
        switch status.state {
        case .running, .overtime: return true
        case .paused: return false
        case .finished:
            guard let end = clock.time(whenRunningReaches: program.total) else { return false }
            return t < end + TimerScene.flashDuration
        }
    }

    /// A frame is a pure function of the status, so two running frames of one step differ only in
    /// the ring between the two progress angles and, when the shown time changes, the text inside.
    public func dirtyRect(since previous: Double, at t: Double, frameSize: Size) -> PixelRect? {
        let a = status(at: previous), b = status(at: t)
        guard a.state == .running, b.state == .running, a.position.step == b.position.step, a.label == b.label,
              a.flash == 0, b.flash == 0 else { return nil }
        let layout = TimerLayout(frame: frameSize, scaleWithFrame: config.scaleWithFrame)
        let p0 = min(a.position.progress, b.position.progress), p1 = max(a.position.progress, b.position.progress)
        guard p1 - p0 < 0.25 else { return nil }
        // The annulus section between the two angles: its corners, plus any compass point it passes.
        let start = -Double.pi / 2 + 2 * Double.pi * p0, end = -Double.pi / 2 + 2 * Double.pi * p1
        var box = ringSectionBounds(center: layout.center, inner: layout.innerRadius - 2, outer: layout.outerRadius + 2,
                                    from: start, to: end)
        if a.displayedSeconds != b.displayedSeconds {
            let r = layout.innerRadius
            box = box.union(Rect(x: layout.center.x - r, y: layout.center.y - r, width: 2 * r, height: 2 * r))
        }
        return PixelRect(enclosing: box)
    }

    public func render(into canvas: Canvas, at t: Double) {
        let status = status(at: t)
        let layout = TimerLayout(frame: Size(width: Double(canvas.width), height: Double(canvas.height)),
                                 scaleWithFrame: config.scaleWithFrame)
        canvas.clear(config.backgroundColor)
        drawRing(layout, status: status, in: canvas)
        drawText(layout, status: status, in: canvas)
    }

    /// `{"scene":"timer","t":…,"state":"running","step":0,"label":"Focus","remaining":…,"progress":…,"display":"25:00"}`
    public func jsonLine(at t: Double) -> String { status(at: t).jsonLine(scene: name, t: t) }
}

/// The timer at one instant.
public struct TimerStatus: Sendable, Equatable {
    /// `overtime`: past zero and counting on (config `overtime`); paused there it is `paused`.
    public enum State: String, Sendable { case running, paused, finished, overtime }
    /// The colour the ring and digits take: the step's, `warnColor` or `dangerColor`.
    public enum Alert: String, Sendable { case none, warning, danger }
    public var state: State
    public var position: TimerPosition
    public var label: String?
    /// How strongly the finished ring flashes now, 0…1.
    public var flash: Double
    /// Seconds run past zero (config `overtime`), else 0.
    public var overtime = 0.0
    public var alert = Alert.none

    public init(state: State, position: TimerPosition, label: String?, flash: Double) {
        self.state = state; self.position = position; self.label = label; self.flash = flash
    }

    /// Seconds left in the step, rounded up: a 60 s timer shows 01:00 at its start, 00:01 in its
    /// last second and 00:00 only when it is done. (A step change shows the next step's full time.)
    /// Past zero, minus the seconds run over, rounded up (−00:01 in the first second over).
    public var displayedSeconds: Int {
        let seconds = overtime > 0 ? -overtime.rounded(.up) : position.remaining.rounded(.up)
        return abs(seconds) < Double(Int.max / 2) ? Int(seconds) : (seconds < 0 ? -Int.max / 2 : Int.max / 2)
    }

    /// `mm:ss`, or `h:mm:ss` from one hour on (1:00:00, 168:00:00 for the 7-day maximum); `-mm:ss` past zero.
    public var display: String { TimerStatus.format(seconds: displayedSeconds) }

    public static func format(seconds: Int) -> String {
        let s = abs(seconds), sign = seconds < 0 ? "-" : ""
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if s >= 3600 { return "\(sign)\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" }
        return "\(sign)\(two(s / 60)):\(two(s % 60))"
    }

    public func jsonLine(scene: String, t: Double) -> String {
        "{\"scene\":\(jsonString(scene)),\"t\":\(jsonNumber(t)),\"state\":\(jsonString(state.rawValue))"
            + ",\"step\":\(position.step),\"label\":\(jsonString(label ?? ""))"
            + ",\"remaining\":\(jsonNumber(((position.remaining - overtime) * 1e6).rounded() / 1e6))"
            + ",\"alert\":\(jsonString(alert.rawValue))"
            + ",\"progress\":\(jsonNumber((position.progress * 1e6).rounded() / 1e6))"
            + ",\"display\":\(jsonString(display))}"
    }
}
