// How many terminal columns a text takes, so `history` lines its table up under names in any script:
// East Asian Wide and Fullwidth characters (Chinese, Japanese, Korean Hangul, most emoji) take two,
// combining marks and other zero-width characters none. Counted per Character (grapheme cluster), as
// a terminal draws it: "e" with a combining acute is one column, a Hangul syllable in jamo two.
// A table here rather than the C library's wcwidth: that answers by the process's locale (-1 for
// every non-ASCII character in the "C" locale Roundel runs in, as it never calls setlocale) and by
// the libc's Unicode version, so the same history would line up on one machine and not on the next.
// The ranges are Unicode's EastAsianWidth.txt W and F (14.0, from Python's unicodedata), with the gaps
// of unassigned code points between them joined, planes 2 and 3 wide throughout (as the file has
// unassigned CJK code points) and the emoji block 1FA70–1FAFF whole (as Unicode 15 fills it).

extension String {
    /// Columns this text takes on a terminal.
    var terminalColumns: Int { reduce(0) { $0 + $1.terminalColumns } }

    /// Padded with spaces to `columns` terminal columns (a wider text is left whole).
    func padded(toColumns columns: Int) -> String {
        let width = terminalColumns
        return width >= columns ? self : self + String(repeating: " ", count: columns - width)
    }
}

extension Character {
    /// 2 when any scalar is wide, or when it is an emoji shown as one (U+FE0F after it, UTS #51) or a
    /// flag (a pair of regional indicators); 0 when every scalar is zero-width (a combining mark or
    /// format character alone); else 1.
    var terminalColumns: Int {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: \.isWide) { return 2 }
        if first.properties.isEmoji && scalars.contains("\u{FE0F}") { return 2 }
        if (0x1F1E6...0x1F1FF).contains(first.value) && scalars.count > 1 { return 2 }
        return scalars.allSatisfy(\.isZeroWidth) ? 0 : 1
    }
}

extension Unicode.Scalar {
    /// East Asian Wide or Fullwidth: a binary search of `wideRanges`.
    var isWide: Bool {
        guard value >= 0x1100 else { return false }
        var low = 0, high = wideRanges.count
        while low < high {
            let middle = (low + high) / 2
            if wideRanges[middle].upperBound < value { low = middle + 1 } else { high = middle }
        }
        return low < wideRanges.count && wideRanges[low].contains(value)
    }

    /// Takes no column of its own: nonspacing and enclosing marks, format characters (zero-width
    /// joiner and space, direction marks), controls, and Hangul medial vowels and final consonants.
    var isZeroWidth: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return true
        default: return (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value)
        }
    }
}

/// East Asian Wide (W) and Fullwidth (F) code points, sorted, not overlapping.
private let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
    0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
    0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
    0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
    0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
    0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x1B2FB, 0x1F004...0x1F004,
    0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F320, 0x1F32D...0x1F335,
    0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0,
    0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D,
    0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4,
    0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6DF,
    0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
    0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD
]
