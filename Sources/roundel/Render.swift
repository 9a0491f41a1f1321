// `roundel render SCENE --at T --out FILE.png [--size WxH] [--config F] [--spin-to I] [--seed S]
// [--state DB [--draw N]]`: one frame, headless, deterministic; prints the scene's state as one line
// of JSON. For the wheel, T counts from the start of the spin (`--spin-to` or `--seed`, or draw N of
// the record replayed; none renders the idle wheel, or with `--state` the wheel as the record has it).
import ArgumentParser
import Files
import PNGCodec
import Raster
import Scenes

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render one frame of a scene to a PNG file.",
        discussion: """
            Prints one line of JSON describing the frame. The wheel: scene, t, rotation (degrees \
            clockwise), state (idle, spinning, stopped) and, when stopped, result (index, text, value, \
            prize: false for a slice that wins nothing). \
            The wheel is idle unless --spin-to or --seed starts a spin at t = 0. The same command draws \
            the same pixels every time when the spin is seeded. With --state the wheel is the one a \
            window opened on that record of draws shows (its list, who has left, the last result where \
            the wheel stopped); the record is only read, also while a window or kiosk draws into it. \
            --draw N replays recorded draw N from t = 0 as it was, landing where it landed, and result \
            is its winner (index: its place in its list, as history gives it). --spin-to and --seed do \
            not go with --state: they would show a draw that was never made.
            """)

    @Argument(help: "The scene: \(SceneCatalog.names.joined(separator: ", ")).")
    var scene: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds since the scene started.", valueName: "seconds"))
    var at: String = "0"

    @Option(parsing: .unconditional, help: ArgumentHelp("Frame size in pixels, each side 1 to \(FrameSize.limit).", valueName: "WxH"))
    var size: String = "512x512"

    @Option(help: ArgumentHelp("The PNG file to write.", valueName: "file.png"))
    var out: String

    @OptionGroup var options: SceneOptions

    func run() throws {
        // Before any work: the file must be what its name says.
        guard out.lowercased().hasSuffix(".png") else {
            throw UserError("roundel: --out '\(out)': render writes PNG images; give a file name ending in .png")
        }
        // A device, FIFO or folder at --out, or a folder that is missing or not writable, is refused
        // before any work (and again when writing).
        do { try OutputFile(out).checkFolder() } catch { throw UserError("roundel: cannot write PNG \(MessageText.quoted(out)): \(error.problem)") }
        let size = try FrameSize.parse(size)
        let at = try Seconds.parse(at, option: "--at")
        try options.check(scene: scene)
        let seed = try SceneSetup.parseSeed(options.seed)
        let made = try options.make(scene, spinSeed: seed, spin: options.spinTo != nil || seed != nil,
                                    timeOfDay: try options.timeOfDay(), recorded: try options.readState())
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
