// A PNG's chunks checked and trimmed before libpng sees them. libpng allocates what an ancillary
// chunk claims (a tEXt, zTXt, iTXt or iCCP of gigabytes, or one that inflates to them) before it can
// refuse it, and the simplified API cannot lower its limits. Roundel draws pixels only, so every
// ancillary chunk except the few that change them (tRNS, gAMA, sRGB, cHRM, each a few bytes) is
// dropped here, and a chunk that claims more bytes than the file has is reported as truncation.
// The work is one pass over the chunk headers; the bytes are copied only when a chunk is dropped.

let pngSignatureBytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// Ancillary chunks that change the decoded pixels, and the most bytes each may hold.
private let keptAncillary: [String: Int] = ["tRNS": 256, "gAMA": 4, "sRGB": 1, "cHRM": 32]

/// `bytes` with only the chunks libpng needs for the pixels; `name` labels errors. Bytes that do not
/// start with the PNG signature are returned as they are, for libpng to name the problem.
func pixelChunks(_ bytes: [UInt8], name: String) throws(PNGError) -> [UInt8] {
    guard bytes.count >= 8 else {
        if bytes.elementsEqual(pngSignatureBytes.prefix(bytes.count)) {
            throw .unreadable(path: name, reason: bytes.isEmpty ? "file is empty" : "file is truncated (in the PNG signature)")
        }
        return bytes
    }
    guard bytes.prefix(8).elementsEqual(pngSignatureBytes) else { return bytes }
    var ranges: [Range<Int>] = []
    var dropped = false
    var offset = 8
    var sawImageData = false, sawEnd = false
    while offset < bytes.count {
        guard bytes.count - offset >= 12 else {
            throw .unreadable(path: name, reason: "file is truncated (a chunk header is cut at byte \(offset))")
        }
        let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        let typeBytes = bytes[(offset + 4)..<(offset + 8)]
        let type = String(decoding: typeBytes, as: UTF8.self)
        guard length <= 0x7FFF_FFFF else {
            throw .unreadable(path: name, reason: "file is damaged (a chunk at byte \(offset) claims \(length) bytes)")
        }
        let end = offset + 12 + length
        guard end <= bytes.count else {
            throw .unreadable(path: name, reason: "file is truncated (chunk '\(printable(type))' at byte \(offset) claims \(length) bytes, \(bytes.count - offset - 12) are left)")
        }
        let critical = typeBytes.first.map { $0 & 0x20 == 0 } ?? true
        if critical || (keptAncillary[type].map { length <= $0 } ?? false) {
            ranges.append(offset..<end)
        } else {
            dropped = true
        }
        if type == "IDAT" { sawImageData = true }
        offset = end
        if type == "IEND" { sawEnd = true; break }
    }
    guard sawImageData else {
        throw .unreadable(path: name, reason: sawEnd ? "file has no image data (no IDAT chunk)" : "file is truncated (no image data)")
    }
    guard dropped else { return bytes }
    var kept = pngSignatureBytes
    kept.reserveCapacity(ranges.reduce(8) { $0 + $1.count })
    for range in ranges { kept += bytes[range] }
    return kept
}

/// A chunk type as text for a message (letters only; anything else as "?").
private func printable(_ type: String) -> String {
    String(type.unicodeScalars.map { ("A"..."Z").contains($0) || ("a"..."z").contains($0) ? Character($0) : "?" })
}
