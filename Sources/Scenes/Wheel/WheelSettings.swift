// What the settings panel changes (S or the gear, in the window): after a win, the spin's length and
// style, how labels read, odds on the slices, the celebration, the sound, the theme and the language. Each is a value of the
// config as the window runs it; a change made in the window is kept in the state database beside the
// list (Ledger.settings) and holds until the config file itself changes that setting: the file stays
// the base and is never rewritten. Values are stored as the words a config file uses.
import Draws
import Motion

public struct WheelSettings: Sendable, Equatable {
    public var afterWin: AfterWin
    /// Seconds a smooth or roulette spin takes (a classic spin is always 4.7 s).
    public var duration: Double
    public var profile: SpinProfile
    public var labelOrientation: LabelOrientation
    public var showOdds: Bool
    public var celebration: Bool
    /// 0 (off) to 1.
    public var volume: Double
    /// The built-in theme's name (Theme.names).
    public var theme: String
    /// The words on screen (the config's `language`, else the environment's).
    public var language: Language

    /// The spin lengths the panel steps through, in seconds.
    static let durations: [Double] = [2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 30]
    /// The volumes it steps through.
    static let volumes: [Double] = (0...10).map { Double($0) / 10 }

    /// The settings `config` (and the config's sound volume) give.
    public init(config: WheelConfig, volume: Double) {
        afterWin = config.afterWin
        duration = config.spin.duration
        profile = config.spin.profile
        labelOrientation = config.labelOrientation
        showOdds = config.showOdds
        celebration = config.celebration.isOn
        theme = config.theme.name
        self.volume = volume
        language = config.language ?? .english
    }

    /// `config` with these settings.
    public func applied(to config: WheelConfig) -> WheelConfig {
        var c = config
        c.afterWin = afterWin
        c.spin.duration = duration
        c.spin.profile = profile
        c.labelOrientation = labelOrientation
        c.showOdds = showOdds
        c.celebration.isOn = celebration
        if let theme = Theme.named(theme) { c.theme = theme }
        c.language = language
        return c
    }

    // MARK: As stored

    /// Each setting as the words a config file uses, by key.
    var stored: [String: String] {
        ["afterWin": afterWin.rawValue, "duration": WheelSettings.word(duration), "profile": profile.rawValue,
         "labelOrientation": labelOrientation.rawValue, "showOdds": showOdds ? "true" : "false",
          "celebration": celebration ? "on" : "off", "volume": WheelSettings.word(volume), "theme": theme,
          "language": language.code]
    }

    /// Sets the setting `key` from its stored word; false when the word is not one of its values
    /// (a file edited by hand, or written by a newer Roundel): then it is left as it was.
    mutating func set(_ key: String, to word: String) -> Bool {
        switch key {
        case "afterWin": guard let v = AfterWin(rawValue: word) else { return false }; afterWin = v
        case "duration": guard let v = Double(word), WheelSettings.durations.contains(v) else { return false }; duration = v
        case "profile": guard let v = SpinProfile(rawValue: word) else { return false }; profile = v
        case "labelOrientation": guard let v = LabelOrientation(rawValue: word) else { return false }; labelOrientation = v
        case "showOdds": guard word == "true" || word == "false" else { return false }; showOdds = word == "true"
        case "celebration": guard word == "on" || word == "off" else { return false }; celebration = word == "on"
        case "volume": guard let v = Double(word), WheelSettings.volumes.contains(v) else { return false }; volume = v
        case "theme": guard Theme.named(word) != nil else { return false }; theme = word
        case "language": guard let v = Language(rawValue: word) else { return false }; language = v
        default: return false
        }
        return true
    }

    /// The settings the window runs: `base` (the config's), with each setting kept in the state as
    /// changed in the window, unless the config has changed that setting since (its `base` word no
    /// longer the config's): the file's edit wins, as an operator who edits it expects.
    public static func effective(base: WheelSettings, kept: [String: KeptSetting]) -> WheelSettings {
        var settings = base
        let words = base.stored
        for (key, setting) in kept where words[key] == setting.base { _ = settings.set(key, to: setting.value) }
        return settings
    }

    /// The kept settings the config has changed since (their `base` no longer the config's): they
    /// are forgotten, so the file changing that setting back later does not bring them back.
    /// (`keys`: those to look at; the volume's base is the window's, known only once it is set.)
    static func stale(base: WheelSettings, kept: [String: KeptSetting], keys: Set<String>) -> [String] {
        let words = base.stored
        return kept.filter { keys.contains($0.key) && words[$0.key] != $0.value.base }.map(\.key).sorted()
    }

    /// Every setting but the volume (whose base is the window's `sound`).
    static let configKeys: Set<String> = ["afterWin", "duration", "profile", "labelOrientation", "showOdds", "celebration", "theme", "language"]

    static func word(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }
}
