// The default ring image (assets/ring.png): a bevelled gold rim with evenly spaced light bulbs and
// a transparent centre, made by Roundel itself so the asset is reproducible (RingImageTests
// regenerates it; RECORD=1 rewrites the file). Sizes are fractions of the image radius, so any side
// gives the same picture. Also: measuring any ring image's transparent hole (RingGeometry). The scene
// pre-scales a ring once per wheel size with Raster's `Pixmap.downscaled`.
// Pixels are premultiplied ARGB8888; angles follow Raster (0 = 3 o'clock, clockwise).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

public enum RingImage {
    /// Side of the shipped assets/ring.png, in px.
    public static let shippedSide = 1024
    /// Light bulbs around the rim.
    static let bulbCount = 24
    /// The band's inner edge as a fraction of the image radius (the transparent hole).
    static let innerFraction = 0.86

    /// The default ring at `side` × `side` px (nil for a side outside 16…Pixmap.maxSide).
    public static func generate(side: Int = shippedSide) -> Pixmap? {
        guard side >= 16, var pixmap = Pixmap(width: side, height: side) else { return nil }
        let radius = Double(side) / 2
        // Three transparent texels round the rim: no bilinear sample of a pixel across the image's
        // border sees the rim, so a wheel may draw the image over whole pixels (`ringSpans`).
        let band = Band(radius: radius, outer: radius - 3.5)
        for y in 0..<side {
            for x in 0..<side { pixmap[x, y] = band.pixel(dx: Double(x) + 0.5 - radius, dy: Double(y) + 0.5 - radius) }
        }
        let canvas = Canvas(pixmap: pixmap)
        let bulb = bulbRadius(ringRadius: radius)
        for angle in bulbAngles {
            paintBulb(canvas, at: .onCircle(center: Point(x: radius, y: radius), radius: radius * trackFraction - 0.75, at: angle),
                      radius: bulb)
        }
        return canvas.pixmap
    }

    /// The band's outer edge as a fraction of the radius, as in the shipped image (3.5 of its 512 texels in).
    static let outerFraction = 1 - 3.5 / 512
    /// The bulbs' track: the middle of the band.
    static let trackFraction = (1 + innerFraction) / 2

    /// Where bulb `k` sits on the ring turned by nothing: evenly round, half a step after 12 o'clock.
    static var bulbAngles: [Angle] {
        (0..<bulbCount).map { k in Angle.twelveOClock + .radians(2 * Double.pi * (Double(k) + 0.5) / Double(bulbCount)) }
    }

    /// A bulb's radius on a ring of `ringRadius` (its glow reaches 2.1 times as far).
    static func bulbRadius(ringRadius: Double) -> Double { ringRadius * (1 - innerFraction) * 0.22 }

    /// The rim as a lit torus-like bevel, computed per pixel: gold ramp by a mostly frontal light,
    /// with two engraved grooves. The soft shadow it casts inward onto the slices is not in it.
    struct Band {
        let outer: Double, inner: Double, middle: Double, half: Double
        /// The bevel's colours in shadow, lit and in the highlight (the theme's ring), 0…255 per channel.
        let dark: (Int, Int, Int), gold: (Int, Int, Int), pale: (Int, Int, Int)

        /// A band round a disc of `radius` (the image's half side) whose rim lies at `outer`.
        init(radius: Double, outer: Double, colors: Theme.RingColors = Theme.classic.ring) {
            self.outer = outer
            inner = radius * innerFraction
            middle = (outer + inner) / 2
            half = (outer - inner) / 2
            func channels(_ c: Color) -> (Int, Int, Int) { (Int(c.red), Int(c.green), Int(c.blue)) }
            dark = channels(colors.shadow); gold = channels(colors.body); pale = channels(colors.shine)
        }

        static let light = RingImage.normalized(-0.28, -0.38, 0.88)
        static let halfway = RingImage.normalized(light.0, light.1, light.2 + 1)

        /// The band's premultiplied pixel whose centre lies (`dx`, `dy`) px from the ring's centre (0 off
        /// the band). `samples` > 1 averages the colour over that many radii across the pixel: below
        /// the shipped image's own scale the grooves are thinner than a pixel and would alias.
        func pixel(dx: Double, dy: Double, samples: Int = 1) -> UInt32 {
            let r = (dx * dx + dy * dy).squareRoot()
            // Coverage by distance to the two circles (exact to within a pixel's curvature).
            let coverage = RingImage.clamp(outer - r + 0.5) * RingImage.clamp(r - inner + 0.5)
            guard coverage > 0 else { return 0 }
            let ex = r > 0 ? dx / r : 0, ey = r > 0 ? dy / r : 0
            var c = (0.0, 0.0, 0.0)
            for k in 0..<samples {
                let s = color(r: r + (Double(k) + 0.5) / Double(samples) - 0.5, ex: ex, ey: ey)
                c = (c.0 + s.0, c.1 + s.1, c.2 + s.2)
            }
            let n = Double(samples)
            return Color(red: UInt8((c.0 / n).rounded()), green: UInt8((c.1 / n).rounded()), blue: UInt8((c.2 / n).rounded()),
                         alpha: UInt8((coverage * 255).rounded())).premultiplied
        }

        /// The lit colour at radius `r` in direction (`ex`, `ey`) from the centre, 0…255 per channel.
        private func color(r: Double, ex: Double, ey: Double) -> (Double, Double, Double) {
            let light = Band.light, halfway = Band.halfway
            // Across the band u runs −1 (inner edge) … 1 (outer edge); the profile is a flattened torus.
            let u = max(-1, min(1, (r - middle) / half))
            let tilt = u * 0.9
            let nz = (1 - tilt * tilt).squareRoot()
            let n = (tilt * ex, tilt * ey, nz)
            let diffuse = max(0, n.0 * light.0 + n.1 * light.1 + n.2 * light.2)
            // pow(h, 36) as h³² · h⁴ (a libm pow per sample was most of a frame size's set-up).
            let h = max(0, n.0 * halfway.0 + n.1 * halfway.1 + n.2 * halfway.2)
            let h2 = h * h, h4 = h2 * h2, h8 = h4 * h4, h16 = h8 * h8
            let specular = h16 * h16 * h4
            // Two grooves split the rim into an outer lip, a bulb track and an inner lip.
            let groove = 1 - 0.45 * (RingImage.bump(u, at: -0.62, width: 0.07) + RingImage.bump(u, at: 0.62, width: 0.07))
            let c = RingImage.mix(dark, gold, diffuse * groove)
            return RingImage.mix(c, pale, min(1, specular * 0.85))
        }
    }

    /// A bulb in the rim's middle track: a dark socket, a warm glow, a radial gradient from amber to
    /// white-hot, and a small specular dot toward the top-left.
    static func paintBulb(_ canvas: Canvas, at p: Point, radius bulb: Double, colors: Theme.RingColors = Theme.classic.ring) {
        canvas.fill(.circle(center: p, radius: bulb * 2.1), color: colors.glow)
        canvas.fill(.circle(center: p, radius: bulb * 1.6), color: colors.halo)
        canvas.fill(.circle(center: p, radius: bulb * 1.18), color: colors.socket)
        let steps = 10
        let from = (Int(colors.bulb.red), Int(colors.bulb.green), Int(colors.bulb.blue))
        let to = (Int(colors.bulbHot.red), Int(colors.bulbHot.green), Int(colors.bulbHot.blue))
        for s in 0..<steps {
            let f = Double(s) / Double(steps - 1)
            let c = mix(from, to, pow(f, 0.7))
            canvas.fill(.circle(center: p, radius: bulb * (1 - 0.8 * f)),
                        color: Color(red: UInt8(c.0.rounded()), green: UInt8(c.1.rounded()), blue: UInt8(c.2.rounded())))
        }
        let spot = Point(x: p.x - bulb * 0.35, y: p.y - bulb * 0.38)
        canvas.fill(.circle(center: spot, radius: bulb * 0.22), color: Color(rgb: 0xFFFFFF, alpha: 220))
    }

    private static func clamp(_ x: Double) -> Double { max(0, min(1, x)) }
    private static func bump(_ u: Double, at centre: Double, width: Double) -> Double {
        let d = (u - centre) / width
        return d * d < 1 ? (1 - d * d) * (1 - d * d) : 0
    }
    private static func normalized(_ x: Double, _ y: Double, _ z: Double) -> (Double, Double, Double) {
        let l = (x * x + y * y + z * z).squareRoot()
        return (x / l, y / l, z / l)
    }
    private static func mix(_ a: (Int, Int, Int), _ b: (Int, Int, Int), _ f: Double) -> (Double, Double, Double) {
        mix((Double(a.0), Double(a.1), Double(a.2)), b, f)
    }
    private static func mix(_ a: (Double, Double, Double), _ b: (Int, Int, Int), _ f: Double) -> (Double, Double, Double) {
        let g = max(0, min(1, f))
        return (a.0 + (Double(b.0) - a.0) * g, a.1 + (Double(b.1) - a.1) * g, a.2 + (Double(b.2) - a.2) * g)
    }
}

/// Where a ring image is opaque, as fractions of its radius (half its smaller side): the hole's edge
/// (labels stop there) and the band's outer edge (slices run under the band up to its middle).
struct RingGeometry: Equatable {
    var inner: Double
    var outer: Double

    /// Median over 64 rays of the first and last radius with alpha ≥ 50 %. An image with no opaque
    /// band counts as a thin decoration at the edge; one with an opaque centre still leaves labels half the radius.
    static func measure(_ image: Pixmap) -> RingGeometry {
        let radius = Double(min(image.width, image.height)) / 2
        let cx = Double(image.width) / 2, cy = Double(image.height) / 2
        var inners: [Double] = [], outers: [Double] = []
        let samples = max(8, Int(radius))
        for k in 0..<64 {
            let a = Angle.radians(2 * Double.pi * Double(k) / 64)
            var first: Double?, last: Double?
            for s in 0..<samples {
                let r = radius * Double(s) / Double(samples)
                let x = Int(cx + a.cos * r), y = Int(cy + a.sin * r)
                guard x >= 0, y >= 0, x < image.width, y < image.height else { continue }
                if image[x, y] >> 24 >= 128 {
                    if first == nil { first = r / radius }
                    last = r / radius
                }
            }
            if let first, let last { inners.append(first); outers.append(last) }
        }
        guard inners.count >= 32 else { return RingGeometry(inner: 1, outer: 1) }
        inners.sort(); outers.sort()
        return RingGeometry(inner: max(0.5, inners[inners.count / 2]), outer: outers[outers.count / 2])
    }
}

/// A picture to be drawn `width` × `height` px, made ready once so a frame samples it at about one
/// texel a pixel: shrunk by area averaging when that is less than 90 % of it either way (bilinear
/// sampling alone would skip texels and shimmer as the wheel turns), else the picture itself.
func preScaled(_ image: Pixmap, toWidth width: Double, height: Double) -> Pixmap {
    let w = Int(width.rounded(.up)), h = Int(height.rounded(.up))
    guard w >= 1, h >= 1, w < image.width * 9 / 10 || h < image.height * 9 / 10,
          w <= image.width, h <= image.height else { return image }
    return image.downscaled(width: w, height: h) ?? image
}
