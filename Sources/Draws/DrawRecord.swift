// One draw as the ledger keeps it, and the three ways `roundel history` prints it. `index` is the
// entry's place in its round's list (0 = the first line); `random` is the number drawn in
// [0, total), which fell in the winner's stretch [from, to) of the cumulative weights of the entries
// that could win, in list order. A forced draw (`--spin-to`) has no number. `hash` chains each record
// to the one before, so a changed, inserted or deleted row shows (`Ledger.verify`). History prints
// the stored UTC time in the local zone with its offset (LocalTime); the hash covers the stored text.
public struct DrawRecord: Sendable, Equatable {
    public var draw: Int
    /// UTC, ISO 8601 with milliseconds.
    public var time: String
    public var event: Int
    public var round: Int
    public var index: Int
    public var text: String
    public var value: Double
    /// The entry won something (false: a "Try again" slice, never counted as a winner).
    public var prize = true
    /// Which entry of this text it was (0: the first), the entry's identity across rounds.
    public var occurrence: Int
    /// "random" (the system's generator), "seed" (`--seed`) or "forced" (`--spin-to`).
    public var chosenBy: String
    public var seed: UInt64?
    public var random: Double?
    public var total: Double
    public var from: Double
    public var to: Double
    /// Fingerprint (SHA-256) of the entries as they stood: text, value, weight used, stock left.
    public var oddsHash: String
    /// The winner left the wheel (afterWin "remove").
    public var removed: Bool
    /// The winner's stock after this draw (nil: no limit).
    public var stockLeft: Int?
    /// Entries that could still win after this draw.
    public var remaining: Int
    public var profile: String
    /// Where the wheel came to rest (radians, cumulative clockwise), when it was shown turning.
    public var rotation: Double?
    public var previousHash: String
    public var hash: String
    /// The kiosk that made the draw (`--station`, the config's `station`, else its host name); nil in
    /// a draw recorded before Roundel kept it.
    public var station: String? = nil

    /// The winner's chance at the time, 0…1.
    public var chance: Double { total > 0 ? (to - from) / total : 0 }

    /// The canonical text the hash covers (fields in order, unit-separated). A non-prize adds one
    /// field at the end; a prize adds none, so every draw recorded before there were non-prizes
    /// keeps its hash. So does the station: a field after those when the draw names one.
    var hashedText: String {
        var fields: [String] = [
            previousHash, String(draw), time, String(event), String(round), String(index), text, value.description,
            String(occurrence), chosenBy, seed.map { String($0) } ?? "", random.map { $0.description } ?? "",
            total.description, from.description, to.description, oddsHash, removed ? "1" : "0",
            stockLeft.map { String($0) } ?? "", String(remaining), profile, rotation.map { $0.description } ?? "",
        ]
        if !prize { fields.append("no prize") }
        if let station { fields.append("station " + station) }
        return fields.joined(separator: "\u{1F}")
    }

    /// One JSON object on one line; the time in the local zone with its offset (ISO 8601).
    public var jsonLine: String {
        var line = "{\"draw\":\(draw),\"time\":\(JSONText.string(LocalTime.iso(stored: time))),\"event\":\(event),\"round\":\(round)"
            + ",\"index\":\(index),\"text\":\(JSONText.string(text)),\"value\":\(JSONText.number(value)),\"prize\":\(prize)"
            + ",\"chance\":\(JSONText.number((chance * 1e6).rounded() / 1e6)),\"chosenBy\":\(JSONText.string(chosenBy))"
        if let seed { line += ",\"seed\":\(seed)" }
        if let random { line += ",\"random\":\(JSONText.number(random))" }
        line += ",\"total\":\(JSONText.number(total)),\"from\":\(JSONText.number(from)),\"to\":\(JSONText.number(to))"
        line += ",\"removed\":\(removed)"
        if let stockLeft { line += ",\"stockLeft\":\(stockLeft)" }
        line += ",\"remaining\":\(remaining),\"profile\":\(JSONText.string(profile))"
        if let station { line += ",\"station\":\(JSONText.string(station))" }
        return line + ",\"hash\":\(JSONText.string(hash))}"
    }

    public static let csvHeader = "draw,time,event,round,index,text,value,prize,chance,chosen_by,seed,random,removed,stock_left,remaining,station,hash"

    /// `records` as a CSV file (`history --csv`, the window's Export): the header, then a row a draw
    /// with whether its event is closed, CRLF line ends; `byteOrderMark` first for Excel.
    public static func csv(_ records: [DrawRecord], closed: Set<Int>, byteOrderMark: Bool) -> String {
        var out = (byteOrderMark ? "\u{FEFF}" : "") + csvHeader + ",event_closed\r\n"
        for r in records { out += r.csvRow + "," + (closed.contains(r.event) ? "yes" : "no") + "\r\n" }
        return out
    }

    /// One CSV row (CSVText: RFC 4180, safe to `cat` in a terminal, no formula runs; `--json` has the
    /// exact text). The time is local, ISO 8601 with its offset, as in `jsonLine`.
    public var csvRow: String {
        let fields: [String] = [
            // Every text the file holds goes through CSVText.text: a row edited by hand may hold anything.
            String(draw), CSVText.text(LocalTime.iso(stored: time)), String(event), String(round), String(index), CSVText.text(text),
            JSONText.plain(value), prize ? "yes" : "no", JSONText.plain((chance * 1e6).rounded() / 1e6), CSVText.text(chosenBy),
            seed.map { String($0) } ?? "", random.map { JSONText.plain($0) } ?? "", removed ? "yes" : "no",
            stockLeft.map { String($0) } ?? "", String(remaining), station.map(CSVText.text) ?? "", CSVText.text(hash),
        ]
        return CSVText.row(fields)
    }
}
