// A wheel whose record is a prize pool shared with other kiosks (a PostgreSQL server): it follows
// what the others draw, take off or reset through a PoolWatch (its own thread and connection, so no
// frame waits on the network), and while the server cannot be reached it shows a calm panel in place
// of a draw and takes no spin, until the server answers again. A spin whose draw was recorded before
// the server went away lands and shows its result as any other.
import Draws

extension WheelScene {
    static let poolAwayTitle = "The prize pool is not reachable"

    /// Brings the wheel up to what the watch last read (called each frame; without a new reading it
    /// costs one atomic load). The watch starts with the first frame a window draws, not for
    /// `roundel spin` or a render, which draw no frames on screen.
    func followPool(at t: Double) {
        if !poolWatchStarted {
            poolWatchStarted = true
            poolWatch = raffle.ledger.watch()
        }
        guard let watch = poolWatch, watch.generation != poolSeen else { return }
        let (generation, status) = watch.latest()
        poolSeen = generation
        switch status {
        case .reachable(let reading)?:
            if poolAway {
                poolAway = false
                if drawProblem?.title == WheelScene.poolAwayTitle { drawProblem = nil }
                onDrawProblem?("roundel: the prize pool at '\(watch.name)' is reachable again; spins are taken")
            }
            guard reading.event != raffle.ledger.event
                    || Standing(entries: raffle.standing.entries, winnings: reading.winnings) != raffle.standing else { return }
            raffle.follow(reading)
            // The slices change once no spin or result of this kiosk's is on screen.
            if refreshAt == nil { refreshAt = t }
        case .unreachable(let why)?:
            // Logged once when it goes (and when it comes back): a kiosk's journal says when spins stopped.
            if !poolAway { onDrawProblem?("roundel: the prize pool at '\(watch.name)' is not reachable, no spin is taken: \(why)") }
            poolAway = true
            drawProblem = Problem(message: "\(why); trying again every second (the draws recorded so far are safe)",
                                  title: WheelScene.poolAwayTitle)
        case nil:
            break
        }
    }

    /// When the window should look at the watch again: within a second while it runs, at once when it has news.
    func nextPoolLook(after t: Double) -> Double? {
        guard let watch = poolWatch else { return nil }
        return watch.generation != poolSeen ? t : t + 1
    }
}
