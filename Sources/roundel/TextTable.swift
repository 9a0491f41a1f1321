// A table for the terminal (`history`): columns with a header, left- or right-aligned, two spaces
// apart, widths in terminal columns (TerminalColumns), so names in any script line up. Cells go in
// as they are shown: the caller escapes what a terminal would act on. No line ends in spaces.

struct TextTable {
    enum Alignment { case left, right }

    struct Column {
        var header: String
        var alignment: Alignment
        var cells: [String]
    }

    var columns: [Column]

    /// The header line and one line a row, each ending in a line feed.
    var text: String {
        let rows = columns.map(\.cells.count).max() ?? 0
        let widths = columns.map { column in max(column.header.terminalColumns, column.cells.map(\.terminalColumns).max() ?? 0) }
        var out = ""
        func line(_ cell: (Column) -> String) {
            var parts: [String] = []
            for (column, width) in zip(columns, widths) {
                let text = cell(column)
                let pad = String(repeating: " ", count: max(0, width - text.terminalColumns))
                parts.append(column.alignment == .left ? text + pad : pad + text)
            }
            var joined = parts.joined(separator: "  ")
            while joined.last == " " { joined.removeLast() }
            out += joined + "\n"
        }
        line(\.header)
        for row in 0..<rows { line { $0.cells.indices.contains(row) ? $0.cells[row] : "" } }
        return out
    }
}
