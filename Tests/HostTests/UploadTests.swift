// Uploads: the first frame goes up whole, later ones only inside their dirty rectangle, and the
// texture holds the whole new frame afterwards. Runs on SDL's software renderer into a surface
// (no display), like renderThroughTexture.
@testable import Host
import CSDL2
import Raster
import XCTest

final class UploadTests: XCTestCase {
    /// A renderer drawing into an ARGB8888 surface, and a texture of the same size.
    struct Target {
        let surface: UnsafeMutablePointer<SDL_Surface>
        let renderer: OpaquePointer
        let texture: StreamingTexture
        func destroy() { texture.destroy(); SDL_DestroyRenderer(renderer); SDL_FreeSurface(surface) }
        /// What the texture holds, copied 1:1 and read back.
        func contents() throws -> Pixmap {
            try copyToTarget(texture, renderer: renderer)
            return try readPixels(of: renderer)
        }
    }

    func makeTarget(width: Int, height: Int) throws -> Target {
        let surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        let renderer = try XCTUnwrap(SDL_CreateSoftwareRenderer(surface))
        return Target(surface: surface, renderer: renderer, texture: try StreamingTexture(renderer: renderer, width: width, height: height))
    }

    /// Opaque pixels that differ per (x, y, seed).
    func frame(width: Int, height: Int, stride: Int, seed: UInt32, changedRows: Set<Int> = []) -> Pixmap {
        var pixels = [UInt32](repeating: 0xDEAD_BEEF, count: stride * height)
        for y in 0..<height {
            let s = changedRows.contains(y) ? seed : 0
            for x in 0..<width { pixels[y * stride + x] = 0xFF00_0000 | UInt32(x * 2654435761 % 0xFFFFFF) ^ UInt32(y << 8) ^ (s &* 0x9E37) }
        }
        return Pixmap(width: width, height: height, stride: stride, pixels: pixels)!
    }

    /// `frame` with the pixels inside `rect` replaced by ones that depend on `seed`.
    func changing(_ frame: Pixmap, in rect: PixelRect, seed: UInt32) -> Pixmap {
        var next = frame
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { next[x, y] = 0xFF00_0000 | (UInt32(x * 31 + y * 17) &* 0x9E37 ^ seed &* 0x85EB) & 0xFF_FFFF }
        }
        return next
    }

    func testTheFirstUploadIsWholeThenOnlyTheDirtyRectangleAndTheTextureEqualsTheFrame() throws {
        let (w, h) = (40, 30)
        for stride in [40, 45] {
            let target = try makeTarget(width: w, height: h)
            defer { target.destroy() }
            var uploader = TextureUploader()
            var current = frame(width: w, height: h, stride: stride, seed: 0)
            try uploader.upload(current, changed: PixelRect(x: 3, y: 3, width: 2, height: 2), to: target.texture)
            XCTAssertEqual(uploader.lastUploaded, current.bounds, "the first upload is the whole frame, whatever changed")
            assertSamePixels(try target.contents(), current, "first frame")

            let rects = [PixelRect(x: 0, y: 0, width: 1, height: 1), PixelRect(x: 5, y: 7, width: 20, height: 9),
                         PixelRect(x: 30, y: 20, width: 10, height: 10), PixelRect(x: 35, y: 25, width: 20, height: 20)]
            for (seed, rect) in rects.enumerated() {
                let inside = rect.intersection(current.bounds)
                current = changing(current, in: inside, seed: UInt32(seed + 1))
                try uploader.upload(current, changed: rect, to: target.texture)
                XCTAssertEqual(uploader.lastUploaded, inside, "stride \(stride): only the dirty rectangle, clipped to the frame")
                assertSamePixels(try target.contents(), current, "stride \(stride), after rectangle \(seed)")
            }
            current = frame(width: w, height: h, stride: stride, seed: 9, changedRows: Set(0..<h))
            try uploader.upload(current, changed: nil, to: target.texture)
            XCTAssertEqual(uploader.lastUploaded, current.bounds, "a whole frame goes up whole")
            assertSamePixels(try target.contents(), current, "stride \(stride), whole frame")
        }
    }

    func testAnEmptyDirtyRectangleUploadsNothingAndInvalidateSendsEverything() throws {
        let target = try makeTarget(width: 8, height: 6)
        defer { target.destroy() }
        var uploader = TextureUploader()
        let f = frame(width: 8, height: 6, stride: 8, seed: 0)
        try uploader.upload(f, changed: nil, to: target.texture)
        try uploader.upload(f, changed: PixelRect(x: 0, y: 0, width: 0, height: 0), to: target.texture)
        XCTAssertNil(uploader.lastUploaded)
        uploader.invalidate()
        try uploader.upload(f, changed: PixelRect(x: 1, y: 1, width: 1, height: 1), to: target.texture)
        XCTAssertEqual(uploader.lastUploaded, f.bounds)
    }
}
