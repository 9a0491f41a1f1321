// Scenes that show the local time of day: the clock, and a timer counting down `until` a time. Such a
// scene is still a pure function of its state and t; part of that state is `startTime`, the local wall
// clock's reading at t = 0, which only the host (or `--time`) sets. The window's host keeps it at what
// the system clock reads now minus t, so when the clock is set (a Raspberry Pi has no RTC and NTP sets
// it after boot; daylight saving; an operator) the face and the countdown follow it, forwards or back,
// while spins, durations and animations stay on the monotonic t.

public protocol ShowsTimeOfDay: Scene {
    /// The local wall clock's reading at t = 0, in seconds since a local midnight (of any day: the
    /// scene takes it modulo a day, so midnight is no jump).
    var startTime: Double { get set }
    /// Whether the frames depend on `startTime` (a timer of durations does not).
    var followsWallClock: Bool { get }
}
