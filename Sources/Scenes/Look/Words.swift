// Every word the wheel puts on screen, one field a word: each language is one complete table of them
// (`Words.english`, `Words.korean`…, a file a language), so a table that misses a word does not
// compile. A word with a number or a name inside is a pattern: `{}` (or `{1}`, `{2}` where there are
// two, in the order the language needs them) is where it goes, never words glued together. Problem
// panels and messages that name files or config fields stay English: they match the log and the
// terminal (ProblemPanel, ConfigError). The config's `text` overrides single visitor words (WordKey).

/// Two forms of a pattern by its number: `one` for exactly 1, `other` for the rest (languages
/// without plurals give the same text twice).
public struct Plural: Sendable, Equatable {
    public var one: String
    public var other: String

    func callAsFunction(_ n: Int, _ arguments: String...) -> String {
        Words.fill(n == 1 ? one : other, arguments)
    }
}

public struct Words: Sendable, Equatable {
    // MARK: What visitors see (the config's `text` may change these: WordKey)
    /// The button that spins ("START").
    public var start: String
    /// Under the wheel at rest ("Press START").
    public var pressStart: String
    /// The button in attract mode ("TOUCH TO SPIN").
    public var touchToSpin: String
    /// The winner card's heading ("WINNER").
    public var winner: String
    /// On a slice whose stock is spent, and beside it in the editor ("sold out").
    public var soldOut: String
    /// The button when every entry has been drawn ("ALL DRAWN").
    public var allDrawn: String
    /// The button when nothing left can win ("NO PRIZES LEFT").
    public var noPrizesLeft: String
    /// The card's heading for a slice that wins nothing ("Try again").
    public var tryAgain: String

    // MARK: Under the wheel, and short notes
    /// The banner (and note) when nothing left can win.
    public var nothingToWin: String
    /// The banner when every entry has been drawn.
    public var everyoneDrawn: String
    /// The note when START is pressed after every entry has been drawn.
    public var everyEntryDrawn: String
    public var waitForStop: String
    public var numberedOwnSlices: String
    /// "{1} entries from {2}": a count and where the list came from.
    public var entriesFrom: Plural
    /// "{} entries from the clipboard".
    public var entriesFromClipboard: Plural
    public var newDraw: String
    /// A note that U can take back: "{} · U undoes".
    public var withUndo: String
    public var offTheWheelNote: String
    public var backOnTheWheel: String
    public var pressRAgain: String
    public var notSaved: String
    public var notUndone: String
    public var drawMadeSince: String
    public var previousDrawBack: String
    public var nothingToUndo: String
    /// "Could not read '{1}': {2}" (a file's name, the problem).
    public var couldNotRead: String
    public var clipboard: String
    public var clipboardEmpty: String
    /// "{}": the most MB a list may be.
    public var clipboardTooLarge: String
    public var clipboardNoAnswer: String
    public var couldNotReadWinners: String
    public var nowhereToSave: String
    public var saved: String
    /// The first-run hints at the window's foot, one a line.
    public var firstRunPaste: String
    public var firstRunDrop: String
    public var firstRunKeys: String

    // MARK: The winner card's choices
    public var keep: String
    public var offTheWheel: String
    public var spinAgain: String

    // MARK: The settings panel
    public var settings: String
    public var afterAWin: String
    public var remove: String
    public var spinTime: String
    /// "{} s": seconds.
    public var seconds: String
    public var spinStyle: String
    public var smooth: String
    public var classic: String
    public var roulette: String
    public var labels: String
    public var along: String
    public var upright: String
    public var oddsOnSlices: String
    public var off: String
    public var on: String
    public var confetti: String
    public var sound: String
    /// "{} %".
    public var percent: String
    public var language: String
    /// The settings row that steps through the built-in themes.
    public var theme: String
    /// This language's name in its own words ("English", "한국어"): the settings' language choice.
    public var languageName: String
    public var entriesButton: String
    public var winnersButton: String
    public var done: String

    // MARK: The winners panel
    public var winners: String
    /// "Winners · {1} of {2} draws", by the number of draws.
    public var winnersOfDraws: Plural
    public var noDrawsYet: String
    /// "{} left": stock.
    public var left: String
    public var offWheel: String
    public var exportCSV: String
    public var putBack: String
    public var takeOff: String
    public var undoNewDraw: String

    // MARK: The entry editor
    public var entriesCount: String
    public var editorTypeHint: String
    public var editorKeysHint: String
    public var editorCloseHint: String
    public var typeAName: String
    public var won: String
    public var notTyped: String
    public var entryAtMost: String
    public var typeThenEnter: String
    public var listFull: String
    public var needsAnEntry: String

    // MARK: The operator's PIN pad
    public var operatorHeading: String
    public var enterPIN: String
    public var ok: String
    public var lockedTryAgain: String
    public var lockedFor: String
    public var wrongPIN: String

    /// `pattern` with `{1}`, `{2}`… (and `{}`, the first) replaced by `arguments`.
    static func fill(_ pattern: String, _ arguments: [String]) -> String {
        var text = pattern
        for (k, argument) in arguments.enumerated().reversed() {
            text = text.replacing("{\(k + 1)}", with: argument)
        }
        if let first = arguments.first { text = text.replacing("{}", with: first) }
        return text
    }

    /// `pattern` with its number or name filled in.
    static func fill(_ pattern: String, _ arguments: String...) -> String { fill(pattern, arguments) }

    /// These words with the config's `text` over them.
    func overridden(by text: [WordKey: String]) -> Words {
        var words = self
        for (key, word) in text { words[keyPath: key.field] = word }
        return words
    }
}

/// The words the config's `text` may change: what visitors see.
public enum WordKey: String, CaseIterable, Sendable {
    case start, pressStart, touchToSpin, winner, soldOut, allDrawn, noPrizesLeft, tryAgain

    var field: WritableKeyPath<Words, String> {
        switch self {
        case .start: \.start
        case .pressStart: \.pressStart
        case .touchToSpin: \.touchToSpin
        case .winner: \.winner
        case .soldOut: \.soldOut
        case .allDrawn: \.allDrawn
        case .noPrizesLeft: \.noPrizesLeft
        case .tryAgain: \.tryAgain
        }
    }
}
