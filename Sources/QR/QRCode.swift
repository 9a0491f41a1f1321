// A QR code's modules (libqrencode): the control page's link for a phone's camera, drawn by the
// terminal (roundel control-link) and by the window (Ctrl+Alt+L). Error correction level M (15 % of
// the code may be lost or smudged), the text as bytes (8-bit mode), the smallest version that holds it.
import CQREncode
#if canImport(Glibc)
import Glibc
#endif

/// A QR code: `size` × `size` modules, dark or light, without the quiet zone around them.
public struct QRCode: Sendable, Equatable {
    /// Modules a side (21 for version 1, 4 more each version up to 177 for version 40).
    public let size: Int
    /// The symbol's version (1…40).
    public let version: Int
    /// Row by row, true for a dark module.
    private let modules: [Bool]

    /// The most bytes a code at level M holds (version 40).
    public static let byteLimit = 2331

    /// The code for `text`'s UTF-8 bytes; throws when it is longer than a QR code holds.
    public init(_ text: String) throws(QRCodeError) {
        let bytes = Array(text.utf8)
        guard bytes.count <= QRCode.byteLimit else { throw QRCodeError(byteCount: bytes.count) }
        guard let code = bytes.withUnsafeBufferPointer({ QRcode_encodeData(Int32($0.count), $0.baseAddress, 0, QR_ECLEVEL_M) }) else {
            throw QRCodeError(byteCount: bytes.count)
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        size = width
        version = Int(code.pointee.version)
        // Each byte's lowest bit is the module's colour (1: dark); the other bits say what it is part of.
        let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        modules = data.map { $0 & 1 == 1 }
    }

    /// Whether the module in column `x`, row `y` is dark; outside the symbol (the quiet zone) it is light.
    public subscript(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }
}

/// Text a QR code cannot hold: one line.
public struct QRCodeError: Error, Equatable, CustomStringConvertible {
    public let byteCount: Int
    public var description: String {
        "\(byteCount) bytes are too many for a QR code (at most \(QRCode.byteLimit) at error correction level M)"
    }
}
