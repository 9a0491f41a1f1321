// The animated pie chart (seed 004's PieChartView): a donut whose slices are drawn one after
// another from 12 o'clock clockwise, each over its share of `duration`, each slice's percentage
// appearing at its mid-angle when the slice starts, and a legend where the frame has room.
// A frame is a pure function of (state, t): the only state is when the current draw began, which
// replay (.restart, .primaryAction, or a tap on the donut) moves to the input's time. Times are
// seconds since the scene started; geometry is PieLayout's, shares and percentages PieShares'.
import BitmapFont
import Raster

public final class PieScene: Scene {
    public let name = "pie"
    public let config: PieConfig

    let fonts: FontStack
    let shares: PieShares
    let timeline: PieTimeline
    /// Scene time at which the current draw began.
    private(set) var drawStart = 0.0
    /// Whether the window has shown it yet (`didAppear`).
    private var appeared = false
    /// Per frame size; rebuilt only when the size changes.
    var cache: PieFrameCache?
    /// Reused between frames so drawing the slices allocates nothing: the list `fillTiles` takes and
    /// the path of the slice being drawn, rebuilt in place.
    var tiles: [(path: Path, color: Color)] = []
    var growingSector = Path()

    /// A chart from `config`, checked with `PieConfig.validate` (the file parser has already done so).
    public init(config: PieConfig = .defaults, resources: SceneResources) throws(ConfigError) {
        try config.validate()
        guard let shares = PieShares(values: config.slices.map(\.value)) else {
            // Unreachable after validate, which rejects every input PieShares refuses.
            throw ConfigError(file: "<code>", path: "pie.slices", problem: "these values cannot be drawn")
        }
        self.config = config
        self.fonts = resources.fonts
        self.shares = shares
        self.timeline = PieTimeline(boundaries: shares.boundaries, duration: config.duration)
    }

    /// Starts drawing the chart again from nothing at scene time `t`.
    public func replay(at t: Double) {
        drawStart = t
    }

    // MARK: Scene

    /// The pie draws itself when it is first shown, not at launch while hidden.
    public func didAppear(at t: Double) {
        guard !appeared else { return }
        appeared = true
        replay(at: t)
    }

    public func handle(_ input: SceneInput, at t: Double, frameSize: Size) {
        switch input {
        case .primaryAction, .restart:
            replay(at: t)
        case .tap(let point):
            if PieLayout(frame: frameSize).containsDonut(point) { replay(at: t) }
        default:
            break
        }
    }

    /// True until the last slice is complete.
    public func isAnimating(at t: Double) -> Bool { !timeline.isComplete(at: t - drawStart) }
    /// While one slice grows (and its label keeps its colour), only the ring between its two ends and
    /// the label over it change; the finished slices, other labels and the legend stay.
    public func dirtyRect(since previous: Double, at t: Double, frameSize: Size) -> PixelRect? {
        guard let frame = cache, frame.size == frameSize else { return nil }
        let e0 = previous - drawStart, e1 = t - drawStart
        guard e0 >= 0, e0 <= e1, e1 < config.duration,
              let k = (0..<shares.count).first(where: { timeline.starts[$0] <= e0 && e1 < timeline.ends[$0] }) else { return nil }
        let p0 = timeline.progress(of: k, at: e0), p1 = timeline.progress(of: k, at: e1)
        guard (p0 >= 0.5) == (p1 >= 0.5) else { return nil }
        let layout = frame.layout
        let from = shares.boundaries[k], span = shares.boundaries[k + 1] - from
        let start = -Double.pi / 2 + 2 * Double.pi * (from + span * p0)
        let end = -Double.pi / 2 + 2 * Double.pi * (from + span * p1)
        var box = ringSectionBounds(center: layout.center, inner: layout.radius - layout.lineWidth / 2 - 2,
                                    outer: layout.radius + layout.lineWidth / 2 + 2, from: start, to: end)
        if let label = frame.labels[k] {
            box = box.union(Rect(center: label.anchor, width: 2 * layout.lineWidth, height: 2 * layout.lineWidth))
        }
        return PixelRect(enclosing: box)
    }

    public func render(into canvas: Canvas, at t: Double) {
        let frame = prepare(for: Size(width: Double(canvas.width), height: Double(canvas.height)))
        let elapsed = t - drawStart
        canvas.clear(config.backgroundColor)
        drawSlices(frame, at: elapsed, in: canvas)
        drawLabels(frame, at: elapsed, in: canvas)
        drawLegend(frame, at: elapsed, in: canvas)
    }

    // MARK: State for the CLI and tests

    /// "drawing" until the last slice is complete, then "done".
    public func state(at t: Double) -> String { isAnimating(at: t) ? "drawing" : "done" }

    /// The label and percentage (one decimal, largest remainder: they sum to 100.0) of each slice.
    public var percentages: [(label: String, percent: Double)] {
        config.slices.indices.map { (config.slices[$0].label, Double(shares.tenths[$0]) / 10) }
    }

    /// When slice `index` starts and finishes drawing, in seconds after a draw begins.
    public func drawingInterval(ofSlice index: Int) -> ClosedRange<Double>? {
        guard config.slices.indices.contains(index) else { return nil }
        return timeline.starts[index]...timeline.ends[index]
    }

    /// `{"scene":"pie","t":…,"state":"drawing|done","slices":[{"label":"Pizza","percent":34.4},…]}`
    public func jsonLine(at t: Double) -> String {
        let slices = config.slices.indices.map { k in
            "{\"label\":\(jsonString(config.slices[k].label)),\"percent\":\(PieShares.format(tenths: shares.tenths[k]))}"
        }
        return "{\"scene\":\(jsonString(name)),\"t\":\(jsonNumber(t)),\"state\":\(jsonString(state(at: t))),"
            + "\"slices\":[" + slices.joined(separator: ",") + "]}"
    }
}
