// The scenes the command line and the window can show, by name, each built from its section of
// the config file (or its built-in defaults when there is no file or no section).

public enum SceneCatalog {
    /// In the order the window's 1–4 keys and Tab cycle through them.
    public static let names = ["wheel", "timer", "pie", "clock", "testcard"]

    /// A fresh scene for `name` from `config` (nil: built-in defaults), or nil when there is no such
    /// scene. `seed` makes random outcomes reproducible (nil: the system's generator).
    public static func make(_ name: String, config: ConfigFile? = nil, resources: SceneResources,
                            seed: UInt64? = nil) throws(ConfigError) -> Scene? {
        switch name {
        case "wheel": return try WheelScene(config: try config.map(WheelConfig.parse) ?? .defaults, resources: resources, seed: seed)
        case "timer": return try TimerScene(config: try config.map(TimerConfig.parse) ?? .defaults, resources: resources)
        case "pie": return try PieScene(config: try config.map(PieConfig.parse) ?? .defaults, resources: resources)
        case "clock": return ClockScene(config: try config.map(ClockConfig.parse) ?? .defaults, resources: resources, startTime: ClockScene.secondsSinceMidnightNow())  // local time once, at creation; `--time` sets startTime
        case "testcard": return TestCard(resources: resources)
        default: return nil
        }
    }

    /// The scenes that exist, in `names` order (the window cycles through these).
    public static func makeAll(config: ConfigFile? = nil, resources: SceneResources, seed: UInt64? = nil) throws(ConfigError) -> [Scene] {
        try makeAll(try read(config), resources: resources, seed: seed)
    }

    /// Every scene's section of `config` read and checked (nil: the defaults). Needs no fonts, so a
    /// bad file is reported before anything slow happens (the window reads it before opening).
    public static func read(_ config: ConfigFile?) throws(ConfigError) -> Configs {
        guard let config else { return Configs() }
        return Configs(wheel: try WheelConfig.parse(config), timer: try TimerConfig.parse(config),
                       pie: try PieConfig.parse(config), clock: try ClockConfig.parse(config))
    }

    /// The scenes that exist, in `names` order, from sections already read.
    public static func makeAll(_ configs: Configs, resources: SceneResources, seed: UInt64? = nil) throws(ConfigError) -> [Scene] {
        [try WheelScene(config: configs.wheel, resources: resources, seed: seed),
         try TimerScene(config: configs.timer, resources: resources),
         try PieScene(config: configs.pie, resources: resources),
         ClockScene(config: configs.clock, resources: resources, startTime: ClockScene.secondsSinceMidnightNow()),
         TestCard(resources: resources)]
    }

    /// Each scene's settings.
    public struct Configs: Sendable {
        public var wheel = WheelConfig.defaults
        public var timer = TimerConfig.defaults
        public var pie = PieConfig.defaults
        public var clock = ClockConfig.defaults
        public init() {}
        public init(wheel: WheelConfig, timer: TimerConfig, pie: PieConfig, clock: ClockConfig) {
            self.wheel = wheel; self.timer = timer; self.pie = pie; self.clock = clock
        }
    }
}
