// `roundel [run]`: the window (the default command).
import ArgumentParser
import Host
import Scenes

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show a scene in a window (the default).")

    @Option(help: "The scene: \(SceneCatalog.names.joined(separator: ", ")).")
    var scene: String = "testcard"

    @Option(help: ArgumentHelp("Window size in pixels.", valueName: "WxH"))
    var size: String = "960x720"

    func run() throws {
        let size = try FrameSize.parse(size)
        let resources: SceneResources
        do { resources = try SceneResources.loadDefault() } catch { throw UserError("\(error)") }
        guard let made = SceneCatalog.make(scene, resources: resources) else {
            throw UserError("roundel: unknown scene '\(scene)' (choose from \(SceneCatalog.names.joined(separator: ", ")))")
        }
        do {
            try runWindow(scene: made, size: (size.width, size.height), title: "Roundel")
        } catch {
            throw UserError(error.description)
        }
    }
}
