// Building scenes from the command line's words: the scene's name, the config file and the seed.
// Shared by `render`, `trace` and `run`, so all read a config the same way and report its errors the
// same way (one line, exit 2).
import BitmapFont
import Draws
#if canImport(Glibc)
import Glibc
#endif
import Files
import Host
import Raster
import Scenes

enum SceneSetup {
    /// Loads fonts (and the scene's config section, with any images it names) and makes scene `name`;
    /// `names` replaces the wheel's items (`--names`); `recorded`: the wheel shows the record at that
    /// moment (`--state`), drawing nothing into it.
    static func make(_ name: String, configPath: String?, seed: UInt64?, names: String? = nil,
                     recorded: RecordedStanding? = nil) throws -> Scene {
        let config = try loadConfig(configPath)
        var wheel: WheelConfig?
        if name == "wheel", names != nil || recorded != nil { wheel = try DrawSetup.wheelConfig(config, names: names) }
        let fonts: [String], typeface: Typeface
        do {
            fonts = try config?.fontPaths() ?? []
            typeface = try config?.typeface() ?? .sans
        } catch { throw UserError(error.description) }
        let resources = try loadResources(fonts: fonts, typeface: typeface, configFile: configPath)
        let scene: Scene?
        do {
            if let wheel {
                scene = try WheelScene(config: wheel, resources: resources, seed: seed, recorded: recorded)
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

    /// Every scene that exists, for the window, and a closure that rebuilds them from the files as
    /// they are now (for the window's config watch). The config and names file are read and checked
    /// and the state file opened now, so on a desktop a problem is one line before any window opens;
    /// fonts, images and scenes load on another core while the window opens (`wait()` returns them).
    /// A kiosk (`showProblems`) never exits for a problem in its files: the window shows it in a
    /// panel and tries again until the files can be used.
    /// `warm`: the scene shown first and its expected frame size, prepared on the loading thread too.
    /// `scene`: `--scene`, the one the window shows first (else the config's `scene`, else the wheel;
    /// a problem panel takes its place until it can). Returns the loading scenes, that name and the
    /// config's sections as read (nil: a kiosk waiting for files it can use).
    /// `kiosk`: only that scene unless the config names `scenes`; problems are shown, not fatal.
    static func startLoading(configPath: String?, seed: UInt64?, names: String? = nil, state: String? = nil,
                             station: String? = nil, scene: String? = nil, kiosk: Bool = false,
                             warm: Size? = nil, configFile: ConfigFile? = nil) throws -> (loading: Loading, scene: String, configs: SceneCatalog.Configs?) {
        let loader = WindowLoader(configPath: configPath, names: names, state: state, station: station, seed: seed, scene: scene, kiosk: kiosk)
        loader.preloaded = configFile
        var checked: SceneCatalog.Configs?
        var startProblem = ""
        do { checked = try loader.check() } catch {
            guard kiosk else { throw error }
            startProblem = "\(error)"
            printLine(startProblem + " (waiting for files it can use)", to: 2)
        }
        let first = checked
        let problem = startProblem
        let initial = checked.map(loader.initialScene) ?? scene ?? "wheel"
        let loading = Pending {
            Result {
                var resources: SceneResources
                var failed: FailedFonts?
                do {
                    resources = try loadResources(fonts: first?.fonts ?? [], typeface: first?.typeface ?? .sans, configFile: configPath)
                } catch {
                    // A kiosk shows it in the panel, drawn with the shipped fonts, and tries again.
                    guard kiosk else { throw error }
                    failed = FailedFonts(paths: first?.fonts ?? [], error: error)
                    printLine("\(error) (waiting for files it can use)", to: 2)
                    resources = try loadResources(typeface: first?.typeface ?? .sans)
                }
                // A reload with other `fonts` loads the stack again; otherwise the fonts stay loaded.
                // Fonts that failed are not read again until the list or a file changes.
                let reload: () throws -> [Scene] = {
                    let configs = try loader.check()
                    if configs.fonts != resources.extraFonts || configs.typeface != resources.typeface {
                        if let failed, failed.isUnchanged(configs.fonts) { throw failed.error }
                        do {
                            resources = try loadResources(fonts: configs.fonts, typeface: configs.typeface, configFile: configPath)
                            failed = nil
                        } catch {
                            failed = FailedFonts(paths: configs.fonts, error: error)
                            throw error
                        }
                    }
                    return try loader.scenes(configs, resources: resources)
                }
                let waiting = { (message: String) in
                    LoadedScenes(scenes: [ProblemScene(problem: Problem(message: message, title: ProblemScene.waitingTitle),
                                                       resources: resources, name: initial)],
                                 reload: reload, resources: resources)
                }
                guard let first else { return waiting(problem) }
                if let failed { return waiting("\(failed.error)") }
                let scenes: [Scene]
                do { scenes = try loader.scenes(first, resources: resources) } catch {
                    guard kiosk else { throw error }
                    return waiting("\(error)")
                }
                if let warm { scenes.first { $0.name == initial }?.prepare(frameSize: warm) }
                return LoadedScenes(scenes: scenes, reload: reload, resources: resources, check: { _ = try loader.check() })
            }
        }
        return (loading, initial, checked)
    }

    /// Scenes being made on another thread (see `startLoading`).
    typealias Loading = Pending<Result<LoadedScenes, Error>>

    /// The font stack (a config's `fonts` first) and the assets directory; a font that cannot be
    /// used is one line naming the file.
    /// A font the config's `fonts` names is reported at its place in `configFile`.
    static func loadResources(fonts: [String] = [], typeface: Typeface = .sans, configFile: String? = nil) throws -> SceneResources {
        // A config without `language` shows the words of the environment's (LC_ALL, LC_MESSAGES, LANG).
        let language = Language.fromEnvironment { getenv($0).map { String(cString: $0) } }
        do { return try SceneResources.loadDefault(extraFonts: fonts, typeface: typeface, systemLanguage: language) } catch {
            if let configFile, let font = error as? FontError, let i = fonts.firstIndex(of: font.file) {
                let problem = font.description.replacing("roundel: ", with: "")
                throw UserError(ConfigError(file: configFile, path: "fonts[\(i)]", problem: problem).description)
            }
            throw UserError("\(error)")
        }
    }

    /// The parsed config file, or nil for none.
    static func loadConfig(_ path: String?) throws -> ConfigFile? {
        guard let path else { return nil }
        // The settings too (display, input, sound, …), so `render --config` checks a config fully.
        do {
            let file = try ConfigFile.load(path: path)
            try file.checkSettings()
            return file
        } catch { throw UserError(error.description) }
    }

    /// The timer from its config section with `--duration` replacing its steps by one of that length.
    static func timer(configPath: String?, duration text: String) throws -> Scene {
        guard let seconds = Double(text), seconds.isFinite else {
            throw UserError("roundel: --duration '\(text)' is not a number of seconds")
        }
        let file = try loadConfig(configPath)
        let fonts: [String], typeface: Typeface
        do {
            fonts = try file?.fontPaths() ?? []
            typeface = try file?.typeface() ?? .sans
        } catch { throw UserError(error.description) }
        let resources = try loadResources(fonts: fonts, typeface: typeface, configFile: configPath)
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

/// The window's scenes from the config, the names file and the state file as they are now. The
/// state file is opened by the first check that gets that far and kept (with its lock) from then on.
final class WindowLoader: @unchecked Sendable {
    let configPath: String?
    let names: String?
    let state: String?
    /// `--station`, if given.
    let station: String?
    let seed: UInt64?
    /// `--scene`, if given.
    let scene: String?
    let kiosk: Bool
    /// Opened once; touched only by whichever thread loads (first the loading thread, then the window's).
    private(set) var ledger: Ledger?
    /// The config as the caller already read and checked it (`configPath`'s), used by the first check
    /// instead of reading it again; later checks read the file as it is then.
    var preloaded: ConfigFile?

    init(configPath: String?, names: String?, state: String?, station: String? = nil, seed: UInt64?, scene: String?, kiosk: Bool) {
        self.configPath = configPath; self.names = names; self.state = state; self.station = station; self.seed = seed
        self.scene = scene; self.kiosk = kiosk
    }

    /// Where the window's Export writes: the user's documents folder, else the record's own folder.
    static func exportFolder(beside state: String?) -> String? {
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_CONFIG_HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        if let documents = UserFolders.documents(environment: environment) { return documents }
        guard let state, state != ":memory:", !Ledger.isServer(state) else { return nil }
        return FilePaths.deletingLastComponent(of: realPath(state))
    }

    /// `path` from the root (relative to the current directory), as a user finds it.
    private static func realPath(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// `--scene`, else the config's `scene`, else the wheel.
    func initialScene(_ configs: SceneCatalog.Configs) -> String { scene ?? configs.scene ?? "wheel" }

    /// The scenes a window cycles: the config's `scenes`; else every scene on a desktop and only the
    /// first one on a kiosk.
    func sceneNames(_ configs: SceneCatalog.Configs) throws -> [String]? {
        let initial = initialScene(configs)
        if let list = configs.scenes {
            guard list.contains(initial) else {
                throw UserError("roundel: --scene '\(initial)' is not one of the config's scenes (\(list.joined(separator: ", ")))")
            }
            return list
        }
        return kiosk ? [initial] : nil
    }

    /// The config's sections (with `--names`) read and checked, and the state file open: each problem a UserError.
    func check() throws -> SceneCatalog.Configs {
        let file = try preloaded ?? SceneSetup.loadConfig(configPath)
        preloaded = nil
        var configs: SceneCatalog.Configs
        do { configs = try SceneCatalog.read(file) } catch { throw UserError(error.description) }
        if let names { try DrawSetup.apply(names: names, to: &configs.wheel) }
        _ = try sceneNames(configs)
        if ledger == nil { ledger = try DrawSetup.openLedger(option: state, file: file, station: station) }
        return configs
    }

    func scenes(_ configs: SceneCatalog.Configs, resources: SceneResources) throws -> [Scene] {
        let only = try sceneNames(configs)
        let scenes: [Scene]
        do { scenes = try SceneCatalog.makeAll(configs, resources: resources, seed: seed, ledger: ledger, only: only) } catch {
            throw UserError("\(error)")
        }
        // Attract mode: the config's attract.after (0: off), else 60 s on a kiosk and off on a desktop.
        let attract = configs.attractAfter ?? (kiosk ? 60 : 0)
        for case let wheel as WheelScene in scenes {
            wheel.attractAfter = attract > 0 ? attract : nil
            wheel.baseVolume = configs.soundVolume ?? 1
            // The settings and winners buttons and the first-run hints: a desktop window's, not a kiosk's.
            wheel.showsControls = !kiosk
            wheel.operatorPin = kiosk ? configs.operatorPin : nil
            wheel.exportFolder = WindowLoader.exportFolder(beside: ledger?.path)
        }
        return scenes
    }
}
