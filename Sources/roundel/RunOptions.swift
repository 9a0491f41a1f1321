// `roundel run`'s words checked in one place, each mistake one line naming the option and the rule,
// then handed to Host as a HostOptions.
import Host
import Scenes

struct RunOptions {
    var host: HostOptions
    var seed: UInt64?
    /// `--rotate`, when given.
    var rotation: Int?

    static func parse(_ run: Run) throws -> RunOptions {
        let size = try FrameSize.parse(run.size)
        var host = HostOptions(size: (size.width, size.height), title: "Roundel", fullscreen: run.fullscreen,
                               kiosk: run.kiosk, stats: run.stats, configPath: run.config)
        switch (run.screenshot, run.after) {
        case (nil, nil): break
        case (nil, .some): throw UserError("roundel: --after needs --screenshot FILE (the PNG to save)")
        case (.some(let path), let after):
            guard !path.isEmpty else { throw UserError("roundel: --screenshot needs a file name, like shot.png") }
            host.screenshot = (path, try after.map { try Seconds.parse($0, option: "--after") } ?? 0)
        }
        var rotation: Int?
        if let text = run.rotate {
            guard let degrees = Double(text), let r = ConfigFile.rotation(degrees) else {
                throw UserError("roundel: --rotate '\(text)' must be 0, 90, 180 or 270 (degrees clockwise)")
            }
            rotation = r
        }
        return RunOptions(host: host, seed: try SceneSetup.parseSeed(run.seed), rotation: rotation)
    }
}
