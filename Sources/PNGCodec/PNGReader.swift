// Decoding: libpng reads the header, we check the size against Pixmap.maxSide before allocating,
// then libpng decodes straight 8-bit sRGB pixels into native 0xAARRGGBB words, which we premultiply
// in place (c·a/255 rounded, the same rounding as Color.premultiplied).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CPNG
import Files
import Raster

/// The most bytes a PNG file may have: a 4096² ring image compresses to far less.
let pngFileLimit = 32 << 20

func decodeFile(_ path: String, maxSide: Int = Pixmap.maxSide) throws(PNGError) -> Pixmap {
    let bytes: [UInt8]
    do { bytes = try RegularFile.read(path, limit: pngFileLimit) } catch {
        throw .unreadable(path: path, reason: error.problem)
    }
    guard !bytes.isEmpty else { throw .unreadable(path: path, reason: "file is empty") }
    return try decodeMemory(bytes, name: path, maxSide: maxSide)
}

func decodeMemory(_ bytes: [UInt8], name: String, maxSide: Int = Pixmap.maxSide) throws(PNGError) -> Pixmap {
    guard !bytes.isEmpty else { throw .unreadable(path: name, reason: "no bytes") }
    let bytes = try pixelChunks(bytes, name: name)
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
