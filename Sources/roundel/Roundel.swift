// The `roundel` command and its entry point (the command-line contract in docs/architecture.md).
// Every error a user can cause prints one line on stderr and exits 2, usage errors included
// (swift-argument-parser's own EX_USAGE 64 is mapped to 2), so scripts see one convention.
import ArgumentParser
import Draws
import Files
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct Roundel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roundel",
        abstract: "Round things that move: a prize wheel, a countdown ring, a pie chart, a clock.",
        discussion: """
            With no command, roundel opens the window with the wheel (roundel run).

            Exit status: 0 done; 2 bad input or a file roundel cannot use (one line on stderr naming \
            the file and what is wrong, and nothing written); 3 roundel spin found nothing left to win; \
            1 the record of draws was altered or lost draws (history says which; nothing is drawn into it or copied from it); \
            4 the record is on a PostgreSQL server that cannot be reached (nothing was drawn; try again).

            Files: the record of draws is --state FILE, else the config's "state", else \
            $XDG_STATE_HOME/roundel/roundel.db (~/.local/state/roundel/roundel.db). Fonts and the ring \
            come from $ROUNDEL_ASSETS, else the assets folder next to the binary or in \
            ../share/roundel/assets.

            Environment: XDG_STATE_HOME, ROUNDEL_ASSETS; SDL_VIDEODRIVER (kmsdrm for a kiosk, dummy or \
            offscreen for none), SDL_AUDIODRIVER.

            The config file (JSON, a section per scene) is described in roundel-config(5) \
            (man roundel-config; docs/configuration.md in the source).
            """,
        version: "roundel \(Roundel.version)",
        subcommands: [Run.self, Render.self, Record.self, Trace.self, Spin.self, History.self, Reset.self, State.self, ControlLinkCommand.self, Bench.self],
        defaultSubcommand: Run.self)

    /// The release this source is (`roundel --version`); raised with each release.
    static let version = "0.9.0"

    static func main() {
        do {
            // `roundel help NAME` for a command that does not exist: argument-parser would print the
            // overview and succeed, and a script would never learn of its typo.
            let arguments = CommandLine.arguments.dropFirst()
            let commands = configuration.subcommands.map { $0._commandName }
            if arguments.first == "help", let topic = arguments.dropFirst().first, !topic.hasPrefix("-"), !commands.contains(topic) {
                throw noCommand(topic, commands: commands, prefix: "roundel: help: ")
            }
            // A first word that is no command: `run` (the default) takes no words, so it is a
            // misspelt command, not an argument of the window.
            if let word = arguments.first, !word.hasPrefix("-"), !commands.contains(word), word != "help" {
                throw noCommand(word, commands: commands + ["help"], prefix: "roundel: ")
            }
            var command = try parseAsRoot()
            try command.run()
            try flushStandardOutput()
        } catch let code as ExitCode {
            exitProcess(code.rawValue)
        } catch let error as UserError {
            printError(error.description)
            exitProcess(error.status)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }  // --help, --version
            let message = Roundel.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            printError("roundel: \(message)")
            exitProcess(2)
        }
    }
}

/// "no command 'spinn'; did you mean 'spin'? (the commands: …)".
private func noCommand(_ word: String, commands: [String], prefix: String) -> UserError {
    let hint = word.count <= 64 ? Misspelling.nearest(word, in: commands).map { "; did you mean '\($0)'?" } : nil
    let listed = commands.filter { $0 != "help" }.joined(separator: ", ")
    return UserError(prefix + "no command \(MessageText.quoted(word))\(hint ?? "") (the commands: \(listed))")
}

/// The C library's exit, named apart from ParsableCommand's `exit(withError:)`.
private func exitProcess(_ code: Int32) -> Never { exit(code) }

/// Everything printed reached standard output, or one line and exit 2: `roundel trace > /dev/full`
/// must not succeed with its output lost.
private func flushStandardOutput() throws {
    guard fflush(stdout) == 0, ferror(stdout) == 0 else {
        // errno is the failed write's (this flush's, or an earlier automatic one's); nothing since has set it.
        let reason = errno == 0 ? "a write failed" : String(cString: strerror(errno))
        throw UserError("roundel: cannot write to standard output: \(reason)")
    }
}

/// One line on stderr (control characters in it escaped, so it stays one line).
private func printError(_ line: String) {
    let text = MessageText.oneLine(line) + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
}

/// An error a user caused (bad value, bad file): its description is the whole stderr line, and the
/// exit status 2 (1 for a record of draws that was altered or lost draws).
struct UserError: Error, CustomStringConvertible {
    let description: String
    let status: Int32
    init(_ description: String, status: Int32 = 2) {
        self.description = description
        self.status = status
    }
    /// From what a library threw: its line, and status 1 for an altered record.
    init(_ error: any Error) {
        let draw = error as? DrawError
        self.init("\(error)", status: draw?.isAltered == true ? 1 : draw?.isUnreachable == true ? 4 : 2)
    }
}
