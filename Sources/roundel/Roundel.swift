// The `roundel` command: argument parsing and nothing else (DESIGN.md's command-line contract).
// Every error a user can cause prints one line on stderr and exits 2, usage errors included
// (swift-argument-parser's own EX_USAGE 64 is mapped to 2), so scripts see one convention.
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct Roundel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roundel",
        abstract: "Round things that move: a prize wheel, a countdown ring, a pie chart, a clock.",
        version: "roundel \(Roundel.version)",
        subcommands: [Run.self, Render.self, Record.self, Trace.self, Spin.self, History.self, Reset.self, Bench.self],
        defaultSubcommand: Run.self)

    /// The release this source is (`roundel --version`); raised with each release.
    static let version = "0.9.0"

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let code as ExitCode {
            exitProcess(code.rawValue)
        } catch let error as UserError {
            printError(error.description)
            exitProcess(2)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }  // --help, --version
            let message = Roundel.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            printError("roundel: \(message)")
            exitProcess(2)
        }
    }
}

/// The C library's exit, named apart from ParsableCommand's `exit(withError:)`.
private func exitProcess(_ code: Int32) -> Never { exit(code) }

/// One line on stderr.
private func printError(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
}

/// An error a user caused (bad value, bad file): its description is the whole stderr line.
struct UserError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
