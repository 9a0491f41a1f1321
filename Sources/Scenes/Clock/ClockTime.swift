// Times of day for the clock, in seconds since local midnight (0 ≤ s < 86 400): reading
// `--time HH:MM:SS` strictly, writing "HH:MM:SS" for the JSON line, and turning a Date into the
// wall-clock reading in a time zone. Only the CLI and the host call `secondsSinceMidnight(of:)`;
// the scene itself never reads a clock (docs/architecture.md: rendering is a pure function of state and t).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files
import FoundationEssentials

/// A `--time` value that is not a time of day. `description` is one line for stderr:
/// `roundel: --time '25:00:00': hours must be 0 to 23 (use HH:MM:SS, e.g. 10:10:30)`.
public struct ClockTimeError: Error, CustomStringConvertible, Equatable, Sendable {
    public let text: String
    public let problem: String

    public var description: String {
        "roundel: --time \(MessageText.quoted(text)): \(problem) (use HH:MM:SS, e.g. 10:10:30)"
    }
}

extension ClockScene {
    static let secondsPerDay = 86_400.0

    /// Reads "HH:MM:SS" (hours 0–23 in one or two digits, minutes and seconds 00–59 in two) as seconds
    /// since midnight. Nothing else is accepted: not "12:00", not "noon", not fractions or spaces.
    public static func parseTime(_ text: String) throws(ClockTimeError) -> Double {
        func fail(_ problem: String) -> ClockTimeError { ClockTimeError(text: text, problem: problem) }
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3 else {
            throw fail(fields.count == 2 ? "seconds are missing" : "is not a time of day")
        }
        func number(_ field: Substring, _ name: String, digits: ClosedRange<Int>, limit: Int) throws(ClockTimeError) -> Int {
            guard digits.contains(field.count), field.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(field) else {
                let width = digits.lowerBound == digits.upperBound ? "two digits" : "one or two digits"
                throw fail("\(name) must be \(width), not \(MessageText.quoted(field))")
            }
            guard value < limit else {
                throw fail("\(name) must be 0 to \(limit - 1), not \(value)")
            }
            return value
        }
        let hours = try number(fields[0], "hours", digits: 1...2, limit: 24)
        let minutes = try number(fields[1], "minutes", digits: 2...2, limit: 60)
        let seconds = try number(fields[2], "seconds", digits: 2...2, limit: 60)
        return Double(hours * 3600 + minutes * 60 + seconds)
    }

    /// What a wall clock in `timeZone` shows at `date`, in seconds since its midnight (with the
    /// fraction of the second, so the second hand starts where it should). On days when the clocks
    /// change this is the reading, not the time elapsed since midnight, which is what a clock face shows.
    /// (Named zones need FoundationInternationalization loaded, as in tests; the app uses
    /// `secondsSinceMidnightNow()`.)
    public static func secondsSinceMidnight(of date: Date, in timeZone: TimeZone) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.hour, .minute, .second], from: date)
        let hours: Int = c.hour ?? 0, minutes: Int = c.minute ?? 0, seconds: Int = c.second ?? 0
        let whole = Double(hours * 3600 + minutes * 60 + seconds)
        let fraction = date.timeIntervalSinceReferenceDate - date.timeIntervalSinceReferenceDate.rounded(.down)
        return whole + fraction
    }

    /// The local wall clock now (TZ or /etc/localtime, through the C library's localtime_r, as
    /// FoundationEssentials alone only knows GMT), with the fraction of the second: for whoever makes
    /// a clock for the window (never `render`).
    public static func secondsSinceMidnightNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var local = tm()
        guard localtime_r(&seconds, &local) != nil else { return timeOfDay(Double(now.tv_sec)) }
        let whole = Double(Int(local.tm_hour) * 3600 + Int(local.tm_min) * 60 + Int(local.tm_sec))
        return whole + Double(now.tv_nsec) / 1e9
    }

    /// `seconds` since midnight folded into one day, [0, 86 400). Non-finite input (which neither
    /// `parseTime` nor `secondsSinceMidnight` produce) reads as midnight rather than drawing NaN hands.
    static func timeOfDay(_ seconds: Double) -> Double {
        guard seconds.isFinite else { return 0 }
        let r = seconds.truncatingRemainder(dividingBy: secondsPerDay)
        return r < 0 ? r + secondsPerDay : r
    }

    /// "HH:MM:SS" for a time of day, the whole second it is in.
    static func formatTime(_ seconds: Double) -> String {
        let whole = Int(timeOfDay(seconds).rounded(.down))
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return two(whole / 3600) + ":" + two(whole / 60 % 60) + ":" + two(whole % 60)
    }
}
