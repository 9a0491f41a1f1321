// `roundel render SCENE --at T --out FILE.png [--size WxH]`: one frame, headless, deterministic;
// prints the scene's state as one line of JSON.
import ArgumentParser
import Foundation
import PNGCodec
import Raster
import Scenes

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render one frame of a scene to a PNG file.")

    @Argument(help: "The scene: \(SceneCatalog.names.joined(separator: ", ")).")
    var scene: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds since the scene started.", valueName: "seconds"))
    var at: String = "0"

    @Option(parsing: .unconditional, help: ArgumentHelp("Frame size in pixels, each side 1…\(FrameSize.limit).", valueName: "WxH"))
    var size: String = "512x512"

    @Option(help: ArgumentHelp("The PNG file to write.", valueName: "file.png"))
    var out: String

    func run() throws {
        let size = try FrameSize.parse(size)
        let at = try Seconds.parse(at, option: "--at")
        let resources: SceneResources
        do { resources = try SceneResources.loadDefault() } catch { throw UserError("\(error)") }
        guard let made = SceneCatalog.make(scene, resources: resources) else {
            throw UserError("roundel: unknown scene '\(scene)' (choose from \(SceneCatalog.names.joined(separator: ", ")))")
        }
        guard let canvas = Canvas(width: size.width, height: size.height) else {
            throw UserError("roundel: cannot make a \(size.width)x\(size.height) frame")
        }
        made.render(into: canvas, at: at)
        do {
            try writePNG(canvas.pixmap, to: out)
        } catch {
            throw UserError(error.description)
        }
        print(#"{"scene":"\#(made.name)","t":\#(at)}"#)
    }
}
