// The clock's configuration: the `clock` section of a Roundel config file (docs/architecture.md). Every key is
// optional; the defaults are seed 003's black-on-white face with a red second hand. Unknown keys are
// rejected so a typo ("secondsHandColor") is reported rather than ignored. Colours are straight RGBA.
import Raster

public struct ClockConfig: Sendable, Equatable {
    /// Draw the sweeping second hand.
    public var showSeconds = true
    /// Hour and minute hands and the centre cap.
    public var handColor = Color.black
    public var secondHandColor = Color(rgb: 0xE53935)
    /// The paper: behind everything, and the icons' colour inside their circles.
    public var backgroundColor = Color.white
    /// The ink: hours, minutes, tick ring and icon circles.
    public var numberColor = Color.black

    public init() {}

    public static let defaults = ClockConfig()

    /// The keys a `clock` section may hold (one place, used by the parser and its message).
    static let knownKeys = ["showSeconds", "handColor", "secondHandColor", "backgroundColor", "numberColor"]

    /// The `clock` section of `file`, or the defaults when it has none.
    public static func parse(_ file: ConfigFile) throws(ConfigError) -> ClockConfig {
        let parser = file.reader
        var config = defaults.themed(try file.theme())
        guard let clock = try file.section("clock", known: knownKeys) else { return config }
        if let raw = clock["showSeconds"] { config.showSeconds = try parser.bool(raw, at: "clock.showSeconds") }
        if let raw = clock["handColor"] { config.handColor = try parser.color(raw, at: "clock.handColor") }
        if let raw = clock["secondHandColor"] { config.secondHandColor = try parser.color(raw, at: "clock.secondHandColor") }
        if let raw = clock["backgroundColor"] { config.backgroundColor = try parser.color(raw, at: "clock.backgroundColor") }
        if let raw = clock["numberColor"] { config.numberColor = try parser.color(raw, at: "clock.numberColor") }
        return config
    }

    /// This face in `theme`'s colours (the config's own colour keys go over them).
    public func themed(_ theme: Theme) -> ClockConfig {
        var config = self
        let face = theme.face
        config.handColor = face.hand; config.secondHandColor = face.secondHand
        config.backgroundColor = face.background; config.numberColor = face.hand
        return config
    }
}
