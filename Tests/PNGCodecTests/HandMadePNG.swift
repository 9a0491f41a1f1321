// A PNG writer for tests that shares nothing with PNGCodec or libpng: CRC-32, Adler-32 and
// uncompressed ("stored") deflate blocks by hand, so fixtures built here check the decoder
// independently and can be deliberately malformed (huge headers, cut short).

/// The bytes of a PNG with the given header fields and raw (unfiltered) rows; `extra` chunks
/// (PLTE, tRNS, …) go between IHDR and IDAT.
func handMadePNG(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8,
                 rows: [[UInt8]], extra: [UInt8] = []) -> [UInt8] {
    var raw: [UInt8] = []
    for row in rows { raw.append(0); raw += row }  // filter type 0 (None) on every row
    return pngSignature
        + pngChunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [bitDepth, colourType, 0, 0, 0])
        + extra + pngChunk("IDAT", zlibStored(raw)) + pngChunk("IEND", [])
}

let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// Length, type, data, CRC-32 of type + data.
func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
}

func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
}

func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

/// A zlib stream of stored deflate blocks (at most 65535 bytes each), then Adler-32.
func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
        let count = min(65535, data.count - start)
        let last: UInt8 = start + count == data.count ? 1 : 0
        let len = UInt16(count), nlen = ~len
        out += [last, UInt8(len & 0xFF), UInt8(len >> 8), UInt8(nlen & 0xFF), UInt8(nlen >> 8)]
        out += data[start..<(start + count)]
        start += count
    } while start < data.count
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
    return out + bigEndian(b << 16 | a)
}
