// A frame's round trip through SDL without a display: Pixmap → streaming texture → SDL's software
// renderer drawing into an ARGB8888 SDL_Surface → SDL_RenderReadPixels → Pixmap. It exercises the same
// upload and copy as the window (byte order, pitch, orientation) and needs no video driver or SDL_Init.
import CSDL2
import Raster

/// `pixmap` after SDL's texture path: uploaded to a streaming texture, copied 1:1 with blending off onto
/// an ARGB8888 surface, and read back. Every pixel, translucent ones included, should come back unchanged.
/// (A window's target has no alpha channel: there a premultiplied pixel shows as itself over black.)
public func renderThroughTexture(_ pixmap: Pixmap) throws(HostError) -> Pixmap {
    guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(pixmap.width), Int32(pixmap.height), 32,
                                                       SDL_PIXELFORMAT_ARGB8888.rawValue) else {
        throw .sdl("SDL_CreateRGBSurfaceWithFormat(\(pixmap.width)x\(pixmap.height))")
    }
    defer { SDL_FreeSurface(surface) }
    guard let renderer = SDL_CreateSoftwareRenderer(surface) else { throw .sdl("SDL_CreateSoftwareRenderer") }
    defer { SDL_DestroyRenderer(renderer) }
    let texture = try StreamingTexture(renderer: renderer, width: pixmap.width, height: pixmap.height)
    defer { texture.destroy() }

    try upload(pixmap, to: texture)
    try copyToTarget(texture, renderer: renderer)
    return try readPixels(of: renderer)
}
