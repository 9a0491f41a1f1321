// GNU Unifont `.hex` fonts: one glyph per line, "XXXX:" code point then 32, 64, 96 or 128 hex digits
// (8, 16, 24 or 32 px wide, always 16 px tall; ascent 14, descent 2). Unifont's file is 3.7 MB with
// 57 000 lines, so it is never parsed whole. A user's file gets one validating pass (errors name the
// line) that records each line's code point and offset; the system Unifont is taken on trust and
// binary-searched line by line, so loading it costs only reading the file. Bits are decoded on demand.

struct HexIndex: Sendable {
    static let ascent = 14, descent = 2, height = 16

    private let bytes: [UInt8]
    /// Sorted code points and, at the same index, the offset of the line's first hex digit
    /// (low 32 bits) and its digit count (upper bits). Empty for an unchecked file, which is
    /// binary-searched line by line instead (it must be sorted, as GNU Unifont's files are).
    private let codes: [UInt32]
    private let locations: [UInt64]
    private let isChecked: Bool

    /// A file taken on trust: nothing is parsed until a glyph is asked for, then the line is found
    /// by binary search over the bytes and checked; a bad or unsorted line only makes glyphs missing.
    init(uncheckedSortedBytes bytes: [UInt8]) {
        self.bytes = bytes; codes = []; locations = []; isChecked = false
    }

    init(bytes: [UInt8], name: String) throws(FontError) {
        var codes: [UInt32] = []
        var locations: [UInt64] = []
        codes.reserveCapacity(bytes.count / 36)
        locations.reserveCapacity(bytes.count / 36)
        // Through a Result: typed throws through withUnsafeBufferPointer arrived only in Swift 6.1,
        // and a Raspberry Pi's Debian has 6.0.3.
        let sorted = try bytes.withUnsafeBufferPointer { buf in
            Result { () throws(FontError) -> Bool in try HexIndex.scan(buf, name: name, codes: &codes, locations: &locations) }
        }.get()
        guard !codes.isEmpty else { throw FontError(file: name, line: nil, message: "no glyphs (empty .hex file)") }
        if !sorted {
            // Stable sort, then keep the first line for each code point.
            let order = codes.indices.sorted { codes[$0] != codes[$1] ? codes[$0] < codes[$1] : $0 < $1 }
            var c: [UInt32] = [], l: [UInt64] = []
            for i in order where c.last != codes[i] { c.append(codes[i]); l.append(locations[i]) }
            codes = c; locations = l
        }
        self.bytes = bytes; self.codes = codes; self.locations = locations; isChecked = true
    }

    /// The validating pass: appends each glyph line's code point and location; returns whether the
    /// code points were strictly increasing. Measured on Unifont (3.7 MB, release, busy 2-core VM): 12–20 ms.
    private static func scan(_ buf: UnsafeBufferPointer<UInt8>, name: String,
                             codes: inout [UInt32], locations: inout [UInt64]) throws(FontError) -> Bool {
        func fail(_ line: Int, _ message: String) -> FontError { FontError(file: name, line: line, message: message) }
        var sorted = true
        var previous: Int64 = -1
        var i = 0, line = 0
        let n = buf.count
        while i < n {
            line += 1
            let start = i
            while i < n && buf[i] != 10 { i += 1 }
            var end = i
            i += 1
            if end > start && buf[end - 1] == 13 { end -= 1 }
            if end == start || buf[start] == UInt8(ascii: "#") { continue }
            var p = start, code: UInt32 = 0
            while p < end, buf[p] != UInt8(ascii: ":") {
                guard let v = hexValue(buf[p]), p - start < 6 else {
                    throw fail(line, "'\(excerpt(buf[start..<end]))' does not start with a hex code point and ':'")
                }
                code = code << 4 | UInt32(v); p += 1
            }
            guard p < end, p > start else { throw fail(line, "'\(excerpt(buf[start..<end]))' has no ':' after the code point") }
            guard code <= 0x10FFFF else {
                throw fail(line, "code point \(String(code, radix: 16, uppercase: true)) is beyond U+10FFFF")
            }
            let dataStart = p + 1, digits = end - dataStart
            guard digits > 0, digits % 32 == 0, digits <= 128 else {
                throw fail(line, "glyph data is \(digits) hex digits, expected 32, 64, 96 or 128 (8–32 px wide, 16 tall)")
            }
            var q = dataStart
            while q < end {
                let c = buf[q] | 0x20   // ASCII letters to lower case; digits unchanged
                guard (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66), buf[q] != 0x10 else { break }
                q += 1
            }
            if q < end || buf[dataStart..<end].contains(where: { hexValue($0) == nil }) {
                throw fail(line, "glyph data '\(excerpt(buf[dataStart..<end]))' is not hex")
            }
            if Int64(code) <= previous { sorted = false }
            previous = Int64(code)
            codes.append(code)
            locations.append(UInt64(dataStart) | UInt64(digits) << 32)
        }
        return sorted
    }

    /// Glyph count (for an unchecked file: its line count).
    var count: Int { isChecked ? codes.count : bytes.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }

    /// Offset of the first hex digit and the digit count of `code`'s line.
    private func location(of code: UInt32) -> (start: Int, digits: Int)? {
        if isChecked {
            guard let i = find(code) else { return nil }
            return (Int(locations[i] & 0xFFFF_FFFF), Int(locations[i] >> 32))
        }
        return bytes.withUnsafeBufferPointer { buf -> (start: Int, digits: Int)? in
            var lo = 0, hi = buf.count   // both always at line starts
            while lo < hi {
                var s = (lo + hi) / 2
                while s > lo && buf[s - 1] != 10 { s -= 1 }
                var e = s, c: UInt32 = 0, colon = -1
                while e < buf.count && buf[e] != 10 {
                    if colon < 0 {
                        if buf[e] == UInt8(ascii: ":") { colon = e } else if let v = hexValue(buf[e]), e - s < 6 { c = c << 4 | UInt32(v) } else { colon = -2 }
                    }
                    e += 1
                }
                if colon >= 0 && c == code {
                    var end = e
                    if end > colon + 1 && buf[end - 1] == 13 { end -= 1 }
                    let digits = end - colon - 1
                    guard digits > 0, digits % 32 == 0, digits <= 128,
                          !buf[(colon + 1)..<end].contains(where: { hexValue($0) == nil }) else { return nil }
                    return (colon + 1, digits)
                }
                if colon >= 0 && c > code { hi = s } else { lo = e + 1 }
            }
            return nil
        }
    }

    private func find(_ code: UInt32) -> Int? {
        var lo = 0, hi = codes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if codes[mid] < code { lo = mid + 1 } else { hi = mid }
        }
        return lo < codes.count && codes[lo] == code ? lo : nil
    }

    func advance(for code: UInt32) -> Int? {
        location(of: code).map { $0.digits / 4 }
    }

    func glyph(for code: UInt32) -> Glyph? {
        guard let (start, digits) = location(of: code) else { return nil }
        let width = digits / 4, height = HexIndex.height
        let digitsPerRow = width / 4
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for d in 0..<digitsPerRow {
                let nibble = hexValue(bytes[start + y * digitsPerRow + d]) ?? 0
                for bit in 0..<4 where nibble & (8 >> bit) != 0 { pixels[y * width + d * 4 + bit] = 1 }
            }
        }
        return Glyph(width: width, height: height, left: 0, bottom: -HexIndex.descent, advance: width, pixels: pixels)
    }
}
