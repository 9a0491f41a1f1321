// Interlaced 16-bit PNGs, rewritten without interlacing before libpng decodes them. libpng's simplified
// API returns every other row garbage when it reduces such an image to 8 bits (libpng issue 853:
// png_image_read_direct_scaled copies a whole scratch row per pass; Debian's 1.6.39 security update
// carries it, so a Raspberry Pi does too). Here the image's own data are inflated, unfiltered and
// put together from the seven Adam7 passes, then stored again as one non-interlaced IDAT with every
// other chunk (gAMA, sRGB, iCCP, tRNS, …) kept in place, so libpng converts exactly as it does for
// the same image saved without interlacing. Anything unexpected returns nil, and libpng decodes the
// original bytes and reports what is wrong with them.

import CPNG

/// The PNG signature followed by the IHDR chunk's length and type: the first 16 bytes of a PNG.
private let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
/// Signature, IHDR length and type, its 13 bytes of data and CRC.
let pngHeaderLength = 33

/// What the header (at least `pngHeaderLength` bytes of the file) says, when it is a 16-bit Adam7 image.
struct InterlacedSixteenBitHeader {
    let width: Int, height: Int
    /// Bytes per pixel: 2 per channel (gray 1, gray+alpha 2, RGB 3, RGBA 4 channels).
    let pixelBytes: Int

    init?<Bytes: RandomAccessCollection>(_ header: Bytes) where Bytes.Element == UInt8, Bytes.Index == Int {
        guard header.count >= pngHeaderLength else { return nil }
        let b = Array(header.prefix(pngHeaderLength))
        guard Array(b[0..<8]) == signature, b[12...15].elementsEqual("IHDR".utf8) else { return nil }
        func word(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        let channels: [UInt8: Int] = [0: 1, 2: 3, 4: 2, 6: 4]
        // Bit depth 16, a known colour type, compression 0, filter 0, interlace 1 (Adam7).
        guard b[24] == 16, let n = channels[b[25]], b[26] == 0, b[27] == 0, b[28] == 1 else { return nil }
        width = word(16)
        height = word(20)
        pixelBytes = 2 * n
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20 else { return nil }
    }

    /// The Adam7 passes: first column, first row, column step, row step.
    static let passes: [(x: Int, y: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    /// A pass's size in pixels (0 when it holds none).
    func size(of pass: (x: Int, y: Int, dx: Int, dy: Int)) -> (width: Int, height: Int) {
        let w = width > pass.x ? (width - pass.x + pass.dx - 1) / pass.dx : 0
        let h = height > pass.y ? (height - pass.y + pass.dy - 1) / pass.dy : 0
        return w == 0 || h == 0 ? (0, 0) : (w, h)
    }

    /// Bytes of filtered data: each row of each pass with its filter byte.
    var interlacedBytes: Int {
        Self.passes.reduce(0) { sum, pass in
            let s = size(of: pass)
            return sum + s.height * (1 + s.width * pixelBytes)
        }
    }
}

/// `png` (a whole file) as the same image without interlacing, or nil when it is not a 16-bit
/// interlaced PNG or its data are not what its header promises.
func deinterlacedSixteenBit(_ png: [UInt8]) -> [UInt8]? {
    guard let header = InterlacedSixteenBitHeader(png) else { return nil }
    // The chunks: everything but IDAT kept as it is (IHDR changed), the IDAT data joined.
    var before: [ArraySlice<UInt8>] = [], after: [ArraySlice<UInt8>] = []
    var compressed: [UInt8] = []
    var i = 8, seenData = false
    while i + 12 <= png.count {
        let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
        guard length < 1 << 31, i + 12 + length <= png.count else { return nil }
        let type = png[(i + 4)..<(i + 8)]
        let chunk = png[i..<(i + 12 + length)]
        if type.elementsEqual("IDAT".utf8) {
            guard after.isEmpty else { return nil }   // IDAT chunks must be consecutive
            compressed += png[(i + 8)..<(i + 8 + length)]
            seenData = true
        } else if !type.elementsEqual("IHDR".utf8) {
            if seenData { after.append(chunk) } else { before.append(chunk) }
        }
        i += 12 + length
        if type.elementsEqual("IEND".utf8) { break }
    }
    guard seenData else { return nil }

    var filtered = [UInt8](repeating: 0, count: header.interlacedBytes)
    var filteredLength = uLong(filtered.count)
    let inflated = filtered.withUnsafeMutableBufferPointer { out in
        compressed.withUnsafeBufferPointer { input in
            uncompress(out.baseAddress, &filteredLength, input.baseAddress, uLong(input.count))
        }
    }
    guard inflated == Z_OK, filteredLength == uLong(filtered.count) else { return nil }
    guard let rows = assemble(filtered, header) else { return nil }

    var packedLength = compressBound(uLong(rows.count))
    var packed = [UInt8](repeating: 0, count: Int(packedLength))
    let deflated = packed.withUnsafeMutableBufferPointer { out in
        rows.withUnsafeBufferPointer { input in
            compress2(out.baseAddress, &packedLength, input.baseAddress, uLong(input.count), 1)
        }
    }
    guard deflated == Z_OK else { return nil }

    var ihdr = Array(png[12..<29])   // type and data
    ihdr[16] = 0                      // interlace method: none
    var file = signature
    appendChunk(ihdr, to: &file)
    for chunk in before { file += chunk }
    let idat = Array("IDAT".utf8)
    var start = 0
    let end = Int(packedLength)
    repeat {
        let stop = min(end, start + (1 << 24))
        appendChunk(idat + packed[start..<stop], to: &file)
        start = stop
    } while start < end
    for chunk in after { file += chunk }
    return file
}

/// One chunk from its type and data (`typeAndData`): length, type, data, CRC of type and data.
private func appendChunk(_ typeAndData: [UInt8], to file: inout [UInt8]) {
    let length = UInt32(typeAndData.count - 4)
    let crc = typeAndData.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
    for shift in stride(from: 24, through: 0, by: -8) { file.append(UInt8(truncatingIfNeeded: length >> UInt32(shift))) }
    file += typeAndData
    for shift in stride(from: 24, through: 0, by: -8) { file.append(UInt8(truncatingIfNeeded: crc >> uLong(shift))) }
}

/// The seven passes' filtered rows undone and put in place: whole rows, each after a 0 (no filter) byte.
private func assemble(_ filtered: [UInt8], _ header: InterlacedSixteenBitHeader) -> [UInt8]? {
    let bpp = header.pixelBytes
    let rowBytes = header.width * bpp
    var image = [UInt8](repeating: 0, count: header.height * (1 + rowBytes))
    var previous = [UInt8](repeating: 0, count: rowBytes), current = previous
    var offset = 0
    for pass in InterlacedSixteenBitHeader.passes {
        let size = header.size(of: pass)
        guard size.width > 0 else { continue }
        let passRow = size.width * bpp
        for i in 0..<passRow { previous[i] = 0 }
        for row in 0..<size.height {
            let filter = filtered[offset]
            let data = offset + 1
            offset += 1 + passRow
            for i in 0..<passRow {
                let x = filtered[data + i]
                let a = i >= bpp ? current[i - bpp] : 0
                let b = previous[i]
                let c = i >= bpp ? previous[i - bpp] : 0
                switch filter {
                case 0: current[i] = x
                case 1: current[i] = x &+ a
                case 2: current[i] = x &+ b
                case 3: current[i] = x &+ UInt8((Int(a) + Int(b)) / 2)
                case 4: current[i] = x &+ paeth(a, b, c)
                default: return nil
                }
            }
            swap(&previous, &current)
            // `previous` now holds this row's pixels; copy each to its place in the full image.
            let y = pass.y + row * pass.dy
            let base = y * (1 + rowBytes) + 1
            for column in 0..<size.width {
                let target = base + (pass.x + column * pass.dx) * bpp
                for k in 0..<bpp { image[target + k] = previous[column * bpp + k] }
            }
        }
    }
    return image
}

private func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    let p = Int(a) + Int(b) - Int(c)
    let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
    if pa <= pb && pa <= pc { return a }
    return pb <= pc ? b : c
}
