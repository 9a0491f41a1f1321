// Uploading only what changed: each rendered row is compared (memcmp) with the same row of the last
// uploaded frame, and every run of changed rows goes to the texture as one full-width band through
// SDL_UpdateTexture. Units: device px, rows of premultiplied ARGB8888 words. Invariant: after
// `upload`, `shadow` and the texture both hold exactly the frame (the shadow is the texture's copy).
//
// Why bands through SDL_UpdateTexture rather than SDL_LockTexture: our Canvas draws into its own Pixmap,
// so locking only adds a memcpy into SDL's staging buffer, which the GL and software renderers copy
// again on unlock; SDL_UpdateTexture reads our rows in place. Measured with HostTests/UploadBenchmark.swift
// (ROUNDEL_BENCH=1, release, Xvfb 1280x720, machine loaded ~7 on 2 cores, so ±1 ms noise), median ms for
// upload + RenderCopy + flush, present excluded (present waits for the 16.7 ms vsync in every case):
//                          full Update | bands Update | bands Lock+memcpy | full Lock+memcpy
//   wheel spinning, opengl     1.65    |     3.48     |       2.03        |      2.32      (629 of 720 rows change)
//   wheel spinning, software   0.77    |     0.99     |       1.03        |      0.79
//   test card (static), opengl 1.32    |     0.49     |       0.53        |      1.91      (2 rows change)
// So: when nearly every row changes (a spinning wheel) the diff saves nothing and costs 0.2–1.8 ms more
// (the memcmp and shadow copy alone measure 0.4 ms; the rest is noise under that load); when few rows change (the clock's second hand, timer digits, a redraw after an expose)
// it cuts the upload to almost nothing. Both are far inside a 16.7 ms frame; we keep the row diff for the
// mostly-still scenes, a Pi's slower memory bus, and because it never costs more than one frame copy.
import CSDL2
import Raster

/// The rows of the last frame uploaded to one texture; remembers them to skip unchanged rows next time.
struct RowDiffUploader {
    /// The texture's contents, row-major, `width` words a row (no stride padding).
    private var shadow: [UInt32] = []
    private(set) var width = 0
    private(set) var height = 0
    /// False until a full frame has gone up (a new or reset texture holds nothing we know).
    private var valid = false
    /// Rows uploaded by the last call, for `--stats` and tests.
    private(set) var lastUploadedRows = 0
    /// The bands of the last call (first row, row count); kept for tests, reserved so it never grows per frame.
    private(set) var lastBands: [(y: Int, count: Int)] = []

    /// Forgets the texture's contents: the next `upload` sends every row.
    mutating func invalidate() { valid = false }

    /// Sends the rows of `pixmap` that differ from the previous upload to `texture` (same size).
    /// Allocates only when the size changes.
    mutating func upload(_ pixmap: Pixmap, to texture: StreamingTexture) throws(HostError) {
        precondition(pixmap.width == texture.width && pixmap.height == texture.height,
                     "upload: pixmap \(pixmap.width)x\(pixmap.height) into texture \(texture.width)x\(texture.height)")
        if width != pixmap.width || height != pixmap.height {
            width = pixmap.width
            height = pixmap.height
            shadow = [UInt32](repeating: 0, count: width * height)
            lastBands.reserveCapacity(height / 2 + 1)
            valid = false
        }
        lastBands.removeAll(keepingCapacity: true)
        lastUploadedRows = 0
        let w = width, h = height, rowBytes = w * 4, full = !valid
        let stride = pixmap.stride
        var failed = false
        pixmap.pixels.withUnsafeBufferPointer { frame in
            shadow.withUnsafeMutableBufferPointer { old in
                guard let src = frame.baseAddress, let dst = old.baseAddress else { return }
                var y = 0
                while y < h {
                    // Find the next run of changed rows, copying each into the shadow as we go.
                    guard full || SDL_memcmp(src + y * stride, dst + y * w, rowBytes) != 0 else { y += 1; continue }
                    let first = y
                    repeat {
                        (dst + y * w).update(from: src + y * stride, count: w)
                        y += 1
                    } while y < h && (full || SDL_memcmp(src + y * stride, dst + y * w, rowBytes) != 0)
                    var band = SDL_Rect(x: 0, y: Int32(first), w: Int32(w), h: Int32(y - first))
                    if SDL_UpdateTexture(texture.handle, &band, src + first * stride, Int32(stride * 4)) != 0 {
                        failed = true
                        return
                    }
                    if lastBands.count < lastBands.capacity { lastBands.append((first, y - first)) }
                    lastUploadedRows += y - first
                }
            }
        }
        guard !failed else {
            valid = false
            throw .sdl("SDL_UpdateTexture")
        }
        valid = true
    }
}
