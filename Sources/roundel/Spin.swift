// `roundel spin [--config F] [--names F] [--state DB] [--seed N] [--spin-to I]`: one draw exactly as
// the window makes it (same database, same rules, same seeds, and where the wheel would stop, so a
// window opened afterwards shows the pointer on the winner), without a wheel on screen. Prints
// `{"draw":N,"result":{"index":I,"text":"…","value":V,"prize":true},"remaining":K}` (index: the
// entry's place in the list, 0 = the first line; prize false: a slice that wins nothing, "Try again";
// remaining: entries that can still win). When nothing can win it
// prints one line on stderr and exits 3: a state, not an error.
import ArgumentParser
import Files
import Draws
import Scenes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Spin: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make one draw without a window and print it as JSON.",
        discussion: """
            The draw is made and recorded exactly as the window would (same state database, same \
            rules: removals, stock). Prints draw, result (index, text, value, prize: false for a \
            slice that wins nothing), remaining and, with stock, stockLeft. Exit status 3 when \
            nothing can win.
            """)

    @Option(help: ArgumentHelp("A JSON config file (its wheel section and state).", valueName: "file.json"))
    var config: String?

    @Option(help: ArgumentHelp("A names file (one entry a line, text<TAB>weight, <TAB>no prize for a slice that wins nothing) instead of the config's items.", valueName: "file.txt"))
    var names: String?

    @Option(help: ArgumentHelp("The state database (default: the config's state, else $XDG_STATE_HOME/roundel/roundel.db).",
                               valueName: "file.db"))
    var state: String?

    @Option(help: ArgumentHelp("The name this kiosk's draws are recorded with, for a record several share (default: the config's station, else the host name).",
                               valueName: "name"))
    var station: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seed for the draw (draw k of a seed is always the same).", valueName: "number"))
    var seed: String?

    @Option(name: .customLong("spin-to"), parsing: .unconditional,
            help: ArgumentHelp("Make this entry win (0 = the first in the list); recorded as forced.", valueName: "index"))
    var spinTo: String?

    func run() throws {
        let seed = try SceneSetup.parseSeed(seed)
        let file = try SceneSetup.loadConfig(config)
        let wheel = try DrawSetup.wheelConfig(file, names: names)
        var forced: Int?
        if let spinTo {
            guard let i = Int(spinTo), i >= 0, i < wheel.effectiveItems.count else {
                throw UserError("roundel: --spin-to '\(spinTo)' is not an entry of this list (0…\(wheel.effectiveItems.count - 1))")
            }
            forced = i
        }
        let ledger = try DrawSetup.openLedger(option: state, file: file, station: station)
        let record: DrawRecord
        do {
            // The wheel as the window would have it (no fonts: nothing is drawn), so the draw is
            // recorded with where the wheel stops.
            let wheel = try WheelScene(config: wheel, resources: .withoutFonts, seed: seed, ledger: ledger)
            record = try wheel.drawAtRest(forcing: forced, inTransaction: DrawSetup.pauseInDraw)
        } catch let error as DrawError where error.isNothingLeft {
            printLine("roundel: \(error.problem) (state '\(ledger.path)')", to: 2)
            throw ExitCode(3)
        } catch {
            throw UserError(error)
        }
        var line = "{\"draw\":\(record.draw),\"result\":{\"index\":\(record.index),\"text\":\(JSONText.string(record.text)),"
            + "\"value\":\(JSONText.number(record.value)),\"prize\":\(record.prize)},\"remaining\":\(record.remaining)"
        if let left = record.stockLeft { line += ",\"stockLeft\":\(left)" }
        printLine(line + "}", to: 1)
    }
}

/// One line to a file descriptor, written at once (a script reading the pipe sees it even if the
/// process is killed right after).
func printLine(_ line: String, to fd: Int32) {
    let text = (fd == 2 ? MessageText.oneLine(line) : line) + "\n"
    _ = text.withCString { write(fd, $0, strlen($0)) }
}
