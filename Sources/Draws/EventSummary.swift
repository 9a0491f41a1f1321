// What an event gave out, for `roundel history --summary`: per entry of the event's list as it last
// stood (then any entry that won earlier in the event and has left the list since) how often it was
// drawn and the stock it has left; per event the totals. A slice that is no prize ("Try again") is
// listed after the prizes and never counted as a winner or a prize given. Pure: from the event's
// latest round and its draws, so it reads any record, an older schema's too.

public struct EventSummary: Sendable, Equatable {
    public struct Line: Sendable, Equatable {
        public var text: String
        public var prize: Bool
        /// Times it was drawn in the event.
        public var won: Int
        /// Stock left after the event's draws (nil: it has no stock).
        public var stockLeft: Int?
    }

    public var event: Int
    public var closed: Bool
    /// Prizes first, then what is no prize, each in the list's order.
    public var lines: [Line]
    /// Every draw of the event, non-prizes included.
    public var draws: Int
    /// Draws that won a prize.
    public var prizesGiven: Int
    /// Different entries that won a prize: a name drawn twice is one winner (on a wheel of prizes,
    /// the different prizes won).
    public var winners: Int
    /// Draws that landed on a slice that is no prize.
    public var noPrize: Int { draws - prizesGiven }

    /// The summary of event `event` from its latest round (`list`; nil when it has none) and its
    /// draws, oldest first.
    public init(event: Int, closed: Bool, list: Round?, draws records: [DrawRecord]) {
        self.event = event
        self.closed = closed
        var counts: [EntryKey: Int] = [:]
        var latest: [EntryKey: DrawRecord] = [:]
        var firstWon: [EntryKey] = []
        for record in records {
            let key = EntryKey(text: record.text, occurrence: record.occurrence)
            if counts[key] == nil { firstWon.append(key) }
            counts[key, default: 0] += 1
            latest[key] = record
        }
        let entries = list?.entries ?? []
        let keys = EntryKey.keys(of: entries)
        var lines: [Line] = zip(entries, keys).map { entry, key in
            let won = counts[key] ?? 0
            return Line(text: entry.text, prize: entry.prize, won: won, stockLeft: entry.stock.map { max(0, $0 - won) })
        }
        let listed = Set(keys)
        for key in firstWon where !listed.contains(key) {
            guard let record = latest[key] else { continue }
            lines.append(Line(text: record.text, prize: record.prize, won: counts[key] ?? 0, stockLeft: record.stockLeft))
        }
        self.lines = lines.filter(\.prize) + lines.filter { !$0.prize }
        draws = records.count
        let prizes = records.filter(\.prize)
        prizesGiven = prizes.count
        winners = Set(prizes.map { EntryKey(text: $0.text, occurrence: $0.occurrence) }).count
    }
}

extension EventSummary {
    /// One JSON object on one line: the event, its totals and its entries (`stockLeft` where there is stock).
    public var jsonLine: String {
        var line = "{\"event\":\(event),\"closed\":\(closed),\"draws\":\(draws),\"winners\":\(winners)"
            + ",\"prizesGiven\":\(prizesGiven),\"noPrize\":\(noPrize),\"entries\":["
        for (k, entry) in lines.enumerated() {
            line += (k == 0 ? "" : ",") + "{\"text\":\(JSONText.string(entry.text)),\"prize\":\(entry.prize),\"won\":\(entry.won)"
                + (entry.stockLeft.map { ",\"stockLeft\":\($0)" } ?? "") + "}"
        }
        return line + "]}"
    }

    public static let csvHeader = "event,event_closed,text,prize,won,stock_left"

    /// One CSV row an entry (CSVText), each ending in CR LF; the totals are what a spreadsheet sums:
    /// draws all `won`, prizes given those of prizes, winners the prizes with `won` above 0.
    public var csvRows: String {
        lines.map { entry in
            CSVText.row([String(event), closed ? "yes" : "no", CSVText.text(entry.text), entry.prize ? "yes" : "no",
                         String(entry.won), entry.stockLeft.map { String($0) } ?? ""]) + "\r\n"
        }.joined()
    }
}
