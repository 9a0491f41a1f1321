// The panels the window opens over the wheel (settings, winners) and the two small buttons that open
// them (a gear and a list, at the frame's top right, shown only where `showsControls`): which panel is
// open, what its input does, and applying the settings it changes. A panel takes every input while it
// is open: taps on its controls, a tap outside closes it, and the keys move its focus (Tab, arrows),
// change (← →), press (Enter) and close (Esc). The panels themselves are pure (SettingsPanel).
import BitmapFont
import Draws
import Files
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

/// A panel over the wheel (the entry editor is one of its own, `editor`).
enum WheelPanel: Equatable {
    case settings(SettingsPanel)
    /// The operator's PIN before a kiosk's settings (its state is `pinPad`, kept while closed).
    case pin
    case winners(WinnersPanel)
}

/// The window's buttons over the wheel.
public enum ToolButton: CaseIterable, Sendable {
    case settings, winners
}

extension WheelScene {
    /// S or the gear: the settings panel (not while the wheel turns).
    func openSettings(at t: Double) {
        guard !spinner.isSpinning(at: t) else { return show(words.waitForStop, at: t) }
        editor = nil
        panel = .settings(SettingsPanel(settings: settings, focused: nil, words: words))
    }

    /// H, the list button or the settings' Winners…: this event's draws (not while the wheel turns).
    func openWinners(at t: Double) {
        guard !spinner.isSpinning(at: t) else { return show(words.waitForStop, at: t) }
        switch Result(catching: { () throws(DrawError) in try raffle.ledger.history(event: raffle.ledger.event) }) {
        case .failure(let error): show(Words.fill(words.couldNotReadWinners, error.problem), at: t)
        case .success(let draws):
            editor = nil
            panel = .winners(WinnersPanel(draws: draws.reversed(), event: raffle.ledger.event, undoLabel: undoLabel, first: 0, focused: nil, words: words))
        }
    }

    /// What U would do, as a button says it ("Put Ann back"); nil: nothing.
    var undoLabel: String? {
        switch undo {
        case .removal(_, let name, let removed)?: return Words.fill(removed ? words.putBack : words.takeOff, WheelScene.shortened(name))
        case .newEvent?: return words.undoNewDraw
        case nil: return nil
        }
    }

    /// Writes `draws` (newest first) as CSV into `exportFolder` and says where: named after the event
    /// and its newest draw's local time (winners-event-2-2026-11-26-1405.csv; no clock is read), with
    /// -2, -3… when that name is taken.
    func exportWinners(_ draws: [DrawRecord], event: Int, at t: Double) {
        guard let folder = exportFolder else { return show(words.nowhereToSave, at: t) }
        var newest = ""
        if let latest = draws.first, let local = LocalTime(stored: latest.time) {
            let hhmm = String(local.clock.prefix(5)).replacing(":", with: "")
            newest = "-" + local.date + "-" + hhmm
        }
        let name = "winners-event-\(event)\(newest)"
        var path = folder + "/\(name).csv", n = 2
        while access(path, F_OK) == 0 { path = folder + "/\(name)-\(n).csv"; n += 1 }
        let closed = (try? raffle.ledger.closedEvents()) ?? []
        let text = DrawRecord.csv(draws.reversed(), closed: closed, byteOrderMark: true)
        do { try OutputFile.write(Array(text.utf8), to: path) } catch {
            return show(Words.fill(words.notSaved, "\(FilePaths.lastComponent(of: path)) \(error.problem)"), at: t)
        }
        show(Words.fill(words.saved, path), at: t)
    }

    /// The operator's PIN pad is open (a kiosk's host and its tests ask).
    public var isAskingForOperatorPin: Bool { panel == .pin }

    /// Five quick taps in a kiosk's top left corner: the PIN pad, when the config gives a PIN.
    func askForOperatorPin(at t: Double) {
        guard operatorPin != nil, !spinner.isSpinning(at: t), panel == nil else { return }
        editor = nil
        pinPad.reopen()
        pinPad.words = words
        panel = .pin
    }

    func handlePanel(_ input: SceneInput, at t: Double, frameSize: Size) {
        switch panel {
        case .settings(var settingsPanel):
            var laidOut = settingsPanel.panel(for: frameSize)
            guard let action = WheelScene.action(of: input, on: &laidOut) else {
                settingsPanel.focused = laidOut.focus.flatMap { laidOut.controls[$0].id }
                panel = WheelScene.closes(input, laidOut) ? nil : .settings(settingsPanel)
                return
            }
            switch settingsPanel.apply(action) {
            case .none: panel = .settings(settingsPanel)
            case .close: panel = nil
            case .openEditor: panel = nil; openEditor(at: t)
            case .openWinners: panel = nil; openWinners(at: t)
            case .apply(let changed):
                apply(changed, at: t)
                settingsPanel.words = words   // a new language shows at once
                panel = .settings(settingsPanel)
            }
        case .pin:
            guard let pin = operatorPin else { panel = nil; return }
            var laidOut = pinPad.panel(for: frameSize)
            var outcome = PinPad.Outcome.none
            if case .text(let typed) = input {
                outcome = pinPad.type(typed, pin: pin, at: t)
            } else if case .deleteBackward = input {
                outcome = pinPad.press(.erase, pin: pin, at: t)
            } else if case .submit = input {
                outcome = pinPad.press(.enter, pin: pin, at: t)   // Enter is OK, whichever key has the focus
            } else if let action = WheelScene.action(of: input, on: &laidOut), case .press(let key) = action {
                outcome = pinPad.press(key, pin: pin, at: t)
            } else if WheelScene.closes(input, laidOut) {
                outcome = .close
            }
            switch outcome {
            case .none: break
            case .close: panel = nil
            case .unlocked: panel = .settings(SettingsPanel(settings: settings, focused: nil, words: words))
            }
        case .winners(var winners):
            let rows = WinnersPanel.rowCount(for: frameSize)
            var laidOut = winners.panel(for: frameSize)
            switch input {
            case .moveSelection(let delta), .scroll(let delta):
                winners.scroll(by: delta, rows: rows)
                panel = .winners(winners)
                return
            default: break
            }
            guard let action = WheelScene.action(of: input, on: &laidOut) else {
                winners.focused = laidOut.focus.flatMap { laidOut.controls[$0].id }
                panel = WheelScene.closes(input, laidOut) || input == .openWinners ? nil : .winners(winners)
                return
            }
            switch winners.apply(action, rows: rows) {
            case .none: panel = .winners(winners)
            case .close: panel = nil
            case .export:
                panel = .winners(winners)
                exportWinners(winners.draws, event: winners.event, at: t)
            case .undo:
                undoLast(at: t)
                openWinners(at: t)
            }
        case nil:
            break
        }
    }

    /// What `input` does to a panel's controls (nil: none, or it moved the focus, kept in `laidOut`).
    static func action<ID>(of input: SceneInput, on laidOut: inout ControlPanel<ID>) -> ControlAction<ID>? {
        switch input {
        case .tap(let point): return laidOut.frame.contains(point) ? laidOut.action(at: point) : nil
        case .moveFocus(let delta), .moveSelection(let delta): laidOut.moveFocus(by: delta); return nil
        case .adjust(let delta): return laidOut.adjust(by: delta)
        case .submit, .primaryAction: return laidOut.activate()
        default: return nil
        }
    }

    /// Whether `input` closes a panel: Esc, S again, a tap beside it.
    static func closes<ID>(_ input: SceneInput, _ laidOut: ControlPanel<ID>) -> Bool {
        switch input {
        case .cancel, .openSettings: return true
        case .tap(let point): return !laidOut.frame.contains(point)
        default: return false
        }
    }

    /// Runs `changed` from now on (the config the wheel draws with, the draw's rules, the sound) and
    /// keeps what differs from the config in the record, so a restart runs it too.
    func apply(_ changed: WheelSettings, at t: Double) {
        let old = settings
        settings = changed
        let base = WheelSettings(config: baseConfig, volume: baseVolume).stored, before = old.stored
        var kept: [String: KeptSetting] = [:]
        for (key, value) in changed.stored where before[key] != value {
            kept[key] = KeptSetting(value: value, base: base[key] ?? value)
            keptSettings[key] = kept[key]
        }
        if case .failure(let error) = Result(catching: { () throws(DrawError) in try raffle.ledger.keep(settings: kept) }) {
            show(Words.fill(words.notSaved, error.problem), at: t)
        }
        config = changed.applied(to: baseConfig)
        raffle.afterWin = changed.afterWin
        raffle.profile = changed.profile.rawValue
        spinner.settings = config.spin
        let relabel = changed.showOdds != old.showOdds || changed.language != old.language   // odds, "sold out"
        if changed.labelOrientation != old.labelOrientation || relabel { scratch.cache = nil }
        if changed.theme != old.theme {
            // Every colour the theme gives: the slices without their own, the ring, the buttons.
            scratch.cache = nil
            scratch.toolButtons = nil
        }
        if relabel || changed.theme != old.theme { rebuildSlices(at: t, keepingSpinner: true) }
        if changed.volume != old.volume { onVolumeChange?(changed.volume) }
    }

    // MARK: Drawing

    func drawPanel(_ panel: WheelPanel, frame: WheelFrameCache, in canvas: Canvas) {
        // The wheel beneath is veiled: the panel is what takes the input now.
        canvas.fill(.rect(Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)), color: Color(rgb: 0x000000, alpha: 110))
        let look = config.theme.panel
        switch panel {
        case .settings(let settingsPanel): settingsPanel.panel(for: frame.size).draw(in: canvas, fonts: fonts, look: look)
        case .pin: pinPad.panel(for: frame.size).draw(in: canvas, fonts: fonts, look: look)
        case .winners(let winners): winners.panel(for: frame.size).draw(in: canvas, fonts: fonts, look: look)
        }
    }

    /// Where the window's buttons go on a frame of `size`: the top right corner, the gear outermost.
    public static func toolButtonRect(_ button: ToolButton, frameSize size: Size) -> Rect {
        let side = max(28, min(52, 0.065 * min(size.width, size.height)))
        let margin = max(6, 0.02 * min(size.width, size.height))
        let k = Double(ToolButton.allCases.firstIndex(of: button) ?? 0)
        return Rect(x: size.width - margin - side - k * (side + margin * 0.8), y: margin, width: side, height: side)
    }

    /// The button under `point`, when the window shows them.
    func toolButton(at point: Point, frameSize: Size) -> ToolButton? {
        guard showsControls else { return nil }
        return ToolButton.allCases.first { WheelScene.toolButtonRect($0, frameSize: frameSize).insetBy(-4).contains(point) }
    }

    /// Until a list is pasted, typed or drawn from: how to bring your own names (first run).
    var showsFirstRunHints: Bool { showsControls && !hasOverlay && raffle.round == nil && raffle.lastDraw == nil && numberedCount == nil }

    var firstRunHints: [String] { [words.firstRunPaste, words.firstRunDrop, words.firstRunKeys] }

    /// The hints under the buttons, right-aligned, in the panel's grey.
    func drawFirstRunHints(_ frame: WheelFrameCache, in canvas: Canvas) {
        let size = max(12, min(22, 0.03 * min(frame.size.width, frame.size.height)))
        let gear = WheelScene.toolButtonRect(.settings, frameSize: frame.size)
        let room = frame.size.width * 0.42
        for (k, line) in firstRunHints.enumerated() {
            fonts.draw(fonts.fitted(line, size: size, width: room), in: canvas,
                       at: Point(x: gear.maxX, y: gear.maxY + size * (0.8 + 1.3 * Double(k))),
                       style: TextStyle(size: size, color: config.theme.secondaryText, alignment: .right, verticalAlignment: .top))
        }
    }

    /// The buttons' shapes for a frame of `size`, each with its colour and fill rule: made once per
    /// size (kept in `scratch`), so a frame that shows them allocates nothing.
    static func toolButtonShapes(frameSize size: Size, look: Theme.PanelColors) -> [(path: Path, color: Color, rule: FillRule)] {
        let ink = look.icon
        var shapes: [(path: Path, color: Color, rule: FillRule)] = []
        for button in ToolButton.allCases {
            let box = WheelScene.toolButtonRect(button, frameSize: size)
            shapes.append((roundedRect(box, radius: box.height / 2), look.field.withOpacity(220 / 255), .nonZero))
            let c = box.center, r = box.height * 0.3
            switch button {
            case .settings:
                // A gear: eight teeth round a ring (even-odd leaves the hole).
                var gear = Path()
                let teeth = 8
                for k in 0..<(4 * teeth) {
                    let a = Double(k) * Double.pi / Double(2 * teeth) - Double.pi / Double(4 * teeth)
                    let radius = (k / 2) % 2 == 0 ? r : r * 0.72
                    let p = Point(x: c.x + radius * cos(a), y: c.y + radius * sin(a))
                    if k == 0 { gear.move(to: p) } else { gear.line(to: p) }
                }
                gear.close()
                gear.arc(center: c, radius: r * 0.32, start: .twelveOClock, end: .twelveOClock + .fullTurn)
                gear.close()
                shapes.append((gear, ink, .evenOdd))
            case .winners:
                // A list: three lines, each with its dot.
                for k in -1...1 {
                    let y = c.y + Double(k) * r * 0.62
                    shapes.append((roundedRect(Rect(x: c.x - r * 0.95, y: y - r * 0.13, width: r * 0.26, height: r * 0.26), radius: r * 0.13),
                                   ink, .nonZero))
                    shapes.append((roundedRect(Rect(x: c.x - r * 0.5, y: y - r * 0.1, width: r * 1.45, height: r * 0.2), radius: r * 0.1),
                                   ink, .nonZero))
                }
            }
        }
        return shapes
    }

    /// The buttons, when the frame reaches them (a spin's frame clipped to the disc does not).
    func drawToolButtons(_ frame: WheelFrameCache, in canvas: Canvas) {
        let first = WheelScene.toolButtonRect(ToolButton.allCases[0], frameSize: frame.size)
        let last = WheelScene.toolButtonRect(ToolButton.allCases[ToolButton.allCases.count - 1], frameSize: frame.size)
        guard !canvas.clip.intersection(PixelRect(enclosing: first.union(last))).isEmpty else { return }
        if scratch.toolButtons?.size != frame.size {
            scratch.toolButtons = (frame.size, WheelScene.toolButtonShapes(frameSize: frame.size, look: config.theme.panel))
        }
        guard let shapes = scratch.toolButtons?.shapes else { return }
        for shape in shapes { canvas.fill(shape.path, color: shape.color, rule: shape.rule) }
    }

}
