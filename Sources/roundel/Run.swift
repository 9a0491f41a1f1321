// `roundel [run]`: the window (the default command), showing the wheel unless told otherwise.
import ArgumentParser
import Host
import Scenes

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show a scene in a window (the default).")

    @Option(help: "The scene: \(SceneCatalog.names.joined(separator: ", ")).")
    var scene: String = "wheel"

    @Option(help: ArgumentHelp("A JSON config file (a section per scene).", valueName: "file.json"))
    var config: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Window size in pixels.", valueName: "WxH"))
    var size: String = "960x720"

    @Option(parsing: .unconditional, help: ArgumentHelp("Seed for the wheel's outcomes (default: random).", valueName: "number"))
    var seed: String?

    func run() throws {
        let size = try FrameSize.parse(size)
        let made = try SceneSetup.make(scene, configPath: config, seed: try SceneSetup.parseSeed(seed))
        do {
            try runWindow(scene: made, size: (size.width, size.height), title: "Roundel")
        } catch {
            throw UserError(error.description)
        }
    }
}
