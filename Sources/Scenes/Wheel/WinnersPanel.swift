// The winners panel (H or the list button in the window): this event's draws, newest first, each with
// its number, the winner, the local time and the stock left where there is stock, scrolled a line at
// a time (↑ ↓, the mouse wheel, the ▲ ▼ buttons) for hundreds; Export writes them as CSV and says
// where, and Undo takes back the latest removal. Pure: built from the draws read when it opens, laid
// out for a frame size; the wheel carries out what it asks. Sizes in frame px.
import Draws
import Raster

enum WinnersControl: Hashable {
    case close, up, down, export, undo, done
}

struct WinnersPanel: Equatable {
    /// This event's draws, newest first.
    let draws: [DrawRecord]
    /// The event they belong to.
    let event: Int
    /// What Undo would do ("Put Ann back"); nil: nothing to undo.
    var undoLabel: String?
    /// The first draw shown (scrolling).
    var first = 0
    var focused: WinnersControl?
    /// The words it shows (the wheel's).
    var words = Words.english

    enum Request: Equatable { case none, close, export, undo }

    /// Rows that fit on a frame of `size`.
    static func rowCount(for size: Size) -> Int {
        let layout = WinnersPanel.metrics(size)
        return max(1, Int((layout.frame.height - layout.row * 3.6) / layout.row))
    }

    private static func metrics(_ size: Size) -> (frame: Rect, row: Double) {
        let margin = max(6, 0.03 * min(size.width, size.height))
        let row = max(22, min(46, 0.06 * min(size.width, size.height)))
        let width = min(size.width - 2 * margin, max(min(380, size.width - 2 * margin), min(760, 0.66 * size.width)))
        let height = size.height - 2 * margin
        return (Rect(x: (size.width - width) / 2, y: margin, width: width, height: height), row)
    }

    func panel(for size: Size) -> ControlPanel<WinnersControl> {
        let (frame, row) = WinnersPanel.metrics(size)
        let pad = row * 0.5
        let inner = frame.width - 2 * pad
        var controls: [Control<WinnersControl>] = []
        let winners = draws.filter { $0.prize }.count
        let title = draws.isEmpty ? words.winners : words.winnersOfDraws(draws.count, String(winners), String(draws.count))
        controls.append(Control(.heading(title), frame: Rect(x: frame.minX + pad, y: frame.minY + pad * 0.6, width: inner - row, height: row)))
        controls.append(Control(.button("×", prominent: false), id: .close,
                                frame: Rect(x: frame.maxX - pad - row * 0.9, y: frame.minY + pad * 0.6 + row * 0.05, width: row * 0.9, height: row * 0.9)))
        let listTop = frame.minY + pad * 0.6 + row * 1.3
        let rows = WinnersPanel.rowCount(for: size)
        let scrolls = draws.count > rows
        let listWidth = inner - (scrolls ? row * 1.1 : 0)
        if draws.isEmpty {
            controls.append(Control(.text(words.noDrawsYet, secondary: true),
                                    frame: Rect(x: frame.minX + pad, y: listTop, width: inner, height: row)))
        }
        for (k, draw) in draws.dropFirst(first).prefix(rows).enumerated() {
            var columns = ["\(draw.draw).  \(draw.text)", WinnersPanel.clock(draw.time)]
            columns.append(draw.stockLeft.map { Words.fill(words.left, String($0)) } ?? (draw.removed ? words.offWheel : ""))
            controls.append(Control(.row(columns, dimmed: !draw.prize),
                                    frame: Rect(x: frame.minX + pad, y: listTop + Double(k) * row, width: listWidth, height: row)))
        }
        if scrolls {
            let x = frame.maxX - pad - row
            controls.append(Control(.button("▲", prominent: false), id: .up, frame: Rect(x: x, y: listTop, width: row, height: row)))
            controls.append(Control(.button("▼", prominent: false), id: .down,
                                    frame: Rect(x: x, y: listTop + Double(rows - 1) * row, width: row, height: row)))
        }
        let gap = row * 0.3
        let y = frame.maxY - pad - row * 0.95
        var buttons: [(String, WinnersControl, Bool)] = [(words.exportCSV, .export, false)]
        if let undoLabel { buttons.append((undoLabel, .undo, false)) }
        buttons.append((words.done, .done, true))
        let width = (inner - gap * Double(buttons.count - 1)) / Double(buttons.count)
        for (k, (label, id, prominent)) in buttons.enumerated() {
            controls.append(Control(.button(label, prominent: prominent), id: id,
                                    frame: Rect(x: frame.minX + pad + Double(k) * (width + gap), y: y, width: width, height: row * 0.95)))
        }
        var panel = ControlPanel(frame: frame, controls: controls, focus: nil, textSize: row * 0.5)
        if let focused { panel.focus(on: focused) }
        return panel
    }

    /// Scrolls `lines` rows (negative: up), within the list.
    mutating func scroll(by lines: Int, rows: Int) {
        first = max(0, min(max(0, draws.count - rows), first + lines))
    }

    mutating func apply(_ action: ControlAction<WinnersControl>, rows: Int) -> Request {
        switch action {
        case .press(.close), .press(.done): return .close
        case .press(.up): scroll(by: -max(1, rows - 1), rows: rows)
        case .press(.down): scroll(by: max(1, rows - 1), rows: rows)
        case .press(.export): return .export
        case .press(.undo): return .undo
        default: break
        }
        return .none
    }

    /// "14:05" from a stored time, in the local zone.
    static func clock(_ stored: String) -> String {
        guard let local = LocalTime(stored: stored) else { return stored }
        return String(local.clock.prefix(5))
    }
}
