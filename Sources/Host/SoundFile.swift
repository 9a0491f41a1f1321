// A WAV file a config names for one of Roundel's sounds (`sound.tick`, …), read through SDL
// (SDL_LoadWAV: PCM, float, IMA/MS ADPCM, A-law, µ-law) and converted to the mixer's 48 kHz mono
// 16-bit. Read once when the window starts; a bad file stops the start with one line.
import CSDL2
import Files
#if canImport(Glibc)
import Glibc
#endif
import Scenes

public struct SoundFileError: Error, CustomStringConvertible {
    public let description: String
}

/// The longest sound a file may hold: a tick or a fanfare, not a soundtrack.
public let soundFileMaximumSeconds = 10.0

/// The samples of the WAV file at `path` as 48 kHz mono 16-bit; `key` (like "sound.tick") names it in errors.
public func loadSoundFile(_ path: String, key: String) throws(SoundFileError) -> [Int16] {
    func fail(_ problem: String) -> SoundFileError {
        SoundFileError(description: "roundel: \(key) '\(path)' \(problem)")
    }
    do { try RegularFile.check(path, limit: 64 << 20) } catch { throw fail(error.problem) }
    var spec = SDL_AudioSpec()
    var buffer: UnsafeMutablePointer<UInt8>?
    var length: UInt32 = 0
    guard let source = SDL_RWFromFile(path, "rb") else { throw fail("cannot be read: \(String(cString: SDL_GetError()))") }
    guard SDL_LoadWAV_RW(source, 1, &spec, &buffer, &length) != nil, let bytes = buffer else {
        throw fail("is not a WAV file SDL can load (\(String(cString: SDL_GetError())))")
    }
    defer { SDL_FreeWAV(bytes) }
    let frameBytes = Int(spec.format & 0xFF) / 8 * Int(spec.channels)   // SDL_AUDIO_BITSIZE
    guard frameBytes > 0, spec.freq > 0 else { throw fail("has no samples") }
    let seconds = Double(Int(length) / frameBytes) / Double(spec.freq)
    guard seconds <= soundFileMaximumSeconds else {
        let tenths = Int((seconds * 10).rounded())
        throw fail("is \(tenths / 10).\(tenths % 10) s long; a sound may last at most \(Int(soundFileMaximumSeconds)) s")
    }
    // One SDL_ConvertAudio over the whole file (SDL 2.26's SDL_AudioStream holds back its last
    // few hundred frames even after a flush).
    var cvt = SDL_AudioCVT()
    guard SDL_BuildAudioCVT(&cvt, spec.format, spec.channels, spec.freq,
                            SDL_AudioFormat(AUDIO_S16SYS), 1, Int32(AudioOutput.sampleRate)) >= 0 else {
        throw fail("cannot be converted to 48 kHz mono (\(String(cString: SDL_GetError())))")
    }
    let inputBytes = Int(length) / frameBytes * frameBytes
    var work = [UInt8](repeating: 0, count: inputBytes * Int(max(cvt.len_mult, 1)) + 64)
    work.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: bytes, count: inputBytes) }
    cvt.len = Int32(inputBytes)
    let converted = work.withUnsafeMutableBufferPointer { buffer -> Int32 in
        cvt.buf = buffer.baseAddress
        return SDL_ConvertAudio(&cvt)
    }
    guard converted == 0 else { throw fail("cannot be converted to 48 kHz mono (\(String(cString: SDL_GetError())))") }
    let count = Int(cvt.len_cvt) / 2
    let samples = work.withUnsafeBytes { raw in Array(raw.bindMemory(to: Int16.self).prefix(count)) }
    guard !samples.isEmpty else { throw fail("has no samples") }
    return samples
}
