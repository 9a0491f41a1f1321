// The scenes the command line and the window can show, by name, each built from its section of
// the config file (or its built-in defaults when there is no file or no section).

import BitmapFont
import Draws

public enum SceneCatalog {
    /// In the order the window's 1–4 keys and Tab cycle through them.
    public static let names = ["wheel", "timer", "pie", "clock", "testcard"]

    /// A scene keeps whole-frame caches (the wheel's backdrops and the frame under its confetti, the
    /// clock's dial) only for frames of at most this many px (4096²: 64 MB each); larger frames draw
    /// them every time. `roundel record` counts them for each copy of a scene it runs.
    public static let largestCachedFrame = 4096 * 4096
    /// The most whole-frame caches one scene keeps at a time.
    public static let cachedFrames = 3

    /// A fresh scene for `name` from `config` (nil: built-in defaults), or nil when there is no such
    /// scene. `seed` makes random outcomes reproducible (nil: the system's generator); `ledger` is
    /// where the wheel records and resumes its draws (nil: in memory). Throws a ConfigError (or the
    /// ledger's DrawError), whose description is one line for stderr.
    public static func make(_ name: String, config: ConfigFile? = nil, resources: SceneResources,
                            seed: UInt64? = nil, ledger: Ledger? = nil) throws -> Scene? {
        // Only this scene's section is read: a broken section of another scene is not its problem.
        var configs = Configs()
        if let config {
            switch name {
            case "wheel": configs.wheel = try WheelConfig.parse(config)
            case "timer": configs.timer = try TimerConfig.parse(config)
            case "pie": configs.pie = try PieConfig.parse(config)
            case "clock": configs.clock = try ClockConfig.parse(config)
            default: break
            }
        }
        return try build(name, configs, resources: resources, seed: seed, ledger: ledger)
    }

    /// The scenes that exist, in `names` order (the window cycles through these).
    public static func makeAll(config: ConfigFile? = nil, resources: SceneResources, seed: UInt64? = nil,
                               ledger: Ledger? = nil) throws -> [Scene] {
        try makeAll(try read(config), resources: resources, seed: seed, ledger: ledger)
    }

    /// Every scene's section of `config` read and checked (nil: the defaults). Needs no fonts, so a
    /// bad file is reported before anything slow happens (the window reads it before opening).
    public static func read(_ config: ConfigFile?) throws(ConfigError) -> Configs {
        guard let config else { return Configs() }
        var configs = Configs(wheel: try WheelConfig.parse(config), timer: try TimerConfig.parse(config),
                              pie: try PieConfig.parse(config), clock: try ClockConfig.parse(config))
        configs.scene = try config.initialScene()
        configs.scenes = try config.sceneList()
        configs.rotation = try config.displayRotation()
        configs.cooldown = try config.inputCooldown()
        configs.operatorPin = try config.operatorPin()
        configs.soundVolume = try config.soundVolume()
        configs.soundFiles = try config.soundFiles().map { ($0.kind, $0.path) }
        configs.attractAfter = try config.attractAfter()
        configs.typeface = try config.typeface()
        configs.fonts = try config.fontPaths()
        configs.control = try config.control()
        return configs
    }

    /// The scenes that exist, in `names` order (or `only`'s), from sections already read.
    public static func makeAll(_ configs: Configs, resources: SceneResources, seed: UInt64? = nil,
                               ledger: Ledger? = nil, only: [String]? = nil) throws -> [Scene] {
        var scenes: [Scene] = []
        for name in only ?? names {
            if let scene = try build(name, configs, resources: resources, seed: seed, ledger: ledger) { scenes.append(scene) }
        }
        return scenes
    }

    /// Scene `name` from its settings in `configs`, or nil when there is no such scene.
    private static func build(_ name: String, _ configs: Configs, resources: SceneResources,
                              seed: UInt64?, ledger: Ledger?) throws -> Scene? {
        switch name {
        case "wheel": return try WheelScene(config: configs.wheel, resources: resources, seed: seed, ledger: ledger)
        case "timer":
            let timer = try TimerScene(config: configs.timer, resources: resources)
            if configs.timer.until != nil { timer.startTime = ClockScene.secondsSinceMidnightNow() }   // `--time` sets it
            return timer
        case "pie": return try PieScene(config: configs.pie, resources: resources)
        // Local time once, at creation; `--time` sets startTime.
        case "clock": return ClockScene(config: configs.clock, resources: resources, startTime: ClockScene.secondsSinceMidnightNow())
        case "testcard": return TestCard(resources: resources)
        default: return nil
        }
    }

    /// Each scene's settings.
    public struct Configs: Sendable {
        public var wheel = WheelConfig.defaults
        public var timer = TimerConfig.defaults
        public var pie = PieConfig.defaults
        public var clock = ClockConfig.defaults
        /// The config's `scene` (shown first) and `scenes` (the ones a window cycles), when it names them.
        public var scene: String?
        public var scenes: [String]?
        /// `display.rotate`, `input.cooldown` and `attract.after`, when given.
        public var rotation: Int?
        public var cooldown: Double?
        /// `input.operatorPin`, when given.
        public var operatorPin: String?
        /// `sound`: 0 off, up to 1 full volume (nil: not given, on).
        public var soundVolume: Double?
        /// WAV files for some sounds (`sound.tick`…), absolute paths.
        public var soundFiles: [(kind: SoundEvent.Kind, path: String)] = []
        public var attractAfter: Double?
        /// `fonts`: the config's own font files, first in the stack.
        public var typeface: Typeface = .sans
        public var fonts: [String] = []
        /// `control`: the control API for a phone (nil: none).
        public var control: ControlSettings?
        public init() {}
        public init(wheel: WheelConfig, timer: TimerConfig, pie: PieConfig, clock: ClockConfig) {
            self.wheel = wheel; self.timer = timer; self.pie = pie; self.clock = clock
        }
    }
}
