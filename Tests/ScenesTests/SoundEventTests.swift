// What the scenes say to sound and when, apart from any device: ticks at the instants slice boundaries
// pass the pointer (any split of time into chunks gives the same ticks, once each), the fanfare at the
// stop, the timer's chime at zero; the mix is a pure function of the events; `sound` config errors.
import Draws
import Foundation
import Motion
@testable import Scenes
import XCTest

final class SoundEventTests: ConfigFileTestCase {
    func spunWheel(_ count: Int, seed: UInt64 = 4) throws -> WheelScene {
        var config = WheelConfig(items: WheelConfig.items(from: (1...count).map { Entry(text: "E\($0)") }))
        config.spin.duration = 3
        let wheel = try WheelScene(config: config, resources: try TimerSnapshotTests.latinResources(), seed: seed)
        XCTAssertTrue(try wheel.spin(at: 0.5))
        return wheel
    }

    func events(_ scene: Scene, from t0: Double, to t1: Double, step: Double) -> [SoundEvent] {
        var events: [SoundEvent] = []
        var t = t0
        while t < t1 {
            scene.sounds(from: t, to: min(t + step, t1), into: &events)
            t += step
        }
        return events
    }

    func testATickForEveryBoundaryThePointerPassesWhateverTheChunks() throws {
        for count in [2, 12, 37] {
            let wheel = try spunWheel(count)
            let spin = try XCTUnwrap(wheel.spinner.currentSpin)
            // The boundaries from the rotation: where the slice under the pointer changes.
            var expected: [Double] = []
            var index = wheel.spinner.index(underPointerAt: 0)
            var t = 0.0
            while t < spin.endTime {
                t += 0.00005
                let now = wheel.spinner.index(underPointerAt: t)
                if now != index { expected.append(t); index = now }
            }
            for step in [0.0107, 0.05, 1.0, 10.0] {
                let all = events(wheel, from: 0, to: 6, step: step)
                let ticks = all.filter { $0.kind == .tick }
                XCTAssertEqual(ticks.count, expected.count, "\(count) slices, chunks of \(step) s")
                for (tick, time) in zip(ticks, expected) { XCTAssertEqual(tick.time, time, accuracy: 0.0001) }
                XCTAssertTrue(zip(ticks, ticks.dropFirst()).allSatisfy { $0.time < $1.time })
                XCTAssertEqual(all.filter { $0.kind == .fanfare }.map(\.time), [spin.endTime])
            }
            let fast = events(wheel, from: 0, to: 6, step: 0.02).filter { $0.kind == .tick }
            XCTAssertGreaterThan(fast.map(\.speed).max() ?? 0, 3 * (fast.last?.speed ?? 0), "ticks know the wheel's speed")
        }
    }

    func testStartWithNothingLeftSoundsTheSoldOutTone() throws {
        let config = WheelConfig(items: [WheelItem(text: "Mug", color: .white, stock: 0), WheelItem(text: "Pen", color: .black, stock: 0)])
        let wheel = try WheelScene(config: config, resources: try TimerSnapshotTests.latinResources())
        XCTAssertFalse(try wheel.spin(at: 2.5))
        XCTAssertEqual(events(wheel, from: 0, to: 5, step: 0.02), [SoundEvent(.soldOut, at: 2.5)])
    }

    func testTheTimerChimesOnceAtZero() throws {
        let timer = try TimerScene(config: try TimerConfig.defaults.withDuration(10), resources: try TimerSnapshotTests.latinResources())
        XCTAssertEqual(events(timer, from: 0, to: 30, step: 0.013).map(\.time), [10])
        XCTAssertEqual(events(timer, from: 0, to: 30, step: 0.013).map(\.kind), [.chime])
        let loop = try TimerScene(config: TimerConfig(steps: [TimerStep(duration: 4)], repeats: true),
                                  resources: try TimerSnapshotTests.latinResources())
        XCTAssertEqual(events(loop, from: 0, to: 13, step: 0.5).map(\.time), [4, 8, 12])
    }

    func testTheMixIsAPureFunctionOfTheEventsAndCloseTicksMerge() {
        func mix(_ events: [SoundEvent], chunk: Int) -> [Int16] {
            var mixer = SoundMixer(sampleRate: 48_000)
            for e in events { mixer.play(e) }
            var out: [Int16] = []
            var buffer = [Int16](repeating: 0, count: chunk)
            while out.count < 48_000 * 2 {
                buffer.withUnsafeMutableBufferPointer { mixer.render(into: $0) }
                out += buffer
            }
            return Array(out.prefix(48_000 * 2))
        }
        let events = [SoundEvent(.tick, at: 0.1, speed: 8), SoundEvent(.tick, at: 0.11, speed: 8),
                      SoundEvent(.tick, at: 0.2, speed: 1), SoundEvent(.fanfare, at: 0.5), SoundEvent(.chime, at: 1.2)]
        let a = mix(events, chunk: 480), b = mix(events, chunk: 1777)
        XCTAssertEqual(a, b, "chunk sizes change nothing")
        XCTAssertEqual(a[4799], 0, "silence before the first tick")
        XCTAssertNotEqual(a[4800 + 20], 0, "the tick starts on its sample")
        XCTAssertLessThan(abs(Int(a[5280 + 20])), 300, "the tick 10 ms later merged into the first (only its tail rings)")
        XCTAssertNotEqual(a[9600 + 20], 0)
        var muted = SoundMixer(sampleRate: 48_000)
        muted.muted = true
        muted.play(SoundEvent(.fanfare, at: 0))
        var buffer = [Int16](repeating: 1, count: 4800)
        buffer.withUnsafeMutableBufferPointer { muted.render(into: $0) }
        XCTAssertTrue(buffer.allSatisfy { $0 == 0 })
    }

    func testSoundConfig() throws {
        XCTAssertEqual(try ConfigFile.load(path: try write(#"{"sound": "off"}"#)).soundVolume(), 0)
        XCTAssertEqual(try ConfigFile.load(path: try write(#"{"sound": "on"}"#)).soundVolume(), 1)
        XCTAssertEqual(try ConfigFile.load(path: try write(#"{"sound": {"volume": 0.25}}"#)).soundVolume(), 0.25)
        XCTAssertNil(try ConfigFile.load(path: try write(#"{"wheel": {}}"#)).soundVolume())
        let cases: [(String, String)] = [
            (#"{"sound": "loud"}"#, #"sound: 'loud' is not on or off (or give {"volume": 0.5})"#),
            (#"{"sound": {"volume": 2}}"#, "sound.volume: 2 is out of range (0 for silence to 1 for full volume)"),
            (#"{"sound": {"volume": "max"}}"#, "sound.volume: must be a number, not a string"),
            (#"{"sound": {"volum": 1}}"#, "sound: unknown key 'volum' (did you mean 'volume'?); known keys: volume, tick, fanfare, chime, soldOut"),
        ]
        for (json, expected) in cases {
            XCTAssertEqual(try failure(json, load: { _ = try ConfigFile.load(path: $0).soundVolume() }), expected, json)
        }
    }
}
