// Decoding: libpng reads the header, we check the size against Pixmap.maxSide before allocating,
// then libpng decodes straight 8-bit sRGB pixels into native 0xAARRGGBB words, which we premultiply
// in place (c·a/255 rounded, the same rounding as Color.premultiplied).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CPNG
import Raster

func decodeFile(_ path: String, maxSide: Int = Pixmap.maxSide) throws(PNGError) -> Pixmap {
    guard let file = fopen(path, "rb") else { throw .unreadable(path: path, reason: systemError()) }
    defer { fclose(file) }
    // glibc opens a directory for reading; libpng would only say "Read Error".
    var info = stat()
    if fstat(fileno(file), &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
        throw .unreadable(path: path, reason: "is a directory")
    }
    if info.st_mode & S_IFMT == S_IFREG, let bytes = interlacedSixteenBitFile(file, size: Int(info.st_size)) {
        return try decodeMemory(bytes, name: path, maxSide: maxSide)
    }
    do {
        return try decode(name: path, maxSide: maxSide) { image in png_image_begin_read_from_stdio(image, file) }
    } catch let error {
        // Running out of bytes surfaces as libpng's bare "Read Error"; say why. (Not st_size == 0:
        // /proc and pipes report 0 and still have content.)
        if case let .unreadable(_, reason) = error, feof(file) != 0 {
            let why = ftell(file) == 0 ? "file is empty" : "file is truncated (libpng: \(reason))"
            throw .unreadable(path: path, reason: why)
        }
        throw error
    }
}

func decodeMemory(_ bytes: [UInt8], name: String, maxSide: Int = Pixmap.maxSide) throws(PNGError) -> Pixmap {
    guard !bytes.isEmpty else { throw .unreadable(path: name, reason: "no bytes") }
    if let header = InterlacedSixteenBitHeader(bytes), header.width <= maxSide, header.height <= maxSide,
       let rewritten = deinterlacedSixteenBit(bytes) {
        return try decodeMemory(rewritten, name: name, maxSide: maxSide)
    }
    // libpng keeps the pointer until png_image_free, so decoding happens entirely inside the closure.
    let result: Result<Pixmap, PNGError> = bytes.withUnsafeBytes { raw in
        do throws(PNGError) {
            return .success(try decode(name: name, maxSide: maxSide) { image in
                png_image_begin_read_from_memory(image, raw.baseAddress, raw.count)
            })
        } catch {
            return .failure(error)
        }
    }
    return try result.get()
}

/// The whole of a regular `file` of `size` bytes when its header says 16-bit and interlaced (see
/// Deinterlace.swift), no larger than such an image's data can be; otherwise nil, with the file
/// back at its start.
private func interlacedSixteenBitFile(_ file: UnsafeMutablePointer<FILE>, size: Int) -> [UInt8]? {
    var header = [UInt8](repeating: 0, count: pngHeaderLength)
    let got = fread(&header, 1, header.count, file)
    defer { rewind(file) }
    guard got == header.count, let image = InterlacedSixteenBitHeader(header) else { return nil }
    guard size <= image.interlacedBytes + image.interlacedBytes / 8 + (16 << 20) else { return nil }
    rewind(file)
    var bytes = [UInt8](repeating: 0, count: size)
    guard fread(&bytes, 1, size, file) == size else { return nil }
    return bytes
}

/// Runs `begin` (one of png_image_begin_read_*), checks the header, decodes and premultiplies.
private func decode(name: String, maxSide: Int = Pixmap.maxSide,
                    begin: (UnsafeMutablePointer<png_image>) -> Int32) throws(PNGError) -> Pixmap {
    var image = makeImage()
    // Safe on every path: a no-op once libpng has freed its state after an error.
    defer { png_image_free(&image) }
    guard begin(&image) != 0 else { throw .unreadable(path: name, reason: libpngMessage(image)) }

    let width = Int(image.width), height = Int(image.height)
    let limit = min(maxSide, Pixmap.maxSide)
    guard width <= limit, height <= limit else {
        throw .tooLarge(path: name, width: width, height: height, limit: limit)
    }
    // Without gAMA/sRGB libpng would take 16-bit samples as linear (0x8080 → 186); every viewer we
    // compare with (browsers, ImageMagick) takes them as sRGB (0x8080 → 128), so we do too.
    image.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
    image.format = wordFormat
    var pixels = [UInt32](repeating: 0, count: width * height)
    let finished = pixels.withUnsafeMutableBytes { raw in
        // row_stride 0: rows are packed; colormap nil: we asked for a direct-colour format.
        png_image_finish_read(&image, nil, raw.baseAddress, 0, nil)
    }
    guard finished != 0 else { throw .unreadable(path: name, reason: libpngMessage(image)) }

    pixels.withUnsafeMutableBufferPointer { words in
        for i in words.indices {
            let straight = words[i], alpha = straight >> 24
            guard alpha != 255 else { continue }
            // Forcing alpha to 255 first makes scalePixel compute a·255/255 = a for the alpha lane.
            words[i] = alpha == 0 ? 0 : scalePixel(straight | 0xFF00_0000, by: alpha)
        }
    }
    guard let pixmap = Pixmap(width: width, height: height, pixels: pixels) else {
        throw .unreadable(path: name, reason: "image is \(width)×\(height) px, which is empty")
    }
    return pixmap
}
