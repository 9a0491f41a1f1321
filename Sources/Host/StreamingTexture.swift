// One streaming SDL texture in SDL_PIXELFORMAT_ARGB8888 — the same layout as Pixmap's premultiplied
// 0xAARRGGBB words — so a frame uploads as a straight row copy with no per-pixel conversion.
// Blending is off: the copy replaces the target, which shows premultiplied pixels over black.
import CSDL2
import Raster

/// A texture owned by a renderer; the owner calls `destroy()` before destroying the renderer.
struct StreamingTexture {
    let handle: OpaquePointer
    let width: Int
    let height: Int

    init(renderer: OpaquePointer, width: Int, height: Int) throws(HostError) {
        guard let handle = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                             Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                             Int32(width), Int32(height)) else {
            throw .sdl("SDL_CreateTexture(\(width)x\(height))")
        }
        guard SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_NONE) == 0 else {
            SDL_DestroyTexture(handle)
            throw .sdl("SDL_SetTextureBlendMode")
        }
        self.handle = handle
        self.width = width
        self.height = height
    }

    func destroy() { SDL_DestroyTexture(handle) }
}

/// Copies every pixel of `pixmap` into `texture`, which must have the same size.
/// Allocates nothing: SDL reads the pixmap's buffer in place, `stride * 4` bytes per row.
func upload(_ pixmap: Pixmap, to texture: StreamingTexture) throws(HostError) {
    precondition(pixmap.width == texture.width && pixmap.height == texture.height,
                 "upload: pixmap \(pixmap.width)x\(pixmap.height) into texture \(texture.width)x\(texture.height)")
    let status = pixmap.pixels.withUnsafeBytes { bytes in
        SDL_UpdateTexture(texture.handle, nil, bytes.baseAddress, Int32(pixmap.stride * 4))
    }
    guard status == 0 else { throw .sdl("SDL_UpdateTexture") }
}

/// Draws `texture` over the whole render target of `renderer` (1:1 when the sizes match), turned
/// `rotation` degrees clockwise (0, 90, 180, 270) about the target's centre: the texture then has the
/// target's sides swapped for 90 and 270, and its turned rectangle covers the target exactly.
func copyToTarget(_ texture: StreamingTexture, renderer: OpaquePointer, rotation: Int = 0,
                  output: (width: Int, height: Int) = (0, 0)) throws(HostError) {
    guard rotation % 360 != 0 else {
        guard SDL_RenderCopy(renderer, texture.handle, nil, nil) == 0 else { throw .sdl("SDL_RenderCopy") }
        return
    }
    // Centred on the target; SDL turns dstrect about its centre.
    var target = SDL_Rect(x: Int32((output.width - texture.width) / 2), y: Int32((output.height - texture.height) / 2),
                          w: Int32(texture.width), h: Int32(texture.height))
    guard SDL_RenderCopyEx(renderer, texture.handle, nil, &target, Double(rotation), nil, SDL_FLIP_NONE) == 0 else {
        throw .sdl("SDL_RenderCopyEx")
    }
}

/// The pixels of the current render target of `renderer` read back as ARGB8888 (alpha is 0xFF
/// wherever the target has no alpha channel). Allocates the returned pixmap.
func readPixels(of renderer: OpaquePointer) throws(HostError) -> Pixmap {
    var width: Int32 = 0, height: Int32 = 0
    guard SDL_GetRendererOutputSize(renderer, &width, &height) == 0 else {
        throw .sdl("SDL_GetRendererOutputSize")
    }
    guard var pixmap = Pixmap(width: Int(width), height: Int(height)) else {
        throw .invalidSize(width: Int(width), height: Int(height))
    }
    let pitch = Int32(pixmap.stride * 4)
    let status = pixmap.pixels.withUnsafeMutableBytes { bytes in
        SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, bytes.baseAddress, pitch)
    }
    guard status == 0 else { throw .sdl("SDL_RenderReadPixels") }
    return pixmap
}
