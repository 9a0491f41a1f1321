// `roundel [run]`: the window (the default command), showing the wheel unless told otherwise, with
// every scene that exists a Tab away. `--kiosk` is for a Raspberry Pi at boot (docs/kiosk.md).
import ArgumentParser
import Control
import Host
import Raster
import Scenes

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the scenes in a window (the default).",
        discussion: """
            Keys: Space, Enter, a click or a touch on START or the wheel spins the wheel, starts and \
            pauses the timer, replays the pie; a click on the winner card spins again, K or Delete \
            keeps the winner on the wheel or takes it off, U undoes that (or R R). Tab and 1-4 switch \
            scenes (wheel, timer, pie, clock); + and - change a numbered wheel's slices; R restarts \
            the scene (on the wheel, pressed twice: a new event, every name and prize back); Ctrl+V \
            or a dropped text file sets the wheel's entries, one a line; E opens the entry editor; S \
            the settings; F fullscreen; M sound off and on; F12 saves a screenshot; Ctrl+Alt+L shows \
            the control page's QR code (roundel control-link) for 60 s; Esc or Q quits.

            --kiosk: fullscreen, no cursor, no screen saver; only Ctrl+Alt+Q quits, and R, E, S, \
            pastes and drops do nothing; with input.operatorPin in the config, five taps in the top \
            left corner and the PIN open the settings. An arcade button (a joystick or game \
            controller button) spins.

            A --config file is watched: a saved edit applies without a restart, after a spin's result \
            has been shown. Every draw is written to the state database before the wheel turns.
            """)

    @Option(help: "The scene shown first: \(SceneCatalog.names.joined(separator: ", ")) (default: the config's scene, else wheel).")
    var scene: String?

    @Option(help: ArgumentHelp("A JSON config file (a section per scene); edits apply while running.", valueName: "file.json"))
    var config: String?

    @Option(help: ArgumentHelp("A names file (one entry a line, text<TAB>weight) for the wheel's slices.", valueName: "file.txt"))
    var names: String?

    @Option(help: ArgumentHelp("The state database that records every draw (default: the config's state, else $XDG_STATE_HOME/roundel/roundel.db).",
                               valueName: "file.db"))
    var state: String?

    @Option(help: ArgumentHelp("The name this kiosk's draws are recorded with, for a record several share (default: the config's station, else the host name).",
                               valueName: "name"))
    var station: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Window size in pixels.", valueName: "WxH"))
    var size: String = "960x720"

    @Option(parsing: .unconditional, help: ArgumentHelp("Seed for the wheel's outcomes (default: random).", valueName: "number"))
    var seed: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Turn the picture for a display mounted on its side: 0, 90, 180 or 270 degrees clockwise (default: the config's display.rotate, else 0).", valueName: "degrees"))
    var rotate: String?

    @Flag(help: "Cover the whole screen (F toggles).")
    var fullscreen = false

    @Flag(help: "Kiosk: fullscreen, no cursor, no screen saver; only Ctrl+Alt+Q quits.")
    var kiosk = false

    @Option(help: ArgumentHelp("Save the frame shown at --after seconds to this PNG, then exit.", valueName: "file.png"))
    var screenshot: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds after start for --screenshot (default 0).", valueName: "seconds"))
    var after: String?

    @Flag(help: "Print a frame-time summary on exit.")
    var stats = false

    @Option(help: ArgumentHelp("Serve the control page and API for a phone on this address (default: the config's control.listen, else \(ControlDefaults.listen) when the config has control). 0.0.0.0:PORT for every network.",
                               valueName: "HOST:PORT"))
    var control: String?

    func run() throws {
        let options = try RunOptions.parse(self)
        if let scene, !SceneCatalog.names.contains(scene) {
            throw UserError("roundel: unknown scene '\(scene)' (choose from \(SceneCatalog.names.joined(separator: ", ")))")
        }
        // The config read once, here (the loading below takes it): the control API's settings are checked
        // first, so a mistake in its address or token file is said before anything is written. A
        // kiosk's config it cannot use is the loading's to show.
        let file: ConfigFile?
        do { file = try SceneSetup.loadConfig(config) } catch {
            guard kiosk else { throw error }
            file = nil
        }
        let control = try controlSettings(file)
        // Fonts, the ring image and the scenes load on another core while the window opens.
        // A window opens at its requested size; a fullscreen one's size is not known yet.
        let windowed = !(options.host.fullscreen || options.host.kiosk)
        let expected = Size(width: Double(options.host.size.width), height: Double(options.host.size.height))
        let (loading, first, configs) = try SceneSetup.startLoading(
            configPath: config, seed: options.seed, names: names, state: state, station: station, scene: scene, kiosk: kiosk,
            warm: windowed && (options.rotation ?? 0) % 180 == 0 ? expected : nil, configFile: file)
        let service = try control.map { try ControlService(listen: $0.listen, tokenFile: $0.tokenFile, state: $0.state, kiosk: kiosk) }
        defer { service?.stop() }
        var host = options.host
        host.rotation = options.rotation ?? configs?.rotation ?? 0
        host.cooldown = configs?.cooldown ?? 1
        host.soundVolume = options.host.screenshot == nil ? (configs?.soundVolume ?? 1) : nil
        for file in configs?.soundFiles ?? [] {
            do {
                host.soundFiles.append((file.kind, try loadSoundFile(file.path, key: "sound.\(file.kind.rawValue)")))
            } catch {
                throw UserError(error.description)
            }
        }
        host.control = service.map { ($0.queue, $0.board) }
        if let service { host.controlLink = { service.link } }
        do {
            try runWindow(initialScene: first, options: host) { try loading.wait().get() }
        } catch let error as HostError {
            throw UserError(error.description)
        }
    }

    /// The control API's address, token file and state when `--control` or the config's `control`
    /// asks for one (nil otherwise), checked: a desktop window refuses a mistake with one line.
    private func controlSettings(_ file: ConfigFile?) throws -> (listen: String, tokenFile: String?, state: (path: String, isDefault: Bool))? {
        if let control, let problem = ControlSettings.listenProblem(control) {
            throw UserError("roundel: --control \(problem)")
        }
        // A kiosk whose config could not be read: it shows what is wrong; control waits for a restart.
        if config != nil, file == nil { return nil }
        do {
            let settings: ControlSettings?
            do { settings = try file?.control() } catch { throw UserError(error.description) }
            guard control != nil || settings != nil else { return nil }
            let listen = control ?? settings?.listen ?? ControlDefaults.listen
            let state = try DrawSetup.statePath(option: self.state, file: file)
            do throws(ControlError) {
                try ControlServer.check(listen: listen)
                if let tokenFile = settings?.tokenFile { _ = try ControlToken.read(from: tokenFile) }
            } catch {
                if kiosk { return (listen, settings?.tokenFile, state) }   // said, and tried again, by the service
                throw UserError("roundel: \(error.description)")
            }
            return (listen, settings?.tokenFile, state)
        } catch {
            guard kiosk else { throw error }
            return nil   // the kiosk shows what is wrong with its config; control waits for a restart
        }
    }
}
