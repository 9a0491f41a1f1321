// Ctrl+Alt+L: the control page's link as a QR code over the scene, for the operator's phone (a key a
// visitor at a touch screen does not have). The code on white with its 4-module quiet zone, each
// module a whole number of pixels on pixel edges (crisp for a camera), centred, as large as the
// frame allows under two lines of text: the page's address without the token (the token is only in
// the code) and how to close the panel. Shown for 60 s or until a key, a tap or a button.
import BitmapFont
import QR
import Raster
import Scenes

final class ControlLinkOverlay: Scene {
    /// The scene beneath (the session sets it to whatever it shows, so a switch or a notice stays under).
    var scene: Scene
    let code: QRCode
    /// The link without its fragment (the token): http://192.168.1.20:8765/.
    let address: String
    /// The two lines under the code (made once: a frame allocates nothing).
    private let lines: [String]
    let fonts: FontStack?
    let since: Double
    static let duration = 60.0
    static let quietZone = 4
    /// The modules and the panel for the last frame size (drawn each frame while the scene beneath moves).
    private var cached: (size: Size, layout: Layout, scrim: Path, panel: Path, modules: Path)?

    init(_ scene: Scene, link: String, code: QRCode, since: Double, fonts: FontStack?) {
        self.scene = scene
        self.code = code
        address = link.firstIndex(of: "#").map { String(link[..<$0]) } ?? link
        lines = [address, "Phone control: scan, then any key or tap closes this."]
        self.since = since
        self.fonts = fonts
    }

    var until: Double { since + ControlLinkOverlay.duration }

    /// Where the panel, the code and the text go on a frame of `size` px.
    struct Layout: Equatable {
        /// The white panel (whole pixels).
        var panel: PixelRect
        /// The code's top left module (inside the quiet zone) and each module's side, in px.
        var origin: (x: Int, y: Int)
        var module: Int
        var textSize: Double
        /// The centres of the two text lines.
        var lines: [Point]

        static func == (a: Layout, b: Layout) -> Bool {
            a.panel == b.panel && a.origin == b.origin && a.module == b.module && a.textSize == b.textSize && a.lines == b.lines
        }
    }

    /// The layout for `modules` a side on a `width` × `height` frame: the code with its quiet zone
    /// as large as fits above the text with a margin, at least 1 px a module.
    static func layout(modules: Int, width: Int, height: Int) -> Layout {
        let short = Double(min(width, height))
        let textSize = max(11, min(26, 0.035 * short)).rounded()
        let lineHeight = (1.35 * textSize).rounded()
        let margin = max(4, Int(0.04 * short))
        let textBlock = Int(2 * lineHeight) + Int(0.5 * textSize)
        let side = modules + 2 * quietZone
        let room = min(width - 2 * margin, height - 2 * margin - textBlock)
        let module = max(1, room / side)
        let codeSide = module * side
        let panelWidth = min(width, max(codeSide, Int(28 * textSize)))
        let panelHeight = codeSide + textBlock
        let panel = PixelRect(x: (width - panelWidth) / 2, y: max(0, (height - panelHeight) / 2), width: panelWidth, height: panelHeight)
        let codeX = (width - codeSide) / 2
        let first = Double(panel.y + codeSide) + lineHeight / 2
        return Layout(panel: panel, origin: (codeX + module * quietZone, panel.y + module * quietZone), module: module,
                      textSize: textSize, lines: [Point(x: Double(width) / 2, y: first), Point(x: Double(width) / 2, y: first + lineHeight)])
    }

    var name: String { scene.name }

    func render(into canvas: Canvas, at t: Double) {
        scene.render(into: canvas, at: t)
        guard t < until else { return }   // from when the chord was taken (a frame saved for an earlier t shows it too)
        let size = Size(width: Double(canvas.width), height: Double(canvas.height))
        if cached?.size != size {
            let layout = ControlLinkOverlay.layout(modules: code.size, width: canvas.width, height: canvas.height)
            var modules = Path()
            // One rectangle a run of dark modules in a row, on whole pixels.
            for y in 0..<code.size {
                var x = 0
                while x < code.size {
                    guard code[x, y] else { x += 1; continue }
                    var end = x
                    while end < code.size, code[end, y] { end += 1 }
                    modules.addRect(Rect(x: Double(layout.origin.x + x * layout.module), y: Double(layout.origin.y + y * layout.module),
                                         width: Double((end - x) * layout.module), height: Double(layout.module)))
                    x = end
                }
            }
            let box = layout.panel
            cached = (size, layout, Path.rect(Rect(x: 0, y: 0, width: size.width, height: size.height)),
                      Path.rect(Rect(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height))), modules)
        }
        guard let (_, layout, scrim, panel, modules) = cached else { return }
        canvas.fill(scrim, color: Color(rgb: 0x000000, alpha: 150))
        canvas.fill(panel, color: .white)
        canvas.fill(modules, color: .black)
        guard let fonts else { return }
        let room = Double(layout.panel.width) - layout.textSize
        for (text, centre) in zip(lines, layout.lines) {
            let width = fonts.measure(text, size: layout.textSize).width   // smaller when it does not fit
            let size = width > room ? layout.textSize * room / width : layout.textSize
            fonts.draw(text, in: canvas, at: centre,
                       style: TextStyle(size: size, color: Color(rgb: 0x1A1A1A), alignment: .center, verticalAlignment: .middle))
        }
    }

    func handle(_ input: SceneInput, at t: Double, frameSize: Size) { scene.handle(input, at: t, frameSize: frameSize) }
    func isAnimating(at t: Double) -> Bool { scene.isAnimating(at: t) }
    func dirtyRect(since previous: Double, at t: Double, frameSize: Size) -> PixelRect? { nil }
    func jsonLine(at t: Double) -> String { scene.jsonLine(at: t) }
    func prepare(frameSize: Size) { scene.prepare(frameSize: frameSize) }
    func nextChange(after t: Double) -> Double? {
        let own: Double? = until > t ? until : nil
        guard let theirs = scene.nextChange(after: t) else { return own }
        return min(theirs, own ?? .infinity)
    }
    func acceptsReload(at t: Double) -> Bool { scene.acceptsReload(at: t) }
    var wantsTextInput: Bool { false }
    var takesPanelKeys: Bool { false }
    func didAppear(at t: Double) { scene.didAppear(at: t) }
    func sounds(from t0: Double, to t1: Double, into events: inout [SoundEvent]) { scene.sounds(from: t0, to: t1, into: &events) }
}
