// Measures the ways a frame can reach the texture, to justify TextureUploader (see TextureUpload.swift).
// Skipped unless ROUNDEL_BENCH=1; needs a display (DISPLAY=:99 under Xvfb). Frames of a spinning wheel
// are rendered first, so only upload + copy + present is timed; prints the median ms per frame.
@testable import Host
import CSDL2
import Foundation
import Raster
import Scenes
import XCTest

final class UploadBenchmark: XCTestCase {
    func testUploadStrategies() throws {
        guard ProcessInfo.processInfo.environment["ROUNDEL_BENCH"] == "1" else { throw XCTSkip("set ROUNDEL_BENCH=1") }
        let env = ProcessInfo.processInfo.environment
        let width = Int(env["BENCH_W"] ?? "") ?? 1280, height = Int(env["BENCH_H"] ?? "") ?? 720
        let window = try Window(title: "bench", width: width, height: height)
        let (w, h) = window.pixelSize
        let scene = try XCTUnwrap(SceneCatalog.make(env["BENCH_SCENE"] ?? "wheel", resources: try SceneResources.loadDefault(), seed: 1))
        scene.handle(.primaryAction, at: 0, frameSize: Size(width: Double(w), height: Double(h)))
        var frames: [Pixmap] = [], dirty: [PixelRect?] = []
        for i in 0..<60 {
            let canvas = try XCTUnwrap(Canvas(width: w, height: h))
            let t = 0.5 + Double(i) / 60
            scene.render(into: canvas, at: t)
            frames.append(canvas.pixmap)
            dirty.append(scene.dirtyRect(since: t - 1.0 / 60, at: t, frameSize: Size(width: Double(w), height: Double(h))))
        }
        var next = 0
        let texture = try StreamingTexture(renderer: window.renderer, width: w, height: h)
        defer { texture.destroy() }
        var shadow = [UInt32](repeating: 0, count: w * h)
        var uploader = TextureUploader()
        var changedRows = 0, memcmpTime = 0.0

        /// Runs of rows of `frame` that differ from `shadow`, which is updated.
        func bands(_ frame: Pixmap, _ body: (Int, Int) -> Void) {
            let start = Date()
            var runs: [(Int, Int)] = []
            frame.pixels.withUnsafeBufferPointer { src in
                shadow.withUnsafeMutableBufferPointer { dst in
                    var y = 0
                    while y < h {
                        guard memcmp(src.baseAddress! + y * frame.stride, dst.baseAddress! + y * w, w * 4) != 0 else { y += 1; continue }
                        let first = y
                        while y < h && memcmp(src.baseAddress! + y * frame.stride, dst.baseAddress! + y * w, w * 4) != 0 {
                            (dst.baseAddress! + y * w).update(from: src.baseAddress! + y * frame.stride, count: w)
                            y += 1
                        }
                        runs.append((first, y - first))
                    }
                }
            }
            memcmpTime += Date().timeIntervalSince(start)
            for (y, n) in runs { changedRows += n; body(y, n) }
        }
        func lockCopy(_ frame: Pixmap, y: Int, rows: Int) {
            var rect = SDL_Rect(x: 0, y: Int32(y), w: Int32(w), h: Int32(rows))
            var pixels: UnsafeMutableRawPointer?
            var pitch: Int32 = 0
            guard SDL_LockTexture(texture.handle, &rect, &pixels, &pitch) == 0, let pixels else { return }
            frame.pixels.withUnsafeBytes { src in
                for r in 0..<rows {
                    (pixels + r * Int(pitch)).copyMemory(from: src.baseAddress! + (y + r) * frame.stride * 4, byteCount: w * 4)
                }
            }
            SDL_UnlockTexture(texture.handle)
        }
        let strategies: [(String, (Pixmap) throws -> Void)] = [
            ("full SDL_UpdateTexture", { f in try upload(f, to: texture) }),
            ("dirty rectangle, SDL_UpdateTexture (TextureUploader)", { f in
                try uploader.upload(f, changed: dirty[next % dirty.count], to: texture); next += 1 }),
            ("changed bands, SDL_LockTexture + memcpy", { f in bands(f) { y, n in lockCopy(f, y: y, rows: n) } }),
            ("full frame, SDL_LockTexture + memcpy", { f in lockCopy(f, y: 0, rows: h) }),
        ]
        print("upload benchmark: \(w)x\(h) \(scene.name), renderer \(window.rendererName), 300 frames each")
        for (name, strategy) in strategies {
            var times: [Double] = [], uploads: [Double] = []
            changedRows = 0; memcmpTime = 0
            for i in 0..<360 {
                let start = Date()
                try strategy(frames[i % frames.count])
                try copyToTarget(texture, renderer: window.renderer)
                SDL_RenderFlush(window.renderer)
                let uploaded = Date()
                window.present()
                if i >= 60 {   // the first 60 warm up
                    times.append(Date().timeIntervalSince(start))
                    uploads.append(uploaded.timeIntervalSince(start))
                }
            }
            times.sort(); uploads.sort()
            let ms = { (x: Double) in String(format: "%.2f", x * 1000) }
            print("  \(name): upload+copy median \(ms(uploads[uploads.count / 2])) ms, p90 \(ms(uploads[uploads.count * 9 / 10])) ms; "
                  + "with present median \(ms(times[times.count / 2])) ms"
                  + (name.contains("Lock") && name.contains("bands") ? " (memcmp \(ms(memcmpTime / 360)) ms, \(changedRows / 360) rows/frame)" : ""))
        }
    }
}
