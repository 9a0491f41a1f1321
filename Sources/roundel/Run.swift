// `roundel [run]`: the window (the default command), showing the wheel unless told otherwise, with
// every scene that exists a Tab away. `--kiosk` is for a Raspberry Pi at boot (README.md, "Raspberry Pi kiosk").
import ArgumentParser
import Host
import Scenes

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the scenes in a window (the default).")

    @Option(help: "The scene shown first: \(SceneCatalog.names.joined(separator: ", ")).")
    var scene: String = "wheel"

    @Option(help: ArgumentHelp("A JSON config file (a section per scene); edits apply while running.", valueName: "file.json"))
    var config: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Window size in pixels.", valueName: "WxH"))
    var size: String = "960x720"

    @Option(parsing: .unconditional, help: ArgumentHelp("Seed for the wheel's outcomes (default: random).", valueName: "number"))
    var seed: String?

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

    func run() throws {
        let options = try RunOptions.parse(self)
        let setup = try SceneSetup.makeAll(configPath: config, seed: options.seed)
        guard setup.scenes.contains(where: { $0.name == scene }) else {
            let names = setup.scenes.map(\.name).joined(separator: ", ")
            throw UserError("roundel: unknown scene '\(scene)' (choose from \(names))")
        }
        do {
            try runWindow(scenes: setup.scenes, initialScene: scene, options: options.host, reload: setup.reload)
        } catch {
            throw UserError(error.description)
        }
    }
}
