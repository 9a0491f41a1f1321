// A recorded draw shown again (`render`/`record --state DB --draw N`): the wheel as the record stood
// just before the draw (made with `Raffle(showing:)`: its round's list, what had been won and removed
// in its event, the wheel where the draw before it in that round left it, as `resume` shows a
// restarted window), then the spin from there to the rotation the draw recorded, on its winner,
// with the profile it names and the config's duration, and afterwards what it changed (a removed
// winner leaves). Nothing is chosen or recorded. Times are the scene's t (seconds).
import Draws
import Motion

extension WheelScene {
    /// Starts the raffle's recorded draw (`Raffle.replayed`) at `t`, landing where the record says the
    /// wheel stopped. Throws, changing nothing, when there is nothing to replay, the draw has no
    /// rotation (made by an earlier Roundel's `spin`) or a profile this Roundel does not know, or
    /// when its rotation does not land on its winner on this wheel (a config other than the window's).
    public func replayRecordedDraw(at t: Double) throws(SceneError) {
        guard let draw = raffle.replayed, raffle.lastDraw != draw else {
            throw SceneError("roundel: there is no recorded draw to replay")
        }
        let cannot = "roundel: cannot replay draw \(draw.draw)"
        guard let end = draw.rotation, end.isFinite else {
            throw SceneError(cannot + ": it has no rotation recorded (a draw made by an earlier Roundel's spin), so there is no landing to show")
        }
        guard let profile = SpinProfile(rawValue: draw.profile) else {
            throw SceneError(cannot + ": its spin profile '\(draw.profile)' is not one this Roundel knows")
        }
        let winner = "'\(WheelScene.shortened(draw.text))'"
        guard let slice = shown.firstIndex(of: draw.index) else {
            throw SceneError(cannot + ": its winner \(winner) has no slice on this wheel (give the config the window used)")
        }
        var settings = config.spin
        settings.profile = profile
        var planned = Spinner(layout: spinner.layout, weights: spinner.weights, settings: settings, rotation: spinner.rotation(at: t))
        do {
            guard try planned.spin(at: t, endingAt: end) else { throw SceneError(cannot + ": the wheel is spinning") }
        } catch let error as SceneError {
            throw error
        } catch {
            throw SceneError(cannot + ": \(error)")
        }
        guard let landed = planned.currentSpin?.target, landed == slice else {
            let other = planned.currentSpin.map { items.indices.contains($0.target) ? "'\(bannerTexts[$0.target])'" : "another slice" } ?? "no slice"
            throw SceneError(cannot + ": its rotation lands on \(other) on this wheel, not on its winner \(winner) (give the config the window used)")
        }
        _ = raffle.replayRecordedDraw()
        spinner = planned
        restingWinner = nil
        shownResult = nil
        drawProblem = nil
        refreshAt = (planned.endTime ?? t) + WheelScene.refreshDelay
    }
}
