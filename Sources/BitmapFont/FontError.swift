// The one error a font file can produce: which file, which line (1-based) and what is wrong,
// printed as one line ("roundel: font 'x.bdf' line 12: BITMAP row 'zz' is not hex").
// Parsers throw it for anything a user can write; nothing in this module traps on font input.

public struct FontError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file as the caller named it (a path, or a label for in-memory data).
    public var file: String
    /// 1-based line number, or nil when the problem is the whole file (unreadable, empty).
    public var line: Int?
    /// What is wrong, in words.
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file; self.line = line; self.message = message
    }

    public var description: String {
        if let line { return "roundel: font '\(printable(file))' line \(line): \(printable(message))" }
        return "roundel: font '\(printable(file))': \(printable(message))"
    }
}

/// Printable excerpt of raw bytes for error messages: invalid UTF-8 is repaired, control characters
/// (a newline, an escape sequence) shown as \u{1B} so the message stays one harmless line, long text cut.
func excerpt<Bytes: Collection<UInt8>>(_ bytes: Bytes, limit: Int = 40) -> String {
    let text = printable(String(decoding: bytes.prefix(limit), as: UTF8.self))
    return bytes.count > limit ? text + "…" : text
}

/// `text` with C0 and C1 control characters and DEL written as \u{…}.
func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
        if isControl(scalar) {
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

private func isControl(_ s: Unicode.Scalar) -> Bool { s.value < 0x20 || (0x7F...0x9F).contains(s.value) }
