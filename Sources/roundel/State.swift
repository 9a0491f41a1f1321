// `roundel state COMMAND`: what is done to a record of draws as a whole rather than draw by draw
// (`copy`: into another store, StateCopy.swift).
import ArgumentParser

struct State: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Work on a record of draws as a whole: copy it into another file or a PostgreSQL database.",
        subcommands: [StateCopy.self])
}
