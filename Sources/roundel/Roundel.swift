// The `roundel` command: argument parsing and nothing else (DESIGN.md's command-line contract).
// Every error a user can cause prints one line on stderr and exits 2, usage errors included
// (swift-argument-parser's own EX_USAGE 64 is mapped to 2), so scripts see one convention.
import ArgumentParser
import Foundation

@main
struct Roundel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roundel",
        abstract: "Round things that move: a prize wheel, a countdown ring, a pie chart, a clock.",
        subcommands: [Run.self, Render.self, Trace.self, Bench.self],
        defaultSubcommand: Run.self)

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as UserError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            Foundation.exit(2)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }  // --help, --version
            let message = Roundel.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            FileHandle.standardError.write(Data("roundel: \(message)\n".utf8))
            Foundation.exit(2)
        }
    }
}

/// An error a user caused (bad value, bad file): its description is the whole stderr line.
struct UserError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
