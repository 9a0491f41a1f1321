// Slice pictures (an item's `image`): each drawn in its slice, upright when the slice is at 12
// o'clock (its top toward the rim) and turned with it, clipped exactly to the slice's wedge (the
// edge anti-aliased as the slices' own). A slice with a label gives the picture its outer part
// (from `labelSplit` of the visible radius to the rim) and the label the inner part; a slice without
// one (`"label": false`, or no text) gives the picture all of it, from the hub to the rim.
// `cover` scales the picture to cover that part (its bounding box), `contain` to the largest
// rectangle of the picture's shape inside it. Per frame size each picture is shrunk once to the size
// it is drawn at (area averaging: a frame samples about one texel a pixel, so it does not shimmer
// as it turns) and placed; a frame only turns and draws it. Units px; angles radians clockwise.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Motion
import Raster

/// One slice's picture ready for a frame size.
struct SlicePicture {
    /// The picture at (about) the size it is drawn.
    let image: Pixmap
    /// `image` px → wheel-local px at rotation 0.
    let placement: Transform
    /// The part of the slice it may cover, in `image` px.
    let shape: Path
}

enum SliceImages {
    /// With a label, the picture takes the slice from this fraction of the visible radius outward.
    static let labelSplit = 0.6
    /// A slice narrower than this at the rim (px) shows no picture: it would be a smear.
    static let narrowest = 6.0

    /// Where a `width` × `height` px picture goes in a slice of `sweep` radians between `inner` and
    /// `outer` px from the centre: its scale, and how far its centre lies from the wheel's centre
    /// along the slice's bisector.
    static func fit(width: Double, height: Double, sweep: Double, inner: Double, outer: Double,
                    fit: ImageFit) -> (scale: Double, distance: Double) {
        let half = min(sweep, 2 * Double.pi) / 2
        switch fit {
        case .cover:
            // The part's bounding box with the bisector pointing up: across, ±outer·sin(half) (the
            // whole outer radius past a quarter turn); along, from the nearer corner to the rim.
            let across = half >= Double.pi / 2 ? outer : outer * sin(half)
            let near = cos(half) >= 0 ? inner * cos(half) : outer * cos(half)
            let scale = max(2 * across / width, (outer - near) / height)
            return (scale, (outer + near) / 2)
        case .contain:
            // The tallest rectangle of the picture's shape, centred on the bisector, whose bottom
            // corners stay inside the wedge and beyond `inner` and whose top corners inside `outer`:
            // found by halving (feasibility only grows as it shrinks), then 90 % of it, so a margin of
            // the slice's colour frames it.
            let aspect = width / height
            let slope = half >= Double.pi / 2 ? Double.infinity : tan(half)
            func bottom(_ h: Double) -> Double { max(inner, aspect * h / 2 / slope) }
            func fits(_ h: Double) -> Bool {
                let top = bottom(h) + h, across = aspect * h / 2
                return top * top + across * across <= outer * outer
            }
            var low = 0.0, high = outer
            for _ in 0..<40 {
                let mid = (low + high) / 2
                if fits(mid) { low = mid } else { high = mid }
            }
            return (0.9 * low / height, bottom(low) + low / 2)
        }
    }

    /// Slice `index`'s picture for a wheel whose slices lie as `layout` says, in the part between
    /// `inner` and `outer` px (the clip reaches 1 px inside `inner`, under what borders it).
    static func picture(_ image: Pixmap, fit: ImageFit, layout: SliceLayout, index: Int, inner: Double, outer: Double) -> SlicePicture? {
        let sweep = layout.sweeps[index]
        guard image.width > 0, image.height > 0, outer > inner + 2,
              2 * outer * sin(min(sweep, Double.pi) / 2) >= narrowest else { return nil }
        let (scale, distance) = SliceImages.fit(width: Double(image.width), height: Double(image.height), sweep: sweep,
                                                inner: inner, outer: outer, fit: fit)
        guard scale > 0, scale.isFinite else { return nil }
        let drawn = (width: Double(image.width) * scale, height: Double(image.height) * scale)
        let ready = preScaled(image, toWidth: drawn.width, height: drawn.height)
        let k = drawn.width / Double(ready.width)   // frame px a texel of `ready`
        let w = Double(ready.width), h = Double(ready.height)
        let placement = Transform.translation(x: -w / 2, y: -h / 2)
            .concatenating(.scale(k))
            .concatenating(.translation(x: 0, y: -distance))
            .concatenating(.rotation(.radians(layout.midAngle(of: index))))
        // The wedge in the picture's px: the wheel's centre lies `distance` below the picture's centre.
        let centre = Point(x: w / 2, y: h / 2 + distance / k)
        let start = Angle.radians(-Double.pi / 2 - sweep / 2), end = Angle.radians(-Double.pi / 2 + sweep / 2)
        let from = max(0, inner - 1) / k
        let shape: Path = from > 0
            ? .ringSector(center: centre, innerRadius: from, outerRadius: outer / k, start: start, end: end)
            : .sector(center: centre, radius: outer / k, start: start, end: end)
        return SlicePicture(image: ready, placement: placement, shape: shape)
    }
}

extension WheelScene {
    /// Each slice's picture for a wheel of `radius` whose labels start at `labelInner` and whose
    /// pictures reach `outer` (nil for a slice without one). `labelled[i]`: slice i has a label.
    func slicePictures(radius: Double, hub: Double, outer: Double, visible: Double, labelled: [Bool]) -> [SlicePicture?] {
        let layout = spinner.layout
        guard numberedCount == nil, items.contains(where: { $0.image != nil }) else { return [] }
        return (0..<layout.count).map { i -> SlicePicture? in
            guard items.indices.contains(i), let image = items[i].image else { return nil }
            let inner = labelled[i] ? SliceImages.labelSplit * visible : hub
            return SliceImages.picture(image.pixmap, fit: items[i].imageFit ?? config.imageFit, layout: layout, index: i,
                                       inner: inner, outer: outer)
        }
    }

    /// Slice `i`'s picture turned by `rotation` (nothing for a slice without one).
    func drawSlicePicture(_ frame: WheelFrameCache, _ i: Int, rotation: Double, in canvas: Canvas) {
        guard frame.pictures.indices.contains(i), let picture = frame.pictures[i] else { return }
        canvas.draw(picture.image, transform: picture.placement.concatenating(wheelTransform(frame, rotation: rotation)),
                    shape: picture.shape)
    }

    func drawSlicePictures(_ frame: WheelFrameCache, rotation: Double, in canvas: Canvas) {
        for i in frame.pictures.indices { drawSlicePicture(frame, i, rotation: rotation, in: canvas) }
    }
}
