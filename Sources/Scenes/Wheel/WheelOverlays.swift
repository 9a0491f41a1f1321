// What the wheel draws over itself: a short note (a paste that could not be used, a list not saved)
// at the top of the frame (at the bottom beside a wheel with its button aside), the entry editor's
// panel (E): the list with the selected row, what has won or sold out, the line being typed with its
// caret, and the keys. Sizes scale with
// the frame (px); text that does not fit ends in "…".
import BitmapFont
import Draws
import Raster

extension WheelScene {
    func drawNote(_ text: String, frame: WheelFrameCache, in canvas: Canvas) {
        // At the top, or clear of the pointer at the bottom when the result and button are beside the
        // wheel (not below it), as the problem panel.
        Note(text: text).draw(in: canvas, fonts: fonts, atBottom: frame.layout.arrangement == .sides)
    }

    func drawEditor(_ editor: EntryEditor, frame: WheelFrameCache, in canvas: Canvas) {
        let w = frame.size.width, h = frame.size.height
        let margin = max(6, 0.03 * min(w, h))
        let panel = Rect(x: (w - min(w - 2 * margin, max(0.55 * w, 320))) / 2, y: margin,
                         width: min(w - 2 * margin, max(0.55 * w, 320)), height: h - 2 * margin)
        let row = max(14, min(40, 0.045 * h))
        let pad = row * 0.6
        canvas.fill(roundedRect(panel, radius: row * 0.5), color: Color(rgb: 0x10141D, alpha: 242))
        let inner = panel.width - 2 * pad
        let titleSize = row * 0.95
        fonts.draw(fonts.fitted(Words.fill(words.entriesCount, String(editor.entries.count)), size: titleSize, width: inner), in: canvas,
                   at: Point(x: panel.minX + pad, y: panel.minY + pad),
                   style: TextStyle(size: titleSize, color: .white, verticalAlignment: .top))

        // Bottom up: the keys, the typed line, a problem with the last key.
        let hintSize = row * 0.55
        let hints = [words.editorTypeHint, words.editorKeysHint, words.editorCloseHint]
        var y = panel.maxY - pad
        for hint in hints.reversed() {
            fonts.draw(fonts.fitted(hint, size: hintSize, width: inner), in: canvas, at: Point(x: panel.minX + pad, y: y),
                       style: TextStyle(size: hintSize, color: Color(rgb: 0x8A93A6), verticalAlignment: .bottom))
            y -= hintSize * 1.35
        }
        let field = Rect(x: panel.minX + pad, y: y - row * 1.5, width: inner, height: row * 1.4)
        canvas.fill(roundedRect(field, radius: row * 0.3), color: Color(rgb: 0x232A3A))
        let textSize = row * 0.7
        let typed = editor.typed
        let typedWidth = fonts.measure(typed, size: textSize).width
        let room = field.width - row
        // The end of a long line stays in view: its start is cut off, the caret stays at the end.
        var visible = typed
        if typedWidth > room, let cut = tail(of: typed, size: textSize, width: room) { visible = cut }
        let textStart = Point(x: field.minX + row * 0.4, y: field.center.y)
        if typed.isEmpty {
            fonts.draw(fonts.fitted(words.typeAName, size: textSize, width: room), in: canvas, at: textStart,
                       style: TextStyle(size: textSize, color: Color(rgb: 0x5C6372), verticalAlignment: .middle))
        } else {
            fonts.draw(visible, in: canvas, at: textStart,
                       style: TextStyle(size: textSize, color: .white, verticalAlignment: .middle))
        }
        let caretX = textStart.x + (typed.isEmpty ? 0 : fonts.measure(visible, size: textSize).width) + 1
        canvas.fill(.rect(Rect(x: caretX, y: field.center.y - textSize * 0.55, width: max(1.5, row * 0.07), height: textSize * 1.1)),
                    color: Color(rgb: 0xF2CC5B))
        var listBottom = field.minY - pad * 0.5
        if let problem = editor.problem {
            fonts.draw(fonts.fitted(problem, size: hintSize, width: inner), in: canvas, at: Point(x: panel.minX + pad, y: listBottom),
                       style: TextStyle(size: hintSize, color: Color(rgb: 0xFF9F43), verticalAlignment: .bottom))
            listBottom -= hintSize * 1.5
        }

        // The list, scrolled so the selected row is in view.
        let listTop = panel.minY + pad + titleSize * 1.6
        let rows = max(1, Int((listBottom - listTop) / row))
        let count = editor.entries.count
        let selected = editor.selection ?? (count - 1)
        let first = max(0, min(count - rows, selected - rows / 2))
        for i in first..<min(count, first + rows) {
            let top = listTop + Double(i - first) * row
            let line = Rect(x: panel.minX + pad * 0.5, y: top, width: panel.width - pad, height: row * 0.92)
            if i == editor.selection { canvas.fill(roundedRect(line, radius: row * 0.25), color: Color(rgb: 0x2B3550)) }
            let size = row * 0.62
            let number = "\(i + 1)."
            let numberWidth = fonts.measure(String(repeating: "0", count: String(count).count) + ".", size: size).width
            fonts.draw(number, in: canvas, at: Point(x: line.minX + pad * 0.5 + numberWidth, y: line.center.y),
                       style: TextStyle(size: size, color: Color(rgb: 0x5C6372), alignment: .right, verticalAlignment: .middle))
            let entry = editor.entries[i]
            var text = entry.text
            if entry.weight != 1 { text += "  ×" + formatted(entry.weight) }
            if !entry.prize { text += "  · " + NamesFile.noPrizeMarker }
            let tag = editor.won[i] ? words.won : editor.soldOut[i] ? words.soldOut : nil
            let textX = line.minX + pad + numberWidth + size * 0.5
            let tagWidth = tag.map { fonts.measure($0, size: size).width + size } ?? 0
            fonts.draw(fonts.fitted(text, size: size, width: line.maxX - textX - tagWidth - pad * 0.5), in: canvas,
                       at: Point(x: textX, y: line.center.y),
                       style: TextStyle(size: size, color: tag == nil ? .white : Color(rgb: 0x8A93A6), verticalAlignment: .middle))
            if let tag {
                fonts.draw(tag, in: canvas, at: Point(x: line.maxX - pad * 0.5, y: line.center.y),
                           style: TextStyle(size: size, color: Color(rgb: 0xF2CC5B), alignment: .right, verticalAlignment: .middle))
            }
        }
    }

    /// The longest end of `text` (whole characters, after "…") that fits `width` px.
    private func tail(of text: String, size: Double, width: Double) -> String? {
        let characters = Array(text)
        var lo = 0, hi = characters.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if fonts.measure("…" + String(characters[mid...]), size: size).width <= width { hi = mid } else { lo = mid + 1 }
        }
        return lo < characters.count ? "…" + String(characters[lo...]) : nil
    }
}
