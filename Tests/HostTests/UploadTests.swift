// Row-diff upload: the bands sent to the texture cover every changed row and nothing else, and the
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

    func testBandsCoverExactlyTheChangedRowsAndTheTextureEqualsTheFrame() throws {
        let (w, h) = (40, 30)
        for stride in [40, 45] {
            let target = try makeTarget(width: w, height: h)
            defer { target.destroy() }
            var uploader = RowDiffUploader()
            let first = frame(width: w, height: h, stride: stride, seed: 0)
            try uploader.upload(first, to: target.texture)
            XCTAssertEqual(uploader.lastBands.map(\.y), [0], "the first upload is the whole frame")
            XCTAssertEqual(uploader.lastUploadedRows, h)
            assertSamePixels(try target.contents(), first, "first frame")

            for (seed, rows) in [(1, Set([0])), (2, Set([3, 4, 5, 9, 29])), (3, Set(0..<30)), (4, Set<Int>()), (5, Set([28, 29]))] {
                let next = frame(width: w, height: h, stride: stride, seed: UInt32(seed), changedRows: rows)
                try uploader.upload(next, to: target.texture)
                var covered = Set<Int>()
                for band in uploader.lastBands { covered.formUnion(band.y..<(band.y + band.count)) }
                // Rows changed relative to the previous frame: those in this set or the previous one.
                XCTAssertTrue(covered.isSuperset(of: rows), "stride \(stride), seed \(seed): every changed row uploaded")
                XCTAssertEqual(uploader.lastUploadedRows, covered.count)
                assertSamePixels(try target.contents(), next, "stride \(stride), after frame \(seed)")
            }
        }
    }

    func testUnchangedFrameUploadsNothingAndInvalidateSendsEverything() throws {
        let target = try makeTarget(width: 8, height: 6)
        defer { target.destroy() }
        var uploader = RowDiffUploader()
        let f = frame(width: 8, height: 6, stride: 8, seed: 0)
        try uploader.upload(f, to: target.texture)
        try uploader.upload(f, to: target.texture)
        XCTAssertEqual(uploader.lastUploadedRows, 0)
        XCTAssertTrue(uploader.lastBands.isEmpty)
        uploader.invalidate()
        try uploader.upload(f, to: target.texture)
        XCTAssertEqual(uploader.lastUploadedRows, 6)
    }
}
