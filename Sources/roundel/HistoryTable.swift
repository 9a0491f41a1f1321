// `history`'s tables a person reads: the draws of each event (draw, local time, round, winner, and
// value, stock left and prize only where the event has them, so a class list is not a page of
// "value 0"), and `--summary`'s entries of each event with its totals. Times are local, with the
// zone and offset in the header, or on each row when an event spans a change of offset (daylight
// saving). Names and anything else from the file are escaped as the terminal must see them.
import Draws
import Files

enum HistoryTable {
    /// Every draw, oldest first, events apart. `stations`: a station column (a record several kiosks
    /// share); else one only where the draws name more than one station.
    static func draws(_ records: [DrawRecord], closed: Set<Int>, stations: Bool = false) -> String {
        guard !records.isEmpty else { return "No draws yet.\n" }
        var out = ""
        var start = 0
        while start < records.count {
            let event = records[start].event
            var end = start
            while end < records.count, records[end].event == event { end += 1 }
            out += (out.isEmpty ? "" : "\n") + heading(event, closed: closed) + "\n" + section(records[start..<end], stations: stations)
            start = end
        }
        return out
    }

    static func heading(_ event: Int, closed: Set<Int>) -> String { "Event \(event)" + (closed.contains(event) ? " (closed)" : "") }

    /// One event's draws as a table.
    static func section(_ records: ArraySlice<DrawRecord>, stations: Bool = false) -> String {
        let times = records.map { LocalTime(stored: $0.time) }
        let offsets = Set(times.compactMap { $0?.offsetSeconds })
        let oneOffset = offsets.count == 1 && !times.contains(nil)
        let timeCells = zip(records, times).map { record, time in
            guard let time else { return MessageText.escaped(record.time) }   // a row edited by hand
            return oneOffset ? time.dateAndClock : time.dateAndClock + " " + time.offset
        }
        let timeHeader = oneOffset ? times.first.flatMap { $0 }.map(header(for:)) ?? "time" : "time (local)"
        var columns = [
            TextTable.Column(header: "draw", alignment: .right, cells: records.map { String($0.draw) }),
            TextTable.Column(header: timeHeader, alignment: .left, cells: timeCells),
            TextTable.Column(header: "round", alignment: .right, cells: records.map { String($0.round) }),
            // Control characters (a tab, an escape sequence from a pasted list) escaped, so they
            // neither break the columns nor act on the terminal.
            TextTable.Column(header: "winner", alignment: .left, cells: records.map { MessageText.escaped($0.text) }),
        ]
        if stations || Set(records.compactMap(\.station)).count > 1 {
            columns.append(TextTable.Column(header: "station", alignment: .left, cells: records.map { $0.station.map { MessageText.escaped($0) } ?? "-" }))
        }
        if records.contains(where: { $0.value != 0 }) {
            columns.append(TextTable.Column(header: "value", alignment: .right, cells: records.map { JSONText.plain($0.value) }))
        }
        if records.contains(where: { $0.stockLeft != nil }) {
            columns.append(TextTable.Column(header: "left", alignment: .right, cells: records.map { $0.stockLeft.map { String($0) } ?? "-" }))
        }
        if records.contains(where: { !$0.prize }) {
            columns.append(TextTable.Column(header: "prize", alignment: .left, cells: records.map { $0.prize ? "yes" : "no" }))
        }
        return TextTable(columns: columns).text
    }

    /// "time (UTC)", "time (KST, UTC+09:00)", or "time (UTC+03:00)" for a zone whose abbreviation is
    /// a number.
    static func header(for time: LocalTime) -> String {
        if time.offsetSeconds == 0, ["UTC", "GMT", "", "Z"].contains(time.zone) { return "time (UTC)" }
        let named = !time.zone.isEmpty && time.zone.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) }
        return "time (" + (named ? time.zone + ", " : "") + "UTC" + time.offset + ")"
    }

    /// `--summary`: each event's entries (won, stock left, prize) and its totals.
    static func summaries(_ summaries: [EventSummary], closed: Set<Int>) -> String {
        guard !summaries.isEmpty else { return "No draws yet.\n" }
        var out = ""
        for summary in summaries {
            out += (out.isEmpty ? "" : "\n") + heading(summary.event, closed: closed) + "\n"
            let lines = summary.lines
            var columns = [
                TextTable.Column(header: "entry", alignment: .left, cells: lines.map { MessageText.escaped($0.text) }),
                TextTable.Column(header: "won", alignment: .right, cells: lines.map { String($0.won) }),
            ]
            if lines.contains(where: { $0.stockLeft != nil }) {
                columns.append(TextTable.Column(header: "left", alignment: .right, cells: lines.map { $0.stockLeft.map { String($0) } ?? "-" }))
            }
            let hasNonPrizes = lines.contains { !$0.prize } || summary.noPrize > 0
            if hasNonPrizes {
                columns.append(TextTable.Column(header: "prize", alignment: .left, cells: lines.map { $0.prize ? "yes" : "no" }))
            }
            if !lines.isEmpty { out += TextTable(columns: columns).text }
            out += "draws \(summary.draws), winners \(summary.winners), prizes given \(summary.prizesGiven)"
                + (hasNonPrizes ? ", no prize \(summary.noPrize)" : "") + "\n"
        }
        return out
    }
}
