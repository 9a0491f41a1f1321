// The monotonic clock the server's threads time things by (failed attempts' periods, keepalives, how
// long a request waits for the window), in seconds and as a deadline for `pthread_cond_timedwait` on a
// condition made with CLOCK_MONOTONIC. (Host has a clock of its own for frames; this one is Control's.)
import Glibc

/// The monotonic clock, in seconds and as a deadline for `pthread_cond_timedwait`.
enum MonotonicClock {
    static var seconds: Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func deadline(_ seconds: Double) -> timespec {
        let whole = seconds.rounded(.down)
        return timespec(tv_sec: Int(whole), tv_nsec: min(Int((seconds - whole) * 1e9), 999_999_999))
    }
}
