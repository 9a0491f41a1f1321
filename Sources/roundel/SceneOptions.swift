// The options that say which scene `render` and `record` draw and how it is set up: the config, the
// wheel's names and spin or its record of draws (`--state`, `--draw`), the timer's duration, the
// clock's time of day. One place, so a recorded frame is the frame `render` draws at the same time
// with the same options.
import ArgumentParser
import Draws
import Scenes

struct SceneOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A JSON config file (a section per scene).", valueName: "file.json"))
    var config: String?

    @Option(help: ArgumentHelp("Wheel: a names file (one entry a line, text<TAB>weight, <TAB>no prize for a slice that wins nothing) for the slices.", valueName: "file.txt"))
    var names: String?

    @Option(name: .customLong("spin-to"), parsing: .unconditional,
            help: ArgumentHelp("Wheel: spin at t = 0 onto this slice (0 = the first item).", valueName: "index"))
    var spinTo: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Wheel: spin at t = 0 with this seed (it chooses the slice, unless --spin-to does, and where in it the wheel lands).", valueName: "number"))
    var seed: String?

    @Option(help: ArgumentHelp("Wheel: the state database, shown as a window opened on it shows it (the list, removals, spent stock, the last result where the wheel stopped); only read, also while a window or kiosk draws into it.",
                               valueName: "file.db"))
    var state: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Wheel, with --state: replay draw N from t = 0 (roundel history lists them): its list as it was, the spin landing where it landed, on its winner.",
                               valueName: "N"))
    var draw: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Timer: one step of this many seconds (overrides the config).", valueName: "seconds"))
    var duration: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Clock, and a timer's `until`: the time of day at t = 0 (default: now).", valueName: "HH:MM:SS"))
    var time: String?

    /// Refuses options that do not apply to `scene`, before any file is read.
    func check(scene: String) throws {
        if scene != "wheel", spinTo != nil || seed != nil { throw UserError("roundel: --spin-to and --seed apply to the wheel only") }
        if scene != "wheel", state != nil || draw != nil { throw UserError("roundel: --state and --draw apply to the wheel only") }
        if draw != nil, state == nil { throw UserError("roundel: --draw needs --state FILE, the record of draws it is in") }
        if draw != nil, spinTo != nil || seed != nil {
            throw UserError("roundel: --draw shows a recorded draw, its winner and landing as they were: --spin-to and --seed do not apply")
        }
        if state != nil, spinTo != nil || seed != nil {
            throw UserError("roundel: --state shows the draws as recorded; --spin-to and --seed would spin it to one never made (--draw N replays a recorded draw)")
        }
        if scene != "wheel", names != nil { throw UserError("roundel: --names applies to the wheel only") }
        if scene != "timer", duration != nil { throw UserError("roundel: --duration applies to the timer only") }
        if scene != "clock", scene != "timer", time != nil { throw UserError("roundel: --time applies to the clock and the timer only") }
    }

    /// `--time` in seconds since midnight, or nil.
    func timeOfDay() throws -> Double? {
        do { return try time.map(ClockScene.parseTime) } catch { throw UserError(error.description) }
    }

    /// `--state` (with `--draw`) read: the record as a window shows it now, or just before draw N;
    /// nil without `--state`. Read once, so every copy of the scene `record` makes shows one moment.
    func readState() throws -> RecordedStanding? {
        guard let state else { return nil }
        let number = try draw.map(StateReading.drawNumber)
        return try StateReading.read(state, beforeDraw: number)
    }

    /// The scene set up as the options say. The wheel spins at t = 0 when `spinSeed` is given (with
    /// `--spin-to`'s slice, else the seed's); `timeOfDay` is the clock's (and an `until` timer's) time
    /// at t = 0, nil for now. `recorded` (`readState`): the wheel as the record has it, and with
    /// `--draw` that draw replayed from t = 0.
    func make(_ scene: String, spinSeed: UInt64?, spin: Bool, timeOfDay: Double?, recorded: RecordedStanding? = nil) throws -> Scene {
        let made: Scene
        if scene == "timer", let duration {
            made = try SceneSetup.timer(configPath: config, duration: duration)
        } else {
            made = try SceneSetup.make(scene, configPath: config, seed: spinSeed, names: names, recorded: recorded)
        }
        if let clock = made as? ClockScene, let timeOfDay { clock.startTime = timeOfDay }
        if let timer = made as? TimerScene, let timeOfDay { timer.startTime = timeOfDay }
        if let wheel = made as? WheelScene, recorded?.next != nil {
            do { try wheel.replayRecordedDraw(at: 0) } catch { throw UserError(error.description) }
        } else if let wheel = made as? WheelScene, spin {
            let target = try spinTo.map { try WheelSetup.parseIndex($0, count: wheel.sliceCount) }
            do { try wheel.spin(at: 0, to: target) } catch { throw UserError(error.description) }
        }
        return made
    }
}
