// What each entry can do now, from the entries and what they have won in this event: pure, so the
// wheel, `roundel spin` and the tests derive it the same way. An entry can win when its weight is
// above 0, it has not been removed after a win, and stock is left (stock − prizes won). Odds are
// recomputed from the entries that can still win, as percentages at 0.1 % that add up to 100.0.
import Motion

/// What an entry has won in the open event.
public struct Winnings: Sendable, Equatable {
    public var count: Int
    /// It is off the wheel for the event: a win removed it (afterWin "remove") or it was taken off in
    /// the window, and it was not put back since.
    public var removed: Bool
    /// The newest draw that removed it (nil: none did), to order it with changes made in the window.
    var removedBy: Int?

    public init(count: Int = 0, removed: Bool = false) { self.count = count; self.removed = removed }

    init(count: Int, removed: Bool, removedBy: Int?) {
        self.count = count; self.removed = removed; self.removedBy = removedBy
    }

    /// What was won and whether it is off the wheel (not by which draw).
    public static func == (a: Winnings, b: Winnings) -> Bool { a.count == b.count && a.removed == b.removed }
}

public struct Standing: Sendable, Equatable {
    public let entries: [Entry]
    public let keys: [EntryKey]
    public let winnings: [Winnings]

    public init(entries: [Entry], winnings byKey: [EntryKey: Winnings]) {
        self.entries = entries
        keys = EntryKey.keys(of: entries)
        winnings = keys.map { byKey[$0] ?? Winnings() }
    }

    /// Prizes left for entry `i` (nil: no limit).
    public func stockLeft(_ i: Int) -> Int? { entries[i].stock.map { max(0, $0 - winnings[i].count) } }
    public func isRemoved(_ i: Int) -> Bool { winnings[i].removed }
    public func isSoldOut(_ i: Int) -> Bool { stockLeft(i) == 0 }
    public func canWin(_ i: Int) -> Bool { entries[i].weight > 0 && !isRemoved(i) && !isSoldOut(i) }

    /// Each entry's weight if it can win, else 0: what the draw uses.
    public var weights: [Double] { entries.indices.map { canWin($0) ? entries[$0].weight : 0 } }

    /// How many entries can still win.
    public var remaining: Int { entries.indices.reduce(0) { $0 + (canWin($1) ? 1 : 0) } }

    /// Some entry can still win (asked every frame by the START button: allocates nothing).
    public var anyRemaining: Bool { entries.indices.contains(where: canWin) }

    /// Each entry's chance in tenths of a percent (summing to 1000), or nil when nothing can win.
    public var oddsTenths: [Int]? { Shares.tenths(of: weights) }

    /// Whether any entry has a stock (the wheel then speaks of prizes rather than entries).
    public var hasStock: Bool { entries.contains { $0.stock != nil } }

    /// A fingerprint of the entries as they stand: text, value, weight used by the draw, stock left,
    /// and which are no prize.
    var fingerprint: String {
        entries.indices.map { i in
            Entry(text: entries[i].text, value: entries[i].value, weight: canWin(i) ? entries[i].weight : 0, stock: stockLeft(i),
                  prize: entries[i].prize)
        }.fingerprint
    }
}
