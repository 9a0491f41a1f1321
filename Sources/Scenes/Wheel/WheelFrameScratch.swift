// What the wheel keeps from one frame to the next so a frame allocates nothing and redraws only
// what changed: the frame cache (per size and slice set), reused buffers (boundary angles, crossing
// times, the confetti's path), the backdrop under a standing winner card, text laid out once, and
// what the canvas holds (the frame last drawn, the rectangle last answered for). None of it is the
// wheel's state: a scene drawn fresh draws the same pixels (FrameScratchTests).
import Raster

struct WheelFrameScratch {
    /// Per frame size and slice set; rebuilt only when either changes.
    var cache: WheelFrameCache?
    /// Bumped each time `cache` is built: a frame kept in a canvas belongs to one cache.
    var cacheBuilds = 0
    /// The largest backdrop cache kept, in px (4096²: 64 MB); larger frames draw the backdrop each time
    /// (the wheel's square, and the whole frame under the confetti, `cardBackdrop`).
    var largestBackdrop = SceneCatalog.largestCachedFrame
    /// The slices' boundary angles of the frame being drawn (`drawSlices`).
    var sliceBoundaries: [Double] = []
    /// Boundary crossing times, reused by `sounds` (no allocation per audio chunk).
    var crossingScratch: [Double] = []
    /// The confetti of one colour, rebuilt in place each frame.
    var confettiPath = Path()
    /// The bar under the result, rebuilt in place each frame.
    var resultBarPath = Path()
    /// The frame under the confetti once the winner card stands (the dimmed wheel and the card), for
    /// the stop it shows: later confetti frames copy it instead of drawing it again.
    var cardBackdrop: (end: Double, winner: Int, pixmap: Pixmap)?
    /// The winner card's text laid out for its result and width: made once, not every frame.
    var cardLayout: CardLayout?
    /// The result as last laid out: its text, box and largest size, and the lines.
    var resultLines: (text: String, box: Rect, largest: Double, lines: ResultLines)?
    /// The spinning frame `dirtyRect` last answered for: drawn inside `rect`, over the frame at
    /// `since`, it is the frame at `at`.
    var dirtyAnswer: (since: Double, at: Double, rect: PixelRect)?
    /// The frame last drawn (`DrawnFrame`).
    var lastFrame: DrawnFrame?
    /// The window's buttons as shapes for one frame size (WheelPanels.swift).
    var toolButtons: (size: Size, shapes: [(path: Path, color: Color, rule: FillRule)])?

    /// A frame drawn: into which canvas, at what time and rotation, whether it was the wheel alone
    /// over `ringBackdrop` (no glow, card, editor or note), for the cache built `cacheBuilds`-th, how
    /// its button looked and the box its banner covers.
    struct DrawnFrame {
        var canvas: ObjectIdentifier, t: Double, rotation: Double, wheelOnly: Bool, cacheBuilds: Int
        var button: ButtonLook, banner: PixelRect
    }
    /// How the button is drawn: a frame drawn over one whose button looked the same leaves it be.
    struct ButtonLook: Equatable {
        var label: String, enabled: Bool, pulse: Double
    }
}
