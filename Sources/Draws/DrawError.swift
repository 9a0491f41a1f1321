// Why a draw, a names list or the state database cannot be used: one line for stderr that names
// the file and what is wrong (`roundel: names 'class.txt': line 7: weight 'x' is not a number`).
// "Nothing can win" is a state, not a mistake: the command line exits 3 for it, not 2. A record that
// was altered or lost draws exits 1, as `history` does for it; a record on a server that cannot be
// reached exits 4 (nothing was drawn: try again when it is back).

public struct DrawError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What the problem is about: `names 'class.txt'`, `state '/var/lib/roundel/roundel.db'`.
    public let subject: String
    public let problem: String
    /// True when every entry is sold out, removed or of weight 0 (exit 3, not 2).
    public let isNothingLeft: Bool
    /// True when the record was altered or lost draws (exit 1, not 2): nothing is drawn into it.
    public let isAltered: Bool
    /// True when the record is on a server that could not be reached, or the connection to it failed
    /// (exit 4, not 2): nothing was drawn that is not recorded, and trying again later may work.
    public let isUnreachable: Bool

    public init(subject: String, problem: String, isNothingLeft: Bool = false, isAltered: Bool = false, isUnreachable: Bool = false) {
        self.subject = subject
        self.problem = problem
        self.isNothingLeft = isNothingLeft
        self.isAltered = isAltered
        self.isUnreachable = isUnreachable
    }

    public var description: String { "roundel: " + (subject.isEmpty ? "" : subject + ": ") + problem }

    static func names(_ name: String, _ problem: String) -> DrawError { DrawError(subject: "names '\(name)'", problem: problem) }
    static func state(_ path: String, _ problem: String) -> DrawError { DrawError(subject: "state '\(path)'", problem: problem) }
}
