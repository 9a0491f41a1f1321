// Text for a CSV file a spreadsheet opens (RFC 4180) that is also safe to `cat` in a terminal: what
// would act on the terminal (control characters, bidi embeddings, overrides and isolates) written as
// a visible escape, `\u{1B}`, `\t`, `\u{202E}`, as `history`'s table shows it; a text starting with
// = + - @ gets a leading apostrophe, so a spreadsheet shows it instead of running it as a formula.
import Files

public enum CSVText {
    /// A text field: escaped, then the formula apostrophe (a tab or CR that a spreadsheet could strip
    /// to reach a formula is `\t`, `\r` by then).
    public static func text(_ text: String) -> String {
        let shown = MessageText.escaped(text)
        guard let first = shown.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) else { return shown }
        return "'" + shown
    }

    /// A field as RFC 4180 writes it: quoted when it holds a comma, quote or line break, quotes doubled.
    public static func field(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }

    /// One row: the fields as `field` writes them, comma-separated (no line end).
    public static func row(_ fields: [String]) -> String { fields.map(field).joined(separator: ",") }
}
