// A scene is a pure function of its state and t (seconds since the scene started): the window,
// the kiosk, the PNG writer and the tests all call the same `render`, so they show the same pixels.
import Raster

public protocol Scene: AnyObject {
    /// The name used on the command line (`roundel render NAME`).
    var name: String { get }
    /// Draws the whole frame for time `t` into `canvas` (which may be any size).
    func render(into canvas: Canvas, at t: Double)
}
