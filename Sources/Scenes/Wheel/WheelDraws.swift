// The wheel and its Raffle: which entries are slices, how they look (a sold-out prize greyed, odds
// on the labels), spinning as a draw (chosen, recorded, then turned), and what changes after a
// result has been shown (a removed winner leaves the wheel `refreshDelay` s after the stop). Also the
// window's ways to change the list: a paste, a dropped file, the entry editor, R for a new event.
// Times are the scene's t (seconds); nothing here reads a clock.
import BitmapFont
import Draws
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Motion
import Raster

extension WheelScene {
    /// The slices for `standing`: entry indices in order, without removed entries and (with
    /// `soldOut: hide`) sold-out ones.
    static func shownEntries(_ standing: Standing, soldOut: SoldOutStyle) -> [Int] {
        standing.entries.indices.filter { !standing.isRemoved($0) && !(soldOut == .hide && standing.isSoldOut($0)) }
    }

    /// A Spinner laid out exactly as a WheelScene with `config` lays out its slices before any draw
    /// (for `roundel trace`).
    public static func makeSpinner(config: WheelConfig) -> Spinner {
        let items = config.effectiveItems
        let standing = Standing(entries: items.map(\.entry), winnings: [:])
        let shown = shownEntries(standing, soldOut: config.soldOut)
        let slices = shown.isEmpty ? [WheelScene.emptySlice] : shown.map { items[$0] }
        let layout = sliceLayout(for: slices, sizeByWeight: config.sizeByWeight, numbered: config.numbered != nil)
        let weights = standing.weights   // worked out once: it is a computed list of every entry
        return Spinner(layout: layout, weights: shown.isEmpty ? [0] : shown.map { weights[$0] }, settings: config.spin)
    }

    /// What an empty wheel shows (everything removed or hidden): one plain slice.
    static let emptySlice = WheelItem(text: "", color: Color(rgb: 0x3A404E), weight: 0)
    /// A sold-out prize's slice and label.
    static let soldOutColor = Color(rgb: 0x5B6170)

    // MARK: Building the slices

    /// The scene as the ledger left it: the latest round's list, its removals and spent stock, and
    /// the latest result shown again, its slice highlighted where the wheel stopped.
    func resume() {
        rebuildSlices(at: 0, keepingSpinner: true)
        guard let last = raffle.lastDraw else { return }
        // The entry that won, in the list shown now (a reload may have brought another list).
        let keys = raffle.standing.keys
        let entry = last.round == raffle.round?.number ? last.index
            : keys.firstIndex(of: EntryKey(text: last.text, occurrence: last.occurrence))
        let color = entry.map { e in shown.firstIndex(of: e).map { items[$0].color } ?? entryItems[e].color }
        shownResult = (WheelScene.shortened(last.text), color ?? config.paletteColor(last.index))
        guard last.round == raffle.round?.number, let entry else { return }
        if var rotation = last.rotation, rotation.isFinite {
            if let closed = WheelScene.rotation(closingGapOf: entry, shown: shown, layout: spinner.layout, near: rotation) {
                rotation = closed
            }
            spinner = Spinner(layout: spinner.layout, weights: spinner.weights, settings: config.spin, rotation: rotation)
        }
        if let slice = shown.firstIndex(of: entry), spinner.index(underPointerAt: 0) == slice { restingWinner = slice }
    }

    /// Items for every entry of the raffle's list: the config's own colours while the list is the
    /// config's, else the palette's in turn (a pasted list), or numbered mode's black and white.
    func itemsForEntries() -> [WheelItem] {
        let entries = raffle.entries
        if let n = numberedCount, entries.count == n { return WheelConfig.numberedItems(n) }
        let configured = config.effectiveItems
        if configured.map(\.entry) == entries { return config.withPaletteColors(configured) }
        return config.withPaletteColors(WheelConfig.items(from: entries))
    }

    /// Slices, labels and the spinner's layout from the raffle's standing. A changed set of slices
    /// leaves the spinner at rest where it was (idle); the same set keeps its state and highlight.
    func rebuildSlices(at t: Double, keepingSpinner: Bool = false) {
        scratch.cardBackdrop = nil   // the kept frame under the confetti shows the old slices
        let standing = raffle.standing
        entryItems = itemsForEntries()
        let nowShown = WheelScene.shownEntries(standing, soldOut: config.soldOut)
        let odds = config.showOdds ? standing.oddsTenths : nil
        var newItems: [WheelItem] = [], newNames: [String] = [], newSuffixes: [String] = []
        for i in nowShown {
            var item = entryItems[i]
            var name = item.showsLabel ? item.text : "", suffix = ""
            if standing.isSoldOut(i) {
                item.color = WheelScene.soldOutColor
                item.automaticColor = false
                if name.isEmpty { name = words.soldOut } else { suffix = LabelFitter.suffixSeparator + words.soldOut }
            } else if let odds, numberedCount == nil {
                let share = Shares.format(tenths: odds[i]) + "%"
                if name.isEmpty { name = share } else { suffix = LabelFitter.suffixSeparator + share }
            }
            newItems.append(item)
            newNames.append(name)
            newSuffixes.append(suffix)
        }
        if nowShown.isEmpty {
            newItems = [WheelScene.emptySlice]
            newNames = [""]
            newSuffixes = [""]
        }
        // Neighbours never share a palette colour, however many slices and whichever were removed.
        let colors = separatingNeighbours(newItems.map(\.color), automatic: newItems.map(\.automaticColor),
                                          palette: config.palette)
        for i in newItems.indices { newItems[i].color = colors[i] }
        let sameSlices = nowShown == shown && newItems.map(\.weight) == items.map(\.weight) && !items.isEmpty
        // The entry under the pointer now: if it leaves, the gap it leaves closes under the pointer.
        let pointed = shown.isEmpty || keepingSpinner ? nil : shown[min(spinner.index(underPointerAt: t), shown.count - 1)]
        if newItems != items || newNames != labelNames || newSuffixes != labelSuffixes { scratch.cache = nil }
        shown = nowShown
        items = newItems
        labelNames = newNames
        labelSuffixes = newSuffixes
        // Made once here, so a frame that shows one builds no string: a nameless slice is "#n".
        bannerTexts = newItems.indices.map { newItems[$0].text.isEmpty ? "#\($0 + 1)" : WheelScene.shortened(newItems[$0].text) }
        let allWeights = standing.weights   // worked out once: it is a computed list of every entry
        let weights = nowShown.isEmpty ? [0] : nowShown.map { allWeights[$0] }
        let layout = WheelScene.sliceLayout(for: newItems, sizeByWeight: config.sizeByWeight, numbered: numberedCount != nil)
        if keepingSpinner {
            spinner = Spinner(layout: layout, weights: weights, settings: config.spin, rotation: spinner.rotation(at: t))
        } else if !sameSlices || layout != spinner.layout {
            var rotation = spinner.rotation(at: t)
            if let pointed, let closed = WheelScene.rotation(closingGapOf: pointed, shown: nowShown, layout: layout, near: rotation) {
                rotation = closed
            }
            spinner = Spinner(layout: layout, weights: weights, settings: config.spin, rotation: rotation)
            restingWinner = nil
        } else {
            _ = try? spinner.replaceWeights(weights)
        }
    }

    /// When `entry` has left the wheel: the rotation nearest `rotation` (less than half a turn away)
    /// that puts the boundary where it was under the pointer, so the gap closes where the room saw
    /// the winner; nil while it is still a slice (or the wheel is empty).
    static func rotation(closingGapOf entry: Int, shown: [Int], layout: SliceLayout, near rotation: Double) -> Double? {
        guard !shown.contains(entry), !shown.isEmpty else { return nil }
        let next = shown.firstIndex { $0 > entry } ?? 0
        let full = 2 * Double.pi
        var delta = (layout.rotation(bringingToPointer: layout.starts[next]) - rotation).truncatingRemainder(dividingBy: full)
        if delta > Double.pi { delta -= full } else if delta <= -Double.pi { delta += full }
        return rotation + delta
    }

    /// Shows what the latest draw changed once its result has been shown (or at once when a new
    /// spin, a paste or an edit comes first).
    func applyRefresh(at t: Double, now: Bool = false) {
        guard let due = refreshAt, now || t >= due, !spinner.isSpinning(at: t) else { return }
        refreshAt = nil
        rebuildSlices(at: t)
    }

    // MARK: Spinning

    /// Starts a spin at `t`: a draw of the raffle onto slice `index` (`--spin-to`), or by weight among
    /// the entries that can win, recorded in the ledger before the wheel turns. Returns false (and
    /// changes nothing) while a spin is under way or when nothing can win. Throws for an index out of
    /// range, an entry that cannot win, or a draw the ledger could not record (the wheel then stays still).
    /// A `flick` (the wheel let go as it turned, WheelDrag.swift) sets only how the wheel turns to the outcome.
    @discardableResult
    public func spin(at t: Double, to index: Int? = nil, flick: Flick? = nil) throws(SceneError) -> Bool {
        if let spin = spinner.currentSpin, t < spin.endTime { return false }
        // The shared pool's server is away: its panel says so, and nothing is drawn.
        if poolAway { return false }
        applyRefresh(at: t, now: true)
        if let index, !shown.indices.contains(index) {
            throw SceneError("roundel: cannot spin the wheel: slice \(index) does not exist (the wheel has \(shown.count))")
        }
        guard raffle.standing.remaining > 0 else {
            show(raffle.standing.hasStock ? words.nothingToWin : words.everyEntryDrawn, at: t)
            soldOutAt = t
            return false
        }
        let drift = attractDrift(at: t)
        if drift > 0 {
            // The first touch in attract mode spins from where the drifting wheel is now.
            spinner = Spinner(layout: spinner.layout, weights: spinner.weights, settings: config.spin,
                              rotation: spinner.rotation(at: t) + drift)
        }
        do throws(DrawError) {
            // Chosen inside the draw's transaction, from the standing the record holds then (another
            // kiosk sharing the prize pool may have drawn since this one last looked).
            var planned = spinner
            var turned = true
            let record: DrawRecord
            do throws(DrawError) {
                record = try raffle.draw { (rng: inout DrawGenerator) throws(DrawError) in
                    let choice: Raffle.Choice
                    if let index { choice = try raffle.choose(forcing: shown[index]) } else { choice = try raffle.choose(using: &rng) }
                    guard let target = shown.firstIndex(of: choice.index) else {
                        throw DrawError(subject: "", problem: "the winner has no slice")
                    }
                    planned = spinner
                    turned = try planWheelSpin(&planned, at: t, to: target, flick: flick, using: &rng)
                    guard turned else { throw WheelScene.noTurn }
                    return (choice, planned.currentSpin?.endRotation)
                }
            } catch let error where !turned && error == WheelScene.noTurn {
                return false
            }
            if record.removed { undo = .removal(EntryKey(text: record.text, occurrence: record.occurrence), name: record.text, removed: true) }
            spinner = planned
            restingWinner = nil
            shownResult = nil
            drawProblem = nil
            refreshAt = (planned.endTime ?? t) + WheelScene.refreshDelay
            return true
        } catch {
            // Said until a draw is recorded; the previous winner is no longer celebrated or lit (its
            // card beside a panel saying no draw was made would read as this press's result).
            drawProblem = Problem(message: error.description, title: "No draw was made: it could not be recorded")
            onDrawProblem?(error.description)
            spinner = Spinner(layout: spinner.layout, weights: spinner.weights, settings: config.spin, rotation: spinner.rotation(at: t))
            restingWinner = nil
            shownResult = nil
            scratch.cardBackdrop = nil
            throw SceneError("roundel: cannot spin the wheel: " + error.problem)
        }
    }

    /// One draw as the window makes it with the wheel at rest (`roundel spin`): entry `forced` (its
    /// place in the list) or one chosen by weight, from the same generator, recorded with the rotation
    /// the wheel would stop at. A window opened on the same state then shows the pointer on the winner
    /// and spins on from there, as after a draw made in the window. `inTransaction` runs inside the
    /// ledger's transaction (the crash tests' pause).
    public func drawAtRest(forcing forced: Int?, inTransaction: (() -> Void)? = nil) throws(DrawError) -> DrawRecord {
        raffle.inTransaction = inTransaction
        return try raffle.draw { (rng: inout DrawGenerator) throws(DrawError) in
            let choice: Raffle.Choice
            if let forced { choice = try raffle.choose(forcing: forced) } else { choice = try raffle.choose(using: &rng) }
            // As the window's `spin`: no slice or no turn, no draw.
            guard let target = shown.firstIndex(of: choice.index) else { throw DrawError(subject: "", problem: "the winner has no slice") }
            var planned = spinner
            guard try planWheelSpin(&planned, at: 0, to: target, flick: nil, using: &rng),
                  let rotation = planned.currentSpin?.endRotation else { throw WheelScene.noTurn }
            return (choice, rotation)
        }
    }

    /// Why a draw was not made when the wheel would not turn (a spin asked for while one is under way).
    static let noTurn = DrawError(subject: "", problem: "the wheel cannot turn")

    /// Plans `spinner`'s spin to slice `target` (false: it would not turn), any failure a DrawError.
    private func planWheelSpin(_ spinner: inout Spinner, at t: Double, to target: Int, flick: Flick?,
                               using rng: inout DrawGenerator) throws(DrawError) -> Bool {
        do { return try spinner.spin(at: t, to: target, flick: flick, using: &rng) } catch {
            throw DrawError(subject: "", problem: "the wheel cannot turn: \(error)")
        }
    }

    /// R (and the control API's new event): a new event (every entry back, stock full; the record keeps
    /// the earlier draws). Nothing while the wheel turns; a record that refuses says why on screen.
    public func startOver(at t: Double) {
        guard !spinner.isSpinning(at: t) else { return }
        let closed: Int
        switch Result(catching: { () throws(DrawError) in try raffle.startNewEvent() }) {
        case .failure(let error): return show(error.problem, at: t)
        case .success(let number): closed = number
        }
        refreshAt = nil
        shownResult = nil
        restingWinner = nil
        rebuildSlices(at: t)
        spinner = Spinner(layout: spinner.layout, weights: spinner.weights, settings: config.spin, rotation: spinner.rotation(at: t))
        reportedEnd = nil
        undo = .newEvent(previous: closed)
        show(showsControls ? Words.fill(words.withUndo, words.newDraw) : words.newDraw, at: t)
    }

    // MARK: Changing the list in the window

    /// A paste or a dropped file: the list it holds replaces the wheel's, recorded as a new round.
    /// A list that cannot be used changes nothing and says why on screen.
    func replaceEntries(with bytes: [UInt8], from name: String, source: String, at t: Double) {
        guard !spinner.isSpinning(at: t) else { return show(words.waitForStop, at: t) }
        guard numberedCount == nil else { return show(words.numberedOwnSlices, at: t) }
        let entries: [Entry]
        switch Result(catching: { () throws(DrawError) in try NamesFile.parse(bytes, name: name) }) {
        case .success(let list): entries = list
        case .failure(let error):
            return show(source == "paste" ? Words.fill(words.clipboard, error.problem) : capitalized(name) + ": " + error.problem, at: t)
        }
        commit(entries, source: source, at: t)
        show(source == "paste" ? words.entriesFromClipboard(entries.count, String(entries.count))
             : words.entriesFrom(entries.count, String(entries.count), name), at: t)
    }

    func commit(_ entries: [Entry], source: String, at t: Double) {
        applyRefresh(at: t, now: true)
        if let error = failure(of: { () throws(DrawError) in try raffle.replaceEntries(entries, source: source, persist: true) }) {
            return show(Words.fill(words.notSaved, error.problem), at: t)
        }
        shownResult = nil
        restingWinner = nil
        rebuildSlices(at: t)
    }

    func openEditor(at t: Double) {
        guard !spinner.isSpinning(at: t) else { return show(words.waitForStop, at: t) }
        guard numberedCount == nil else { return show(words.numberedOwnSlices, at: t) }
        applyRefresh(at: t, now: true)
        editor = EntryEditor(standing: raffle.standing, words: words)
    }

    func handleEditing(_ input: SceneInput, at t: Double) {
        guard var edit = editor else { return }
        switch input {
        case .text(let text): edit.type(text)
        case .deleteBackward: edit.deleteBackward()
        case .submit: edit.submit()
        case .moveSelection(let delta): edit.moveSelection(by: delta)
        case .deleteSelected: edit.deleteSelected()
        case .paste(let text):
            if let error = failure(of: { () throws(DrawError) in try edit.add(pasted: Array(text.utf8), name: "the clipboard") }) {
                show(Words.fill(words.clipboard, error.problem), at: t)
            }
        case .clipboardProblem(let problem):
            show(problem.note(in: words), at: t)
        case .dropFile(let file):
            let name = FilePaths.lastComponent(of: file.path)
            if let bytes = file.bytes {
                if let error = failure(of: { () throws(DrawError) in try edit.add(pasted: bytes, name: name) }) {
                    show(name + ": " + error.problem, at: t)
                }
            } else {
                show(Words.fill(words.couldNotRead, name, file.problem ?? "unreadable"), at: t)
            }
        case .cancel:
            editor = nil
            if edit.changed { commit(edit.entries, source: "editor", at: t) }
            return
        case .primaryAction, .tap, .drag, .release, .increase, .decrease, .restart, .openEditor, .openSettings, .openWinners, .moveFocus, .adjust,
             .removeWinner, .keepWinner, .undo, .operatorGesture, .scroll:
            break
        }
        editor = edit
    }

    // MARK: Attract mode

    /// When attract mode starts (nil: off, or something is going on: a spin, the editor, nothing left to win).
    var attractStart: Double? {
        guard let after = attractAfter, after > 0, !hasOverlay else { return nil }
        let idle = max(lastInput, spinner.endTime ?? 0, refreshAt ?? 0)
        return idle + after
    }

    /// Radians the wheel has drifted in attract mode by `t`: one turn a minute, from 0 when it starts.
    func attractDrift(at t: Double) -> Double {
        guard let start = attractStart, t > start, !spinner.isSpinning(at: t) else { return 0 }
        return (t - start) * 2 * Double.pi / 60
    }

    /// The invitation's pulse, 0…1, once every 1.6 s (sin², no jump).
    func attractPulse(at t: Double) -> Double {
        guard let start = attractStart else { return 0 }
        let s = sin(Double.pi * (t - start) / 1.6)
        return s * s
    }

    // MARK: What the frame says

    func show(_ text: String, at t: Double) { note = (text, t) }

    func noteIsVisible(at t: Double) -> Bool {
        guard let note else { return false }
        return t >= note.since && t < note.since + WheelScene.noteDuration
    }

    /// The result area's text and colour at `t` (nil: nothing), with the highlight's strength.
    func resultShown(at t: Double, winner: Int?, strength k: Double, spinning: Bool) -> ResultText? {
        if let winner, spinner.currentSpin != nil {
            // The result as it was reported at the stop (the slice may be greyed since: sold out).
            let text = shownResult?.text ?? bannerTexts[winner]
            let color = winnerColor(winner)
            // From the banner's grey to white as the highlight comes up: the name never blinks out.
            let look = config.theme
            return ResultText(text: text, color: TimerScene.mix(look.passingText, towards: look.text, amount: k),
                              bar: color.withOpacity(0.6 + 0.4 * k), share: 0.8)
        }
        if spinning {
            // The banner: the entry under the pointer as it passes, so a wheel too full for labels
            // still names every entry it passes, in grey until the winner's white.
            let i = bannerIndex(at: t)
            guard items.indices.contains(i), bannerTexts.indices.contains(i), !shown.isEmpty else { return nil }
            return ResultText(text: bannerTexts[i], color: config.theme.passingText,
                              bar: items[i].color.withOpacity(0.6), share: 0.8)
        }
        if let shownResult { return ResultText(text: shownResult.text, color: config.theme.text, bar: shownResult.color, share: 0.8) }
        if !raffle.standing.anyRemaining { return ResultText(text: nothingLeftText, color: config.theme.secondaryText, bar: nil, share: 0.42) }
        if attractDrift(at: t) > 0 { return nil }   // the button itself says TOUCH TO SPIN
        return ResultText(text: words.pressStart, color: config.theme.secondaryText, bar: nil, share: 0.42)
    }

    /// The slice the banner names at `t` while a spin runs: the one under the pointer, looked at
    /// every `bannerStep` seconds from the spin's start, so a fast wheel of hundreds of names shows
    /// each name long enough to be read (and the banner is redrawn at most ten times a second).
    func bannerIndex(at t: Double) -> Int {
        guard let spin = spinner.currentSpin, t >= spin.startTime else { return spinner.index(underPointerAt: t) }
        let steps = ((t - spin.startTime) / WheelScene.bannerStep).rounded(.down)
        return spinner.index(underPointerAt: spin.startTime + steps * WheelScene.bannerStep)
    }

    var nothingLeftText: String { raffle.standing.hasStock ? words.nothingToWin : words.everyoneDrawn }

    /// START, or why it does nothing.
    var buttonLabel: String {
        guard !raffle.standing.anyRemaining else { return words.start }
        return raffle.standing.hasStock ? words.noPrizesLeft : words.allDrawn
    }
}

/// What the result area shows: text, its colour, the bar under it (the winner's colour), and the
/// share of the area's height the text may take.
struct ResultText {
    var text: String
    var color: Color
    var bar: Color?
    var share: Double
}

/// The error `body` threw, or nil.
private func failure(of body: () throws(DrawError) -> Void) -> DrawError? {
    if case .failure(let error) = Result(catching: body) { return error }
    return nil
}

private func capitalized(_ name: String) -> String {
    guard let first = name.first else { return name }
    return first.uppercased() + name.dropFirst()
}
