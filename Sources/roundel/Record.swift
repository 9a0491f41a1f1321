// `roundel record SCENE --out FILE [--from T0] [--to T1] [--fps N] [--size WxH]` plus render's scene
// options: the scene over a time range as an animated WebP (.webp), an H.264 MP4 (.mp4, through
// Debian's ffmpeg) or a folder of numbered PNGs (a name ending in "/"). The wheel spins at t = 0
// (onto --spin-to, or a slice drawn with --seed or a seed chosen now, or `--state DB --draw N`: the
// recorded draw replayed; `--state` alone: the wheel at rest as the record has it); the default range
// is that spin and 2 s after the result, or 5 s of another scene or of the wheel at rest. Frames are
// rendered in parallel, one copy of the scene per core (the scene is a pure function of t, so each copy
// draws the same pixels `render` does; huge frames get fewer copies, `workerCount`; an MP4 one, as
// ffmpeg's encoder takes the cores), and handed to the writer a batch at a time, in order: the WebP
// writer encodes a batch's frames in parallel. The file appears under its name only when complete.
import ArgumentParser
import Dispatch
import Draws
import Files
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Motion
import PNGCodec
import Raster
import Scenes

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record a scene over time as an animated WebP, an MP4 or a folder of PNGs.",
        discussion: """
            The kind is chosen by --out: name.webp (libwebp, quality -q or --lossless), name.mp4 \
            (H.264 through ffmpeg, which must be installed: even sides, and at most 139264 blocks \
            of 16x16 px, as 8192x4352; quality -q) or a folder ending in / (frame-00001.png ...). \
            Both encoders are set for speed (x264 superfast; WebP frames encoded on every core): \
            a 5 s 1080p spin costs about 5 CPU seconds to MP4 and 7 to WebP, shared over the \
            cores. -q 90 gives a better picture in a larger \
            file, -q 60 a smaller one; --lossless keeps every WebP frame exactly, for three times \
            the size and six times the time. The wheel spins at t = 0 (onto --spin-to, or with --seed, or a \
            seed chosen now). With --state FILE --draw N it replays recorded draw N instead, as it was, \
            ending on its winner; --state alone shows the wheel at rest as a window opened on that \
            record does (the record is only read, also while a window or kiosk draws into it). Each \
            frame is the frame `roundel render` draws at that time. The file \
            appears under its name only once complete; one line of JSON says what was written.
            """)

    @Argument(help: "The scene: \(SceneCatalog.names.joined(separator: ", ")).")
    var scene: String

    @Option(help: ArgumentHelp("file.webp, file.mp4 (needs ffmpeg), or a folder ending in / for numbered PNGs.", valueName: "file"))
    var out: String

    @Option(parsing: .unconditional, help: ArgumentHelp("First frame's time, seconds (default 0).", valueName: "seconds"))
    var from: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("End time, seconds (default: the wheel's spin and 2 s after the result; 5 s of another scene or of the wheel at rest).", valueName: "seconds"))
    var to: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames a second, 1 to 240.", valueName: "N"))
    var fps: String = "30"

    @Option(parsing: .unconditional, help: ArgumentHelp("Frame size in pixels.", valueName: "WxH"))
    var size: String = "512x512"

    @Option(name: .customShort("q"), parsing: .unconditional,
            help: ArgumentHelp("Quality 0 to 100 (default 80): WebP's lossy quality; for MP4 x264's constant rate factor "
                               + "is 100 - q (80: crf 20; 100: lossless, in 4:2:0 colour).", valueName: "quality"))
    var quality: String?

    @Flag(help: "WebP: lossless, every frame exactly `render`'s (several times larger and slower; not for MP4).")
    var lossless = false

    @OptionGroup var options: SceneOptions

    func run() throws {
        let lower = out.lowercased()
        let kind: RecordFormat
        if out.hasSuffix("/") { kind = .pngFolder } else if lower.hasSuffix(".webp") { kind = .webp } else if lower.hasSuffix(".mp4") { kind = .mp4 } else {
            throw UserError("roundel: --out '\(out)': record writes .webp, .mp4 or a folder ending in / (numbered PNGs)")
        }
        let size = try FrameSize.parse(size)
        guard let rate = Int(fps), (1...240).contains(rate) else {
            throw UserError("roundel: --fps '\(fps)' must be a whole number of frames a second from 1 to 240")
        }
        var lossy: Float? = 80
        if let quality {
            guard let q = Float(quality), q >= 0, q <= 100 else { throw UserError("roundel: -q '\(quality)' must be a quality from 0 to 100") }
            lossy = q
        }
        if lossless {
            guard quality == nil else { throw UserError("roundel: --lossless and -q: choose one") }
            guard kind != .mp4 else {
                throw UserError("roundel: --lossless is for WebP; an MP4 (H.264 in 4:2:0 colour) cannot keep every pixel: "
                                + "record a .webp or a folder of PNGs, or give the MP4 -q 100")
            }
            lossy = nil
        }
        try options.check(scene: scene)
        let start = try from.map { try Seconds.parse($0, option: "--from") } ?? 0
        // One seed and one time of day for every copy of the scene, so each draws what the others do.
        let spinSeed = try SceneSetup.parseSeed(options.seed) ?? UInt64.random(in: 0...UInt64(Int64.max))
        var timeOfDay = try options.timeOfDay()
        // The record read once: every copy shows the same moment, whatever a kiosk draws meanwhile.
        let recorded = try options.readState()
        func make() throws -> Scene {
            try options.make(scene, spinSeed: spinSeed, spin: recorded == nil, timeOfDay: timeOfDay, recorded: recorded)
        }
        let first = try make()
        if kind == .mp4 { try Record.refuseTransparency(of: make(), at: start, out: out) }
        if timeOfDay == nil { timeOfDay = (first as? ClockScene)?.startTime ?? (first as? TimerScene)?.startTime }
        var end = 5.0
        if let wheel = first as? WheelScene, let stop = wheel.spinner.endTime { end = stop + 2 }
        if let to { end = try Seconds.parse(to, option: "--to") }
        guard end > start else { throw UserError("roundel: --to \(JSONText.plain(end)) must be after --from \(JSONText.plain(start))") }
        let count = max(1, Int(((end - start) * Double(rate)).rounded(.up)))
        guard count <= 100_000 else { throw UserError("roundel: \(count) frames is more than 100000; record a shorter range or fewer frames a second") }

        let writer: FrameWriter
        switch kind {
        case .pngFolder: writer = try PNGFolderWriter(path: out)
        case .webp: writer = try WebPWriter(path: out, width: size.width, height: size.height, fps: rate, quality: lossy)
        case .mp4:
            writer = try MP4Writer(path: out, width: size.width, height: size.height, fps: rate, quality: lossy ?? 80,
                                   threads: Record.cores)
        }
        // Ctrl+C or a kill between frames stops the recording there and removes what it wrote.
        let stop = StopSignals()
        do {
            try renderFrames(count: count, start: start, rate: rate, size: size, first: first, make: make, writer: writer,
                             stop: stop)
            // A stop while the file is being finished (ffmpeg flushing) still leaves nothing.
            try writer.finish { try stop.check() }
            stop.disarm()
        } catch let stopped as StopSignals.Stopped {
            writer.abandon()
            stopped.end()
        } catch {
            writer.abandon()
            stop.stopped?.end()
            stop.disarm()
            throw error
        }
        print("{\"out\":\(JSONText.string(out)),\"frames\":\(count),\"fps\":\(rate),\"from\":\(JSONText.plain(start)),\"to\":\(JSONText.plain(start + Double(count) / Double(rate)))}")
    }

    /// Renders `count` frames at `start + i / rate`, one a worker at a time in parallel, and hands
    /// the workers' canvases to `writer` a batch at a time, in order (no copy: the writer reads the
    /// canvases, and the workers wait until it is done).
    private func renderFrames(count: Int, start: Double, rate: Int, size: FrameSize, first: Scene,
                              make: () throws -> Scene, writer: FrameWriter, stop: StopSignals) throws {
        // ffmpeg's encoder uses every core and does four fifths of an MP4's work: one worker draws
        // for it (a second would only add its memory, 40 MB at 1080p). WebP frames are encoded by
        // the writer a worker at a time.
        let cores = writer is MP4Writer ? 1 : Record.cores
        var workers: [RecordWorker] = []
        for k in 0..<Record.workerCount(cores: cores, width: size.width, height: size.height) {
            guard let canvas = Canvas(width: size.width, height: size.height) else {
                throw UserError("roundel: cannot make a \(size.width)x\(size.height) frame")
            }
            workers.append(RecordWorker(scene: k == 0 ? first : try make(), canvas: canvas))
        }
        let canvases = workers.map(\.canvas)
        var done = 0
        while done < count {
            let n = min(workers.count, count - done)
            let offset = done
            let all = workers
            DispatchQueue.concurrentPerform(iterations: n) { k in
                all[k].scene.render(into: all[k].canvas, at: start + Double(offset + k) / Double(rate))
            }
            try stop.check()
            try writer.add(canvases[0..<n])
            done += n
        }
    }

    /// The cores a recording uses (at most 16).
    static var cores: Int { max(1, min(ProcessInfo.processInfo.activeProcessorCount, 16)) }

    /// Bytes of frames a record may hold beside the one `render` holds (or one frame, when a frame
    /// is larger). Each worker holds a whole frame, its canvas: a worker a core at the largest size
    /// (16384², 1 GiB a frame) would need more memory than a Raspberry Pi has.
    static let inFlightBytes = 256 << 20

    /// Workers (each a canvas and a copy of the scene, with the scene's whole-frame caches up to
    /// `SceneCatalog.largestCachedFrame`) for `cores` cores and frames of this size: one a core while
    /// the workers beyond the first fit `inFlightBytes`, and two even when they do not (render's
    /// memory plus one worker, for twice the speed).
    static func workerCount(cores: Int, width: Int, height: Int) -> Int {
        let pixels = width * height
        let frames = 1 + (pixels <= SceneCatalog.largestCachedFrame ? SceneCatalog.cachedFrames : 0)
        let workerBytes = max(1, pixels * MemoryLayout<UInt32>.size * frames)
        return max(1, min(cores, max(2, 1 + inFlightBytes / workerBytes)))
    }
}

enum RecordFormat { case pngFolder, webp, mp4 }

extension Record {
    /// MP4 (H.264) has no alpha: a scene with a transparent background (a colour like #00000000) is
    /// refused before anything is written, pointing to WebP, rather than flattened onto a colour
    /// the user never chose. `scene` is a copy of the one recorded; a small frame of it at `t` shows
    /// its background.
    static func refuseTransparency(of scene: Scene, at t: Double, out: String) throws {
        guard let canvas = Canvas(width: 64, height: 64) else { return }
        scene.render(into: canvas, at: t)
        guard canvas.pixmap.pixels.contains(where: { $0 >> 24 != 255 }) else { return }
        throw UserError("roundel: --out \(MessageText.quoted(out)): MP4 has no alpha and this background is transparent; "
                        + "record a .webp (it keeps the transparency) or give the background an opaque colour")
    }
}

/// One core's copy of the scene and its canvas (used by that core alone).
final class RecordWorker: @unchecked Sendable {
    let scene: Scene
    let canvas: Canvas
    init(scene: Scene, canvas: Canvas) { self.scene = scene; self.canvas = canvas }
}

/// Where recorded frames go, in order; `finish` puts the result under its name, `abandon` removes
/// what was written so far.
protocol FrameWriter: AnyObject {
    /// Writes the next frames, in order: the workers' canvases (packed: stride = width), which the
    /// writer only reads, from as many threads as it likes, and keeps nothing of: the caller draws
    /// over them once this returns.
    func add(_ frames: ArraySlice<Canvas>) throws
    /// Completes the file and puts it under its name, calling `beforeCommit` just before (a stop
    /// that came while it was being completed throws there, and the file is abandoned).
    func finish(beforeCommit: () throws -> Void) throws
    func abandon()
}
