// Sound files a config names (`sound.tick`, …): a missing file, a directory, a file that is not a
// WAV and one longer than 10 s stop `roundel run` with one line naming the key and the file, exit 2,
// before any window opens; a good WAV of any rate and channel count is read as 48 kHz mono.
import Foundation
@testable import Host
import Scenes
import XCTest

/// A 16-bit PCM WAV of `seconds` of a 440 Hz tone.
func wav(seconds: Double, rate: Int = 22_050, channels: Int = 2) -> Data {
    let frames = Int(seconds * Double(rate))
    var samples = Data()
    for i in 0..<frames {
        let v = Int16(8000 * sin(2 * Double.pi * 440 * Double(i) / Double(rate)))
        for _ in 0..<channels { withUnsafeBytes(of: v.littleEndian) { samples.append(contentsOf: $0) } }
    }
    var d = Data("RIFF".utf8)
    func u32(_ x: Int) { withUnsafeBytes(of: UInt32(x).littleEndian) { d.append(contentsOf: $0) } }
    func u16(_ x: Int) { withUnsafeBytes(of: UInt16(x).littleEndian) { d.append(contentsOf: $0) } }
    u32(36 + samples.count); d.append(contentsOf: Array("WAVEfmt ".utf8)); u32(16); u16(1); u16(channels)
    u32(rate); u32(rate * channels * 2); u16(channels * 2); u16(16)
    d.append(contentsOf: Array("data".utf8)); u32(samples.count); d.append(samples)
    return d
}

final class SoundFileCLITests: XCTestCase {
    let cli = RoundelBinary()
    var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-sound-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    func testBadSoundFilesAreOneLineBeforeAnyWindow() throws {
        try wav(seconds: 11).write(to: scratch.appendingPathComponent("long.wav"))
        try Data("not a wav".utf8).write(to: scratch.appendingPathComponent("text.wav"))
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("dir.wav"), withIntermediateDirectories: true)
        let cases = [("tick", "missing.wav", "no such file"), ("fanfare", "long.wav", "is 11.0 s long; a sound may last at most 10 s"),
                     ("chime", "text.wav", "is not a WAV file SDL can load"), ("soldOut", "dir.wav", "is a directory")]
        for (key, file, problem) in cases {
            let config = scratch.appendingPathComponent("\(key).json")
            try Data(#"{"sound": {"\#(key)": "\#(file)"}}"#.utf8).write(to: config)
            try cli.assertUserError(["run", "--config", config.path], mentions: "sound.\(key) '\(scratch.appendingPathComponent(file).path)' \(problem)",
                                    environment: ["SDL_VIDEODRIVER": "dummy"])
        }
        let bad = scratch.appendingPathComponent("bad.json")
        try Data(#"{"sound": {"tick": 5}}"#.utf8).write(to: bad)
        try cli.assertUserError(["run", "--config", bad.path], mentions: "sound.tick: must be a string, not a number")
    }

    func testAWAVOfAnyRateIsReadAs48kHzMono() throws {
        let file = scratch.appendingPathComponent("tone.wav")
        try wav(seconds: 0.5, rate: 22_050, channels: 2).write(to: file)
        let samples = try loadSoundFile(file.path, key: "sound.tick")
        XCTAssertEqual(Double(samples.count), 24_000, accuracy: 100, "0.5 s at 48 kHz")
        XCTAssertGreaterThan(samples.map { abs(Int($0)) }.max() ?? 0, 7000, "the tone's level survives")
        var mixer = SoundMixer()
        mixer.use(samples, for: .tick)
        mixer.play(SoundEvent(.tick, at: 0.01))
        var out = [Int16](repeating: 0, count: 48_000)
        out.withUnsafeMutableBufferPointer { mixer.render(into: $0) }
        XCTAssertEqual(out[479], 0)
        XCTAssertEqual(Double(out.lastIndex { $0 != 0 } ?? 0), 480 + 24_000, accuracy: 200, "the recording plays whole, once")
    }
}
