// A short note over a scene: one line (or two broken at a space, the second ending in "…" if it still
// does not fit) in a dark pill with a gold edge, centred at the top of the frame or at its bottom.
// The wheel's notes (a paste that could not be used) and the window's (a screenshot saved, and where)
// look the same. Sizes scale with the frame (px).
import BitmapFont
import Raster

struct Note: Equatable {
    var text: String

    func draw(in canvas: Canvas, fonts: FontStack, atBottom: Bool) {
        let w = Double(canvas.width), h = Double(canvas.height)
        let size = max(13, min(30, 0.045 * min(w, h)))
        let room = max(size, min(w - 4 * size, 40 * size))
        var lines = [text]
        if fonts.measure(text, size: size).width > room {
            let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            var first = ""
            var k = 0
            while k < words.count, fonts.measure(first.isEmpty ? words[k] : first + " " + words[k], size: size).width <= room {
                first = first.isEmpty ? words[k] : first + " " + words[k]
                k += 1
            }
            if first.isEmpty { first = fonts.fitted(text, size: size, width: room); k = words.count }
            let rest = words[k...].joined(separator: " ")
            lines = [first]
            if !rest.isEmpty { lines.append(fonts.fitted(rest, size: size, width: room)) }
        }
        let width = (lines.map { fonts.measure($0, size: size).width }.max() ?? 0) + 2 * size
        let lineHeight = 1.25 * size
        let height = Double(lines.count) * lineHeight + 0.65 * size
        let box = Rect(x: (w - width) / 2, y: atBottom ? h - max(4, 0.03 * h) - height : max(4, 0.03 * h), width: width, height: height)
        canvas.fill(roundedRect(box, radius: min(box.height / 2, size)), color: Color(rgb: 0x0B0E14, alpha: 235))
        canvas.stroke(roundedRect(box, radius: min(box.height / 2, size)), style: StrokeStyle(width: max(1, size * 0.08)),
                      color: Color(rgb: 0xF2CC5B))
        for (i, line) in lines.enumerated() {
            let y = box.minY + 0.325 * size + (Double(i) + 0.5) * lineHeight
            fonts.draw(line, in: canvas, at: Point(x: box.center.x, y: y),
                       style: TextStyle(size: size, color: .white, alignment: .center, verticalAlignment: .middle))
        }
    }
}

/// A scene with a note of the window's over it for `duration` seconds from `since` (a screenshot
/// saved, and where): the scene keeps running beneath it, the note at the frame's top (a wheel beside
/// its button says its own notes at the foot).
public final class NoticeOverlay: Scene {
    public let scene: Scene
    let note: Note
    public let since: Double
    let fonts: FontStack
    public static let duration = 4.0

    public init(_ scene: Scene, text: String, since: Double, resources: SceneResources) {
        self.scene = scene
        note = Note(text: text)
        self.since = since
        fonts = resources.fonts
    }

    public var until: Double { since + NoticeOverlay.duration }
    public var name: String { scene.name }
    public func render(into canvas: Canvas, at t: Double) {
        scene.render(into: canvas, at: t)
        if t >= since, t < until { note.draw(in: canvas, fonts: fonts, atBottom: false) }
    }
    public func handle(_ input: SceneInput, at t: Double, frameSize: Size) { scene.handle(input, at: t, frameSize: frameSize) }
    public func isAnimating(at t: Double) -> Bool { scene.isAnimating(at: t) }
    /// Everything while the note shows (it is small, and the frame under it moves): the scene's own after.
    public func dirtyRect(since previous: Double, at t: Double, frameSize: Size) -> PixelRect? {
        previous < until ? nil : scene.dirtyRect(since: previous, at: t, frameSize: frameSize)
    }
    public func jsonLine(at t: Double) -> String { scene.jsonLine(at: t) }
    public func prepare(frameSize: Size) { scene.prepare(frameSize: frameSize) }
    public func nextChange(after t: Double) -> Double? {
        let own: Double? = until > t ? until : nil
        guard let theirs = scene.nextChange(after: t) else { return own }
        return min(theirs, own ?? .infinity)
    }
    public func acceptsReload(at t: Double) -> Bool { scene.acceptsReload(at: t) }
    public var wantsTextInput: Bool { scene.wantsTextInput }
    public var takesPanelKeys: Bool { scene.takesPanelKeys }
    public func didAppear(at t: Double) { scene.didAppear(at: t) }
    public func sounds(from t0: Double, to t1: Double, into events: inout [SoundEvent]) { scene.sounds(from: t0, to: t1, into: &events) }
}
