// What a kiosk shows instead of going black: a calm panel that says which file is wrong, where in
// it and what, drawn over the scene still running from the last good config (`ProblemOverlay`) or,
// when there never was a good one, alone (`ProblemScene`), until the file is fixed. Made from the
// one-line messages every error already has (`roundel: config 'F': wheel.items[3].color: …`).
import BitmapFont
import Raster

/// A problem as the panel shows it: a title, the file, where in it, and what is wrong.
public struct Problem: Sendable, Equatable {
    public var title: String
    public var file: String?
    public var place: String?
    public var detail: String

    public init(title: String, file: String? = nil, place: String? = nil, detail: String) {
        self.title = title; self.file = file; self.place = place; self.detail = detail
    }

    /// From a one-line message: `roundel: config 'F': PATH: PROBLEM`, `roundel: names 'F': …`,
    /// `roundel: state 'F': …`, or anything else (shown as it is).
    public init(message: String, title: String) {
        var text = message.hasPrefix("roundel: ") ? String(message.dropFirst(9)) : message
        if text.hasSuffix(" (kept the previous config)") { text = String(text.dropLast(27)) }
        self.title = title
        for kind in ["config", "names", "state"] {
            let head = kind + " '"
            guard text.hasPrefix(head) else { continue }
            let start = text.index(text.startIndex, offsetBy: head.count)
            guard let end = text[start...].firstRange(of: "': ") else { continue }
            file = String(text[start..<end.lowerBound])
            var rest = String(text[end.upperBound...])
            // A JSON path (no spaces) before the problem: `wheel.items[3].color: …`.
            if kind == "config", let colon = rest.firstRange(of: ": "), !rest[..<colon.lowerBound].contains(" ") {
                place = String(rest[..<colon.lowerBound])
                rest = String(rest[colon.upperBound...])
            }
            detail = rest
            // A record on a PostgreSQL server is no file to fix: the kiosk waits for the server.
            if isServer, title == ProblemScene.waitingTitle { self.title = "Roundel is waiting for the prize pool's server" }
            return
        }
        detail = text
    }

    /// The problem is a record on a PostgreSQL server (its URI where a file's name would be).
    var isServer: Bool { file.map { $0.hasPrefix("postgresql://") || $0.hasPrefix("postgres://") } ?? false }
}

extension Problem {
    /// Where in its box a panel only as tall as its text needs goes.
    enum Anchor { case top, middle, bottom }

    /// The band a panel over a running scene may take: about a quarter of the frame, across the top
    /// or (`atBottom`) the bottom, so the middle stays in view.
    static func band(_ size: Size, atBottom: Bool) -> Rect {
        let margin = max(6, 0.02 * min(size.width, size.height))
        let width = min(size.width - 2 * margin, max(320, size.height * 1.2))
        let height = max(90, size.height * 0.26)
        let y = atBottom ? size.height - margin - height : margin
        return Rect(x: (size.width - width) / 2, y: y, width: width, height: height)
    }

    /// The panel's lines, laid out for one box: made once, drawn each frame.
    struct Layout {
        var box: Rect
        var size: Double
        var lines: [(text: String, size: Double, color: Color, gap: Double)]
    }

    /// The lines for `box` at the largest size (down to a floor still read at arm's length) at which
    /// the whole of what is wrong fits: its advice comes last and must not be the part cut off.
    func layout(box: Rect, fonts: FontStack) -> Layout {
        var size = max(12, min(34, box.height / 9, box.width / 24))
        var made = lines(size: size, box: box, fonts: fonts)
        while !made.complete, size > 11 {
            size = max(11, size * 0.9)
            made = lines(size: size, box: box, fonts: fonts)
        }
        return Layout(box: box, size: size, lines: made.lines)
    }

    /// The panel's lines at `size` (text, size, colour, space before), and whether the whole detail fit.
    private func lines(size: Double, box: Rect, fonts: FontStack) -> (lines: [(text: String, size: Double, color: Color, gap: Double)], complete: Bool) {
        let inner = box.width - 2.4 * size
        var lines: [(text: String, size: Double, color: Color, gap: Double)] = []
        for l in fonts.wrap(title, size: size * 1.15, width: inner, limit: 2) { lines.append((l, size * 1.15, Color(rgb: 0xF2CC5B), 0)) }
        var gap = size * 0.3
        for (label, value) in [(isServer ? "Server: " : "File: ", file), ("At: ", place)] {
            guard let value else { continue }
            for l in fonts.wrap(label + value, size: size * 0.8, width: inner, limit: 2, breakingWords: true) {
                lines.append((l, size * 0.8, Color(rgb: 0xAEB6C6), gap))
                gap = 0
            }
        }
        gap += size * 0.2
        let used = lines.reduce(size * 1.5) { $0 + $1.size * 1.3 + $1.gap }
        let room = max(1, Int((box.height - used - size * 0.2) / (size * 1.3)))
        let complete = fonts.wrap(detail, size: size, width: inner, limit: room + 1, breakingWords: true).count <= room
        for l in fonts.wrap(detail, size: size, width: inner, limit: room, breakingWords: true) {
            lines.append((l, size, .white, gap))
            gap = 0
        }
        return (lines, complete)
    }

    /// Draws the panel as laid out; with `shrink`, only as tall as its text needs, at `anchor` in its box.
    func draw(_ layout: Layout, in canvas: Canvas, fonts: FontStack, shrink: Bool = false, anchor: Anchor = .middle) {
        let box = layout.box, size = layout.size
        let height = shrink ? min(box.height, layout.lines.reduce(size * 1.5) { $0 + $1.size * 1.3 + $1.gap }) : box.height
        let top = anchor == .top ? box.minY : anchor == .bottom ? box.maxY - height : box.minY + (box.height - height) / 2
        let panel = Rect(x: box.minX, y: top, width: box.width, height: height)
        canvas.fill(roundedRect(panel, radius: size * 0.6), color: Color(rgb: 0x232A38, alpha: 245))
        canvas.fill(roundedRect(Rect(x: panel.minX, y: panel.minY, width: max(4, size * 0.25), height: panel.height), radius: size * 0.12),
                    color: Color(rgb: 0xF2CC5B))
        var y = panel.minY + size * 0.75
        for line in layout.lines {
            y += line.gap
            fonts.draw(line.text, in: canvas, at: Point(x: panel.minX + 1.2 * size, y: y),
                       style: TextStyle(size: line.size, color: line.color, verticalAlignment: .top))
            y += line.size * 1.3
        }
    }
}

/// A panel's layout kept for the box it was made for (a panel over a running scene is drawn every frame).
final class PanelLayouts {
    private var kept: (problem: Problem, layout: Problem.Layout)?

    func layout(_ problem: Problem, box: Rect, fonts: FontStack) -> Problem.Layout {
        if let kept, kept.problem == problem, kept.layout.box == box { return kept.layout }
        let made = problem.layout(box: box, fonts: fonts)
        kept = (problem, made)
        return made
    }
}

/// The panel alone, when no config could be used yet: Roundel keeps running and shows why.
public final class ProblemScene: Scene {
    /// The panel's title while Roundel waits for files it can use (a config, a names list, a state file, an image).
    public static let waitingTitle = "Roundel is waiting for files it can use"
    public let name: String
    public var problem: Problem
    let fonts: FontStack
    let background = Color(rgb: 0x161A24)
    let layouts = PanelLayouts()

    /// `name`: the scene the window means to show once the config is good.
    public init(problem: Problem, resources: SceneResources, name: String = "problem") {
        self.problem = problem
        self.fonts = resources.fonts
        self.name = name
    }

    public func render(into canvas: Canvas, at t: Double) {
        canvas.clear(background)
        let box = ProblemScene.panelBox(Size(width: Double(canvas.width), height: Double(canvas.height)))
        problem.draw(layouts.layout(problem, box: box, fonts: fonts), in: canvas, fonts: fonts, shrink: true)
    }
    /// The panel's box in a frame of `size`: in the middle, at most 90 % wide and 80 % high.
    static func panelBox(_ size: Size) -> Rect {
        let w = size.width, h = size.height
        let width = min(w * 0.9, max(320, h * 1.1)), height = min(h * 0.8, width * 0.62)
        return Rect(x: (w - width) / 2, y: (h - height) / 2, width: width, height: height)
    }

    public func handle(_ input: SceneInput, at t: Double, frameSize: Size) {}
    public func isAnimating(at t: Double) -> Bool { false }
    public func dirtyRect(since previous: Double, at t: Double, frameSize: Size) -> PixelRect? { nil }
    public func jsonLine(at t: Double) -> String { "{\"scene\":\(jsonString(name)),\"t\":\(jsonNumber(t)),\"problem\":\(jsonString(problem.detail))}" }
}

/// A scene with the panel over a band of it (`panelBox`): the last good config keeps running beneath it.
public final class ProblemOverlay: Scene {
    public let scene: Scene
    public let problem: Problem
    let fonts: FontStack
    let layouts = PanelLayouts()

    public init(_ scene: Scene, problem: Problem, resources: SceneResources) {
        self.scene = scene
        self.problem = problem
        fonts = resources.fonts
    }

    public var name: String { scene.name }
    public func render(into canvas: Canvas, at t: Double) {
        scene.render(into: canvas, at: t)
        let size = Size(width: Double(canvas.width), height: Double(canvas.height))
        problem.draw(layouts.layout(problem, box: panelBox(size), fonts: fonts), in: canvas, fonts: fonts, shrink: true,
                     anchor: atBottom(size) ? .bottom : .top)
    }
    /// At most a band about a quarter of the frame, only as tall as the text needs, across the top; for
    /// a wheel with its result and button beside it, across the bottom (clear of the pointer). The
    /// middle stays in view.
    func panelBox(_ size: Size) -> Rect { Problem.band(size, atBottom: atBottom(size)) }
    func atBottom(_ size: Size) -> Bool { scene is WheelScene && WheelLayout(frame: size).arrangement == .sides }
    public func handle(_ input: SceneInput, at t: Double, frameSize: Size) { scene.handle(input, at: t, frameSize: frameSize) }
    public func isAnimating(at t: Double) -> Bool { scene.isAnimating(at: t) }
    public func dirtyRect(since previous: Double, at t: Double, frameSize: Size) -> PixelRect? {
        // The scene's own rectangle, unless it reaches under the panel (then everything).
        guard let rect = scene.dirtyRect(since: previous, at: t, frameSize: frameSize) else { return nil }
        let panel = PixelRect(enclosing: panelBox(frameSize).insetBy(-2))
        return rect.intersection(panel).isEmpty ? rect : nil
    }
    public func jsonLine(at t: Double) -> String { scene.jsonLine(at: t) }
    public func prepare(frameSize: Size) { scene.prepare(frameSize: frameSize) }
    public func nextChange(after t: Double) -> Double? { scene.nextChange(after: t) }
    public func acceptsReload(at t: Double) -> Bool { scene.acceptsReload(at: t) }
    public var wantsTextInput: Bool { scene.wantsTextInput }
    public var takesPanelKeys: Bool { scene.takesPanelKeys }
    public func didAppear(at t: Double) { scene.didAppear(at: t) }
    public func sounds(from t0: Double, to t1: Double, into events: inout [SoundEvent]) { scene.sounds(from: t0, to: t1, into: &events) }
}
