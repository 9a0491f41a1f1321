// Which Unicode encoding a names list's bytes are in, and its text as UTF-8. Lists come as UTF-8,
// and as UTF-16 from Notepad and Excel ("Unicode text"), PowerShell 5's `>` and many scripts, now
// and then as UTF-32; with a byte order mark or without. The mark says which. Without one, zero
// bytes do: UTF-8 text has none (a NUL is no name's), while every line feed is 0A 00 or 00 0A in
// UTF-16 and 0A 00 00 00 or 00 00 00 0A in UTF-32, and every ASCII letter has zeros beside it.

enum TextEncoding: Equatable {
    case utf8, utf16LE, utf16BE, utf32LE, utf32BE

    /// As a message names it.
    var name: String {
        switch self {
        case .utf8: return "UTF-8"
        case .utf16LE: return "UTF-16LE"
        case .utf16BE: return "UTF-16BE"
        case .utf32LE: return "UTF-32LE"
        case .utf32BE: return "UTF-32BE"
        }
    }

    /// The encoding of `bytes` and their text as UTF-8 without the byte order mark. The text is nil
    /// when a byte order mark names an encoding the rest is not valid in. UTF-8, and bytes that are
    /// valid text in no other encoding, come back as they are (without a UTF-8 mark): the names
    /// list's own checks then say which line is wrong.
    static func decode(_ bytes: [UInt8]) -> (encoding: TextEncoding, utf8: [UInt8]?) {
        // UTF-32 LE's mark begins with UTF-16 LE's, so it is looked for first.
        let marks: [(TextEncoding, [UInt8])] = [(.utf8, [0xEF, 0xBB, 0xBF]), (.utf32LE, [0xFF, 0xFE, 0, 0]),
                                                (.utf32BE, [0, 0, 0xFE, 0xFF]), (.utf16LE, [0xFF, 0xFE]), (.utf16BE, [0xFE, 0xFF])]
        if let (encoding, mark) = marks.first(where: { bytes.starts(with: $0.1) }) {
            let rest = bytes[mark.count...]
            return (encoding, encoding == .utf8 ? Array(rest) : encoding.text(rest).map { Array($0.utf8) })
        }
        guard bytes.contains(0) else { return (.utf8, bytes) }
        // Line feeds tell UTF-16's byte orders apart (looksLikeAList); for one line without its end,
        // where the zeros fall does: an ASCII letter is 41 00 in little-endian, 00 41 in big-endian.
        // The first 64 KB say it as well as the whole.
        var zerosFirst = 0, zerosSecond = 0
        for i in stride(from: 0, to: min(bytes.count, 1 << 16) - 1, by: 2) where (bytes[i] == 0) != (bytes[i + 1] == 0) {
            if bytes[i] == 0 { zerosFirst += 1 } else { zerosSecond += 1 }
        }
        let utf16: [TextEncoding] = zerosFirst > zerosSecond ? [.utf16BE, .utf16LE] : [.utf16LE, .utf16BE]
        for encoding in [TextEncoding.utf32LE, .utf32BE] + utf16 {
            if let text = encoding.text(bytes[...]), looksLikeAList(text, from: bytes) { return (encoding, Array(text.utf8)) }
        }
        return (.utf8, bytes)
    }

    /// Whether `text`, decoded from `bytes` in a guessed encoding, is that encoding's: no NUL (the
    /// zeros were not its zeros), nothing from planes 4 to 13 (none of them has a character), and
    /// the file's line feeds are line feeds in it. A UTF-16 list read as UTF-32 pairs each character
    /// with the next (a line feed after "A" makes U+A0041, plane 10); one of the wrong byte order
    /// turns each 0A 00 into U+0A00, which is no line feed.
    private static func looksLikeAList(_ text: String, from bytes: [UInt8]) -> Bool {
        var lineFeeds = false
        for scalar in text.unicodeScalars {
            if scalar.value == 0 || (0x4_0000..<0xE_0000).contains(scalar.value) { return false }
            if scalar == "\n" { lineFeeds = true }
        }
        return lineFeeds || !bytes.contains(0x0A)
    }

    /// `bytes` decoded from this encoding, or nil when they are not valid in it.
    private func text(_ bytes: ArraySlice<UInt8>) -> String? {
        switch self {
        case .utf8: return String(validating: bytes, as: UTF8.self)
        case .utf16LE, .utf16BE:
            guard bytes.count % 2 == 0 else { return nil }
            return String(validating: units(of: bytes, as: UInt16.self), as: UTF16.self)
        case .utf32LE, .utf32BE:
            // A UTF-32 character has a zero high byte; most lists fail here, before any copy.
            let high = self == .utf32LE ? 3 : 0
            guard bytes.count % 4 == 0,
                  stride(from: bytes.startIndex + high, to: bytes.endIndex, by: 4).allSatisfy({ bytes[$0] == 0 }) else { return nil }
            return String(validating: units(of: bytes, as: UInt32.self), as: UTF32.self)
        }
    }

    /// The code units of `bytes` (a whole number of them) in this encoding's byte order: copied
    /// whole, swapped only when the byte order is not the machine's (a 16 MB list in a debug build
    /// took seconds unit by unit).
    private func units<Unit: FixedWidthInteger>(of bytes: ArraySlice<UInt8>, as: Unit.Type) -> [Unit] {
        var units = [Unit](repeating: 0, count: bytes.count / MemoryLayout<Unit>.size)
        units.withUnsafeMutableBytes { target in bytes.withUnsafeBytes { target.copyMemory(from: $0) } }
        let bigEndian = self == .utf16BE || self == .utf32BE
        if bigEndian != (Unit(1).bigEndian == 1) {
            for i in units.indices { units[i] = units[i].byteSwapped }
        }
        return units
    }
}
