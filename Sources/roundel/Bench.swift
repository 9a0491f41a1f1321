// `roundel bench [--size WxH] [--frames N] [--json]`: N frames of each scene mid-animation, timed per
// frame on one core, with the memory floor measured in the same run: clearing a frame buffer and
// copying it once, the least any frame costs the host. Ratios within one run are what to compare;
// this machine is noisy, so absolute figures move between runs.
import ArgumentParser
import Foundation
import Raster
import Scenes

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Time frames of every scene against the memory floor.")

    @Option(parsing: .unconditional, help: ArgumentHelp("Frame size in pixels.", valueName: "WxH"))
    var size: String = "1920x1080"

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per scene, 1…100000.", valueName: "N"))
    var frames: String = "120"

    @Flag(help: "One JSON object per line instead of a table.")
    var json = false

    func run() throws {
        let size = try FrameSize.parse(size)
        guard let count = Int(frames), (1...100_000).contains(count) else {
            throw UserError("roundel: --frames '\(frames)' must be a whole number from 1 to 100000")
        }
        let resources = try SceneSetup.loadResources()
        guard let canvas = Canvas(width: size.width, height: size.height) else {
            throw UserError("roundel: cannot make a \(size.width)x\(size.height) frame")
        }
        let floor = Self.memoryFloor(canvas: canvas, frames: count)
        var rows: [(String, [Double])] = []
        for name in SceneCatalog.names where name != "testcard" {
            guard let scene = try? SceneCatalog.make(name, resources: resources, seed: 1) else { continue }
            let start = Self.prepare(scene)
            var times: [Double] = []
            times.reserveCapacity(count)
            for i in 0..<count {
                // Frames 1/60 s apart from mid-animation, as a window would draw them.
                let t = start + Double(i) / 60
                let t0 = DispatchTime.now().uptimeNanoseconds
                scene.render(into: canvas, at: t)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            }
            rows.append((name, times))
        }
        let label = "\(size.width)x\(size.height)"
        if !json {
            print("size \(label), \(count) frames per scene, one core; floor = clear + copy one frame")
            print("scene     median ms   p95 ms   ×floor")
        }
        for (name, times) in rows {
            let med = percentile(times, 0.5), p95 = percentile(times, 0.95)
            if json {
                print(#"{"scene":"\#(name)","size":"\#(label)","median_ms":\#(round3(med)),"p95_ms":\#(round3(p95)),"floor_ms":\#(round3(floor))}"#)
            } else {
                print(name.padding(toLength: 9, withPad: " ", startingAt: 0)
                      + String(format: " %9.3f %8.3f %8.2f", med, p95, med / floor))
            }
        }
        if !json { print(String(format: "floor     %9.3f", floor)) }
    }

    /// Puts a scene mid-animation and returns the time to start sampling from.
    static func prepare(_ scene: Scene) -> Double {
        if let wheel = scene as? WheelScene {
            _ = try? wheel.spin(at: 0, to: 1)
            return 1.5   // mid-spin: fast, labels rotating
        }
        return 0.5
    }

    /// Median time to clear a frame and copy it once (what the host must do at the least).
    static func memoryFloor(canvas: Canvas, frames: Int) -> Double {
        var copy = canvas.pixmap
        var times: [Double] = []
        for i in 0..<max(frames, 30) {
            let t0 = DispatchTime.now().uptimeNanoseconds
            canvas.clear(Color(rgb: UInt32(i & 0xFF)))
            copy.copy(canvas.pixmap, toX: 0, y: 0)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        }
        return percentile(times, 0.5)
    }
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

func round3(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }
