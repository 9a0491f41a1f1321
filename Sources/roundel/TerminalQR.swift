// A QR code drawn in a terminal: two rows of modules a character (Unicode half blocks ▀ ▄ █), with
// the 4-module quiet zone a scanner needs. Light modules are the blocks and dark ones spaces, so the
// code is right on a dark terminal (most); on a terminal, colours make it right on a light one too
// (white blocks on black), while a file or pipe gets the characters alone.
import QR

enum TerminalQR {
    /// The quiet zone's width in modules, on every side.
    static let quietZone = 4

    /// The lines of `code` (no colours), each ending in "\n".
    static func lines(_ code: QRCode) -> [String] {
        let first = -quietZone, last = code.size + quietZone   // rows and columns first..<last
        var lines: [String] = []
        for top in stride(from: first, to: last, by: 2) {
            var line = ""
            for x in first..<last {
                let upper = !code[x, top], lower = top + 1 < last && !code[x, top + 1]   // light: drawn
                line += upper ? (lower ? "\u{2588}" : "\u{2580}") : (lower ? "\u{2584}" : " ")
            }
            lines.append(line + "\n")
        }
        return lines
    }

    /// The whole text; `colours`: each line in bright white on black (ANSI), for a terminal.
    static func text(_ code: QRCode, colours: Bool) -> String {
        lines(code).map { colours ? "\u{1B}[97;40m" + $0.dropLast() + "\u{1B}[0m\n" : $0 }.joined()
    }
}
