// PNGCodec's public face: PNG files and bytes to and from premultiplied ARGB8888 Pixmaps.
// Reading accepts any PNG libpng's simplified API accepts (gray, gray+alpha, RGB, RGBA, palette+tRNS,
// 16-bit) reduced to 8-bit sRGB; images larger than Pixmap.maxSide per side are refused before any
// pixel buffer is allocated. Writing stores straight (un-premultiplied) 8-bit RGBA and replaces the
// target atomically. Every failure is a PNGError naming the file and libpng's reason; nothing traps.

import Raster

/// What went wrong with a PNG file; `description` is one line fit for stderr.
public enum PNGError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file (or bytes) could not be opened or decoded: libpng's or the system's reason.
    case unreadable(path: String, reason: String)
    /// The header declares `width`×`height` px, more than `limit` px on a side.
    case tooLarge(path: String, width: Int, height: Int, limit: Int)
    /// The file (or bytes) could not be written: libpng's or the system's reason.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "roundel: cannot read PNG '\(path)': \(reason)"
        case let .tooLarge(path, width, height, limit):
            return "roundel: cannot read PNG '\(path)': image is \(width)×\(height) px, "
                + "larger than the limit of \(limit) px per side"
        case let .unwritable(path, reason):
            return "roundel: cannot write PNG '\(path)': \(reason)"
        }
    }
}

/// Decodes the PNG file at `path` into a premultiplied pixmap; a header declaring more than `maxSide`
/// px on a side is refused before anything is allocated.
public func readPNG(_ path: String, maxSide: Int = Pixmap.maxSide) throws(PNGError) -> Pixmap {
    try decodeFile(path, maxSide: maxSide)
}

/// Writes `pixmap` to `path` as 8-bit straight RGBA, through a temporary file in the same directory
/// renamed into place: on failure the old file (if any) is untouched and no partial file is left.
public func writePNG(_ pixmap: Pixmap, to path: String) throws(PNGError) {
    try encodeFile(pixmap, to: path)
}

/// The bytes of a PNG file holding `pixmap` (8-bit straight RGBA).
public func encodePNG(_ pixmap: Pixmap) throws(PNGError) -> [UInt8] {
    try encodeMemory(pixmap)
}

/// Decodes PNG file bytes; `name` only labels errors.
public func decodePNG(bytes: [UInt8], name: String = "<memory>", maxSide: Int = Pixmap.maxSide) throws(PNGError) -> Pixmap {
    try decodeMemory(bytes, name: name, maxSide: maxSide)
}
