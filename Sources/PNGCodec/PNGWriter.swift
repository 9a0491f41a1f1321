// Encoding: premultiplied words are un-premultiplied (Raster's `unpremultiply`, rounded to nearest)
// into straight 8-bit RGBA; for every valid premultiplied word (channel ≤ alpha) reading the file
// back gives the identical word. Files are written beside the target and renamed into place (atomic
// for other processes; no fsync, so a power cut may still lose the new file): Files.OutputFile.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CPNG
import Files
import Raster

func encodeFile(_ pixmap: Pixmap, to path: String) throws(PNGError) {
    // Beside the target, renamed into place; a device, FIFO or folder at the path is refused (Files).
    let output: OutputFile
    do { output = try OutputFile(path) } catch { throw .unwritable(path: path, reason: error.problem) }
    var image = makeImage()
    configure(&image, for: pixmap)
    let written = withStraightWords(pixmap) { raw in
        png_image_write_to_file(&image, output.temporary, 0, raw.baseAddress, 0, nil)
    }
    guard written != 0 else {
        let reason = libpngMessage(image)
        png_image_free(&image)
        output.discard()
        throw .unwritable(path: path, reason: reason)
    }
    png_image_free(&image)
    do { try output.commit() } catch { throw .unwritable(path: path, reason: error.problem) }
}

func encodeMemory(_ pixmap: Pixmap) throws(PNGError) -> [UInt8] {
    var image = makeImage()
    defer { png_image_free(&image) }
    let straight = straightWords(pixmap)
    var bytes: [UInt8] = []
    var size = 0
    // First pass with no memory measures the file; libpng frees its state after each call.
    let ok = straight.withUnsafeBytes { raw in
        configure(&image, for: pixmap)
        guard png_image_write_to_memory(&image, nil, &size, 0, raw.baseAddress, 0, nil) != 0 else { return Int32(0) }
        bytes = [UInt8](repeating: 0, count: size)
        configure(&image, for: pixmap)
        return bytes.withUnsafeMutableBytes { out in
            png_image_write_to_memory(&image, out.baseAddress, &size, 0, raw.baseAddress, 0, nil)
        }
    }
    guard ok != 0 else { throw .unwritable(path: "<memory>", reason: libpngMessage(image)) }
    bytes.removeLast(bytes.count - size)
    return bytes
}

private func configure(_ image: inout png_image, for pixmap: Pixmap) {
    image = makeImage()
    image.width = png_uint_32(pixmap.width)
    image.height = png_uint_32(pixmap.height)
    image.format = wordFormat
}

/// Calls `body` with packed (stride = width) straight 0xAARRGGBB words. An opaque, packed pixmap
/// (every rendered frame) already is that, so it is handed over as it is: a 1080p render then holds
/// no second 8 MB copy of its frame while libpng compresses it.
private func withStraightWords<R>(_ pixmap: Pixmap, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    if pixmap.stride == pixmap.width, pixmap.pixels.allSatisfy({ $0 >> 24 == 255 }) {
        return pixmap.pixels.withUnsafeBytes(body)
    }
    return straightWords(pixmap).withUnsafeBytes(body)
}

/// Packed (stride = width) straight 0xAARRGGBB words.
private func straightWords(_ pixmap: Pixmap) -> [UInt32] {
    var words = [UInt32](repeating: 0, count: pixmap.width * pixmap.height)
    var i = 0
    for y in 0..<pixmap.height {
        for x in 0..<pixmap.width {
            let pixel = pixmap[x, y], alpha = pixel >> 24
            if alpha == 255 || alpha == 0 {
                words[i] = alpha == 0 ? 0 : pixel
            } else {
                let c = unpremultiply(pixel)
                words[i] = alpha << 24 | UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue)
            }
            i += 1
        }
    }
    return words
}
