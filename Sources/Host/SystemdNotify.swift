// Telling systemd how the kiosk is doing (Type=notify, WatchdogSec= in assets/roundel-kiosk.service):
// READY=1 once the first frame is on screen, then WATCHDOG=1 from the frame loop at least every
// half of WatchdogSec, waking the idle loop for it, so a display that hangs (a present that never
// returns) gets Roundel restarted. Outside systemd (no NOTIFY_SOCKET) every call does nothing.
import CSystemd

struct SystemdNotify {
    /// Seconds between pings (half the watchdog interval systemd set), or nil without a watchdog.
    let pingInterval: Double?
    private var ready = false
    private var lastPing = -Double.infinity

    init() {
        var usec: UInt64 = 0
        pingInterval = sd_watchdog_enabled(0, &usec) > 0 && usec > 0 ? Double(usec) / 2e6 : nil
    }

    /// After a frame was presented at `now`: READY=1 the first time, WATCHDOG=1 when one is due.
    mutating func framePresented(at now: Double) {
        if !ready {
            ready = true
            sd_notify(0, "READY=1")
        }
        ping(at: now)
    }

    /// WATCHDOG=1 if a ping is due at `now` (the loop calls this on every pass, drawing or not).
    mutating func ping(at now: Double) {
        guard let interval = pingInterval, now - lastPing >= interval else { return }
        lastPing = now
        sd_notify(0, "WATCHDOG=1")
    }

    /// Seconds until the next ping is due (an idle loop must wake for it), or nil.
    func secondsUntilPing(at now: Double) -> Double? {
        pingInterval.map { max(0, lastPing + $0 - now) }
    }
}
