// `roundel render SCENE --at T --out FILE.png [--size WxH] [--config F] [--spin-to I] [--seed S]`:
// one frame, headless, deterministic; prints the scene's state as one line of JSON. For the wheel,
// T counts from the start of the spin (`--spin-to` or `--seed`; neither renders the idle wheel).
import ArgumentParser
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

    @Option(help: ArgumentHelp("A JSON config file (a section per scene).", valueName: "file.json"))
    var config: String?

    @Option(help: ArgumentHelp("Wheel: a names file (one entry a line) for the slices.", valueName: "file.txt"))
    var names: String?

    @Option(name: .customLong("spin-to"), parsing: .unconditional,
            help: ArgumentHelp("Wheel: spin at t = 0 onto this slice (0 = the first item).", valueName: "index"))
    var spinTo: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Wheel: spin at t = 0 onto a random slice drawn with this seed.", valueName: "number"))
    var seed: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Timer: one step of this many seconds (overrides the config).", valueName: "seconds"))
    var duration: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Clock, and a timer's `until`: the time of day at t = 0 (default: now).", valueName: "HH:MM:SS"))
    var time: String?

    func run() throws {
        // Before any work: the file must be what its name says.
        guard out.lowercased().hasSuffix(".png") else {
            throw UserError("roundel: --out '\(out)': render writes PNG images; give a file name ending in .png")
        }
        let size = try FrameSize.parse(size)
        let at = try Seconds.parse(at, option: "--at")
        let seed = try SceneSetup.parseSeed(seed)
        if scene != "wheel", spinTo != nil || seed != nil {
            throw UserError("roundel: --spin-to and --seed apply to the wheel only")
        }
        if scene != "wheel", names != nil { throw UserError("roundel: --names applies to the wheel only") }
        if scene != "timer", duration != nil { throw UserError("roundel: --duration applies to the timer only") }
        if scene != "clock", scene != "timer", time != nil { throw UserError("roundel: --time applies to the clock and the timer only") }
        let clockStart: Double?
        do { clockStart = try time.map(ClockScene.parseTime) } catch { throw UserError(error.description) }
        let made: Scene
        if scene == "timer", let duration {
            made = try SceneSetup.timer(configPath: config, duration: duration)
        } else {
            made = try SceneSetup.make(scene, configPath: config, seed: seed, names: names)
        }
        if let clock = made as? ClockScene, let clockStart { clock.startTime = clockStart }
        if let timer = made as? TimerScene, let clockStart { timer.startTime = clockStart }
        if let wheel = made as? WheelScene, spinTo != nil || seed != nil {
            let target = try spinTo.map { try WheelSetup.parseIndex($0, count: wheel.sliceCount) }
            do { try wheel.spin(at: 0, to: target) } catch { throw UserError(error.description) }
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
        print(made.jsonLine(at: at))
    }
}
