// `roundel reset [--state DB] --yes`: starts a new event in the state database: every entry back on
// the wheel and every stock full. Nothing is deleted: the draws so far stay in the history, their
// event marked closed. Needs the database free (no window or kiosk drawing from it).
import ArgumentParser
import Draws

struct Reset: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start a new event: every entry back, every stock full; the history stays.",
        discussion: "Deletes nothing: the earlier draws stay, their event marked closed. Without --yes it says what it would do and exits 2.")

    @Option(help: ArgumentHelp("The state database (default: the config's state, else $XDG_STATE_HOME/roundel/roundel.db).", valueName: "file.db"))
    var state: String?

    @Option(help: ArgumentHelp("A config file whose \"state\" names the state database.", valueName: "file.json"))
    var config: String?

    @Flag(help: "Yes, start a new event.")
    var yes = false

    func run() throws {
        let path = try DrawSetup.statePath(option: state, file: try SceneSetup.loadConfig(config)).path
        guard yes else {
            throw UserError("roundel: reset starts a new event in '\(path)' (every entry back, every stock full; "
                + "the draws so far stay in the history); add --yes to do it")
        }
        do {
            let ledger = try Ledger.openForReading(path: path)   // refuses a missing or foreign file first
            _ = ledger
            let writer = try Ledger.open(path: path)
            let old = writer.event
            let draws = try writer.history().filter { $0.event == old }.count
            try writer.startNewEvent()
            printLine("roundel: event \(writer.event) started in '\(path)' (event \(old) closed after \(draws) draw\(draws == 1 ? "" : "s"))", to: 1)
        } catch {
            throw UserError(error)
        }
    }
}
