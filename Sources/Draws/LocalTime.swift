// A draw's time as people read it: the stored time (Timestamp: UTC, "2026-11-26T12:30:05.123Z", what
// the hash covers, never rewritten) in the local time zone with its offset from UTC, through the C
// library's localtime_r, so `TZ` and /etc/localtime decide as for any other program. Each time gets
// the offset in force at that moment: an event across a daylight-saving change shows both.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct LocalTime: Sendable, Equatable {
    /// "2026-11-26".
    public var date: String
    /// "21:30:05".
    public var clock: String
    public var milliseconds: Int
    /// Seconds east of UTC (+32400 in Seoul).
    public var offsetSeconds: Int
    /// The zone's abbreviation as the time zone data gives it ("KST", "EDT", "UTC"; some zones have
    /// only numbers, "+03").
    public var zone: String

    /// "+09:00", "-04:00", "+00:00".
    public var offset: String {
        let minutes = abs(offsetSeconds) / 60
        return (offsetSeconds < 0 ? "-" : "+") + pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2)
    }

    /// ISO 8601 with milliseconds and the offset: "2026-11-26T21:30:05.123+09:00".
    public var iso: String { date + "T" + clock + "." + pad(milliseconds, 3) + offset }

    /// "2026-11-26 21:30:05", as a table shows it under a header naming the offset.
    public var dateAndClock: String { date + " " + clock }

    /// The local reading of a time as the record stores it; nil for text that is not one (a row
    /// edited by hand), which callers show as it is.
    public init?(stored: String) {
        let u = Array(stored.utf8)
        guard u.count == 24, u[4] == 0x2D, u[7] == 0x2D, u[10] == 0x54, u[13] == 0x3A, u[16] == 0x3A, u[19] == 0x2E, u[23] == 0x5A,
              let year = digits(u, 0, 4), let month = digits(u, 5, 2), let day = digits(u, 8, 2), let hour = digits(u, 11, 2),
              let minute = digits(u, 14, 2), let second = digits(u, 17, 2), let ms = digits(u, 20, 3),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var utc = tm()
        utc.tm_year = Int32(year - 1900); utc.tm_mon = Int32(month - 1); utc.tm_mday = Int32(day)
        utc.tm_hour = Int32(hour); utc.tm_min = Int32(minute); utc.tm_sec = Int32(second)
        var time = timegm(&utc)
        _ = zoneRead
        var local = tm()
        guard localtime_r(&time, &local) != nil else { return nil }
        date = pad(Int(local.tm_year) + 1900, 4) + "-" + pad(Int(local.tm_mon) + 1, 2) + "-" + pad(Int(local.tm_mday), 2)
        clock = pad(Int(local.tm_hour), 2) + ":" + pad(Int(local.tm_min), 2) + ":" + pad(Int(local.tm_sec), 2)
        milliseconds = ms
        offsetSeconds = Int(local.tm_gmtoff)
        zone = local.tm_zone.map { String(cString: $0) } ?? ""
    }

    /// The stored time in ISO 8601 with the local offset, or the stored text when it is not a time.
    public static func iso(stored: String) -> String { LocalTime(stored: stored)?.iso ?? stored }
}

/// The zone is read once (tzset: `TZ`, else /etc/localtime); localtime_r need not read it again.
private let zoneRead: Void = tzset()

private func digits(_ u: [UInt8], _ start: Int, _ count: Int) -> Int? {
    var n = 0
    for b in u[start..<(start + count)] {
        guard b >= 0x30, b <= 0x39 else { return nil }
        n = n * 10 + Int(b - 0x30)
    }
    return n
}

private func pad(_ x: Int, _ width: Int) -> String {
    let s = String(x)
    return String(repeating: "0", count: max(0, width - s.count)) + s
}
