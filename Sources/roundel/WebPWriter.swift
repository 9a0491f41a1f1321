// `roundel record`'s animated WebP: the frames of a batch (one a worker) are encoded in parallel, each
// by libwebp's `WebPEncode` on its own core, then written in order (`AnimatedWebPFile`). A frame is
// the rectangle that changed since the frame before (exactly: every pixel outside it is the same), so
// a still part of the picture is never encoded again and a slow fade arrives in full; a frame equal to
// the one before only makes that one show longer (a lossless frame also leaves clear the pixels inside
// its rectangle that did not change). Lossy frames take libwebp's `method` 2 by default:
// on a 1080p spin it is 2.4× faster than method 4 (libwebp's default, and Roundel's before) for 5 %
// more bytes at the same PSNR (docs/performance.md). Pixels are premultiplied ARGB; libwebp takes
// straight ARGB words, which an opaque frame already is (a frame with transparency is converted first).
import CWebP
import Dispatch
import Files
#if canImport(Glibc)
import Glibc
#endif
import Raster

final class WebPWriter: FrameWriter {
    let path: String, output: OutputFile
    private let width: Int, height: Int
    private var file: AnimatedWebPFile?
    private let frameMilliseconds: Double
    /// Frames given so far.
    private var index = 0
    /// One encoder a worker: frame k of a batch is slot k's.
    private var slots: [WebPSlot] = []
    /// The last frame of the batch before, to compare the next batch's first frame with.
    private var previous: [UInt32]
    private let config: WebPConfig
    /// Every `keyInterval`-th frame is encoded whole even when nothing changed, so no frame shows
    /// longer than a WebP frame may (`AnimatedWebPFile.longestFrame`).
    private let keyInterval: Int

    /// libwebp's effort (0…6) for lossy frames; lossless frames take 1.
    static let lossyMethod: Int32 = 2

    /// `quality` 0…100 for lossy frames (nil: lossless).
    init(path: String, width: Int, height: Int, fps: Int, quality: Float?) throws {
        self.path = path
        output = try checkedOutput(path)
        guard width <= 16_383, height <= 16_383 else { throw UserError("roundel: --out '\(path)': WebP frames are at most 16383 px a side") }
        self.width = width
        self.height = height
        frameMilliseconds = 1000 / Double(fps)
        keyInterval = max(1, Int(Double(AnimatedWebPFile.longestFrame) / frameMilliseconds) - 1)
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw cannotWrite(path, "libwebp version mismatch") }
        if let quality {
            config.lossless = 0; config.quality = quality; config.method = WebPWriter.lossyMethod
        } else {
            config.lossless = 1; config.quality = 50; config.method = 1
        }
        guard WebPValidateConfig(&config) != 0 else { throw cannotWrite(path, "libwebp refused the settings") }
        self.config = config
        previous = [UInt32](repeating: 0, count: width * height)
        guard let file = AnimatedWebPFile(path: output.temporary, width: width, height: height) else { throw cannotWrite(path) }
        self.file = file
    }

    /// A batch's frames and the frame before them, handed to the encoding threads: each thread only
    /// reads them, and nothing writes them until every thread is done.
    private struct Batch: @unchecked Sendable {
        let frames: ArraySlice<Canvas>
        let kept: UnsafeBufferPointer<UInt32>
    }

    /// The time at which frame `i` starts, in whole milliseconds (durations are the differences).
    private func start(of i: Int) -> Int { Int((Double(i) * frameMilliseconds).rounded()) }

    func add(_ frames: ArraySlice<Canvas>) throws {
        guard let file else { throw cannotWrite(path) }
        while slots.count < frames.count { slots.append(WebPSlot(config: config, width: width, height: height)) }
        let first = index
        // Each slot compares its frame with the one before (the batch before's last, kept in
        // `previous`, for the first) and encodes what changed, all at once.
        previous.withUnsafeBufferPointer { kept in
            let batch = Batch(frames: frames, kept: kept), slots = self.slots, keyInterval = self.keyInterval
            DispatchQueue.concurrentPerform(iterations: frames.count) { k in
                let i = first + k, frames = batch.frames, base = frames.startIndex
                frames[base + k].pixmap.pixels.withUnsafeBufferPointer { current in
                    if k == 0 {
                        slots[k].encode(current, since: i == 0 || i % keyInterval == 0 ? nil : batch.kept)
                    } else {
                        frames[base + k - 1].pixmap.pixels.withUnsafeBufferPointer { before in
                            slots[k].encode(current, since: i % keyInterval == 0 ? nil : before)
                        }
                    }
                }
            }
        }
        for k in 0..<frames.count {
            let slot = slots[k], i = first + k
            let milliseconds = start(of: i + 1) - start(of: i)
            guard slot.failed == nil else { throw cannotWrite(path, "libwebp could not encode a frame (error \(slot.failed!))") }
            let written: Bool
            if let rect = slot.rect {
                written = slot.encoded { file.addFrame($0, x: rect.x, y: rect.y, width: rect.width, height: rect.height,
                                                       milliseconds: milliseconds, alpha: slot.hasAlpha, blend: slot.blends) }
            } else {
                written = file.extendLastFrame(by: milliseconds)
            }
            guard written else { throw cannotWrite(path) }
        }
        index += frames.count
        if let last = frames.last {
            previous.withUnsafeMutableBufferPointer { kept in
                last.pixmap.pixels.withUnsafeBufferPointer { kept.baseAddress!.update(from: $0.baseAddress!, count: kept.count) }
            }
        }
    }

    func finish(beforeCommit: () throws -> Void) throws {
        guard let file, index > 0 else { throw cannotWrite(path, "no frames") }
        self.file = nil
        guard file.close() else { output.discard(); throw cannotWrite(path) }
        try beforeCommit()
        do { try output.commit() } catch { throw cannotWrite(path, error.problem) }
    }

    func abandon() {
        if let file { _ = file.close() }
        file = nil
        output.discard()
    }

    /// The smallest rectangle holding every pixel that differs between `before` and `after`
    /// (`width`×`height`, packed), its left and top edges moved to even coordinates (WebP places
    /// frames at even offsets); nil when the two are equal.
    static func changedRect(_ before: UnsafeBufferPointer<UInt32>, _ after: UnsafeBufferPointer<UInt32>,
                            width: Int, height: Int) -> PixelRect? {
        let a = before.baseAddress!, b = after.baseAddress!, rowBytes = width * 4
        func rowDiffers(_ y: Int) -> Bool { memcmp(a + y * width, b + y * width, rowBytes) != 0 }
        guard let top = (0..<height).first(where: rowDiffers) else { return nil }
        let bottom = (top..<height).last(where: rowDiffers)!
        var left = width, right = -1
        for y in top...bottom {
            let rowA = a + y * width, rowB = b + y * width
            var x = 0
            while x < left && rowA[x] == rowB[x] { x += 1 }
            guard x < width else { continue }   // this row is the same
            left = min(left, x)
            x = width - 1
            while x > right && rowA[x] == rowB[x] { x -= 1 }
            right = max(right, x)
        }
        let x = left & ~1, y = top & ~1
        return PixelRect(x: x, y: y, width: right + 1 - x, height: bottom + 1 - y)
    }
}

/// One worker's encoder: its picture, the bytes of its last frame, and for a frame with
/// transparency the straight (not premultiplied) words libwebp takes. Used by one thread at a time;
/// everything is kept from frame to frame (libwebp still allocates inside `WebPEncode`).
final class WebPSlot: @unchecked Sendable {
    private var config: WebPConfig
    private var picture = WebPPicture()
    private var memory = WebPMemoryWriter()
    private let width: Int, height: Int
    private var straight: [UInt32] = []
    /// What the last `encode` gave: the rectangle encoded (nil: the frame is the one before), whether
    /// its pixels have transparency, whether it is drawn over the frame before (its clear pixels
    /// showing that one), or libwebp's error code.
    private(set) var rect: PixelRect?
    private(set) var hasAlpha = false
    private(set) var blends = false
    private(set) var failed: Int32?

    init(config: WebPConfig, width: Int, height: Int) {
        self.config = config
        self.width = width
        self.height = height
        WebPPictureInit(&picture)
        WebPMemoryWriterInit(&memory)
    }

    deinit {
        WebPPictureFree(&picture)
        WebPMemoryWriterClear(&memory)
    }

    /// Encodes what changed in `frame` since `before` (nil: all of it).
    func encode(_ frame: UnsafeBufferPointer<UInt32>, since before: UnsafeBufferPointer<UInt32>?) {
        failed = nil
        if let before {
            rect = WebPWriter.changedRect(before, frame, width: width, height: height)
        } else {
            rect = PixelRect(x: 0, y: 0, width: width, height: height)
        }
        guard let rect else { return }
        hasAlpha = false
        for y in rect.y..<rect.maxY where !hasAlpha {
            for x in rect.x..<rect.maxX where frame[y * width + x] >> 24 != 255 { hasAlpha = true; break }
        }
        blends = false
        if straight.isEmpty && (hasAlpha || config.lossless != 0) { straight = [UInt32](repeating: 0, count: width * height) }
        if !hasAlpha, config.lossless != 0, let before {
            // Lossless: the pixels that did not change are made clear and the frame is drawn over
            // the one before, which shows through them (as libwebp's animation encoder does): a
            // 1080p spin is a third smaller. An opaque frame only, whose new pixels cover the old.
            hasAlpha = true
            blends = true
            return straight.withUnsafeMutableBufferPointer { out in
                for y in rect.y..<rect.maxY {
                    for x in rect.x..<rect.maxX {
                        let pixel = frame[y * width + x]
                        out[y * width + x] = pixel == before[y * width + x] ? 0 : pixel
                    }
                }
                encode(rect, of: UnsafePointer(out.baseAddress!))
            }
        }
        guard hasAlpha else { return encode(rect, of: frame.baseAddress!) }
        straight.withUnsafeMutableBufferPointer { out in
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX {
                    let pixel = frame[y * width + x], alpha = pixel >> 24
                    var word: UInt32 = 0
                    if alpha == 255 { word = pixel } else if alpha > 0 {
                        let c = unpremultiply(pixel)
                        word = alpha << 24 | UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue)
                    }
                    out[y * width + x] = word
                }
            }
            encode(rect, of: UnsafePointer(out.baseAddress!))
        }
    }

    /// Encodes `rect` of the straight ARGB words at `pixels` (`width` a row) into `memory`, from its
    /// start: the picture is a view (libwebp reads words with a stride) and both keep their buffers.
    private func encode(_ rect: PixelRect, of pixels: UnsafePointer<UInt32>) {
        picture.use_argb = 1
        picture.width = Int32(rect.width)
        picture.height = Int32(rect.height)
        picture.argb = UnsafeMutablePointer(mutating: pixels + rect.y * width + rect.x)
        picture.argb_stride = Int32(width)
        memory.size = 0
        withUnsafeMutablePointer(to: &memory) { writer in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(writer)
            if WebPEncode(&config, &picture) == 0 { failed = Int32(picture.error_code.rawValue) }
        }
        picture.argb = nil
        picture.custom_ptr = nil
    }

    /// Calls `body` with the last frame's encoded bytes.
    func encoded<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        body(UnsafeRawBufferPointer(start: memory.mem, count: memory.size))
    }
}
