// The local wall clock, for scenes that show the time of day (`ShowsTimeOfDay`): besides naming
// screenshots, the host's only reading of CLOCK_REALTIME. Each pass of the event loop sets it against
// the monotonic host clock; the difference is the wall clock's reading at t = 0, which moves when the
// system clock is set (NTP after a Raspberry Pi boots without an RTC, daylight saving, an operator).
// Units: seconds. Local seconds count from the Epoch shifted by the zone's offset from UTC, so
// `localSeconds mod 86 400` is the time of day and midnight is not a jump.
import Glibc
import Scenes

enum WallClock {
    /// How far the reading at t = 0 may move before scenes are told: reading two clocks takes time and
    /// their rates differ slightly (NTP slews the wall clock; SDL counts CLOCK_MONOTONIC_RAW), so it
    /// wobbles by microseconds from pass to pass, and telling a scene redraws its frame whole. 50 ms is
    /// under a third of a degree of the second hand.
    static let tolerance = 0.05

    /// The local wall clock now (TZ or /etc/localtime, through the C library).
    static func localSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var local = tm()
        let offset = localtime_r(&seconds, &local) != nil ? local.tm_gmtoff : 0
        return Double(now.tv_sec + offset) + Double(now.tv_nsec) / 1e9
    }

    /// Gives each of `scenes` that follows the wall clock `atZero`, the wall clock's reading at t = 0,
    /// where its own is more than `tolerance` away; returns whether `current` was among them.
    static func tell(_ scenes: [Scene], atZero: Double, current: Scene) -> Bool {
        var toldCurrent = false
        for case let scene as ShowsTimeOfDay in scenes where scene.followsWallClock && !(abs(scene.startTime - atZero) <= tolerance) {
            scene.startTime = atZero
            if scene === current { toldCurrent = true }
        }
        return toldCurrent
    }
}
