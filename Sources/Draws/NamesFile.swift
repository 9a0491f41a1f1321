// Names lists: a names file (`--names`, `wheel.itemsFile`), a paste or a dropped file. Text in UTF-8
// (or UTF-16 or UTF-32, with a byte order mark or without: TextEncoding), one entry per line; blank
// lines and lines starting with # are ignored; `text<TAB>weight` gives an entry a weight (chance ∝
// weight; a line without a tab has weight 1), and a field `no prize` after a tab marks a slice that
// wins nothing (`Try again<TAB>no prize`, `Try again<TAB>3<TAB>no prize`): after a tab, where no
// name can be, and in words a teacher types. Spaces around the fields are trimmed; lines end in LF,
// CR LF or a lone CR (classic Mac text), as an editor shows them. A name holds no control character
// (NameText). Every problem names the list and the line:
// `roundel: names 'class.txt': line 7: weight 'lots' is not a number (use 0 or more, …)`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

public enum NamesFile {
    /// More lines than this is refused (a wheel of 100 000 names is already past reading).
    public static let lineLimit = 100_000
    /// Files larger than this are refused before they are read.
    public static let byteLimit = 16 << 20

    /// Reads and parses the names file at `path`.
    public static func load(path: String) throws(DrawError) -> [Entry] {
        try parse(try readBytes(path: path), name: path)
    }

    /// The bytes of a names file (a regular file of at most `byteLimit` bytes), not yet parsed.
    public static func readBytes(path: String) throws(DrawError) -> [UInt8] {
        do { return try RegularFile.read(path, limit: byteLimit) } catch { throw .names(path, error.problem) }
    }

    /// Parses a whole list's bytes; `name` only names it in messages ("the clipboard", a path).
    public static func parse(_ bytes: [UInt8], name: String) throws(DrawError) -> [Entry] {
        let (encoding, utf8) = TextEncoding.decode(bytes)
        guard let text = utf8 else {
            throw .names(name, "starts with a \(encoding.name) byte order mark but is not \(encoding.name) text (save the list as UTF-8)")
        }
        var entries: [Entry] = []
        var lineNumber = 0
        var sawWeight = false
        for line in Lines(text: text) {
            lineNumber += 1
            guard lineNumber <= lineLimit else {
                throw .names(name, "more than \(lineLimit) lines (at most \(lineLimit) entries a list)")
            }
            guard let decoded = String(validating: line, as: UTF8.self) else {
                throw .names(name, "line \(lineNumber) is not UTF-8 text (save the list as UTF-8)")
            }
            let trimmed = trimmingSpaces(decoded)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = decoded.split(separator: "\t", omittingEmptySubsequences: false)
            let entryText = trimmingSpaces(String(fields[0]))
            // After the text: a weight and the marker, in either order; empty fields (a spreadsheet's
            // trailing cells) are nothing.
            let after = fields.dropFirst().map { trimmingSpaces(String($0)) }.filter { !$0.isEmpty }
            guard !entryText.isEmpty else {
                let what = after.allSatisfy(isNoPrizeMarker) ? MessageText.quoted(noPrizeMarker) : "a weight"
                throw .names(name, "line \(lineNumber) has \(what) but no text before the tab")
            }
            if let problem = NameText.problem(entryText) {
                // A NUL in a name: most likely a file in another encoding, or not text at all.
                let hint = entryText.unicodeScalars.contains("\0") ? " (save the list as UTF-8 text)" : ""
                throw .names(name, "line \(lineNumber): " + problem + hint)
            }
            guard entries.count < Entry.limit else {
                throw .names(name, "more than \(Entry.limit) entries (line \(lineNumber)); a wheel takes at most \(Entry.limit)")
            }
            var entry = Entry(text: entryText)
            var weightField: String?
            for field in after {
                if isNoPrizeMarker(field) {
                    guard entry.prize else { throw .names(name, "line \(lineNumber) says \(MessageText.quoted(noPrizeMarker)) twice") }
                    entry.prize = false
                    continue
                }
                guard let weight = parseWeight(field) else {
                    // A number below 0 is one, just not a weight; anything else is not a number.
                    let what = parseWeight(field.hasPrefix("-") ? String(field.dropFirst()) : "") != nil ? "is below 0" : "is not a number"
                    throw .names(name, "line \(lineNumber): weight \(MessageText.quoted(field)) \(what) "
                                 + "(use 0 or more, like 2 or 0.5; or \(MessageText.quoted(noPrizeMarker)) for a slice that wins nothing)")
                }
                if let first = weightField {
                    throw .names(name, "line \(lineNumber) has two weights (\(MessageText.quoted(first)) and \(MessageText.quoted(field))); "
                                 + "use text<TAB>weight, and <TAB>\(noPrizeMarker) for a slice that wins nothing")
                }
                weightField = field
                entry.weight = weight
                sawWeight = true
            }
            entries.append(entry)
        }
        guard !entries.isEmpty else {
            throw .names(name, "has no entries (one per line; blank lines and lines starting with # are ignored)")
        }
        if sawWeight, !entries.contains(where: { $0.weight > 0 }) {
            throw .names(name, "every weight is 0, so nobody could win")
        }
        return entries
    }

    /// The field that marks an entry as no prize (in any case, spaces between the words as typed).
    public static let noPrizeMarker = "no prize"

    static func isNoPrizeMarker(_ field: String) -> Bool {
        field.lowercased().split(whereSeparator: { $0 == " " }).joined(separator: " ") == noPrizeMarker
    }

    /// A finite decimal number ≥ 0 as people write it ("2", "0.5", "1e3"); not "inf", "nan" or hex.
    static func parseWeight(_ text: String) -> Double? {
        guard text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x65 || $0 == 0x45 || $0 == 0x2B || $0 == 0x2D }),
              let x = Double(text), x.isFinite, x >= 0 else { return nil }
        return x
    }
}

extension NamesFile {
    /// `text` without spaces (Unicode Zs) and tabs at either end, scalar by scalar, as Foundation's
    /// `trimmingCharacters(in: .whitespaces)` does (a spreadsheet's trailing empty cells are tabs).
    public static func trimmed(_ text: String) -> String { trimmingSpaces(text) }
}

/// See `NamesFile.trimmed`.
func trimmingSpaces(_ text: String) -> String {
    func isSpace(_ u: Unicode.Scalar) -> Bool { u == "\t" || u.properties.generalCategory == .spaceSeparator }
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isSpace($0) }),
          let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
    return String(scalars[first...last])
}


/// The lines of a text without their ends (LF, CR LF or CR), one at a time (a 16 MB list of empty
/// lines is not first made into millions of slices); a last line without an end counts.
struct Lines: Sequence, IteratorProtocol {
    let text: [UInt8]
    private var start = 0
    private var done = false

    init(text: [UInt8]) { self.text = text }

    mutating func next() -> ArraySlice<UInt8>? {
        guard !done else { return nil }
        var i = start
        while i < text.count, text[i] != UInt8(ascii: "\n"), text[i] != UInt8(ascii: "\r") { i += 1 }
        let line = text[start..<i]
        if i == text.count {
            done = true
        } else {
            start = text[i] == UInt8(ascii: "\r") && i + 1 < text.count && text[i + 1] == UInt8(ascii: "\n") ? i + 2 : i + 1
        }
        return line
    }
}
