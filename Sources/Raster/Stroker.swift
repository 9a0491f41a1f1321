// Turns flattened contours into the outline of their stroke (placeholder: replaced by the stroker work).
final class Stroker {
    func stroke(_ input: Polylines, style: StrokeStyle, into out: inout Polylines) {
        out.removeAll()
    }
}
