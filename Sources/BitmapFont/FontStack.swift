// A font stack: faces in fallback order. Each character is drawn from the first face that has it;
// a character no face has draws a hollow box. Every face is scaled by size / strike pixel size, so
// Terminus (16 px, ascent 12) and Unifont (16 px, ascent 14) share a baseline and an em.
// Hebrew, Arabic and other right-to-left text is drawn in visual order, Arabic joined (`Bidi`).
// Drawing builds one path for the whole label (so abutting glyphs leave no seams) in a reused buffer
// and fills it once. Glyph outlines are cached per (face, strike, character, rendering), smooth ones
// also simplified per scale, and whole lines as `TextRun`s (the last `runCapacity` drawn), so a warm
// draw allocates nothing and only transforms
// points into the path: on the wheel, 12 labels at a new angle cost 0.43 M instructions a frame
// before `Canvas.fill` (0.57 M when each draw measured, resolved and hashed every character).
import Raster

/// The sizes (strikes) of one font design. For a requested size the smallest strike that is at
/// least 3/4 of it is used (downscaling a little looks better than upscaling), else the largest.
/// A character that strike lacks comes from the face's other strikes, largest first.
/// Or a face of colour glyphs (emoji: `ColorGlyphs`), drawn as images.
public struct FontFace: Sendable {
    public let strikes: [BitmapFont]
    /// Strikes rasterized from an outline font (the shipped sans): their pixels are samples of a
    /// curve, not a design, so they are always traced smooth (`GlyphRendering.smooth`), at every size.
    public let traced: Bool
    public let colors: ColorGlyphs?
    /// nil when `strikes` is empty.
    public init?(strikes: [BitmapFont], traced: Bool = false) {
        guard !strikes.isEmpty else { return nil }
        self.strikes = strikes.sorted { $0.pixelSize < $1.pixelSize }
        self.traced = traced
        colors = nil
    }
    public init(_ font: BitmapFont, traced: Bool = false) { strikes = [font]; self.traced = traced; colors = nil }
    public init(colors: ColorGlyphs) { strikes = []; traced = false; self.colors = colors }

    func strikeIndex(for size: Double) -> Int {
        for (i, s) in strikes.enumerated() where Double(s.pixelSize) >= size * 0.75 { return i }
        return strikes.count - 1
    }

    /// The line of this face at `size`: its strike's for that size; a colour face's image is the line.
    func lineMetrics(size: Double) -> LineMetrics {
        guard !strikes.isEmpty else { return LineMetrics(ascent: size * ColorGlyphs.ascent, descent: size * (1 - ColorGlyphs.ascent)) }
        // ascent/pixelSize first: exact for every shipped strike (12/16, 26/32, 78/100…), so faces
        // of the same proportions give the same line to the last bit at every size.
        let strike = strikes[strikeIndex(for: size)]
        let pixels = Double(strike.pixelSize)
        return LineMetrics(ascent: Double(strike.ascent) / pixels * size, descent: Double(strike.descent) / pixels * size)
    }
}

public final class FontStack {
    public let faces: [FontFace]

    private struct OutlineKey: Hashable {
        var face: Int32, strike: Int32, scalar: UInt32, smooth: Bool
    }
    private var outlines: [OutlineKey: GlyphOutline] = [:]
    /// Smooth outlines simplified for the scale they are drawn at (`GlyphOutline.simplified`), per
    /// (outline, scale's bits): a line of text laid out for the first time (a wheel's banner showing
    /// an entry) then costs no simplification for glyphs already drawn at its size. Emptied when it
    /// reaches `simplifiedCapacity`, so a window resized for days does not keep every size.
    private var simplified: [ScaledKey: GlyphOutline] = [:]
    private struct ScaledKey: Hashable {
        var outline: OutlineKey, scale: UInt64
    }
    static let simplifiedCapacity = 8192
    private var replacementBoxes: [Int: Glyph] = [:]
    /// Advances by (face, strike, character), font px; −1: the strike has no such glyph.
    private var advances: [UInt64: Int32] = [:]
    static let advanceCapacity = 1 << 16
    /// Colour glyphs' images as decoded (height: the face's) and as shrunk per drawn height; a
    /// missing image is kept as nil so its file is not read again every frame.
    private var colorImages: [ColorKey: Pixmap?] = [:]
    private struct ColorKey: Hashable {
        var face: Int32, scalar: UInt32, height: Int32
    }
    static let colorImageCapacity = 1024
    private var scratch = Polylines()
    /// Recently drawn lines; a new one replaces the least recently used when there are `runCapacity`.
    private var runs: [TextRun] = []
    /// Where the next lookup starts: labels drawn in the same order every frame hit at the first try.
    private var runCursor = 0
    private var runClock: UInt64 = 0
    /// More lines than a scene draws a frame (the clock draws 24, a wheel of 12 prizes ~16); a scene
    /// that draws more asks for room (`keepRuns(atLeast:)`), or every frame would lay them out again.
    private(set) var runCapacity = 64

    /// Keeps at least `count` laid-out lines from now on (a wheel of 150 labels asks for 150 and more).
    public func keepRuns(atLeast count: Int) {
        runCapacity = max(runCapacity, min(count, 4096))
    }

    public init(faces: [FontFace]) { self.faces = faces }
    /// Each font is its own face, in fallback order.
    public convenience init(fonts: [BitmapFont]) { self.init(faces: fonts.map { FontFace($0) }) }

    // MARK: Measuring

    /// The ascent and descent at `size` of the primary face's line (Terminus: the shipped Latin
    /// font). A given text's line is that of the faces it uses: `measure`.
    public func lineMetrics(size: Double) -> LineMetrics {
        lineMetrics(size: size, faces: 1)
    }

    /// The largest ascent and descent at `size` of the faces whose bits are set in `used` (bit i:
    /// face i; none set: the primary face). So a Latin label is centred by Terminus's own line
    /// whether or not a fallback with a taller line is installed.
    private func lineMetrics(size: Double, faces used: UInt64) -> LineMetrics {
        guard size.isFinite, size > 0 else { return LineMetrics(ascent: 0, descent: 0) }
        guard !faces.isEmpty else { return LineMetrics(ascent: size * 0.75, descent: size * 0.25) }
        let used = used == 0 ? 1 : used
        var ascent = 0.0, descent = 0.0
        for (i, face) in faces.enumerated() where i < 64 && used & (1 << UInt64(i)) != 0 {
            let line = face.lineMetrics(size: size)
            ascent = max(ascent, line.ascent)
            descent = max(descent, line.descent)
        }
        return LineMetrics(ascent: ascent, descent: descent)
    }

    /// The bit of face `face` (from `resolve`) for `lineMetrics(size:faces:)`: the replacement box is
    /// the primary face's, controls use none.
    @inline(__always)
    private static func faceBit(_ face: Int) -> UInt64 {
        face >= 0 ? (face < 64 ? 1 << UInt64(face) : 0) : (face == -1 ? 1 : 0)
    }

    /// Advance width and line height of `text` drawn at `size` px (the line of the faces it uses).
    public func measure(_ text: String, size: Double) -> Size {
        guard size.isFinite, size > 0 else { return Size(width: 0, height: 0) }
        for run in runs where run.matches(text, size: size) { return Size(width: run.width, height: run.metrics.height) }
        var width = 0.0, used: UInt64 = 0
        if let shaped = Bidi.visual(text) {
            for scalar in shaped { let r = resolve(scalar, size: size); width += r.advance; used |= FontStack.faceBit(r.face) }
        } else {
            for scalar in text.unicodeScalars { let r = resolve(scalar, size: size); width += r.advance; used |= FontStack.faceBit(r.face) }
        }
        return Size(width: width, height: lineMetrics(size: size, faces: used).height)
    }

    /// The line (ascent, descent) of the faces `text` uses at `size`.
    public func measureLine(_ text: String, size: Double) -> LineMetrics {
        guard size.isFinite, size > 0 else { return LineMetrics(ascent: 0, descent: 0) }
        return run(for: text, size: size, rendering: .automatic).metrics
    }

    /// How far `text`'s ink reaches below its baseline at `size`, px (at least its line's descent):
    /// for a line drawn under it, clear of Arabic's deep descenders. Lays the text out (kept).
    public func inkDescent(_ text: String, size: Double) -> Double {
        guard size.isFinite, size > 0 else { return 0 }
        let run = run(for: text, size: size, rendering: .automatic)
        return max(run.inkDescent, run.metrics.descent)
    }

    /// Which face and strike draw `scalar` at `size` (face −1: the replacement box), its advance in px.
    private func resolve(_ scalar: Unicode.Scalar, size: Double) -> (face: Int, strike: Int, scale: Double, advance: Double) {
        if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { return (-2, 0, 0, 0) }   // controls draw nothing
        for (f, face) in faces.enumerated() {
            if let colors = face.colors {
                guard let width = colors.width(of: scalar) else { continue }
                let scale = size / Double(colors.height)
                return (f, 0, scale, Double(width) * scale)
            }
            let preferred = face.strikeIndex(for: size)
            // The strike for this size, else the face's other strikes, largest first (a face may
            // join strikes of different coverage: Unifont's 16 px and efont's 24 px CJK).
            var s = preferred, k = face.strikes.count
            while true {
                let font = face.strikes[s]
                if let advance = advance(of: scalar, face: f, strike: s, in: font) {
                    let scale = size / Double(font.pixelSize)
                    return (f, s, scale, Double(advance) * scale)
                }
                k -= 1
                if k < 0 { break }
                if k == preferred { k -= 1; if k < 0 { break } }
                s = k
            }
        }
        let box = replacementBox(size: size)
        return (-1, 0, box.scale, Double(box.glyph.advance) * box.scale)
    }

    /// `scalar`'s advance in `font` (strike `strike` of face `face`), font px; nil when it has none.
    /// Asked once per character and strike, then kept: a font read on trust finds and parses the
    /// glyph to answer, and text measured every frame (the banner under a spinning wheel) would
    /// parse its glyphs every frame.
    private func advance(of scalar: Unicode.Scalar, face: Int, strike: Int, in font: BitmapFont) -> Int? {
        let key = UInt64(truncatingIfNeeded: face) << 48 | UInt64(truncatingIfNeeded: strike & 0xFFFF) << 32 | UInt64(scalar.value)
        if let known = advances[key] { return known < 0 ? nil : Int(known) }
        if advances.count >= FontStack.advanceCapacity { advances.removeAll(keepingCapacity: true) }
        let advance = font.advance(for: scalar)
        advances[key] = Int32(clamping: advance ?? -1)
        return advance
    }

    /// The hollow box in the primary face's strike for `size` (a 16 px box when there are no faces).
    private func replacementBox(size: Double) -> (glyph: Glyph, scale: Double, strikeSize: Int) {
        var ascent = 12, descent = 4
        if let face = faces.first, !face.strikes.isEmpty {
            let strike = face.strikes[face.strikeIndex(for: size)]
            ascent = strike.ascent; descent = strike.descent
        }
        let key = ascent << 16 | descent
        let glyph: Glyph
        if let cached = replacementBoxes[key] { glyph = cached } else {
            glyph = Glyph.replacementBox(ascent: ascent, descent: descent)
            replacementBoxes[key] = glyph
        }
        return (glyph, size / Double(ascent + descent), key)
    }

    // MARK: Drawing

    /// Draws `text` on one line with the point of its box chosen by `style` at `anchor` (canvas user
    /// space), rotated by `rotation` about the anchor. Glyphs are filled nonzero with `style.color`.
    public func draw(_ text: String, in canvas: Canvas, at anchor: Point, rotation: Angle = .zero, style: TextStyle) {
        let size = style.size
        guard size.isFinite, size > 0, anchor.x.isFinite, anchor.y.isFinite, rotation.radians.isFinite else { return }
        let run = run(for: text, size: size, rendering: style.rendering)
        let width = run.width, metrics = run.metrics
        let dx: Double
        switch style.alignment {
        case .left: dx = 0
        case .center: dx = -width / 2
        case .right: dx = -width
        }
        let dy: Double
        switch style.verticalAlignment {
        case .top: dy = metrics.ascent
        case .middle: dy = (metrics.ascent - metrics.descent) / 2
        case .baseline: dy = 0
        case .bottom: dy = -metrics.descent
        }
        // Exact cos/sin at quarter turns, so a 90° label is the exact transposed bitmap.
        var cosA = rotation.cos, sinA = rotation.sin
        let quarters = rotation.radians / (Double.pi / 2)
        let isQuarterTurn = abs(quarters - quarters.rounded()) < 1e-9
        if isQuarterTurn {
            switch ((Int(quarters.rounded()) % 4) + 4) % 4 {
            case 0: cosA = 1; sinA = 0
            case 1: cosA = 0; sinA = 1
            case 2: cosA = -1; sinA = 0
            default: cosA = 0; sinA = -1
            }
        }
        var origin = Point(x: anchor.x + cosA * dx - sinA * dy, y: anchor.y + sinA * dx + cosA * dy)
        if style.snapsToPixels && isQuarterTurn {
            origin = Point(x: origin.x.rounded(), y: origin.y.rounded())
        }

        if !run.glyphs.isEmpty {
            scratch.removeAll()
            run.addOutlines(to: &scratch, origin: origin, cosA: cosA, sinA: sinA)
            canvas.fill(scratch, color: style.color, rule: .nonZero)
        }
        for placed in run.images {
            drawImage(placed, size: size, ascent: metrics.ascent, in: canvas, origin: origin, cosA: cosA, sinA: sinA,
                      opacity: Double(style.color.alpha) / 255)
        }
    }

    /// A colour glyph: its image shrunk once to the text's size (kept in `colorImages`), its top on
    /// the line's top, turned with the text. The text colour's alpha fades it with the text.
    private func drawImage(_ placed: TextRun.PlacedImage, size: Double, ascent: Double, in canvas: Canvas,
                           origin: Point, cosA: Double, sinA: Double, opacity: Double) {
        guard let colors = faces[placed.face].colors, let image = colorImage(placed, colors: colors) else { return }
        let sx = placed.scale * Double(colors.height) / Double(image.height)
        let top = -size * ColorGlyphs.ascent
        let t = Transform(a: sx * cosA, b: sx * sinA, c: -sx * sinA, d: sx * cosA,
                          tx: origin.x + cosA * placed.pen - sinA * top, ty: origin.y + sinA * placed.pen + cosA * top)
        canvas.draw(image, transform: t, opacity: opacity)
    }

    /// `placed`'s image at the height it is drawn (whole px, at least 1), made once: decoded, then
    /// shrunk by area averaging. Forgotten all at once at `colorImageCapacity`.
    private func colorImage(_ placed: TextRun.PlacedImage, colors: ColorGlyphs) -> Pixmap? {
        let drawn = Double(colors.height) * placed.scale
        let height = max(1, min(colors.height, Int(drawn.rounded(.up))))
        let key = ColorKey(face: Int32(placed.face), scalar: placed.scalar.value, height: Int32(height))
        if let made = colorImages[key] { return made }
        if colorImages.count >= FontStack.colorImageCapacity { colorImages.removeAll() }
        let source = ColorKey(face: key.face, scalar: key.scalar, height: Int32(colors.height))
        let decoded: Pixmap?
        if let known = colorImages[source] { decoded = known } else {
            decoded = colors.image(of: placed.scalar)
            colorImages.updateValue(decoded, forKey: source)
        }
        guard let full = decoded else { return nil }
        let made = height >= full.height ? full
            : full.downscaled(width: max(1, (full.width * height + full.height / 2) / full.height), height: height)
        colorImages.updateValue(made, forKey: key)
        return made
    }

    /// The laid-out line for (text, size, rendering): a cached run, or one laid out now in a new or
    /// the least recently used slot.
    private func run(for text: String, size: Double, rendering: GlyphRendering) -> TextRun {
        runClock &+= 1
        let n = runs.count
        var i = runCursor
        for _ in 0..<n {
            if i >= n { i = 0 }
            let run = runs[i]
            if run.matches(text, size: size, rendering: rendering) {
                run.lastUse = runClock
                runCursor = i + 1
                return run
            }
            i += 1
        }
        let run: TextRun
        if n < runCapacity {
            run = TextRun(text: text, size: size, rendering: rendering)
            runs.append(run)
            runCursor = n + 1
        } else {
            var oldest = 0
            for k in 1..<n where runs[k].lastUse < runs[oldest].lastUse { oldest = k }
            run = runs[oldest]
            run.reset(text: text, size: size, rendering: rendering)
            runCursor = oldest + 1
        }
        run.lastUse = runClock
        layOut(run)
        return run
    }

    /// Resolves each character of `run.text` (in visual order, Arabic joined: `Bidi`) and places
    /// its outline along the pen.
    private func layOut(_ run: TextRun) {
        if let shaped = Bidi.visual(run.text) {
            layOut(run, scalars: shaped)
        } else {
            layOut(run, scalars: run.text.unicodeScalars)
        }
    }

    private func layOut<Scalars: Sequence<Unicode.Scalar>>(_ run: TextRun, scalars: Scalars) {
        let size = run.size
        var pen = 0.0, used: UInt64 = 0
        for scalar in scalars {
            let r = resolve(scalar, size: size)
            used |= FontStack.faceBit(r.face)
            if r.face >= 0, faces[r.face].colors != nil {
                run.appendImage(face: r.face, scalar: scalar, scale: r.scale, pen: pen)
            } else if r.face >= -1 {
                let smooth: Bool
                switch run.rendering {
                case .automatic: smooth = r.scale >= 1.5 || (r.face >= 0 && faces[r.face].traced)
                case .pixelExact: smooth = false
                case .smooth: smooth = true
                }
                let key: OutlineKey
                if r.face >= 0 {
                    key = OutlineKey(face: Int32(r.face), strike: Int32(r.strike), scalar: scalar.value, smooth: smooth)
                } else {
                    key = OutlineKey(face: -1, strike: Int32(replacementBox(size: size).strikeSize), scalar: 0, smooth: smooth)
                }
                if outlines[key] == nil { outlines[key] = makeOutline(scalar: scalar, resolved: r, size: size, smooth: smooth) }
                if let outline = outlines[key] {
                    // A pixel-exact outline is kept as it is: its corners are the design.
                    let drawn = smooth && r.scale > 0 ? simplified(outline, key: key, scale: r.scale) : outline
                    run.append(drawn, scale: r.scale, pen: pen)
                }
            }
            // The same sum as `measure`'s: a control's advance is 0, so skipping it there changes nothing.
            pen += r.advance
        }
        run.setMetrics(width: pen, metrics: lineMetrics(size: size, faces: used))
    }

    /// `outline` simplified for `scale` (`GlyphOutline.simplified`), made once and kept.
    private func simplified(_ outline: GlyphOutline, key: OutlineKey, scale: Double) -> GlyphOutline {
        let scaled = ScaledKey(outline: key, scale: scale.bitPattern)
        if let made = simplified[scaled] { return made }
        if simplified.count >= FontStack.simplifiedCapacity { simplified.removeAll() }
        let made = outline.simplified(scale: scale)
        simplified[scaled] = made
        return made
    }

    private func makeOutline(scalar: Unicode.Scalar, resolved r: (face: Int, strike: Int, scale: Double, advance: Double),
                             size: Double, smooth: Bool) -> GlyphOutline? {
        let glyph: Glyph?
        if r.face >= 0 { glyph = faces[r.face].strikes[r.strike].glyph(for: scalar) }
        else { glyph = replacementBox(size: size).glyph }
        return glyph.map { GlyphOutline(glyph: $0, smooth: smooth) }
    }
}
