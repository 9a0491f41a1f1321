// Roundel's sounds, synthesised (no sound files to ship or license) and mixed into one mono stream.
// Sample n of the stream is scene time `origin + n / sampleRate`: an event at time t starts at the
// sample nearest t, so the stream is a pure function of the events, like a frame of its scene.
// The host pulls chunks (`render`) ahead of the audio device; nothing here allocates once warm.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct SoundMixer: Sendable {
    public let sampleRate: Double
    /// Scene time of sample 0.
    public var origin: Double
    /// 0…1, applied to everything.
    public var volume: Double
    /// Silenced (M): events are still taken, so unmuting mid-spin resumes in step.
    public var muted = false
    /// The next sample `render` writes.
    public private(set) var position = 0

    /// A tick closer than this to the previous one is not started: at full speed a wheel of
    /// hundreds passes boundaries faster than clicks can be told apart (and they would pile up).
    public static let tickMerge = 0.015

    private struct Voice: Sendable {
        var kind: SoundEvent.Kind
        var start: Int
        /// The sample the event asked for (`start` is later when that was already rendered).
        var asked: Int
        /// The sample after its last.
        var end: Int
        var speed: Double
    }
    private var voices: [Voice] = []
    /// Recorded sounds (48 kHz mono at `sampleRate`) that replace the built-in ones, by kind.
    private var recorded: [[Int16]?] = Array(repeating: nil, count: SoundEvent.Kind.allCases.count)

    /// Plays `samples` (at `sampleRate`, mono) for `kind` from now on instead of the built-in sound.
    public mutating func use(_ samples: [Int16], for kind: SoundEvent.Kind) {
        recorded[kind.index] = samples
    }

    /// How many samples a sound of `kind` lasts here.
    private func sampleCount(of kind: SoundEvent.Kind) -> Int {
        if let samples = recorded[kind.index] { return samples.count }
        return Int(SoundMixer.length(of: kind) * sampleRate)
    }
    private var lastTick = -Double.infinity

    public init(sampleRate: Double = 48_000, origin: Double = 0, volume: Double = 1) {
        self.sampleRate = sampleRate; self.origin = origin; self.volume = volume
        voices.reserveCapacity(64)
    }

    /// Scene time of sample `n`.
    public func time(ofSample n: Int) -> Double { origin + Double(n) / sampleRate }

    /// The sample an event at scene time `t` starts on.
    public func sample(at t: Double) -> Int { Int(((t - origin) * sampleRate).rounded()) }

    /// Adds `event` (a tick within `tickMerge` of the last one is dropped). An event whose start
    /// is already rendered starts at the next sample instead (late rather than lost).
    public mutating func play(_ event: SoundEvent) {
        if event.kind == .tick {
            guard event.time - lastTick >= SoundMixer.tickMerge else { return }
            lastTick = event.time
        }
        let start = sample(at: event.time)
        // Asked again for a stretch already heard (the host re-asks after an input): not twice.
        if voices.contains(where: { $0.kind == event.kind && abs($0.asked - start) <= 1 }) { return }
        if voices.count >= 64 { voices.removeFirst() }
        let begin = max(start, position)
        voices.append(Voice(kind: event.kind, start: begin, asked: start, end: begin + sampleCount(of: event.kind), speed: event.speed))
    }

    /// Whether a sound is still sounding.
    public var isPlaying: Bool { !voices.isEmpty }

    /// Seconds each sound lasts.
    public static func length(of kind: SoundEvent.Kind) -> Double {
        switch kind {
        case .tick: return 0.015
        case .fanfare: return 1.6
        case .chime: return 2.0
        case .soldOut: return 0.55
        }
    }

    /// Mixes the next `buffer.count` samples (16-bit signed) and advances `position`.
    public mutating func render(into buffer: UnsafeMutableBufferPointer<Int16>) {
        let n = buffer.count
        let gain = muted ? 0 : min(max(volume, 0), 1) * 32_000
        for i in 0..<n { buffer[i] = 0 }
        if gain > 0 {
            for voice in voices {
                let from = max(0, voice.start - position), to = min(n, voice.end - position)
                guard from < to else { continue }
                if let samples = recorded[voice.kind.index] {
                    let scale = gain / 32_768
                    for i in from..<to {
                        let value = Double(buffer[i]) + scale * Double(samples[position + i - voice.start])
                        buffer[i] = Int16(max(-32_767, min(32_767, value)))
                    }
                    continue
                }
                for i in from..<to {
                    let t = Double(position + i - voice.start) / sampleRate
                    let value = Double(buffer[i]) + gain * SoundMixer.sample(voice.kind, at: t, speed: voice.speed)
                    buffer[i] = Int16(max(-32_767, min(32_767, value)))
                }
            }
        }
        position += n
        // Voices that have ended leave (in place: no allocation).
        let now = position
        voices.removeAll { $0.end <= now }
    }

    // Constants of the sounds (static: the per-sample path builds no arrays).
    private static let fanfareNotes = [523.25, 659.25, 783.99, 1046.5]
    private static let bellRatios = [1.0, 2.76, 5.40], bellAmplitudes = [1.0, 0.5, 0.25], bellDecays = [1.2, 0.6, 0.3]

    /// The sound `kind` at `t` seconds after it starts, −1…1.
    static func sample(_ kind: SoundEvent.Kind, at t: Double, speed: Double) -> Double {
        switch kind {
        case .tick:
            // A wooden click: a sine that dies in a few ms, from ~1 kHz when the wheel creeps to
            // ~2.5 kHz at full speed.
            let f = 900 + 160 * min(max(speed, 0), 10)
            let attack = min(1, t / 0.0005)
            return 0.6 * attack * exp(-t / 0.002) * sin(2 * Double.pi * f * t)
        case .fanfare:
            // C major, rising: C5 E5 G5 C6, 0.12 s apart, each a soft brass-like tone.
            var value = 0.0
            for (k, f) in fanfareNotes.enumerated() {
                let u = t - 0.12 * Double(k)
                guard u > 0 else { continue }
                let envelope = min(1, u / 0.01) * exp(-u / 0.55)
                value += 0.16 * envelope * (sin(2 * Double.pi * f * u) + 0.4 * sin(4 * Double.pi * f * u) + 0.15 * sin(6 * Double.pi * f * u))
            }
            return value * min(1, (1.6 - t) / 0.05)
        case .chime:
            // A bell: inharmonic partials of 880 Hz, the higher ones dying sooner.
            var value = 0.0
            for k in 0..<3 {
                value += bellAmplitudes[k] * exp(-t / bellDecays[k]) * sin(2 * Double.pi * 880 * bellRatios[k] * t)
            }
            return 0.3 * min(1, t / 0.002) * value * min(1, (2.0 - t) / 0.05)
        case .soldOut:
            // Two falling tones, E4 then C4: "nothing left".
            let (f, u, end) = t < 0.2 ? (329.63, t, 0.18) : (261.63, t - 0.2, 0.35)
            guard u < end else { return 0 }
            let envelope = min(1, u / 0.01) * min(1, (end - u) / 0.03)
            return 0.35 * envelope * (sin(2 * Double.pi * f * u) + 0.3 * sin(6 * Double.pi * f * u))
        }
    }
}
