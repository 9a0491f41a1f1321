// One entry of a draw: a name or a prize, its value, its weight (chance ∝ weight), its stock
// (how many can be won in an event; nil: any number) and whether landing on it wins anything (a
// "Try again" slice does not: it is drawn and recorded like any entry, and never counted as a
// winner). Colours and labels are the wheel's business.
// An entry is known across rounds by its text and which occurrence of that text it is (the second
// "Try again" is not the first), so a pasted list that keeps a name keeps what that name has won.

public struct Entry: Sendable, Equatable {
    /// The most entries a list may have (a config's items, a names file, a paste): a wheel of 1 000
    /// is already hard to read, and every limit is checked before the work it bounds.
    public static let limit = 10_000

    public var text: String
    public var value: Double
    /// Finite, ≥ 0.
    public var weight: Double
    /// ≥ 0, or nil for no limit.
    public var stock: Int?
    /// Landing on it wins something (false: "Try again", "Better luck next time"). Odds and stock
    /// are the same either way.
    public var prize: Bool

    public init(text: String, value: Double = 0, weight: Double = 1, stock: Int? = nil, prize: Bool = true) {
        self.text = text; self.value = value; self.weight = weight; self.stock = stock; self.prize = prize
    }
}

/// An entry's identity within an event: its text and how many entries before it have the same text.
public struct EntryKey: Hashable, Sendable {
    public var text: String
    public var occurrence: Int

    public init(text: String, occurrence: Int) { self.text = text; self.occurrence = occurrence }

    /// The key of every entry of `entries`, in order.
    public static func keys(of entries: [Entry]) -> [EntryKey] {
        var seen: [String: Int] = [:]
        return entries.map { entry in
            let n = seen[entry.text, default: 0]
            seen[entry.text] = n + 1
            return EntryKey(text: entry.text, occurrence: n)
        }
    }
}

/// What happens to a winner once the result has been shown.
public enum AfterWin: String, Sendable, CaseIterable {
    /// It stays on the wheel and can win again (stock permitting).
    case keep
    /// It leaves the wheel for the rest of the event: nobody wins twice ("noRepeat" in a config).
    case remove
}

extension Array where Element == Entry {
    /// A fingerprint of the entries as a draw sees them (text, value, weight, stock, in order; a
    /// non-prize marked, and a prize as before there were non-prizes, so a config's round and the
    /// odds recorded before then keep their fingerprints).
    var fingerprint: String {
        var text = ""
        for e in self {
            text += e.text.unicodeScalars.count.description + ":" + e.text + "|" + e.value.description + "|"
                + e.weight.description + "|" + (e.stock.map { $0.description } ?? "-") + (e.prize ? "" : "|no prize") + "\n"
        }
        return SHA256.hex(text)
    }
}
