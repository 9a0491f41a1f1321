// The countdown timer's configuration: the `timer` section of a Roundel config file (docs/architecture.md),
// every key optional, with seed 001's look as the defaults (60 s, gray #AAAAAA track, blue #0000FF
// progress, white background). Durations are seconds, more than 0 and at most 7 days; every bad
// value is a ConfigError naming the file and JSON path (`timer.sequence[1].duration`).
// `sequence` runs instead of `duration` when both are given (a config may give both).
import Files
import Raster

public struct TimerConfig: Sendable, Equatable {
    /// What runs: one step of `duration` s, or the `sequence`. Never empty.
    public var steps: [TimerStep]
    /// Start the sequence over after its last step (a Pomodoro loop) instead of finishing.
    public var repeats = false
    public var trackColor = Color(rgb: 0xAAAAAA)
    public var progressColor = Color(rgb: 0x0000FF)
    public var backgroundColor = Color.white
    public var textColor = Color(rgb: 0x222222)
    /// Seed 001 insets the ring 5 px and strokes it 10 px wide whatever the view's size; with this set
    /// both grow with the frame beyond 240 px (so a 4K ring is as bold as a 240 px one).
    public var scaleWithFrame = false
    /// Seconds left in a step at which the ring and the digits turn `warnColor` (nil: never).
    public var warnAt: Double?
    /// Seconds left at which they turn `dangerColor` (nil: never); at most `warnAt`.
    public var dangerAt: Double?
    public var warnColor = Color(rgb: 0xF59F00)
    public var dangerColor = Color(rgb: 0xE03131)
    /// Past zero the timer counts on in `dangerColor` with a minus sign (a talk running over)
    /// instead of stopping. Not with `repeat`.
    public var overtime = false
    /// Count down to this time of day (seconds since local midnight) instead of for `duration`:
    /// the next such time after the timer starts. Replaces `duration` and `sequence`.
    public var until: Double?

    public init(steps: [TimerStep], repeats: Bool = false) {
        self.steps = steps; self.repeats = repeats
    }

    /// Seed 001: one minute, unlabelled.
    public static let defaults = TimerConfig(steps: [TimerStep(duration: 60)])

    /// Longest step: 7 days (a longer "timer" is a mistake, e.g. milliseconds written as seconds).
    public static let maximumDuration = 7 * 24 * 3600.0

    static let knownKeys = ["duration", "label", "sequence", "repeat", "trackColor", "progressColor",
                            "backgroundColor", "textColor", "scaleWithFrame", "warnAt", "dangerAt",
                            "warnColor", "dangerColor", "overtime", "until"]
    static let knownStepKeys = ["label", "duration", "color"]

    /// Why `seconds` cannot be a duration, or nil when it can.
    static func durationProblem(_ seconds: Double) -> String? {
        guard !seconds.isNaN else { return "NaN is not a duration (seconds, more than 0 and at most 604800, 7 days)" }
        guard seconds > 0, seconds <= maximumDuration else {
            return "\(formatted(seconds)) is out of range (seconds, more than 0 and at most 604800, 7 days)"
        }
        return nil
    }

    /// This config as a single unlabelled `seconds`-long timer that does not repeat, for the CLI's
    /// `--duration` (which replaces the file's `duration` and `sequence`). Colours are kept.
    public func withDuration(_ seconds: Double) throws(ConfigError) -> TimerConfig {
        if let problem = TimerConfig.durationProblem(seconds) {
            throw ConfigError(file: "command line", path: "--duration", problem: problem)
        }
        var config = self
        config.steps = [TimerStep(duration: seconds)]
        config.repeats = false
        config.until = nil
        return config
    }
}

extension TimerConfig {
    /// Reads and checks the `timer` section of the config file at `path`.
    public static func load(path: String) throws(ConfigError) -> TimerConfig {
        try parse(ConfigFile.load(path: path))
    }

    /// The `timer` section of `file`, or the defaults when it has none.
    public static func parse(_ file: ConfigFile) throws(ConfigError) -> TimerConfig {
        let parser = file.reader
        var config = defaults.themed(try file.theme())
        guard let timer = try file.section("timer", known: knownKeys) else { return config }

        if let raw = timer["duration"] {
            config.steps[0].duration = try parser.duration(raw, at: "timer.duration")
        }
        if let raw = timer["label"] { config.steps[0].label = try parser.string(raw, at: "timer.label") }
        if let raw = timer["sequence"] {
            let list = try parser.array(raw, at: "timer.sequence")
            guard !list.isEmpty else {
                throw parser.error("timer.sequence", "the sequence needs at least one step, like [{\"label\": \"Focus\", \"duration\": 1500}]")
            }
            config.steps = []
            for (i, element) in list.enumerated() {
                config.steps.append(try parser.step(element, at: "timer.sequence[\(i)]"))
            }
        }
        if let raw = timer["repeat"] { config.repeats = try parser.bool(raw, at: "timer.repeat") }
        if let raw = timer["trackColor"] { config.trackColor = try parser.color(raw, at: "timer.trackColor") }
        if let raw = timer["progressColor"] { config.progressColor = try parser.color(raw, at: "timer.progressColor") }
        if let raw = timer["backgroundColor"] { config.backgroundColor = try parser.color(raw, at: "timer.backgroundColor") }
        if let raw = timer["textColor"] { config.textColor = try parser.color(raw, at: "timer.textColor") }
        if let raw = timer["scaleWithFrame"] { config.scaleWithFrame = try parser.bool(raw, at: "timer.scaleWithFrame") }
        if let raw = timer["warnAt"] { config.warnAt = try parser.secondsLeft(raw, at: "timer.warnAt") }
        if let raw = timer["dangerAt"] { config.dangerAt = try parser.secondsLeft(raw, at: "timer.dangerAt") }
        if let raw = timer["warnColor"] { config.warnColor = try parser.color(raw, at: "timer.warnColor") }
        if let raw = timer["dangerColor"] { config.dangerColor = try parser.color(raw, at: "timer.dangerColor") }
        if let raw = timer["overtime"] { config.overtime = try parser.bool(raw, at: "timer.overtime") }
        if let raw = timer["until"] {
            let text = try parser.string(raw, at: "timer.until")
            guard timer["duration"] == nil, timer["sequence"] == nil else {
                throw parser.error("timer.until", "counts down to a time of day instead of a duration: give until, or duration/sequence, not both")
            }
            config.until = try TimerConfig.timeOfDay(text, reader: parser, at: "timer.until")
        }
        try config.validate(file: file.file)
        return config
    }

    /// "14:30" or "14:30:15" (24-hour, local time) as seconds since midnight.
    static func timeOfDay(_ text: String, reader: ConfigReader, at path: String) throws(ConfigError) -> Double {
        let withSeconds = text.split(separator: ":", omittingEmptySubsequences: false).count == 2 ? text + ":00" : text
        do {
            return try ClockScene.parseTime(withSeconds)
        } catch {
            throw reader.error(path, "\(MessageText.quoted(text)) is not a time of day: \(error.problem) (use HH:MM, 24-hour, like \"14:30\")")
        }
    }

    /// Seconds from `now` (seconds since midnight) to the next `until` after it: 1…86 400.
    public static func secondsUntil(_ until: Double, from now: Double) -> Double {
        var left = (until - now).truncatingRemainder(dividingBy: 86_400)
        if left <= 0 { left += 86_400 }
        return left
    }

    /// This config in `theme`'s face colours (the config's own colour keys go over them).
    public func themed(_ theme: Theme) -> TimerConfig {
        var config = self
        let face = theme.face
        config.trackColor = face.track; config.progressColor = face.progress
        config.backgroundColor = face.background; config.textColor = face.text
        config.warnColor = face.warn; config.dangerColor = face.danger
        return config
    }

    /// Checks a config built in code (the parser already guarantees all of this for files).
    public func validate(file: String = "<code>") throws(ConfigError) {
        let reader = ConfigReader(file: file)
        guard !steps.isEmpty else { throw reader.error("timer.sequence", "the sequence needs at least one step") }
        for (i, step) in steps.enumerated() {
            if let problem = TimerConfig.durationProblem(step.duration) {
                throw reader.error(steps.count == 1 ? "timer.duration" : "timer.sequence[\(i)].duration", problem)
            }
        }
        if let warnAt, let dangerAt, warnAt < dangerAt {
            throw reader.error("timer.warnAt", "\(formatted(warnAt)) s is less than dangerAt (\(formatted(dangerAt)) s): "
                               + "the warning comes first, so warnAt must be at least dangerAt")
        }
        if overtime && repeats {
            throw reader.error("timer.overtime", "a repeating timer never reaches zero to run over: use overtime or repeat, not both")
        }
    }
}

extension ConfigReader {
    /// Seconds left in a step for `warnAt`/`dangerAt`: 0 to 7 days.
    func secondsLeft(_ value: JSONValue, at path: String) throws(ConfigError) -> Double {
        let seconds = try number(value, at: path)
        guard seconds >= 0, seconds <= TimerConfig.maximumDuration else {
            throw error(path, "\(formatted(seconds)) is out of range (seconds left, 0 to 604800)")
        }
        return seconds
    }

    func duration(_ value: JSONValue, at path: String) throws(ConfigError) -> Double {
        let seconds = try number(value, at: path)
        if let problem = TimerConfig.durationProblem(seconds) { throw error(path, problem) }
        return seconds
    }

    func step(_ value: JSONValue, at path: String) throws(ConfigError) -> TimerStep {
        let object = try object(value, at: path)
        try rejectUnknownKeys(object, known: TimerConfig.knownStepKeys, at: path)
        guard let rawDuration = object["duration"] else {
            throw error(path + ".duration", "missing: each step needs a duration in seconds, like {\"label\": \"Break\", \"duration\": 300}")
        }
        var step = TimerStep(duration: try duration(rawDuration, at: path + ".duration"))
        if let raw = object["label"] { step.label = try string(raw, at: path + ".label") }
        if let raw = object["color"] { step.color = try color(raw, at: path + ".color") }
        return step
    }
}
