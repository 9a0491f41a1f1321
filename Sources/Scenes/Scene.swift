// A scene is a pure function of its state and t (seconds since the scene started): the window,
// the kiosk, the PNG writer and the tests all call the same `render`, so they show the same pixels.
// Input arrives as SceneInput with the time it happened; the host never passes wall-clock time.
import Raster

public protocol Scene: AnyObject {
    /// The name used on the command line (`roundel render NAME`).
    var name: String { get }
    /// Draws the whole frame for time `t` into `canvas` (which may be any size).
    func render(into canvas: Canvas, at t: Double)
    /// Reacts to `input` that happened at time `t` on a frame of `frameSize` px.
    func handle(_ input: SceneInput, at t: Double, frameSize: Size)
    /// Whether frames after `t` differ from the frame at `t` (the host sleeps when they don't).
    func isAnimating(at t: Double) -> Bool
    /// The part of a `frameSize` frame that can differ between the frames at `previous` and `t`,
    /// or nil for "anything may have changed". A host that kept the frame at `previous` redraws only
    /// this rectangle (as the canvas's clip) and gets the same pixels as a full redraw; scenes say nil
    /// whenever they are unsure.
    func dirtyRect(since previous: Double, at t: Double, frameSize: Size) -> PixelRect?
    /// The scene's state at `t` as one line of JSON (`roundel render` prints it): at least
    /// `{"scene":NAME,"t":T}`, plus what the scene knows (the wheel: rotation, state, result).
    func jsonLine(at t: Double) -> String
    /// Builds ahead what frames of `frameSize` reuse (caches, cached backgrounds), so the first frame
    /// costs only its drawing: the window calls it on another core while the display opens. Optional.
    func prepare(frameSize: Size)
}

extension Scene {
    public func prepare(frameSize: Size) {}
}

/// What a user did, in scene terms (the host maps keys, clicks and touches onto these).
public enum SceneInput: Sendable, Equatable {
    /// Space or Enter: spin, or start/pause.
    case primaryAction
    /// A click or touch at a point in frame pixels.
    case tap(Point)
    /// + and −: more or fewer slices in numbered mode.
    case increase
    case decrease
    /// R: start over.
    case restart
}
