// A 2-D affine transform in pixels: x' = a·x + c·y + tx, y' = b·x + d·y + ty (CGAffineTransform's layout).
// `rotated(by:)` follows the Angle convention: a positive angle turns clockwise on screen.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct Transform: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(x: Double, y: Double) -> Transform { Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    public static func scale(x: Double, y: Double) -> Transform { Transform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0) }
    public static func scale(_ s: Double) -> Transform { scale(x: s, y: s) }
    public static func rotation(_ angle: Angle) -> Transform {
        let c = cos(angle.radians), s = sin(angle.radians)
        return Transform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }
    /// Rotation by `angle` about `center`.
    public static func rotation(_ angle: Angle, about center: Point) -> Transform {
        translation(x: -center.x, y: -center.y).concatenating(rotation(angle)).concatenating(translation(x: center.x, y: center.y))
    }

    /// `self` applied first, then `other`.
    public func concatenating(_ t: Transform) -> Transform {
        Transform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                  c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                  tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    public func translatedBy(x: Double, y: Double) -> Transform { Transform.translation(x: x, y: y).concatenating(self) }
    public func scaledBy(_ s: Double) -> Transform { Transform.scale(s).concatenating(self) }
    public func rotatedBy(_ angle: Angle) -> Transform { Transform.rotation(angle).concatenating(self) }

    public var determinant: Double { a * d - b * c }
    /// nil when the transform collapses the plane (determinant 0 or not finite).
    public var inverted: Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return Transform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                         tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
    public var isTranslationOnly: Bool { a == 1 && b == 0 && c == 0 && d == 1 }
    /// The largest factor by which the transform stretches a length (for flattening tolerances).
    public var maxScale: Double {
        let p = a * a + b * b, q = c * c + d * d, r = a * c + b * d
        let mid = (p + q) / 2, dev = (((p - q) / 2) * ((p - q) / 2) + r * r).squareRoot()
        return (mid + dev).squareRoot()
    }

    @inline(__always)
    public func apply(_ p: Point) -> Point { Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty) }
}
