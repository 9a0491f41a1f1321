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
        var scenes: [Scene] = []
        for name in names {
            if let scene = try make(name, config: config, resources: resources, seed: seed) { scenes.append(scene) }
        }
        return scenes
    }
}
