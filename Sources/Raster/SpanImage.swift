// A premultiplied image kept only where it has ink, as runs along its rows, composited at whole
// pixels: runs of opaque pixels are copied (memcpy), the others go source-over four pixels at a
// time. For pictures that never change and cover little of their box, as a ring's band round a
// transparent hole or a light bulb's soft disc: no transparent pixel is stored or visited.
// Compositing equals `sourceOver` pixel by pixel, bit for bit.

public struct SpanImage: Sendable {
    private struct Run: Sendable {
        var y: Int32, x0: Int32, x1: Int32
        /// Where the run's pixels start in `pixels`.
        var start: Int32
        var opaque: Bool
    }
    private var runs: [Run] = []
    private var pixels: [UInt32] = []
    /// The box of every stored pixel (empty for an empty image).
    public private(set) var bounds = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// Opaque stretches shorter than this are blended with their neighbours: a copy call costs more.
    static let shortestCopy = 16
    /// Transparent gaps shorter than this stay inside a run (blending a zero changes nothing).
    static let shortestGap = 4

    public init() {}

    /// `pixmap`'s ink, its top-left pixel at `origin`.
    public init(_ pixmap: Pixmap, at origin: (x: Int, y: Int) = (0, 0)) {
        pixmap.pixels.withUnsafeBufferPointer { all in
            for y in 0..<pixmap.height {
                append(row: UnsafeBufferPointer(rebasing: all[(y * pixmap.stride)..<(y * pixmap.stride + pixmap.width)]),
                       x: origin.x, y: origin.y + y)
            }
        }
    }

    /// Adds a row of pixels whose first lies at (`x`, `y`). Rows may come in any order; runs of one
    /// row must not overlap (a later one would be drawn over an earlier one). A run may reach up to
    /// three (transparent) pixels past the row's end.
    public mutating func append(row: UnsafeBufferPointer<UInt32>, x: Int, y: Int) {
        let n = row.count
        var i = 0
        while i < n {
            while i < n && row[i] == 0 { i += 1 }
            guard i < n else { break }
            // The run of ink from i: through gaps shorter than `shortestGap`.
            var last = i, k = i + 1
            while k < n && k - last <= SpanImage.shortestGap {
                if row[k] != 0 { last = k }
                k += 1
            }
            let end = last + 1
            // Inside it: opaque stretches long enough to copy, the rest blended. A blended stretch is
            // made whole groups of four pixels (no one-by-one tail, whose varying length costs a
            // mispredicted branch a run): it takes the next copy's first pixels (blending an opaque
            // pixel copies it), or the transparent ones after the run (blending those changes nothing).
            var blendStart = i
            k = i
            while k < end {
                guard row[k] >> 24 == 255 else { k += 1; continue }
                var o = k
                while o < end && row[o] >> 24 == 255 { o += 1 }
                if o - k >= SpanImage.shortestCopy {
                    let b = blendStart + (k - blendStart + 3) / 4 * 4
                    add(row, from: blendStart, to: b, x: x, y: y, opaque: false)
                    add(row, from: b, to: o, x: x, y: y, opaque: true)
                    blendStart = o
                }
                k = o
            }
            add(row, from: blendStart, to: blendStart + (end - blendStart + 3) / 4 * 4, x: x, y: y, opaque: false)
            i = end
        }
    }

    private mutating func add(_ row: UnsafeBufferPointer<UInt32>, from a: Int, to b: Int, x: Int, y: Int, opaque: Bool) {
        guard a < b else { return }
        runs.append(Run(y: Int32(y), x0: Int32(x + a), x1: Int32(x + b), start: Int32(pixels.count), opaque: opaque))
        pixels.append(contentsOf: UnsafeBufferPointer(rebasing: row[a..<min(b, row.count)]))
        if b > row.count { pixels.append(contentsOf: repeatElement(0, count: b - row.count)) }   // transparent past the row
        let r = PixelRect(x: x + a, y: y, width: b - a, height: 1)
        bounds = bounds.isEmpty ? r : PixelRect(x: min(bounds.x, r.x), y: min(bounds.y, r.y),
                                                width: max(bounds.maxX, r.maxX) - min(bounds.x, r.x),
                                                height: max(bounds.maxY, r.maxY) - min(bounds.y, r.y))
    }
}

extension Canvas {
    /// Composites `image` moved by (`dx`, `dy`) whole pixels, inside the clip (the transform is not used).
    public func draw(_ image: SpanImage, dx: Int = 0, dy: Int = 0) {
        image.draw(into: &pixmap, clip: clip.intersection(pixmap.bounds), dx: dx, dy: dy)
    }
}

extension SpanImage {
    fileprivate func draw(into pixmap: inout Pixmap, clip area: PixelRect, dx: Int, dy: Int) {
        let moved = PixelRect(x: bounds.x + dx, y: bounds.y + dy, width: bounds.width, height: bounds.height)
        guard !area.intersection(moved).isEmpty else { return }
        let stride = pixmap.stride
        runs.withUnsafeBufferPointer { runs in
            pixels.withUnsafeBufferPointer { source in
                pixmap.pixels.withUnsafeMutableBufferPointer { frame in
                    let out = frame.baseAddress!, from = source.baseAddress!
                    if area.intersection(moved) == moved {
                        // Wholly inside the clip (a ring's band, most bulbs): no run is cut.
                        let origin = out + (dy &* stride &+ dx)
                        for run in runs {
                            let d = origin + (Int(run.y) &* stride &+ Int(run.x0)), s = from + Int(run.start)
                            let count = Int(run.x1 &- run.x0)
                            if run.opaque { d.update(from: s, count: count) } else { sourceOverRun(s, d, count: count) }
                        }
                        return
                    }
                    for run in runs {
                        let y = Int(run.y) + dy
                        guard y >= area.y, y < area.maxY else { continue }
                        let x0 = max(Int(run.x0) + dx, area.x), x1 = min(Int(run.x1) + dx, area.maxX)
                        guard x0 < x1 else { continue }
                        let s = from + Int(run.start) + (x0 - Int(run.x0) - dx), d = out + y * stride + x0
                        if run.opaque { d.update(from: s, count: x1 - x0) } else { sourceOverRun(s, d, count: x1 - x0) }
                    }
                }
            }
        }
    }
}

/// `sourceOver(source[i], destination[i])` for `count` pixels, eight and then four at a time.
@inline(__always)
func sourceOverRun(_ source: UnsafePointer<UInt32>, _ destination: UnsafeMutablePointer<UInt32>, count: Int) {
    var i = 0
    while i + 8 <= count {
        let s = UnsafeRawPointer(source + i).loadUnaligned(as: SIMD8<UInt32>.self)
        let d = UnsafeRawPointer(destination + i).loadUnaligned(as: SIMD8<UInt32>.self)
        let r = s &+ scalePixels(d, by: SIMD8(repeating: 255) &- (s &>> 24))
        UnsafeMutableRawPointer(destination + i).storeBytes(of: r, as: SIMD8<UInt32>.self)
        i += 8
    }
    while i + 4 <= count {
        let s = UnsafeRawPointer(source + i).loadUnaligned(as: SIMD4<UInt32>.self)
        let d = UnsafeRawPointer(destination + i).loadUnaligned(as: SIMD4<UInt32>.self)
        let r = s &+ scalePixels(d, by: SIMD4(repeating: 255) &- (s &>> 24))
        UnsafeMutableRawPointer(destination + i).storeBytes(of: r, as: SIMD4<UInt32>.self)
        i += 4
    }
    while i < count {
        destination[i] = sourceOver(source[i], destination[i])
        i += 1
    }
}
