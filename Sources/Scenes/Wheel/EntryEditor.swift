// The on-screen entry editor's state (E in the window): the list as it will be drawn from, a line
// being typed (any script, from SDL's text input), a selected row. Pure: the wheel draws it and,
// when it closes with changes, records the list as a new round. Entries typed here have weight 1
// and no stock; entries that have won stay listed (marked) unless deleted, so typing a winner's
// name again adds a second, new entry rather than silently reviving the first.
import Draws

struct EntryEditor: Equatable {
    private(set) var entries: [Entry]
    /// Per entry: it has won and left the wheel (afterWin "remove").
    private(set) var won: [Bool]
    /// Per entry: its stock is spent.
    private(set) var soldOut: [Bool]
    private(set) var selection: Int?
    private(set) var typed = ""
    private(set) var changed = false
    /// Why the last key did nothing, shown under the input line until the next key.
    private(set) var problem: String?
    /// The words its problems are said in (the wheel's).
    let words: Words

    /// Longest line accepted from the keyboard, in characters.
    static let typedLimit = 200

    init(standing: Standing, words: Words = .english) {
        self.words = words
        entries = standing.entries
        won = standing.entries.indices.map(standing.isRemoved)
        soldOut = standing.entries.indices.map(standing.isSoldOut)
        selection = entries.isEmpty ? nil : entries.count - 1
    }

    mutating func type(_ text: String) {
        problem = nil
        // A control character (a line end or escape from an input method or a typing tool) is no
        // name's: the text is refused and the note says why, as a list with one would be.
        if let control = NameText.firstControlCharacter(in: text) {
            problem = Words.fill(words.notTyped, NameText.describe(control))
            return
        }
        guard typed.count + text.count <= EntryEditor.typedLimit else {
            problem = Words.fill(words.entryAtMost, String(EntryEditor.typedLimit))
            return
        }
        typed += text
    }

    mutating func deleteBackward() {
        problem = nil
        if !typed.isEmpty { typed.removeLast() }
    }

    /// Enter: the typed line becomes a new entry at the end of the list.
    mutating func submit() {
        problem = nil
        let text = NamesFile.trimmed(typed)
        guard !text.isEmpty else {
            problem = words.typeThenEnter
            return
        }
        guard entries.count < Entry.limit else {
            problem = Words.fill(words.listFull, String(Entry.limit))
            return
        }
        append([Entry(text: text)])
        typed = ""
    }

    /// The lines of a paste (or a dropped file) added at the end; throws the list's problem.
    mutating func add(pasted bytes: [UInt8], name: String) throws(DrawError) {
        problem = nil
        let more = try NamesFile.parse(bytes, name: name)
        guard entries.count + more.count <= Entry.limit else {
            throw DrawError(subject: "names '\(name)'", problem: "the list would pass \(Entry.limit) entries")
        }
        append(more)
    }

    mutating func moveSelection(by delta: Int) {
        problem = nil
        guard !entries.isEmpty else { return }
        selection = min(entries.count - 1, max(0, (selection ?? entries.count) + delta))
    }

    /// Delete: the selected entry leaves the list (the last one cannot: a wheel needs an entry).
    mutating func deleteSelected() {
        problem = nil
        guard let i = selection, entries.indices.contains(i) else { return }
        guard entries.count > 1 else {
            problem = words.needsAnEntry
            return
        }
        entries.remove(at: i)
        won.remove(at: i)
        soldOut.remove(at: i)
        selection = min(i, entries.count - 1)
        changed = true
    }

    private mutating func append(_ more: [Entry]) {
        entries += more
        won += Array(repeating: false, count: more.count)
        soldOut += more.map { $0.stock == 0 }
        selection = entries.count - 1
        changed = true
    }
}
