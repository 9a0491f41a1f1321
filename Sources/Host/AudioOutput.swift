// Sound through SDL2: one audio device (48 kHz, mono, 16-bit) fed by SDL_QueueAudio from the event
// loop with Roundel's own mix (`SoundMixer`). The stream runs on the host clock: sample n is host
// time `mixer.origin + n / 48 000`, kept about `lead` ahead of now; the scene says which sounds start
// in each chunk (`Scene.sounds`), so a tick is placed at the very instant its boundary passes the
// pointer. Where the device ran dry (the loop slept) or fell half a second behind, the timeline is
// moved to now; otherwise the stream is exactly the timeline, sample for sample. No device (a Pi without audio): one log line, and everything else runs.
import CSDL2
#if canImport(Glibc)
import Glibc
#endif
import Scenes

final class AudioOutput {
    static let sampleRate = 48_000
    /// Seconds of sound queued ahead of now: enough to ride out a late frame, short enough that a
    /// sound after an input is barely late.
    static let lead = 0.06
    /// A device this far behind (a clock much slower than the host's) starts over at now.
    static let maximumQueue = 0.5

    private let device: SDL_AudioDeviceID
    var mixer: SoundMixer
    private var events: [SoundEvent] = []
    private var chunk = [Int16](repeating: 0, count: 2048)
    /// Host time up to which the scene was asked for sounds.
    private var queriedUntil: Double

    /// Opens the default output device, or logs why not (one line) and returns nil.
    init?(volume: Double, now: Double) {
        // libasound prints its own lines on stderr when a machine has no sound card; ours says it once.
        let opened = AudioOutput.withStderrSilenced { () -> SDL_AudioDeviceID? in
            guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else { return nil }
            var want = SDL_AudioSpec()
            want.freq = Int32(AudioOutput.sampleRate)
            want.format = SDL_AudioFormat(AUDIO_S16SYS)
            want.channels = 1
            want.samples = 480   // 10 ms a period
            var have = SDL_AudioSpec()
            let id = SDL_OpenAudioDevice(nil, 0, &want, &have, 0)
            if id == 0 { SDL_QuitSubSystem(SDL_INIT_AUDIO) }
            return id == 0 ? nil : id
        }
        guard let id = opened else {
            logLine("roundel: no sound: \(String(cString: SDL_GetError()))")
            return nil
        }
        device = id
        mixer = SoundMixer(sampleRate: Double(AudioOutput.sampleRate), origin: now, volume: volume)
        queriedUntil = now
        events.reserveCapacity(256)
    }

    /// Runs `body` with file descriptor 2 pointed at /dev/null.
    private static func withStderrSilenced<T>(_ body: () -> T) -> T {
        fflush(nil)   // every stream (stderr itself is shared mutable state to Swift 6)
        let saved = dup(2), null = open("/dev/null", O_WRONLY)
        if saved >= 0 && null >= 0 { dup2(null, 2) }
        defer {
            fflush(nil)   // every stream (stderr itself is shared mutable state to Swift 6)
            if saved >= 0 { dup2(saved, 2); close(saved) }
            if null >= 0 { close(null) }
        }
        return body()
    }

    deinit {
        SDL_CloseAudioDevice(device)
        SDL_QuitSubSystem(SDL_INIT_AUDIO)
    }

    /// Whether a sound is still playing (the loop keeps pumping rather than sleeping).
    var isBusy: Bool { mixer.isPlaying || SDL_GetQueuedAudioSize(device) > 0 }

    func toggleMute() { mixer.muted.toggle() }

    /// Something changed the scene at `t` (an input): sounds from `t` on are asked for again, as
    /// the scene's future changed (a spin started). Those already queued are not doubled.
    func sceneChanged(at t: Double) { queriedUntil = min(queriedUntil, t) }

    /// Queues sound up to `lead` past `now`, asking `scene` for what starts in each new chunk.
    func pump(_ scene: Scene, now: Double) {
        let queued = Double(SDL_GetQueuedAudioSize(device)) / 2 / Double(AudioOutput.sampleRate)
        var next = mixer.time(ofSample: mixer.position)
        // The device ran dry (the loop slept with nothing to play) or its clock ran far behind the
        // host's: the timeline moves to now. Otherwise it runs on untouched, sample for sample.
        if (queued == 0 && next < now) || queued > AudioOutput.maximumQueue {
            if queued > 0 { SDL_ClearQueuedAudio(device) }
            mixer.origin += now - next
            next = now
            queriedUntil = max(queriedUntil, next)
        }
        let target = now + AudioOutput.lead
        guard next < target else { return }
        var remaining = Int(((target - next) * Double(AudioOutput.sampleRate)).rounded(.up))
        while remaining > 0 {
            let n = min(remaining, chunk.count)
            let end = mixer.time(ofSample: mixer.position + n)
            events.removeAll(keepingCapacity: true)
            if queriedUntil < end {
                scene.sounds(from: queriedUntil, to: end, into: &events)
                queriedUntil = end
            }
            for event in events { mixer.play(event) }
            chunk.withUnsafeMutableBufferPointer { buffer in
                mixer.render(into: UnsafeMutableBufferPointer(rebasing: buffer[0..<n]))
                _ = SDL_QueueAudio(device, buffer.baseAddress, UInt32(n * 2))
            }
            remaining -= n
        }
        SDL_PauseAudioDevice(device, 0)
    }
}
