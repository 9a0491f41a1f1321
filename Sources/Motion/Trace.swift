// The rows of `roundel trace wheel`: one per frame from the spin's start until rest, plus the exact rest
// time as the last row. CSV columns t,rotation,phase,index: t in seconds on the spinner's clock and
// rotation in DEGREES clockwise, cumulative, both with exactly 4 decimals (fixed point, no exponent);
// phase is SpinPhase.name; index is the slice under the pointer at that rotation.

public struct TraceRow: Sendable, Equatable {
    public static let csvHeader = "t,rotation,phase,index"

    public var t: Double
    /// Degrees clockwise, cumulative.
    public var rotation: Double
    public var phase: String
    public var index: Int

    public init(t: Double, rotation: Double, phase: String, index: Int) {
        self.t = t
        self.rotation = rotation
        self.phase = phase
        self.index = index
    }

    public var csvLine: String { "\(Self.fixed(t)),\(Self.fixed(rotation)),\(phase),\(index)" }

    /// `value` rounded half away from zero to 4 decimals, e.g. "-0.0500"; "nan"/"inf"/"-inf" if not finite.
    static func fixed(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let scaled = (abs(value) * 10_000).rounded()
        guard scaled < 9e18 else { return String(value) }
        let units = UInt64(scaled)
        let fraction = String(units % 10_000)
        let sign = value < 0 && units != 0 ? "-" : ""
        return "\(sign)\(units / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)"
    }
}

extension Spinner {
    /// Rows at `fps` frames per second from the current spin's start (frame k at start + k/fps, so no
    /// drift) while it is spinning, then one row at exactly `endTime`. With no spin, one row at time 0.
    public func trace(fps: Double) throws(MotionError) -> [TraceRow] {
        guard fps.isFinite, fps > 0, fps <= 1000 else { throw .invalidFrameRate(fps) }
        func row(_ t: Double) -> TraceRow {
            let radians = rotation(at: t)
            return TraceRow(t: t, rotation: radians * 180 / .pi, phase: phase(at: t).name,
                            index: layout.index(underPointerAt: radians))
        }
        guard let spin = currentSpin else { return [row(0)] }
        var rows: [TraceRow] = []
        var frame = 0.0
        while true {
            let t = spin.startTime + frame / fps
            guard t < spin.endTime else { break }
            rows.append(row(t))
            frame += 1
        }
        rows.append(row(spin.endTime))
        return rows
    }

    /// The whole CSV: header, then one line per row, each ending in "\n".
    public func traceCSV(fps: Double) throws(MotionError) -> String {
        try trace(fps: fps).reduce(into: TraceRow.csvHeader + "\n") { $0 += $1.csvLine + "\n" }
    }
}
