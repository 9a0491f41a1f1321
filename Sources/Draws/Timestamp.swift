// The time a draw was made, as the record keeps it: UTC, ISO 8601 with milliseconds
// ("2026-11-23T16:45:29.123Z"), read from the system's real-time clock. Only the ledger reads it;
// nothing that draws a frame does.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum Timestamp {
    /// Now, in UTC.
    static func now() -> String {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return format(seconds: Int(ts.tv_sec), milliseconds: Int(ts.tv_nsec) / 1_000_000)
    }

    static func format(seconds: Int, milliseconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func pad(_ x: Int32, _ width: Int) -> String {
            let s = String(x)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return pad(parts.tm_year + 1900, 4) + "-" + pad(parts.tm_mon + 1, 2) + "-" + pad(parts.tm_mday, 2)
            + "T" + pad(parts.tm_hour, 2) + ":" + pad(parts.tm_min, 2) + ":" + pad(parts.tm_sec, 2)
            + "." + pad(Int32(milliseconds), 3) + "Z"
    }
}
