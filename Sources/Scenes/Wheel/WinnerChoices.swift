// What the window offers once a winner is shown, as Wheel of Names does: under the winner card, the
// winner off the wheel or kept on it (as `afterWin` set it at the draw, changed with a tap, Delete or
// K) and Spin again; and U (or Ctrl+Z) undoes the latest removal, put-back or new event. Only where
// `showsControls` (a desktop window): a kiosk's visitors get the config's rule and a plain card.
// A change is one transaction in the record (Ledger.setRemoved); the slices follow at once.
import Draws
import Raster

enum CardControl: Hashable {
    case offTheWheel, spinAgain
}

/// What U takes back.
enum Undoable: Equatable {
    /// The entry was taken off the wheel (`removed`) or put back; undoing does the other.
    case removal(EntryKey, name: String, removed: Bool)
    /// R, R: a new event, which closed event `previous`.
    case newEvent(previous: Int)
}

extension WheelScene {
    /// The card's buttons on a frame of `size` for the winner shown (nil: none at `t`).
    func cardControls(frameSize size: Size, at t: Double) -> ControlPanel<CardControl>? {
        guard showsControls, !hasOverlay, cardEnd(at: t).map({ t < $0 }) == true, let key = shownWinnerKey else { return nil }
        let removed = raffle.standing.keys.firstIndex(of: key).map(raffle.standing.isRemoved) ?? false
        let w = size.width, h = size.height
        // The card as drawWinnerCard lays it out, and the buttons under it.
        let cardWidth = min(w * 0.86, max(h, w) * 0.62), cardHeight = min(h * 0.6, cardWidth * 0.62)
        let card = Rect(x: (w - cardWidth) / 2, y: (h - cardHeight) / 2, width: cardWidth, height: cardHeight)
        let height = max(26, min(54, 0.085 * h))
        let gap = height * 0.3
        let y = min(card.maxY + 0.025 * h, h - height - max(4, 0.015 * h))
        let choiceWidth = (card.width - gap) * 0.58
        let controls = [
            Control<CardControl>(.choice([words.keep, words.offTheWheel], selected: removed ? 1 : 0), id: .offTheWheel,
                                 frame: Rect(x: card.minX, y: y, width: choiceWidth, height: height)),
            Control(.button(words.spinAgain, prominent: true), id: .spinAgain,
                    frame: Rect(x: card.minX + choiceWidth + gap, y: y, width: card.width - choiceWidth - gap, height: height)),
        ]
        return ControlPanel(frame: Rect(x: card.minX, y: y, width: card.width, height: height), controls: controls, focus: nil,
                            textSize: height * 0.45, framed: false)
    }

    /// The entry the latest result names, in the open event (nil: none, or it is not in the list).
    var shownWinnerKey: EntryKey? {
        guard let last = raffle.lastDraw else { return nil }
        return EntryKey(text: last.text, occurrence: last.occurrence)
    }

    /// Takes the shown winner off the wheel (`removed`) or keeps it on, now.
    func setWinnerRemoved(_ removed: Bool, at t: Double) {
        // Not while the wheel turns: the draw it turns to is already the latest, and must not show.
        guard !spinner.isSpinning(at: t) else { return show(words.waitForStop, at: t) }
        guard let key = shownWinnerKey, let index = raffle.standing.keys.firstIndex(of: key),
              raffle.standing.isRemoved(index) != removed else { return }
        setRemoved(key, name: raffle.entries[index].text, removed, at: t)
    }

    /// Whether it was recorded (if not, the note says why and nothing changed).
    @discardableResult
    func setRemoved(_ key: EntryKey, name: String, _ removed: Bool, at t: Double) -> Bool {
        if case .failure(let error) = Result(catching: { () throws(DrawError) in try raffle.setRemoved(key, removed) }) {
            show(Words.fill(words.notSaved, error.problem), at: t)
            return false
        }
        undo = .removal(key, name: name, removed: removed)
        refreshAt = nil
        rebuildSlices(at: t)
        show(Words.fill(words.withUndo, Words.fill(removed ? words.offTheWheelNote : words.backOnTheWheel, WheelScene.shortened(name))), at: t)
        return true
    }

    /// U: takes back the latest removal, put-back or new event.
    func undoLast(at t: Double) {
        guard !spinner.isSpinning(at: t), let undo else { return show(words.nothingToUndo, at: t) }
        switch undo {
        case .removal(let key, let name, let removed):
            guard setRemoved(key, name: name, !removed, at: t) else { return }
            self.undo = nil
        case .newEvent(let previous):
            switch Result(catching: { () throws(DrawError) in try raffle.reopenEvent(previous) }) {
            case .failure(let error): return show(Words.fill(words.notUndone, error.problem), at: t)
            case .success(false): return show(words.drawMadeSince, at: t)
            case .success(true): break
            }
            self.undo = nil
            resume()
            show(words.previousDrawBack, at: t)
        }
    }

    func handleCard(_ action: ControlAction<CardControl>, at t: Double) {
        switch action {
        case .choose(.offTheWheel, let k): setWinnerRemoved(k == 1, at: t)
        case .press(.spinAgain): _ = try? spin(at: t)
        default: break
        }
    }
}
