// The window's side of the control API (the Control module): between two frames it carries out the
// commands the server's threads queued, as its own keys would (a spin is START's draw: recorded
// before the wheel turns), answers each, and publishes what a phone shows when that changes. The
// server wakes a window asleep in SDL_WaitEvent by pushing an SDL user event (allowed from any thread).
import CSDL2
import Control
import Draws
import Scenes

/// The queue the window takes commands from and the board it publishes its state on.
struct ControlLink {
    let queue: CommandQueue
    let board: StateBoard
    /// What was last published (spinning, the last draw's number, the scene, the event, the standing:
    /// entries, odds and stock): a change publishes again.
    /// (The standing compares in constant time while it has not changed: its arrays are the same buffers.)
    var published: (spinning: Bool, draw: Int?, scene: Int, event: Int?, standing: Standing?)?
}

extension Session {
    /// Takes commands from `queue` and publishes on `board` from the next pass of the loop on.
    func attachControl(queue: CommandQueue, board: StateBoard) {
        queue.onSubmit {
            var wake = SDL_Event()
            wake.type = SDL_USEREVENT.rawValue
            SDL_PushEvent(&wake)
        }
        control = ControlLink(queue: queue, board: board)
    }

    /// Carries out every waiting command at `now`; whether the frame must be drawn again.
    func carryOutControlCommands(at now: Double) -> Bool {
        guard var link = control else { return false }
        var changed = false
        for pending in link.queue.take() where pending.claim() {   // one its phone gave up on is dropped
            let reply = carryOut(pending.command, at: now)
            if reply.status == 200 { changed = true }
            pending.answer(reply)
        }
        let wheel = scenes.lazy.compactMap { $0 as? WheelScene }.first
        let seen = (spinning: wheel?.spinner.isSpinning(at: now) ?? false, draw: wheel?.raffle.lastDraw?.draw,
                    scene: current, event: wheel?.raffle.ledger.event, standing: wheel?.raffle.standing)
        if link.published.map({ $0 != seen }) ?? true {
            link.published = seen
            link.board.publish(controlState(at: clock.seconds))
            control = link
        }
        return changed
    }

    /// One command, answered as the window's keys would act on it.
    private func carryOut(_ command: ControlCommand, at now: Double) -> ControlReply {
        switch command {
        case .spin:
            guard let wheel = scenes[current] as? WheelScene else { return .refused(409, "the wheel is not on screen") }
            if wheel.spinner.isSpinning(at: now) { return .refused(409, "the wheel is spinning") }
            guard wheel.raffle.standing.anyRemaining else { return .refused(409, "nothing can win") }
            let before = wheel.raffle.lastDraw?.draw
            do throws(SceneError) {
                guard try wheel.spin(at: now), let record = wheel.raffle.lastDraw, record.draw != before else {
                    return .refused(409, "the wheel cannot spin now")
                }
                lastPrimary = now   // counts for START's cooldown, as a key's spin does
                return .done("{\"draw\":\(record.draw),\"text\":\(JSONText.string(record.text)),\"value\":\(JSONText.number(record.value)),\"prize\":\(record.prize)}")
            } catch {
                return .refused(409, error.description)
            }
        case .scene(let name):
            guard let index = scenes.firstIndex(where: { $0.name == name }) else {
                return .refused(404, "no scene \(name) in this window")
            }
            show(sceneAt: index)
            return .done()
        case .timer(let action):
            guard let timer = scenes.lazy.compactMap({ $0 as? TimerScene }).first else {
                return .refused(404, "no timer in this window")
            }
            switch action {
            case .start: timer.resume(at: now)
            case .pause: timer.pause(at: now)
            case .reset: timer.reset()
            }
            return .done("{\"timer\":\"\(timer.status(at: now).state.rawValue)\"}")
        case .newEvent:
            guard let wheel = scenes.lazy.compactMap({ $0 as? WheelScene }).first else {
                return .refused(404, "no wheel in this window")
            }
            if wheel.spinner.isSpinning(at: now) { return .refused(409, "the wheel is spinning") }
            let before = wheel.raffle.ledger.event
            wheel.startOver(at: now)
            let event = wheel.raffle.ledger.event
            guard event != before else { return .refused(409, "the record did not start a new event") }
            return .done("{\"event\":\(event)}")
        }
    }

    /// What a phone shows, from the scenes as they are at `t`.
    private func controlState(at t: Double) -> ControlState {
        var state = ControlState(scene: scenes[current].name, scenes: scenes.map(\.name))
        guard let wheel = scenes.lazy.compactMap({ $0 as? WheelScene }).first else { return state }
        let standing = wheel.raffle.standing, weights = standing.weights
        let total = weights.reduce(0, +)
        state.spinning = wheel.spinner.isSpinning(at: t)
        state.entries = standing.entries.indices.map { i in
            ControlState.Entry(text: standing.entries[i].text, chance: total > 0 ? weights[i] / total : 0, stockLeft: standing.stockLeft(i))
        }
        if let last = wheel.raffle.lastDraw {
            state.lastResult = .init(draw: last.draw, text: last.text, value: last.value, prize: last.prize)
        }
        state.event = wheel.raffle.ledger.event
        state.draws = standing.winnings.reduce(0) { $0 + $1.count }
        return state
    }
}
