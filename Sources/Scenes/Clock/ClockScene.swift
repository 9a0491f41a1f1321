// The clock (seed 003): the seed's radial face with hour, minute and sweeping second hands. The scene
// is given the time of day at t = 0 (`startTime`, seconds since local midnight) and the frame at t
// shows startTime + t, so a frame is a pure function of (startTime, t) and nothing here reads a
// clock. The CLI passes `--time` with t = 0; the window's host keeps `startTime` at the system clock's
// reading, so the face follows the clock when it is set (ShowsTimeOfDay).
// Geometry and drawing are in ClockFace; parsing and formatting times in ClockTime.
import BitmapFont
import Raster

public final class ClockScene: ShowsTimeOfDay {
    public let name = "clock"
    public let config: ClockConfig
    /// Seconds since local midnight shown at t = 0 (any finite value; taken modulo a day).
    public var startTime: Double
    public var followsWallClock: Bool { true }

    let fonts: FontStack
    /// The face for the last frame size, and its dial (everything but the hands) drawn once: a
    /// frame copies the dial and draws only the hands (3840×2160, release: 60 ms → 9 ms a frame).
    private var face: ClockFace?
    private(set) var dial: Pixmap?
    /// The largest dial kept, in px (4096²: 64 MB, as the wheel's backdrop). Above it each frame
    /// draws the dial: a second whole frame (1 GiB at 16384²) for each copy of the scene that
    /// `roundel record` runs would cost more memory than a Raspberry Pi has.
    var largestDial = SceneCatalog.largestCachedFrame

    public init(config: ClockConfig = .defaults, resources: SceneResources, startTime: Double) {
        self.config = config
        self.startTime = startTime
        fonts = resources.fonts
    }

    /// The time of day shown at `t`, in [0, 86 400).
    public func timeOfDay(at t: Double) -> Double { ClockScene.timeOfDay(startTime + t) }

    public func render(into canvas: Canvas, at t: Double) {
        let size = Size(width: Double(canvas.width), height: Double(canvas.height))
        if face?.size != size {
            let made = ClockFace(frame: size)
            face = made
            let dialCanvas = canvas.width * canvas.height <= largestDial ? Canvas(width: canvas.width, height: canvas.height) : nil
            dial = dialCanvas.map { dialCanvas in
                dialCanvas.clear(config.backgroundColor)
                made.drawDial(in: dialCanvas, fonts: fonts, config: config)
                return dialCanvas.pixmap
            }
        }
        guard let face else { return }
        if let dial {
            canvas.replace(with: dial)   // same pixels as drawing the dial here, inside the clip only
        } else {
            canvas.clear(config.backgroundColor)
            face.drawDial(in: canvas, fonts: fonts, config: config)
        }
        face.drawHands(ClockHands(timeOfDay: timeOfDay(at: t)), in: canvas, config: config)
    }

    /// The clock has nothing to press.
    public func handle(_ input: SceneInput, at t: Double, frameSize: Size) {}

    /// The hands always move (the second hand sweeps; without it the minute hand still creeps).
    public func isAnimating(at t: Double) -> Bool { true }
    /// Only the hands move: the union of their boxes (rim and caps included) then and now.
    public func dirtyRect(since previous: Double, at t: Double, frameSize: Size) -> PixelRect? {
        guard let face, face.size == frameSize, dial != nil else { return nil }
        var box = face.handsBox(ClockHands(timeOfDay: timeOfDay(at: previous)), showSeconds: config.showSeconds)
        box = box.union(face.handsBox(ClockHands(timeOfDay: timeOfDay(at: t)), showSeconds: config.showSeconds))
        return PixelRect(enclosing: box.insetBy(-2))
    }

    /// `{"scene":"clock","t":…,"time":"HH:MM:SS"}`: the whole second shown at `t`.
    public func jsonLine(at t: Double) -> String {
        "{\"scene\":\(jsonString(name)),\"t\":\(jsonNumber(t)),\"time\":\(jsonString(ClockScene.formatTime(timeOfDay(at: t))))}"
    }
}
