import Glibc

// `--stats`: the intervals between consecutive presented frames of an animation, in a fixed histogram
// (10 µs bins up to 500 ms, 200 KB) so a days-long run records every frame in constant memory and
// `record` never allocates. Intervals across an idle pause are not frames late; they are not counted.

/// Frame-interval summary: count, mean, median, p95, p99, max and frames later than 1.5 refresh intervals.
struct FrameStats {
    static let binWidth = 0.000_01
    static let binCount = 50_000
    private var bins = [UInt32](repeating: 0, count: FrameStats.binCount + 1)  // the last bin: ≥ 500 ms
    private(set) var frames = 0
    private(set) var intervals = 0
    private var sum = 0.0
    private(set) var maximum = 0.0
    private(set) var late = 0
    /// When the last animated frame was presented, or nil after an idle pause.
    private var lastPresent: Double?
    /// The display mode's refresh interval; late means longer than 1.5 × this.
    var nominalInterval: Double

    init(nominalInterval: Double) { self.nominalInterval = nominalInterval }

    /// Seconds from the process's start (exec, per /proc/self/stat) to its first presented frame.
    private(set) var startup: Double?

    /// A frame was presented at `time` (monotonic seconds).
    mutating func recordPresent(at time: Double) {
        if frames == 0 { startup = FrameStats.processAge() }
        frames += 1
        if let last = lastPresent { record(interval: time - last) }
        lastPresent = time
    }

    /// The scene stopped animating: the next frame starts a new run.
    mutating func pause() { lastPresent = nil }

    mutating func record(interval: Double) {
        intervals += 1
        sum += interval
        maximum = max(maximum, interval)
        if interval > 1.5 * nominalInterval { late += 1 }
        bins[min(FrameStats.binCount, max(0, Int(interval / FrameStats.binWidth)))] += 1
    }

    var mean: Double { intervals == 0 ? 0 : sum / Double(intervals) }

    /// The interval below which `fraction` of the intervals lie (to the bin's centre; the max for the top bin).
    func percentile(_ fraction: Double) -> Double {
        guard intervals > 0 else { return 0 }
        let rank = max(1, Int((fraction * Double(intervals)).rounded(.up)))
        var seen = 0
        for (bin, count) in bins.enumerated() {
            seen += Int(count)
            if seen >= rank { return bin == FrameStats.binCount ? maximum : min(maximum, (Double(bin) + 0.5) * FrameStats.binWidth) }
        }
        return maximum
    }

    /// One block for stdout, times in ms. `pacing` says what held frames to the refresh.
    func summary(pacing: String) -> String {
        func ms(_ s: Double) -> String {
            let v = (s * 1000 * 100).rounded() / 100
            return String(v)
        }
        return """
            roundel stats: \(frames) frames presented, \(intervals) intervals while animating
              frame interval ms: mean \(ms(mean))  median \(ms(percentile(0.5)))  p95 \(ms(percentile(0.95)))  \
            p99 \(ms(percentile(0.99)))  max \(ms(maximum))
              late (> 1.5 x refresh): \(late)
              refresh interval ms: display mode \(ms(nominalInterval)), measured (median) \(ms(percentile(0.5)))
              pacing: \(pacing)
              first frame presented \(startup.map { ms($0) } ?? "?") ms after the process started
            """
    }
}

extension FrameStats {
    /// How long this process has run, from the kernel's record of its start (clock ticks since boot,
    /// field 22 of /proc/self/stat) against CLOCK_BOOTTIME; nil where /proc is not there.
    static func processAge() -> Double? {
        guard let file = fopen("/proc/self/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // The command name (field 2) may hold spaces; fields after its closing parenthesis are plain.
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard hz > 0 else { return nil }
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - ticks / hz
    }
}
