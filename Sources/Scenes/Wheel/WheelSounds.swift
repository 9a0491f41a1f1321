// The wheel's sounds: a tick each time a slice boundary passes the pointer (from the spin's own
// rotation, `Spinner.pointerCrossings`), the fanfare at the instant the wheel stops and the result
// shows (not on a slice that is no prize: that stop is plain), and a falling "sold out" tone when
// START is pressed with nothing left to win.
extension WheelScene {
    public func sounds(from t0: Double, to t1: Double, into events: inout [SoundEvent]) {
        guard t1 > t0 else { return }
        scratch.crossingScratch.removeAll(keepingCapacity: true)
        spinner.pointerCrossings(from: t0, to: t1, into: &scratch.crossingScratch)
        for time in scratch.crossingScratch {
            events.append(SoundEvent(.tick, at: time, speed: abs(spinner.angularVelocity(at: time))))
        }
        if let end = spinner.endTime, end >= t0, end < t1, let winner = spinner.result(at: end), items.indices.contains(winner),
           items[winner].prize {
            events.append(SoundEvent(.fanfare, at: end))
        }
        if let soldOutAt, soldOutAt >= t0, soldOutAt < t1 { events.append(SoundEvent(.soldOut, at: soldOutAt)) }
    }
}
