// An animated WebP written frame by frame to a file (the container of Google's "WebP Container
// Specification": RIFF, VP8X, ANIM, then one ANMF chunk a frame), so a recording of any length holds
// one frame's bytes at a time, never the whole file. Each frame is a still WebP from `WebPEncode`
// (its VP8 / VP8L and ALPH chunks are kept, its RIFF header and VP8X dropped) placed at an even
// offset, replacing what is there or drawn over it (blending), nothing disposed. The last frame's duration can
// grow while later frames repeat it (`extendLastFrame`); sizes and flags are patched in at `close`.
#if canImport(Glibc)
import Glibc
#endif

final class AnimatedWebPFile {
    private let descriptor: Int32
    private var isOpen = true
    /// Bytes written so far (the next chunk's offset).
    private var length = 0
    /// Where the last frame's 24-bit duration is, and its value.
    private var lastDuration: (offset: Int, milliseconds: Int)?
    private var hasAlpha = false
    /// A frame's 24 bytes before its own chunks (ANMF's name, size and fields), and the bytes of a
    /// patch: filled in place, so adding a frame allocates nothing.
    private var header = [UInt8](repeating: 0, count: 24)
    private var patchBytes = [UInt8](repeating: 0, count: 4)

    /// The longest a frame may show: 24 bits of milliseconds (about 4 h 40 min).
    static let longestFrame = 0xFF_FFFF

    /// Creates `path` (it must not exist) and writes the header of a `width`×`height` animation that
    /// loops forever; nil with errno set when the file cannot be made or written.
    init?(path: String, width: Int, height: Int) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { isOpen = false; return nil }
        var start = [UInt8](repeating: 0, count: 12 + 18 + 14)
        AnimatedWebPFile.put(Self.riff, 4, in: &start, at: 0)         // RIFF, its size patched in at the end
        AnimatedWebPFile.put(Self.webp, 4, in: &start, at: 8)
        // VP8X: flags (animation; alpha patched in at the end), 3 reserved bytes, canvas size − 1.
        AnimatedWebPFile.put(Self.vp8x, 4, in: &start, at: 12)
        AnimatedWebPFile.put(10, 4, in: &start, at: 16)
        start[20] = AnimatedWebPFile.animationFlag
        AnimatedWebPFile.put(width - 1, 3, in: &start, at: 24)
        AnimatedWebPFile.put(height - 1, 3, in: &start, at: 27)
        // ANIM: background colour (a hint players ignore; libwebp's default, white), loop count 0 (forever).
        AnimatedWebPFile.put(Self.anim, 4, in: &start, at: 30)
        AnimatedWebPFile.put(6, 4, in: &start, at: 34)
        AnimatedWebPFile.put(0xFFFF_FFFF, 4, in: &start, at: 38)
        guard write(start) else {
            let reason = errno
            _ = Glibc.close(descriptor)
            isOpen = false
            unlink(path)
            errno = reason
            return nil
        }
    }

    deinit { if isOpen { _ = Glibc.close(descriptor) } }

    /// Appends a frame: `encoded` is the whole output of `WebPEncode` for the `width`×`height`
    /// rectangle at (`x`, `y`), both even, shown for `milliseconds`, with transparency (`alpha`),
    /// drawn over what is there (`blend`) or replacing it. False when the bytes are not a still WebP
    /// (errno EINVAL) or the file cannot be written (errno set).
    func addFrame(_ encoded: UnsafeRawBufferPointer, x: Int, y: Int, width: Int, height: Int, milliseconds: Int,
                  alpha: Bool, blend: Bool) -> Bool {
        guard encoded.count >= 20, x % 2 == 0, y % 2 == 0, milliseconds <= AnimatedWebPFile.longestFrame,
              Self.name(in: encoded, at: 0) == Self.riff, Self.name(in: encoded, at: 8) == Self.webp else { errno = EINVAL; return false }
        // The chunks after the RIFF header, minus VP8X: ALPH then VP8, or VP8L; each is its name, its
        // size (little-endian) and its bytes padded to even, so they are copied as they are.
        let start = Self.name(in: encoded, at: 12) == Self.vp8x ? 12 + 8 + 10 : 12
        let chunks = UnsafeRawBufferPointer(rebasing: encoded[start...])
        guard !chunks.isEmpty, chunks.count % 2 == 0 else { errno = EINVAL; return false }
        AnimatedWebPFile.put(Self.anmf, 4, in: &header, at: 0)
        AnimatedWebPFile.put(16 + chunks.count, 4, in: &header, at: 4)
        AnimatedWebPFile.put(x / 2, 3, in: &header, at: 8)
        AnimatedWebPFile.put(y / 2, 3, in: &header, at: 11)
        AnimatedWebPFile.put(width - 1, 3, in: &header, at: 14)
        AnimatedWebPFile.put(height - 1, 3, in: &header, at: 17)
        AnimatedWebPFile.put(milliseconds, 3, in: &header, at: 20)
        header[23] = blend ? 0 : 0x02   // 2: do not blend; nothing is disposed of
        let offset = length
        guard write(header), write(chunks) else { return false }
        lastDuration = (offset + 20, milliseconds)
        hasAlpha = hasAlpha || alpha
        return true
    }

    /// Shows the last frame `milliseconds` longer (the next frame is the same picture). False when
    /// there is no frame yet or the total would pass `longestFrame` (errno EINVAL), or the file cannot
    /// be written.
    func extendLastFrame(by milliseconds: Int) -> Bool {
        guard let last = lastDuration, last.milliseconds + milliseconds <= AnimatedWebPFile.longestFrame else { errno = EINVAL; return false }
        let total = last.milliseconds + milliseconds
        lastDuration = (last.offset, total)
        AnimatedWebPFile.put(total, 3, in: &patchBytes, at: 0)
        return patch(count: 3, at: last.offset)
    }

    /// Fills in the RIFF size and the alpha flag and closes the file; false when it cannot be
    /// written or is larger than RIFF allows (4 GiB, errno EFBIG).
    func close() -> Bool {
        guard isOpen else { return false }
        isOpen = false
        var ok = length - 8 <= Int(UInt32.max)
        if !ok { errno = EFBIG }
        AnimatedWebPFile.put(length - 8, 4, in: &patchBytes, at: 0)
        ok = ok && patch(count: 4, at: 4)
        patchBytes[0] = AnimatedWebPFile.animationFlag | AnimatedWebPFile.alphaFlag
        ok = ok && (!hasAlpha || patch(count: 1, at: 20))
        return Glibc.close(descriptor) == 0 && ok
    }

    private static let animationFlag: UInt8 = 0x02, alphaFlag: UInt8 = 0x10
    private static let riff = fourCC("RIFF"), webp = fourCC("WEBP"), vp8x = fourCC("VP8X"), anim = fourCC("ANIM"), anmf = fourCC("ANMF")

    /// A chunk name as the little-endian number its four bytes make.
    private static func fourCC(_ name: StaticString) -> Int {
        name.withUTF8Buffer { $0.reversed().reduce(0) { $0 << 8 | Int($1) } }
    }

    private static func name(in bytes: UnsafeRawBufferPointer, at offset: Int) -> Int {
        (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }

    private static func put(_ value: Int, _ count: Int, in bytes: inout [UInt8], at offset: Int) {
        for k in 0..<count { bytes[offset + k] = UInt8(truncatingIfNeeded: value >> (8 * k)) }
    }

    private func write(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { write($0) } }

    private func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        length += done
        return true
    }

    private func patch(count: Int, at offset: Int) -> Bool {
        patchBytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, count, off_t(offset)) == count }
    }
}
