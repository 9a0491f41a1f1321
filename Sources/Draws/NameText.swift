// What a name may hold: any text but control characters (Unicode's Cc: C0 U+0000–U+001F, DEL
// U+007F and C1 U+0080–U+009F). A control character shows as nothing on the wheel, yet the record
// keeps it and `history` prints it: a NUL cut the stored text short (so an untouched record read as
// altered), an escape or a C1 CSI acts on the terminal of whoever reads the history. Every way a
// name comes in (a names file, a paste or drop, the config's items, the editor) asks here, and
// refuses the name with its place. Bidi marks and other format characters are text (Arabic and
// Hebrew names need them); what prints them escapes those that could mislead a reader.
import Files

public enum NameText {
    /// The first control character of `text`, if it has one.
    public static func firstControlCharacter<S: StringProtocol>(in text: S) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isControl)
    }

    /// Unicode's control characters (general category Cc), by number: the same in every Swift's tables.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Why `text` cannot be a name, for a message after its place: `'Be\u{0}n' has a control
    /// character (U+0000, NUL), which a name cannot have`; nil when it can.
    public static func problem<S: StringProtocol>(_ text: S) -> String? {
        guard let scalar = firstControlCharacter(in: text) else { return nil }
        return "\(MessageText.quoted(text, limit: 60)) has a control character (\(describe(scalar))), which a name cannot have"
    }

    /// "U+001B, escape": the number people search for, and the name of the ones met in practice.
    public static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let number = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let names: [UInt32: String] = [0x00: "NUL", 0x09: "tab", 0x0A: "line feed", 0x0D: "carriage return",
                                       0x1B: "escape", 0x7F: "delete", 0x85: "next line", 0x9B: "CSI"]
        return names[scalar.value].map { number + ", " + $0 } ?? number
    }
}
