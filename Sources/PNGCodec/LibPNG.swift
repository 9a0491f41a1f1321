// Plumbing shared by the reader and the writer: the one libpng pixel format Roundel exchanges,
// and the texts of libpng's and the system's errors. libpng's simplified API (png_image_*) reports
// failure by return value and png_image.message, never by longjmp, so Swift frames are safe.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CPNG

/// Non-linear (sRGB) 8-bit straight RGBA with the channels ordered so that one pixel in memory is
/// one native-endian 0xAARRGGBB word: B,G,R,A bytes on little-endian, A,R,G,B on big-endian.
/// Decoding straight into [UInt32] saves a second w·h·4-byte buffer and a repacking pass.
let wordFormat: png_uint_32 = {
    #if _endian(little)
    return png_uint_32(PNG_FORMAT_BGRA)
    #else
    return png_uint_32(PNG_FORMAT_ARGB)
    #endif
}()

/// A fresh png_image control structure, as the simplified API requires (zeroed, version set).
func makeImage() -> png_image {
    var image = png_image()
    image.version = png_uint_32(PNG_IMAGE_VERSION)
    return image
}

/// libpng's message for the last failure on `image` (a NUL-terminated char[64] inside the struct).
func libpngMessage(_ image: png_image) -> String {
    let text = withUnsafeBytes(of: image.message) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return text.isEmpty ? "unknown libpng error" : text
}

/// The text of the current `errno`.
func systemError() -> String {
    String(cString: strerror(errno))
}
