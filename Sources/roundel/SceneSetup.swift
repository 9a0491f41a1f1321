// Building scenes from the command line's words: the scene's name, the config file and the seed.
// Shared by `render`, `trace` and `run`, so all read a config the same way and report its errors the
// same way (one line, exit 2).
import Draws
import Raster
import Scenes

enum SceneSetup {
    /// Loads fonts (and the scene's config section, with any images it names) and makes scene `name`;
    /// `names` replaces the wheel's items (`--names`).
    static func make(_ name: String, configPath: String?, seed: UInt64?, names: String? = nil) throws -> Scene {
        let config = try loadConfig(configPath)
        var wheel: WheelConfig?
        if name == "wheel", let names { wheel = try DrawSetup.wheelConfig(config, names: names) }
        let resources = try loadResources()
        let scene: Scene?
        do {
            if let wheel {
                scene = try WheelScene(config: wheel, resources: resources, seed: seed)
            } else {
                scene = try SceneCatalog.make(name, config: config, resources: resources, seed: seed)
            }
        } catch {
            throw UserError("\(error)")
        }
        guard let scene else {
            throw UserError("roundel: unknown scene '\(name)' (choose from \(SceneCatalog.names.joined(separator: ", ")))")
        }
        return scene
    }

    /// Every scene that exists, for the window, and a closure that rebuilds them from the file as it
    /// is now (for the window's config watch: it throws the ConfigError to log). The config file is read and checked now (a bad file
    /// is reported before any window opens), while fonts, images and scenes load on another core as
    /// the window opens; `wait()` returns them (or the error).
    /// `warm`: the scene shown first and its expected frame size, prepared on the loading thread too.
    /// `names` replaces the wheel's items (`--names`, read again on every reload); `state` is the
    /// state database (`--state`), opened and locked here, before any window.
    static func startLoading(configPath: String?, seed: UInt64?, names: String? = nil, state: String? = nil,
                             warm: (scene: String, size: Size)? = nil) throws -> Loading {
        let file = try loadConfig(configPath)
        var configs: SceneCatalog.Configs
        do { configs = try SceneCatalog.read(file) } catch { throw UserError(error.description) }
        if let names { try DrawSetup.apply(names: names, to: &configs.wheel) }
        let ledger = try DrawSetup.openLedger(option: state, file: file)
        let checked = configs
        return Pending {
            Result {
                let resources = try loadResources()
                let scenes: [Scene]
                do { scenes = try SceneCatalog.makeAll(checked, resources: resources, seed: seed, ledger: ledger) } catch {
                    throw UserError("\(error)")
                }
                if let warm { scenes.first { $0.name == warm.scene }?.prepare(frameSize: warm.size) }
                let reload: () throws -> [Scene] = {
                    var fresh = try SceneCatalog.read(try configPath.map(ConfigFile.load))
                    if let names { try DrawSetup.apply(names: names, to: &fresh.wheel) }
                    return try SceneCatalog.makeAll(fresh, resources: resources, seed: seed, ledger: ledger)
                }
                return (scenes, reload)
            }
        }
    }

    /// Scenes being made on another thread (see `startLoading`).
    typealias Loading = Pending<Result<(scenes: [Scene], reload: () throws -> [Scene]), Error>>

    static func loadResources() throws -> SceneResources {
        do { return try SceneResources.loadDefault() } catch { throw UserError("\(error)") }
    }

    /// The parsed config file, or nil for none.
    static func loadConfig(_ path: String?) throws -> ConfigFile? {
        guard let path else { return nil }
        do { return try ConfigFile.load(path: path) } catch { throw UserError(error.description) }
    }

    /// The timer from its config section with `--duration` replacing its steps by one of that length.
    static func timer(configPath: String?, duration text: String) throws -> Scene {
        guard let seconds = Double(text), seconds.isFinite else {
            throw UserError("roundel: --duration '\(text)' is not a number of seconds")
        }
        let resources = try loadResources()
        let file = try loadConfig(configPath)
        do {
            let config = try (file.map(TimerConfig.parse) ?? .defaults)
            do {
                return try TimerScene(config: try config.withDuration(seconds), resources: resources)
            } catch {
                throw UserError("roundel: --duration '\(text)': \(error.problem)")
            }
        } catch let error as ConfigError {
            throw UserError(error.description)
        }
    }

    /// The wheel section of `path`, or the built-in wheel.
    static func wheelConfig(_ path: String?) throws -> WheelConfig {
        try DrawSetup.wheelConfig(try loadConfig(path), names: nil)
    }

    /// `--seed`: a whole number 0…2⁶⁴−1.
    static func parseSeed(_ text: String?) throws -> UInt64? {
        guard let text else { return nil }
        guard let seed = UInt64(text) else {
            throw UserError("roundel: --seed '\(text)' is not a whole number from 0 to \(UInt64.max)")
        }
        return seed
    }
}
