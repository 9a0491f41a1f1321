// `roundel bench [--size WxH] [--frames N] [--json]`: N frames of each scene mid-animation, timed per
// frame on one core, with the memory floor measured in the same run: clearing a frame buffer and
// copying it once, the least any frame costs the host. Ratios within one run are what to compare;
// this machine is noisy, so absolute figures move between runs. The floor is sampled before the
// scenes and again between every 30 of their frames (in its own buffers), its median taken over all
// samples: a busy spell of the machine then slows floor and frames alike instead of one of them.
// The wheel is a 12-prize wheel (`benchWheel`). With `--cairo PATH` (or ROUNDEL_CAIRO_BENCH) the same
// wheel frames are described to bench/cairo-wheel (built by `make bench`), which draws them with cairo;
// its median and the ratio cairo ÷ Roundel are printed from the same run: three pairs, each Roundel
// drawing those frames again just before cairo draws them (this machine's load comes and goes over
// seconds, and one pair measured far apart could catch either side in a busy moment), the ratio
// being the median of the three pairs' ratios.
import ArgumentParser
import BitmapFont
import Draws
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import PNGCodec
import Raster
import Scenes

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Time frames of every scene against the memory floor.")

    @Option(parsing: .unconditional, help: ArgumentHelp("Frame size in pixels.", valueName: "WxH"))
    var size: String = "1920x1080"

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per scene, 1 to 100000.", valueName: "N"))
    var frames: String = "120"

    @Flag(help: "One JSON object per line instead of a table.")
    var json = false

    @Option(help: ArgumentHelp("Only this scene: wheel, wheel-images (the same wheel with a picture in each slice), timer, pie, clock, or celebration (the stop: confetti, then the winner card), e.g. to count its instructions under callgrind.", valueName: "name"))
    var scene: String?

    @Flag(help: "Draw every frame whole instead of only its dirty rectangle.")
    var full = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Cores a large image draw may use (the window uses up to 4).", valueName: "N"))
    var threads: String = "1"

    @Option(help: ArgumentHelp("The built bench/cairo-wheel program, to time cairo drawing the same wheel frames "
                               + "(default: $ROUNDEL_CAIRO_BENCH).", valueName: "PATH"))
    var cairo: String?

    @Option(help: ArgumentHelp("With the cairo comparison: write cairo's first wheel frame to this PNG "
                               + "(compare with `roundel render wheel --config bench/wheel-12.json --spin-to 1 --seed 1 --at 1.5`).",
                               valueName: "FILE"))
    var cairoPng: String?

    @Flag(help: ArgumentHelp("Also time `roundel record` of a 5 s spin at 30 fps at --size, to WebP and to MP4 (needs ffmpeg), "
                             + "three times each: median seconds, CPU seconds, peak memory (Roundel + ffmpeg), file size and "
                             + "PSNR against render's frames."))
    var record = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Also time wheels of these many entries (named \"Entry 1\", \"Entry 2\" and so on), e.g. 12,1000: one row each.",
                               valueName: "N,N..."))
    var items: String?

    @Option(help: ArgumentHelp("Also time draws into this PostgreSQL database (a new one: the draws stay there), "
                               + "draws per second with 1 kiosk and with 4 drawing at once.", valueName: "postgresql://..."))
    var pool: String?

    func run() throws {
        if let pool, !Ledger.isServer(pool) {
            throw UserError("roundel: --pool '\(pool)' is not a PostgreSQL URI (postgresql://…)")
        }
        let size = try FrameSize.parse(size)
        var counts: [Int] = []
        if let items {
            for word in items.split(separator: ",", omittingEmptySubsequences: false) {
                guard let n = Int(word.filter { $0 != " " }), (1...Entry.limit).contains(n) else {
                    throw UserError("roundel: --items '\(items)' must be entry counts from 1 to \(Entry.limit), "
                                    + "separated by commas")
                }
                counts.append(n)
            }
        }
        guard let count = Int(frames), (1...100_000).contains(count) else {
            throw UserError("roundel: --frames '\(frames)' must be a whole number from 1 to 100000")
        }
        let resources = try SceneSetup.loadResources()
        guard let canvas = Canvas(width: size.width, height: size.height) else {
            throw UserError("roundel: cannot make a \(size.width)x\(size.height) frame")
        }
        guard let cores = Int(threads), (1...64).contains(cores) else {
            throw UserError("roundel: --threads '\(threads)' must be a whole number from 1 to 64")
        }
        canvas.threads = cores
        guard var floorSampler = FloorSampler(width: size.width, height: size.height) else {
            throw UserError("roundel: cannot make a \(size.width)x\(size.height) frame")
        }
        floorSampler.sample(30)
        var rows: [(String, [Double])] = []
        var wheelFrames: (scene: WheelScene, times: [Double])?
        for name in SceneCatalog.names where name != "testcard" && (scene == nil || scene == name) {
            let made: Scene? = name == "wheel"
                ? try WheelScene(config: Self.benchWheel, resources: resources, seed: 1)
                : try? SceneCatalog.make(name, resources: resources, seed: 1)
            guard let scene = made else { continue }
            let start = Self.prepare(scene)
            let times = (0..<count).map { start + Double($0) / 60 }
            if let wheel = scene as? WheelScene { wheelFrames = (wheel, times) }
            rows.append((name, Self.time(scene, at: times, on: canvas, full: full, floor: &floorSampler)))
        }
        if scene == nil || scene == "wheel-images" {
            // The same wheel with a picture in every slice (assets/fruit, read as a config reads them),
            // printed beside the plain wheel.
            let wheel = try WheelScene(config: Self.picturesWheel(assets: resources.assetsDirectory), resources: resources, seed: 1)
            let start = Self.prepare(wheel)
            let times = (0..<count).map { start + Double($0) / 60 }
            let row = ("wheel-images", Self.time(wheel, at: times, on: canvas, full: full, floor: &floorSampler))
            rows.insert(row, at: rows.firstIndex { $0.0 == "wheel" }.map { $0 + 1 } ?? rows.count)
        }
        if scene == nil || scene == "celebration" {
            // The stop: confetti flying over the winner card, whole frames (the window redraws them whole).
            // Its own --scene, so that `--scene wheel` is the spinning wheel alone (instruction counts).
            let wheel = try WheelScene(config: Self.benchWheel, resources: resources, seed: 1)
            _ = Self.prepare(wheel)
            if let end = wheel.spinner.endTime {
                let times = (0..<count).map { end + Celebration.cardDelay + Double($0) / 60 }
                rows.append(("celebration", Self.time(wheel, at: times, on: canvas, full: full, floor: &floorSampler)))
                let card = (0..<count).map { end + Celebration.confettiDuration + Double($0) / 60 }
                rows.append(("winner-card", Self.time(wheel, at: card, on: canvas, full: full, floor: &floorSampler)))
            }
        }
        for n in counts {
            let config = WheelConfig(items: WheelConfig.items(from: (1...n).map { Entry(text: "Entry \($0)") }))
            let wheel = try WheelScene(config: config, resources: resources, seed: 1)
            let start = Self.prepare(wheel)
            let times = (0..<count).map { start + Double($0) / 60 }
            rows.append(("wheel-\(n)", Self.time(wheel, at: times, on: canvas, full: full, floor: &floorSampler)))
        }
        let label = "\(size.width)x\(size.height)"
        let cairoPath = cairo ?? ProcessInfo.processInfo.environment["ROUNDEL_CAIRO_BENCH"]
        var cairoResult: Result<[CairoPair], UserError>?
        if let cairoPath, let wheelFrames {
            let ringPath = FilePaths.appending("ring.png", to: resources.assetsDirectory)
            let frameSize = Size(width: Double(size.width), height: Double(size.height))
            cairoResult = Result { () throws(UserError) in
                // The shipped ring's still band and bulb sprites as PNGs, so cairo draws the ring as Roundel does.
                let temporary = FileManager.default.temporaryDirectory.path
                let band = FilePaths.appending("roundel-bench-band-\(getpid()).png", to: temporary)
                let bulbs = FilePaths.appending("roundel-bench-bulbs-\(getpid()).png", to: temporary)
                defer { try? FileManager.default.removeItem(atPath: band); try? FileManager.default.removeItem(atPath: bulbs) }
                var still: (band: String, bulbs: String)?
                if let images = wheelFrames.scene.benchStillRingImages(frameSize: frameSize) {
                    do { try writePNG(images.band, to: band); try writePNG(images.bulbs, to: bulbs) } catch { throw UserError("\(error)") }
                    still = (band, bulbs)
                }
                guard let description = wheelFrames.scene.benchDescription(frameSize: frameSize, times: wheelFrames.times,
                                                                           ringPath: ringPath, stillRing: still) else {
                    throw UserError("cairo: not compared (frames past the end of the spin; use --frames 200 or fewer)")
                }
                var pairs: [CairoPair] = []
                for pair in 0..<3 {
                    let ours = percentile(Self.time(wheelFrames.scene, at: wheelFrames.times, on: canvas, full: full,
                                                    floor: &floorSampler), 0.5)
                    let same = try Self.runCairo(cairoPath, description: description, variant: "same", png: pair == 0 ? cairoPng : nil)
                    let turned = try Self.runCairo(cairoPath, description: description, variant: "turned", png: nil)
                    pairs.append(CairoPair(roundel: ours, same: same, turned: turned))
                }
                return pairs
            }
        }
        let floor = percentile(floorSampler.times, 0.5)
        if !json {
            print("size \(label), \(count) frames per scene, \(canvas.threads == 1 ? "one core" : "\(canvas.threads) cores"), \(full ? "whole frames" : "dirty rectangles as the window draws"); floor = clear + copy one frame")
            print("scene       median ms   p95 ms   ×floor")
        }
        for (name, times) in rows {
            let med = percentile(times, 0.5), p95 = percentile(times, 0.95)
            if json {
                print(#"{"scene":"\#(name)","size":"\#(label)","median_ms":\#(round3(med)),"p95_ms":\#(round3(p95)),"floor_ms":\#(round3(floor))}"#)
            } else {
                print(name.padding(toLength: 12)
                      + formatFixed(med, digits: 3, width: 9) + " " + formatFixed(p95, digits: 3, width: 8)
                      + " " + formatFixed(med / floor, digits: 2, width: 8))
            }
        }
        if !json { print("floor       " + formatFixed(floor, digits: 3, width: 9)) }
        if record { try timeRecording(label: label, size: size) }
        if let pool {
            for kiosks in [1, 4] {
                let rate = try BenchDraws.rate(uri: pool, kiosks: kiosks, draws: 200 * kiosks)
                if json {
                    print(#"{"pool_kiosks":\#(kiosks),"draws_per_second":\#(round3(rate))}"#)
                } else {
                    print("pool: \(kiosks) kiosk\(kiosks == 1 ? "" : "s") drawing at once: \(formatFixed(rate, digits: 0, width: 1)) draws/s")
                }
            }
        }
        switch cairoResult {
        case nil:
            if !json { print("cairo: not compared (pass --cairo PATH or set ROUNDEL_CAIRO_BENCH; `make bench` does)") }
        case .failure(let error):
            throw error   // after the table: asked for cairo and did not get it (exit 2)
        case .success(let pairs):
            // The headline: cairo drawing the same content the same way (dirty square, still band,
            // bulb sprites); then cairo turning the ring image over whole frames, labelled as such.
            let rows: [(name: String, times: [(median: Double, p95: Double)], what: String)] = [
                ("cairo", pairs.map(\.same), "the same frames drawn the way Roundel draws them: dirty square, still band, bulb sprites"),
                ("cairo-turned", pairs.map(\.turned), "whole frames, the ring image turned through a bilinear filter"),
            ]
            var ratioLines: [String] = []
            for row in rows {
                let med = percentile(row.times.map(\.median), 0.5), p95 = percentile(row.times.map(\.p95), 0.5)
                let ratios = zip(row.times, pairs).map { $0.median / $1.roundel }, ratio = percentile(ratios, 0.5)
                if json {
                    print(#"{"scene":"wheel-\#(row.name)","size":"\#(label)","median_ms":\#(round3(med)),"p95_ms":\#(round3(p95)),"floor_ms":\#(round3(floor)),"cairo_over_roundel":\#(round3(ratio))}"#)
                } else {
                    print(row.name.padding(toLength: 12) + formatFixed(med, digits: 3, width: 9) + " " + formatFixed(p95, digits: 3, width: 8)
                          + " " + formatFixed(med / floor, digits: 2, width: 8) + "   (" + row.what + ")")
                    ratioLines.append(row.name + " ÷ roundel: " + formatFixed(ratio, digits: 2)
                                      + "× (wheel medians, median of three back-to-back pairs: " + ratios.map { formatFixed($0, digits: 2) }.joined(separator: ", ") + ")")
                }
            }
            ratioLines.forEach { print($0) }
        }
    }

    /// One back-to-back measurement: Roundel's wheel median, then cairo's two variants (ms).
    struct CairoPair {
        var roundel: Double
        var same: (median: Double, p95: Double)
        var turned: (median: Double, p95: Double)
    }

    /// Twelve labelled prizes: the default palette and texts, and four more (bench/wheel-12.json is
    /// the same wheel as a config file, for `roundel render`).
    static let benchWheel: WheelConfig = {
        var config = WheelConfig.defaults
        config.items += [
            WheelItem(text: "2,000", color: Color(rgb: 0x2B8A3E), value: 2000),
            WheelItem(text: "Bonus", color: Color(rgb: 0xE8590C), value: 300),
            WheelItem(text: "10", color: Color(rgb: 0x1864AB), value: 10),
            WheelItem(text: "Mystery", color: Color(rgb: 0xA61E4D), value: 0),
        ]
        return config
    }()

    /// `benchWheel` with a picture in each of its 12 slices, beside its label (the fruit of
    /// assets/wheel-fruit.json, checked and decoded as any config's pictures are).
    static func picturesWheel(assets: String) throws -> WheelConfig {
        let fruit = try WheelConfig.load(path: FilePaths.appending("wheel-fruit.json", to: assets))
        var config = benchWheel
        for i in config.items.indices { config.items[i].image = fruit.items[i % fruit.items.count].image }
        return config
    }

    /// Writes `description` to a temporary file, runs the cairo program on it and reads back
    /// `cairo median_ms M p95_ms P frames N`.
    static func runCairo(_ program: String, description: String, variant: String, png: String?) throws(UserError) -> (median: Double, p95: Double) {
        let file = FilePaths.appending("roundel-bench-\(getpid()).txt", to: FileManager.default.temporaryDirectory.path)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result: ChildProcess.Result
        do {
            try description.write(toFile: file, atomically: true, encoding: .utf8)
            result = try ChildProcess.run(program, arguments: ["--variant", variant] + (png.map { ["--png", $0] } ?? []) + [file])
        } catch {
            throw UserError("cairo: cannot run '\(program)': \(error)")
        }
        let words = String(decoding: result.output, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
        guard result.status == 0, words.count >= 5, words[0] == "cairo",
              let median = Double(words[2]), let p95 = Double(words[4]) else {
            throw UserError("cairo: '\(program)' failed (exit \(result.status))")
        }
        return (median, p95)
    }

    /// Milliseconds per frame of `scene` at `times` (1/60 s apart), drawn as the window draws them:
    /// the first whole, then only the scene's dirty rectangle over the previous frame (`full`: each whole).
    /// Every 30 frames `floor` takes 5 samples of its own.
    static func time(_ scene: Scene, at times: [Double], on canvas: Canvas, full: Bool,
                     floor: inout FloorSampler) -> [Double] {
        var elapsed: [Double] = []
        elapsed.reserveCapacity(times.count)
        let frameSize = Size(width: Double(canvas.width), height: Double(canvas.height))
        guard let first = times.first else { return elapsed }
        var previous = first - 1.0 / 60
        scene.render(into: canvas, at: previous)
        for (i, t) in times.enumerated() {
            if i % 30 == 29 { floor.sample(5) }
            let t0 = DispatchTime.now().uptimeNanoseconds
            defer { previous = t }
            if !full, let dirty = scene.dirtyRect(since: previous, at: t, frameSize: frameSize) {
                canvas.clip = dirty.intersection(canvas.pixmap.bounds)
                scene.render(into: canvas, at: t)
                canvas.clip = canvas.pixmap.bounds
            } else {
                scene.render(into: canvas, at: t)
            }
            elapsed.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        }
        return elapsed
    }

    /// `BenchRecording`'s rows: WebP and MP4 of a 5 s spin at --size, each recorded three times.
    private func timeRecording(label: String, size: FrameSize) throws {
        guard let exe = Assets.runningExecutablePath() else { throw UserError("roundel: bench --record cannot find its own executable") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-bench-record-\(getpid())").path
        guard mkdir(directory, 0o700) == 0 else { throw UserError("roundel: bench --record cannot make \(directory)") }
        defer {
            for name in ["spin.webp", "spin.mp4"] { unlink(directory + "/" + name) }
            rmdir(directory)
        }
        let bench = BenchRecording(executable: exe, size: size)
        if !json {
            print("record: a 5 s spin, 150 frames, \(BenchRecording.runs) runs each; \(BenchRecording.load()); "
                  + "peak = Roundel + ffmpeg, PSNR = R, G, B against render's frames")
            print("record   median s (min–max)   cpu s   peak MB    size MB   PSNR dB")
        }
        for format in ["webp", "mp4"] {
            let r = try bench.measure(format, in: directory)
            let seconds = percentile(r.seconds, 0.5), cpu = percentile(r.cpuSeconds, 0.5)
            let peak = Double(r.peakBytes) / 1_048_576, megabytes = Double(r.fileBytes) / 1_000_000
            if json {
                print(#"{"scene":"record-\#(format)","size":"\#(label)","seconds":\#(round3(seconds)),"seconds_min":\#(round3(r.seconds.min() ?? 0)),"seconds_max":\#(round3(r.seconds.max() ?? 0)),"cpu_seconds":\#(round3(cpu)),"peak_mb":\#(round3(peak)),"bytes":\#(r.fileBytes),"psnr_db":\#(round3(r.psnr)),"frames":\#(BenchRecording.frames)}"#)
            } else {
                print("record \(format.padding(toLength: 4))" + formatFixed(seconds, digits: 2, width: 7)
                      + " (" + formatFixed(r.seconds.min() ?? 0, digits: 2) + "–" + formatFixed(r.seconds.max() ?? 0, digits: 2) + ")"
                      + formatFixed(cpu, digits: 2, width: 8) + formatFixed(peak, digits: 0, width: 9)
                      + formatFixed(megabytes, digits: 2, width: 11) + formatFixed(r.psnr, digits: 2, width: 10))
            }
        }
    }

    /// Puts a scene mid-animation and returns the time to start sampling from.
    static func prepare(_ scene: Scene) -> Double {
        if let wheel = scene as? WheelScene {
            _ = try? wheel.spin(at: 0, to: 1)
            return 1.5   // mid-spin: fast, labels rotating
        }
        return 0.5
    }
}

/// Times of clearing a frame and copying it once (what the host must do at the least), in buffers
/// of its own so sampling between a scene's frames leaves the scene's frame alone.
struct FloorSampler {
    private let canvas: Canvas
    private var copy: Pixmap
    private(set) var times: [Double] = []

    init?(width: Int, height: Int) {
        guard let canvas = Canvas(width: width, height: height) else { return nil }
        self.canvas = canvas
        copy = canvas.pixmap
    }

    mutating func sample(_ count: Int) {
        for i in 0..<count {
            let t0 = DispatchTime.now().uptimeNanoseconds
            canvas.clear(Color(rgb: UInt32((times.count + i) & 0xFF)))
            copy.copy(canvas.pixmap, toX: 0, y: 0)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        }
    }
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

func round3(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }

extension String {
    /// The first `length` characters, padded with spaces to exactly `length` (table columns).
    func padding(toLength length: Int) -> String {
        count >= length ? String(prefix(length)) : self + String(repeating: " ", count: length - count)
    }
}
