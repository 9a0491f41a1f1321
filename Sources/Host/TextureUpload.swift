// Uploading what was drawn: after a whole frame every row goes to the texture; after a frame redrawn
// only inside the scene's dirty rectangle, only that rectangle (the canvas kept the rest, and so did
// the texture). Units: device px, rows of premultiplied ARGB8888 words. Invariant: after `upload`
// the texture holds exactly the canvas's frame.
//
// Why not diff each row against a copy of the last frame (what this replaced): the copy was 8 MB at
// 1080p, and comparing and copying every row cost ~0.4 ms a frame, to find what the scene already
// says in its dirty rectangle; a spinning wheel's rectangle is also narrower than the frame, which
// whole-row bands were not. Why SDL_UpdateTexture rather than SDL_LockTexture: the Canvas draws into
// its own Pixmap, so locking only adds a memcpy into SDL's staging buffer, which the GL and software
// renderers copy again on unlock; SDL_UpdateTexture reads our rows in place (HostTests/UploadBenchmark).
import CSDL2
import Raster

/// What one texture holds of the canvas it shows, so that a frame uploads only what changed.
struct TextureUploader {
    /// False until a whole frame has gone up (a new or reset texture holds nothing we know).
    private var valid = false
    /// The rectangle the last call uploaded (nil: none), for tests and `--stats`.
    private(set) var lastUploaded: PixelRect?

    /// Forgets the texture's contents: the next `upload` sends every row.
    mutating func invalidate() { valid = false }

    /// Sends `changed` of `pixmap` (nil: all of it) to `texture`, which must have the pixmap's size.
    /// The rest of the texture must already equal the rest of the pixmap (it held the last frame).
    mutating func upload(_ pixmap: Pixmap, changed: PixelRect?, to texture: StreamingTexture) throws(HostError) {
        precondition(pixmap.width == texture.width && pixmap.height == texture.height,
                     "upload: pixmap \(pixmap.width)x\(pixmap.height) into texture \(texture.width)x\(texture.height)")
        let area = valid ? (changed ?? pixmap.bounds).intersection(pixmap.bounds) : pixmap.bounds
        lastUploaded = nil
        guard !area.isEmpty else { valid = true; return }
        var rect = SDL_Rect(x: Int32(area.x), y: Int32(area.y), w: Int32(area.width), h: Int32(area.height))
        let stride = pixmap.stride
        let status = pixmap.pixels.withUnsafeBufferPointer { frame in
            SDL_UpdateTexture(texture.handle, &rect, frame.baseAddress! + area.y * stride + area.x, Int32(stride * 4))
        }
        guard status == 0 else {
            valid = false
            throw .sdl("SDL_UpdateTexture")
        }
        lastUploaded = area
        valid = true
    }
}
