// The drawing surface: a Pixmap plus the reusable scratch memory of the rasterizer, the flattener
// and the stroker, so drawing a frame allocates nothing once the buffers have grown.
// All coordinates are device px after `transform`; everything is clipped to `clip` and the pixmap.

public final class Canvas {
    public var pixmap: Pixmap
    /// Drawing is limited to this rectangle (always intersected with the pixmap's bounds).
    public var clip: PixelRect
    /// Applied to every path and image before drawing.
    public var transform: Transform = .identity

    let rasterizer = Rasterizer()
    var flattened = Polylines()
    var outline = Polylines()
    let stroker = Stroker()

    public init(pixmap: Pixmap) {
        self.pixmap = pixmap
        clip = pixmap.bounds
    }

    /// A transparent canvas; nil for a size outside 1…``Pixmap/maxSide``.
    public convenience init?(width: Int, height: Int) {
        guard let p = Pixmap(width: width, height: height) else { return nil }
        self.init(pixmap: p)
    }

    public var width: Int { pixmap.width }
    public var height: Int { pixmap.height }

    public func clear(_ color: Color = .clear) { pixmap.clear(color, in: clip) }

    /// Fills `path` with `color` (exact-area anti-aliasing, source-over unless `blend` says otherwise).
    public func fill(_ path: Path, color: Color, rule: FillRule = .nonZero, blend: BlendMode = .sourceOver) {
        path.flatten(transform: transform, into: &flattened)
        rasterizer.fill(flattened, rule: rule, color: color.premultiplied, blend: blend, clip: clip, into: &pixmap)
    }

    /// Fills shapes that tile `region` (pie slices of a disc, say) without seams. Drawn one by one
    /// with source-over, two anti-aliased edges that meet in a pixel let the background through
    /// (a + b·(1 − a) < 1: "conflation"). Instead the region is first erased by its coverage, then
    /// each tile is added: exact-area coverages of a partition sum to the region's coverage, so a
    /// shared edge is exactly as opaque as the tiles' interior. Exact for opaque tiles; a translucent
    /// tile replaces, rather than covers, what was under the region.
    public func fillTiles(_ tiles: [(path: Path, color: Color)], region: Path) {
        fill(region, color: .black, blend: .destinationOut)
        for tile in tiles { fill(tile.path, color: tile.color, blend: .plus) }
    }

    /// Strokes `path` with `color`: the outline is built by the Stroker and filled nonzero.
    /// Width scales with the transform (by the square root of its determinant's magnitude).
    public func stroke(_ path: Path, style: StrokeStyle, color: Color) {
        path.flatten(transform: transform, into: &flattened)
        var deviceStyle = style
        deviceStyle.width = style.width * abs(transform.determinant).squareRoot()
        let scale = abs(transform.determinant).squareRoot()
        deviceStyle.dash = style.dash.map { $0 * scale }
        deviceStyle.dashPhase = style.dashPhase * scale
        stroker.stroke(flattened, style: deviceStyle, into: &outline)
        rasterizer.fill(outline, rule: .nonZero, color: color.premultiplied, clip: clip, into: &pixmap)
    }

    /// Runs `body` with `transform` concatenated in front of the current one, then restores it.
    public func withTransform(_ t: Transform, _ body: () throws -> Void) rethrows {
        let saved = transform
        transform = t.concatenating(saved)
        defer { transform = saved }
        try body()
    }

    /// Runs `body` with the clip narrowed to `rect`, then restores it.
    public func withClip(_ rect: PixelRect, _ body: () throws -> Void) rethrows {
        let saved = clip
        clip = saved.intersection(rect)
        defer { clip = saved }
        try body()
    }
}
