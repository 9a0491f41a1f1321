// The prize wheel (seeds 000 and 002): state, input and the order a frame is drawn in. Where slices
// lie and which one is under the pointer come from Motion's SliceLayout, the same formula the
// Spinner uses to report results, so the drawn slice and the reported one cannot disagree.
// A frame is a pure function of (state, t): rotation and phase come from the Spinner at t; nothing
// reads a clock or a file while rendering. Angles: radians, cumulative, clockwise (docs/architecture.md).
//
// Spins: START (tap), a tap on the wheel, or `.primaryAction`; a spin requested while the wheel
// turns is ignored. Every outcome is a draw of the scene's Raffle (Draws): chosen before the wheel
// moves (a seed's generator, or the system's), recorded in the ledger before it turns, and shown by
// the slices (WheelDraws.swift). `onSpinEnd` fires once per spin, from whichever of render, handle or
// state first sees it at rest.
import BitmapFont
import Draws
import Motion
import Raster

public final class WheelScene: Scene {
    public let name = "wheel"
    /// The config the window runs: the file's (`baseConfig`) with the settings changed in the window.
    public internal(set) var config: WheelConfig
    /// The wheel section as the config file (or the caller) gave it.
    public let baseConfig: WheelConfig
    /// Called once per spin with the winning item (seed 000's `spinWheelDidEnd(at:)`).
    public var onSpinEnd: ((WheelItem) -> Void)?

    let fonts: FontStack
    /// The draw: the entries, what they have won, the record.
    public let raffle: Raffle
    /// Every entry of the raffle's list as a slice would show it (colour from the config or the palette).
    var entryItems: [WheelItem] = []
    /// The slices shown now; `shown[k]` is slice k's entry (removed and hidden entries have no slice).
    public internal(set) var items: [WheelItem] = []
    var shown: [Int] = []
    /// What each slice's label says: the item's text (`labelNames`) and its odds or "sold out"
    /// (`labelSuffixes`, " · 12.5%", or "" for none). A label too long for its slice is cut in its
    /// name, so the odds or "sold out" stay readable.
    var labelNames: [String] = [], labelSuffixes: [String] = []
    var labelTexts: [String] { labelNames.indices.map { labelNames[$0] + (labelSuffixes.indices.contains($0) ? labelSuffixes[$0] : "") } }
    /// Each slice's name as the banner and result show it (cut at `labelLimit`; "#n" for a slice
    /// without one), made with the slices.
    var bannerTexts: [String] = []
    var numberedCount: Int?
    public internal(set) var spinner: Spinner
    /// The end time of the spin whose end was reported through `onSpinEnd`.
    var reportedEnd: Double?
    /// The latest result, shown until the next spin (also once the winner has left the wheel, and
    /// after a restart): its text and colour.
    var shownResult: (text: String, color: Color)?
    /// A slice highlighted at rest without a spin: the last result, shown again after a restart.
    var restingWinner: Int?
    /// When the slices show the standing after the latest draw (a winner removed, stock spent, odds).
    var refreshAt: Double?
    /// A short note on screen (a bad paste, a list that could not be saved) and when it appeared.
    var note: (text: String, since: Double)?
    /// Why the latest draw could not be recorded (a full or read-only disk, an I/O error): a panel
    /// that stays until a draw is recorded, not a note that fades while the problem is still there.
    public internal(set) var drawProblem: Problem?
    /// Called with the one-line message each time a draw could not be recorded (the host logs it:
    /// a kiosk's journal).
    public var onDrawProblem: ((String) -> Void)?
    /// `drawProblem`'s panel as laid out.
    let panelLayouts = PanelLayouts()
    /// The entry editor, while open.
    var editor: EntryEditor?
    /// The settings or winners panel, while open (WheelPanels.swift).
    var panel: WheelPanel?
    /// Where Export writes the winners' CSV (the user's documents folder, else the record's; nil: nowhere).
    public var exportFolder: String?
    /// The PIN that opens a kiosk's settings (config `input.operatorPin`; nil: they do not open).
    public var operatorPin: String?
    /// The operator's PIN pad, kept while closed (its lock after wrong PINs holds).
    var pinPad = PinPad()
    /// What U takes back (WinnerChoices.swift).
    var undo: Undoable?
    /// When R was pressed once in a window (a second R within `restartConfirmation` s starts over).
    var restartArmedAt: Double?
    static let restartConfirmation = 4.0
    /// Whether something is open over the wheel that takes the input (the editor or a panel).
    var hasOverlay: Bool { editor != nil || panel != nil }
    /// The settings the window runs (the config's, with changes made in the window).
    public internal(set) var settings: WheelSettings
    /// The sound volume the config gives (0…1): the base of `settings.volume`. The window sets it.
    public var baseVolume = 1.0 {
        didSet { settings = WheelSettings.effective(base: WheelSettings(config: baseConfig, volume: baseVolume), kept: keptSettings) }
    }
    /// Settings changed in the window, as the record keeps them.
    var keptSettings: [String: KeptSetting] = [:]
    /// Called with the volume (0…1) when the settings change it (the host's audio follows).
    public var onVolumeChange: ((Double) -> Void)?
    /// The window's own buttons (settings, winners) and first-run hints are shown: a desktop
    /// window sets this; `render`, `record` and a kiosk's visitors never see them.
    public var showsControls = false
    /// When START was last pressed with nothing left to win (the "sold out" tone).
    var soldOutAt: Double?
    /// Boundary crossing times, reused by `sounds` (no allocation per audio chunk).
    var crossingScratch: [Double] = []
    /// The confetti of one colour, rebuilt in place each frame.
    var confettiPath = Path()
    /// The frame under the confetti once the winner card stands (the dimmed wheel and the card), for
    /// the stop it shows: later confetti frames copy it instead of drawing it again.
    var cardBackdrop: (end: Double, winner: Int, pixmap: Pixmap)?
    /// The winner card's text laid out for its result and width: made once, not every frame.
    var cardLayout: CardLayout?
    /// Attract mode: after this many seconds with no input and no spin the wheel drifts and invites a
    /// touch (nil: never; a kiosk's default is 60 s, config `attract.after`).
    public var attractAfter: Double?
    /// The latest input the scene had (the idle time for attract mode counts from it or a spin's end).
    var lastInput = 0.0
    /// A custom ring image, turned with the wheel (nil for the shipped ring and for none).
    let ring: Pixmap?
    let ringGeometry: RingGeometry
    /// The shipped ring: drawn as a `StillRing`.
    var hasShippedRing: Bool { if case .shipped = config.ring { return true } else { return false } }
    var hasRing: Bool { ring != nil || hasShippedRing }
    /// Per frame size and slice set; rebuilt only when either changes.
    var cache: WheelFrameCache?
    /// The largest backdrop cache kept, in px (4096²: 64 MB); larger frames draw the backdrop each time
    /// (the wheel's square, and the whole frame under the confetti, `cardBackdrop`).
    var largestBackdrop = SceneCatalog.largestCachedFrame
    /// The slices' boundary angles of the frame being drawn (`drawSlices`).
    var sliceBoundaries: [Double] = []
    /// Bumped each time `cache` is built: a frame kept in a canvas belongs to one cache.
    var cacheBuilds = 0
    /// The spinning frame `dirtyRect` last answered for: drawn inside `rect`, over the frame at
    /// `since`, it is the frame at `at`.
    var dirtyAnswer: (since: Double, at: Double, rect: PixelRect)?
    /// The frame last drawn (`DrawnFrame`).
    var lastFrame: DrawnFrame?
    /// A frame drawn: into which canvas, at what time and rotation, whether it was the wheel alone
    /// over `ringBackdrop` (no glow, card, editor or note), for the cache built `cacheBuilds`-th, how
    /// its button looked and the box its banner covers.
    struct DrawnFrame {
        var canvas: ObjectIdentifier, t: Double, rotation: Double, wheelOnly: Bool, cacheBuilds: Int
        var button: ButtonLook, banner: PixelRect
    }
    /// How the button is drawn: a frame drawn over one whose button looked the same leaves it be.
    struct ButtonLook: Equatable {
        var label: String, enabled: Bool, pulse: Double
    }
    /// The result as last laid out: its text, box and largest size, and the lines.
    var resultLines: (text: String, box: Rect, largest: Double, lines: ResultLines)?

    /// Seconds the winner's highlight takes to fade in after the wheel stops.
    static let highlightFadeIn = 0.35
    /// How far the other slices darken behind a winner (a black veil of this opacity).
    static let dimming = 115.0 / 255
    /// A label (or the result) longer than this many characters is cut to it and ends in "…" before
    /// it is measured: no slice or screen shows more, and a 100 000-character name costs no more.
    static let labelLimit = 200

    static func shortened(_ text: String) -> String {
        guard text.utf8.count > labelLimit else { return text }   // cheap: characters ≤ UTF-8 bytes
        guard let end = text.index(text.startIndex, offsetBy: labelLimit, limitedBy: text.endIndex),
              end != text.endIndex else { return text }
        return String(text[..<end]) + FontStack.ellipsis
    }

    /// Seconds between the banner's looks at the pointer while a spin runs (`bannerIndex`).
    static let bannerStep = 0.1

    /// From this many slices a wheel is "dense": a plate may cover its middle, and while it turns its
    /// slices are resampled from one exact drawing (numbered mode's 36 never are).
    static let denseCount = 64

    /// The plate over the middle of a wheel of hundreds of slices.
    static let plateColor = Color(rgb: 0x1E2330)
    /// The plate as `Canvas.fillSectors` fills it: one sector, kept so a frame allocates nothing.
    static let plateBoundaries = [0.0]
    static let plateColors = [plateColor.premultiplied]
    /// Seconds from the stop until the slices show what the draw changed (a removed winner leaves).
    public static let refreshDelay = 3.0
    /// Seconds a note stays on screen.
    static let noteDuration = 4.0

    /// A wheel from a checked `config` (see `WheelConfig.load`). `seed` nil draws outcomes from the
    /// system's generator; a seed makes them reproducible (`--seed`). `ledger`: where draws are
    /// recorded and resumed from (nil: in memory, as renders and tests use it). `recorded`: instead of a
    /// ledger, the record at one moment, shown and never drawn into (`render --state`; a replay, see
    /// WheelReplay.swift).
    /// Throws a ConfigError for a config that cannot be drawn (as `WheelConfig.validate` says), so one
    /// built in code gets the same message a file would, and a DrawError when the ledger cannot be read.
    public init(config: WheelConfig = .defaults, resources: SceneResources, seed: UInt64? = nil, ledger: Ledger? = nil,
                recorded: RecordedStanding? = nil) throws {
        try config.validate()
        let ledger = ledger ?? .inMemory()
        baseConfig = config
        // Settings changed in the window and kept in the record, over the config's own.
        keptSettings = try recorded?.settings ?? ledger.keptSettings()
        settings = WheelSettings.effective(base: WheelSettings(config: config, volume: 1), kept: keptSettings)
        let config = settings.applied(to: config)
        self.config = config
        fonts = resources.fonts
        numberedCount = config.numbered
        let entries = config.effectiveItems.map(\.entry), source = config.numbered == nil ? config.itemsSource : "numbered"
        if let recorded {
            raffle = try Raffle(entries: entries, source: source, afterWin: config.afterWin, profile: config.spin.profile.rawValue,
                                showing: recorded)
        } else {
            raffle = try Raffle(entries: entries, source: source, afterWin: config.afterWin, profile: config.spin.profile.rawValue,
                                seed: seed, ledger: ledger)
        }
        spinner = WheelScene.makeSpinner(config: config)
        switch config.ring {
        case .none:
            ring = nil
            ringGeometry = RingGeometry(inner: 1, outer: 1)
        case .image(let image, _):
            ring = image
            ringGeometry = RingGeometry.measure(image)
        case .shipped:
            // Drawn from its description at the frame's pixels (`StillRing`), not from assets/ring.png.
            ring = nil
            ringGeometry = RingGeometry(inner: RingImage.innerFraction, outer: RingImage.outerFraction)
        }
        resume()
    }

    /// How many slices the wheel has now (valid spin targets are 0..<sliceCount).
    public var sliceCount: Int { spinner.layout.count }

    /// Slice 0 is centred at 12 o'clock (seed 000); numbered mode starts slice 1 at 12 o'clock and
    /// runs clockwise, as seed 002 draws it from 270°.
    static func sliceLayout(for items: [WheelItem], sizeByWeight: Bool, numbered: Bool) -> SliceLayout {
        let weights = items.map(\.weight)
        return SliceLayout(weights: weights, sizeByWeight: sizeByWeight, origin: numbered ? .startingAtTop : .centeredAtTop)
            ?? SliceLayout(count: max(1, items.count), origin: numbered ? .startingAtTop : .centeredAtTop)
            ?? SliceLayout(count: 1)!
    }

    // MARK: Scene

    public func handle(_ input: SceneInput, at t: Double, frameSize: Size) {
        reportSpinEnd(at: t)
        applyRefresh(at: t)
        defer { lastInput = max(lastInput, t) }
        if panel != nil { return handlePanel(input, at: t, frameSize: frameSize) }
        if editor != nil { return handleEditing(input, at: t) }
        switch input {
        case .primaryAction:
            _ = try? spin(at: t)
        case .tap(let point):
            if let button = toolButton(at: point, frameSize: frameSize) {
                return button == .settings ? openSettings(at: t) : openWinners(at: t)
            }
            if cardStands(at: t), let card = cardControls(frameSize: frameSize, at: t), let action = card.action(at: point) {
                return handleCard(action, at: t)
            }
            // While the winner card is up, a touch anywhere is the next spin (the card covers START).
            let onCard = cardEnd(at: t).map { t < $0 } ?? false
            if onCard || layout(for: frameSize).spinsOnTap(at: point) { _ = try? spin(at: t) }
        case .increase, .decrease:
            guard let n = numberedCount, !spinner.isSpinning(at: t) else { return }
            let next = min(WheelConfig.numberedRange.upperBound, max(WheelConfig.numberedRange.lowerBound, n + (input == .increase ? 1 : -1)))
            guard next != n else { return }
            let numbers = WheelConfig.numberedItems(next)
            if case .failure(let error) = Result(catching: { () throws(DrawError) in
                try raffle.replaceEntries(numbers.map(\.entry), source: "numbered", persist: false)
            }) { return show(error.problem, at: t) }
            numberedCount = next
            shownResult = nil
            rebuildSlices(at: t)
        case .restart:
            // In a window R asks once: a class should not lose its draw to a stray key.
            if showsControls, restartArmedAt.map({ t - $0 > WheelScene.restartConfirmation }) ?? true {
                restartArmedAt = t
                return show("Press R again to bring everyone back", at: t)
            }
            restartArmedAt = nil
            startOver(at: t)
        case .operatorGesture:
            askForOperatorPin(at: t)
        case .removeWinner, .keepWinner:
            if showsControls { setWinnerRemoved(input == .removeWinner, at: t) }
        case .undo:
            if showsControls { undoLast(at: t) }
        case .openEditor:
            openEditor(at: t)
        case .paste(let text):
            replaceEntries(with: Array(text.utf8), from: "the clipboard", source: "paste", at: t)
        case .clipboardProblem(let problem):
            show(problem.note, at: t)
        case .dropFile(let file):
            guard let bytes = file.bytes else {
                return show("Could not read '\(FilePaths.lastComponent(of: file.path))': \(file.problem ?? "unreadable")", at: t)
            }
            replaceEntries(with: bytes, from: FilePaths.lastComponent(of: file.path), source: "drop", at: t)
        case .openSettings, .openWinners:
            // A window's; a kiosk's open to its operator only (`.operatorGesture`, then the PIN).
            guard showsControls else { return }
            if input == .openSettings { openSettings(at: t) } else { openWinners(at: t) }
        case .text, .submit, .cancel, .deleteBackward, .deleteSelected, .moveSelection, .moveFocus, .adjust, .scroll:
            break
        }
    }

    public func isAnimating(at t: Double) -> Bool {
        if attractStart.map({ t >= $0 }) == true { return true }
        guard let end = spinner.endTime else { return false }
        if confettiFlies(at: t) || cardComesUp(at: t) { return true }
        if let cardEnd = cardEnd(at: t), t >= cardEnd - Celebration.cardFade, t < cardEnd { return true }
        return spinner.isSpinning(at: t) || (t >= end && t < end + WheelScene.highlightFadeIn)
    }

    /// A winner leaving (or stock and odds changing) and a note going away. (Asked every frame: no arrays.)
    public func nextChange(after t: Double) -> Double? {
        var next: Double?
        if let due = refreshAt, due > t { next = due }
        if let start = attractStart, start > t { next = min(next ?? .infinity, start) }
        if let note, note.since + WheelScene.noteDuration > t { next = min(next ?? .infinity, note.since + WheelScene.noteDuration) }
        if let end = spinner.endTime, config.celebration.isOn, config.celebration.hold > 0 {
            // The winner card starts to fade out (it may be asked before the stop: the end is known).
            let fadeOut = end + Celebration.cardDelay + config.celebration.hold - Celebration.cardFade
            if fadeOut > t { next = min(next ?? .infinity, fadeOut) }
        }
        return next
    }

    /// Not while a spin runs or its result is being shown (until what the draw changed is shown, at
    /// `refreshAt`), nor while the editor holds edits. Attract mode's drift is the wheel waiting for
    /// a visitor: an operator's edit applies then (it waited for the next visitor's spin).
    public func acceptsReload(at t: Double) -> Bool {
        guard !hasOverlay, refreshAt.map({ t >= $0 }) ?? true else { return false }
        return !isAnimating(at: t) || attractDrift(at: t) > 0
    }

    public var wantsTextInput: Bool { editor != nil }

    public var takesPanelKeys: Bool { panel != nil }

    /// While one spin runs from `previous` to `t`, only the turning disc's square changes (and the
    /// banner, when another entry has come under the pointer): the backdrop, hub, pointer and the
    /// disabled button are drawn the same.
    public func dirtyRect(since previous: Double, at t: Double, frameSize: Size) -> PixelRect? {
        guard let spin = spinner.currentSpin, previous <= t, previous >= spin.startTime, t < spin.endTime, attractStart == nil,
              note == nil || !(noteIsVisible(at: t) || noteIsVisible(at: previous)), !hasOverlay, drawProblem == nil,
              let frame = cache, frame.size == frameSize else { return nil }
        let half = max(frame.ringDiameter / 2, frame.sliceRadius) + 3
        let c = frame.layout.center
        var dirty = Rect(x: c.x - half, y: c.y - half, width: 2 * half, height: 2 * half)
        // The banner under or beside the wheel names the entry under the pointer: when another has
        // come under it, the banner's box changes too.
        if bannerIndex(at: previous) != bannerIndex(at: t) {
            dirty = dirty.union(frame.layout.resultRect.insetBy(-4 - 0.1 * frame.layout.resultRect.height))
        }
        let rect = PixelRect(enclosing: dirty)
        dirtyAnswer = (previous, t, rect)
        return rect
    }

    public func prepare(frameSize: Size) { _ = prepare(for: frameSize) }

    public func render(into canvas: Canvas, at t: Double) {
        reportSpinEnd(at: t)
        applyRefresh(at: t)
        let frame = prepare(for: Size(width: Double(canvas.width), height: Double(canvas.height)))
        // Whatever this frame is, the canvas holds it from now on, not the frame before.
        let previous = lastFrame
        lastFrame = nil
        if let stop = celebratedStop(at: t), let winner = spinner.result(at: t), cardStands(at: t), !hasOverlay,
           !noteIsVisible(at: t), attractDrift(at: t) == 0, let backdrop = cardBackdrop, backdrop.end == stop, backdrop.winner == winner,
           backdrop.pixmap.width == canvas.width, backdrop.pixmap.height == canvas.height {
            canvas.replace(with: backdrop.pixmap)
            drawConfetti(frame, winner: winner, at: t, in: canvas)
            return
        }
        let rotation = spinner.rotation(at: t) + attractDrift(at: t)
        let lit = litWinner(at: t)
        let winner = lit?.slice, highlight = lit?.strength ?? 0
        // The winner's glow reaches over the band: then the band is drawn whole, over it.
        let ringBackdrop = (winner == nil || highlight <= 0) ? frame.ringBackdrop : nil
        let wheelOnly = ringBackdrop != nil && celebratedStop(at: t) == nil && !hasOverlay && !noteIsVisible(at: t) && drawProblem == nil
        let kept = keptFrame(previous, in: canvas, at: t)
        let spinning = spinner.isSpinning(at: t)
        let inviting = attractDrift(at: t) > 0 && raffle.standing.remaining > 0
        let button = ButtonLook(label: inviting ? "TOUCH TO SPIN" : buttonLabel, enabled: !spinning && raffle.standing.remaining > 0,
                                pulse: inviting ? attractPulse(at: t) : 0)
        let resultBox = PixelRect(enclosing: frame.layout.resultRect.insetBy(-4 - 0.1 * frame.layout.resultRect.height))
        let buttonBox = PixelRect(enclosing: frame.layout.buttonRect.insetBy(-4 - 0.1 * frame.layout.buttonRect.height))
        // The banner, laid out only when the frame reaches its box (a frame of the turning disc alone does not).
        let shown = canvas.clip.intersection(resultBox).isEmpty ? nil
            : resultShown(at: t, winner: winner, strength: highlight, spinning: spinning)
        // What the canvas holds of a banner after this frame: what it draws, else what the frame kept
        // held (or, not knowing, anything in the banner's box).
        let banner = shown == nil ? (kept != nil ? previous?.banner : nil) ?? resultBox
            : resultPlan(frame, result: shown)?.extent ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        defer {
            lastFrame = DrawnFrame(canvas: ObjectIdentifier(canvas), t: t, rotation: rotation, wheelOnly: wheelOnly,
                                   cacheBuilds: cacheBuilds, button: button, banner: banner)
        }
        // Over the frame kept, a button looking as it did and lying clear of the wheel's square and
        // of the banner then and now stays as it is (nothing else draws there).
        var buttonKept = false
        if let ringBackdrop, let still = frame.stillRing {
            // The backdrop with the band on it, except inside the band's inner part: the slices
            // cover that, and the band's inner part goes over them.
            let origin = frame.backdropOrigin
            let square = PixelRect(x: origin.x, y: origin.y, width: ringBackdrop.width, height: ringBackdrop.height)
            if wheelOnly, let kept, let previous {
                // The canvas holds the wheel a moment ago: around the disc only the bulbs moved. Back
                // under the old bulbs, the pointer, the banner and the button (unless it stays), the
                // rest stays; beside the wheel's square, the background under them.
                buttonKept = previous.button == button && buttonBox.intersection(square).isEmpty
                    && buttonBox.intersection(previous.banner).isEmpty && buttonBox.intersection(banner).isEmpty
                let clip = canvas.clip
                func restore(_ box: PixelRect) {
                    canvas.clip = clip.intersection(box)
                    canvas.clear(config.backgroundColor, outside: square)
                    canvas.replace(with: ringBackdrop, at: origin, outside: frame.layout.center, radius: 0)
                }
                still.forEachBulbBox(rotation: kept.rotation, restore)
                if let pointer = frame.pointerSprite {
                    restore(PixelRect(x: pointer.x, y: pointer.y, width: pointer.image.width, height: pointer.image.height))
                }
                // Where the banner was: the new one is drawn over background (or, where it reaches past
                // the old one, over what was background already).
                restore(previous.banner)
                if !buttonKept { restore(buttonBox) }
                canvas.clip = clip
            } else {
                canvas.clear(config.backgroundColor, outside: square)
                canvas.replace(with: ringBackdrop, at: origin, outside: frame.layout.center, radius: still.innerRadius)
            }
        } else if let backdrop = frame.backdrop {
            // Plain background around the wheel's square; inside it the backdrop, except under the
            // slices (they cover their disc completely and are composited over the backdrop itself)
            // and under the ring's opaque band.
            let origin = frame.backdropOrigin
            canvas.clear(config.backgroundColor,
                         outside: PixelRect(x: origin.x, y: origin.y, width: backdrop.width, height: backdrop.height))
            canvas.replace(with: backdrop, at: origin, outside: frame.layout.center, radius: frame.coveredRadius - 1)
        } else {
            canvas.clear(config.backgroundColor)
            drawShadow(frame, in: canvas)
        }
        drawSlices(frame, rotation: rotation, overBackdrop: frame.backdrop != nil,
                   moving: spinning || attractDrift(at: t) > 0, in: canvas)
        if let winner { drawHighlight(frame, winner: winner, strength: highlight, rotation: rotation, in: canvas) }
        drawLabels(frame, rotation: rotation, winner: winner, strength: highlight, in: canvas)
        drawRing(frame, rotation: rotation, overRingBackdrop: ringBackdrop != nil, in: canvas)
        drawHub(frame, in: canvas)
        drawPointer(frame, in: canvas)
        // The result and the button lie beside or below the wheel: a frame clipped to the turning
        // disc skips laying out their text.
        if let shown { drawResult(frame, result: shown, in: canvas) }
        if !buttonKept && !canvas.clip.intersection(buttonBox).isEmpty {
            drawButton(frame, label: button.label, enabled: button.enabled, pulse: button.pulse, in: canvas)
        }
        if let winner, let stop = celebratedStop(at: t) {
            drawWinnerCard(frame, winner: winner, at: t, in: canvas)
            if cardStands(at: t), let card = cardControls(frameSize: frame.size, at: t) { card.draw(in: canvas, fonts: fonts) }
            if cardStands(at: t), confettiFlies(at: t), !hasOverlay, !noteIsVisible(at: t), attractDrift(at: t) == 0,
               canvas.clip == canvas.pixmap.bounds, canvas.width * canvas.height <= largestBackdrop {
                // Kept (one copy a stop) for the confetti frames to come; not above `largestBackdrop`
                // px, where a second whole frame (1 GiB at 16384²) costs more than redrawing it.
                var kept = cardBackdrop?.pixmap
                cardBackdrop = nil
                if kept?.width != canvas.width || kept?.height != canvas.height { kept = Pixmap(width: canvas.width, height: canvas.height) }
                if var kept {
                    kept.pixels.withUnsafeMutableBufferPointer { dst in
                        canvas.pixmap.pixels.withUnsafeBufferPointer { src in dst.baseAddress!.update(from: src.baseAddress!, count: src.count) }
                    }
                    cardBackdrop = (stop, winner, kept)
                }
            }
            drawConfetti(frame, winner: winner, at: t, in: canvas)
        }
        if showsControls && !hasOverlay { drawToolButtons(frame, in: canvas) }
        if showsFirstRunHints { drawFirstRunHints(frame, in: canvas) }
        if let editor { drawEditor(editor, frame: frame, in: canvas) }
        if let panel { drawPanel(panel, frame: frame, in: canvas) }
        if noteIsVisible(at: t), let note { drawNote(note.text, frame: frame, in: canvas) }
        if let drawProblem {
            let atBottom = frame.layout.arrangement == .sides
            drawProblem.draw(panelLayouts.layout(drawProblem, box: Problem.band(frame.size, atBottom: atBottom), fonts: fonts),
                             in: canvas, fonts: fonts, shrink: true, anchor: atBottom ? .bottom : .top)
        }
    }

    /// The frame `canvas` holds (`last`, the frame drawn before this one), when it is the wheel
    /// alone at the time `dirtyAnswer` was asked about and this frame is drawn inside the rectangle
    /// answered for `t`, short of the whole canvas: then everything in it but the disc, the bulbs and
    /// what lies beside the wheel is already as this frame has it. (A whole-canvas clip may be a
    /// caller that draws over the wheel, as the problem panel does, redrawing everything.)
    func keptFrame(_ last: DrawnFrame?, in canvas: Canvas, at t: Double) -> (t: Double, rotation: Double)? {
        guard let answer = dirtyAnswer, answer.at == t, canvas.clip != canvas.pixmap.bounds,
              canvas.clip == answer.rect.intersection(canvas.pixmap.bounds),
              let last, last.canvas == ObjectIdentifier(canvas), last.t == answer.since, last.wheelOnly,
              last.cacheBuilds == cacheBuilds else { return nil }
        return (last.t, last.rotation)
    }

    /// The slice lit as the winner at `t` and how strongly (0…1): the latest result from its stop on
    /// (or the one shown again at rest after a restart), until attract mode turns it away from the
    /// pointer, when its light fades as fast as it came.
    func litWinner(at t: Double) -> (slice: Int, strength: Double)? {
        guard let winner = spinner.result(at: t) ?? (spinner.currentSpin == nil ? restingWinner : nil) else { return nil }
        var strength = spinner.currentSpin == nil ? 1 : highlightStrength(at: t)
        if let start = attractStart, t > start, !spinner.isSpinning(at: t) {
            let fade = 1 - (t - start) / WheelScene.highlightFadeIn
            guard fade > 0 else { return nil }
            strength *= fade
        }
        return (winner, strength)
    }

    /// 0 → 1 over `highlightFadeIn` seconds after the stop (smoothstep).
    func highlightStrength(at t: Double) -> Double {
        guard let end = spinner.endTime else { return 0 }
        let x = max(0, min(1, (t - end) / WheelScene.highlightFadeIn))
        return x * x * (3 - 2 * x)
    }

    // MARK: State for the CLI

    /// The wheel at `t`: cumulative rotation in degrees clockwise, "idle" | "spinning" | "stopped",
    /// and once stopped the result.
    public func state(at t: Double) -> WheelState {
        reportSpinEnd(at: t)
        applyRefresh(at: t)
        let degrees = (spinner.rotation(at: t) + attractDrift(at: t)) * 180 / Double.pi
        switch spinner.phase(at: t) {
        case .idle:
            // After the winner left the wheel, or a restart: the latest draw is still the result.
            if let last = raffle.lastDraw, shownResult != nil {
                return WheelState(rotationDegrees: degrees, state: "stopped",
                                  result: WheelResult(index: last.index, text: last.text, value: last.value, prize: last.prize))
            }
            return WheelState(rotationDegrees: degrees, state: "idle", result: nil)
        case .spinning: return WheelState(rotationDegrees: degrees, state: "spinning", result: nil)
        case .stopped(let index):
            // The draw this spin showed, named as `spin` and `history` name it (its place in the list).
            if let last = raffle.lastDraw, last.round == raffle.round?.number, shown.indices.contains(index), shown[index] == last.index {
                return WheelState(rotationDegrees: degrees, state: "stopped",
                                  result: WheelResult(index: last.index, text: last.text, value: last.value, prize: last.prize))
            }
            let item = items[index]
            return WheelState(rotationDegrees: degrees, state: "stopped",
                              result: WheelResult(index: index, text: item.text, value: item.value, prize: item.prize))
        }
    }

    /// docs/architecture.md's one-line JSON for `roundel render wheel`.
    public func jsonLine(at t: Double) -> String { state(at: t).jsonLine(scene: name, t: t) }

    func reportSpinEnd(at t: Double) {
        guard let end = spinner.endTime, t >= end, reportedEnd != end, let index = spinner.result(at: t) else { return }
        reportedEnd = end
        shownResult = (bannerTexts.indices.contains(index) ? bannerTexts[index] : "#\(index + 1)", items[index].color)
        onSpinEnd?(items[index])
    }

    /// Where START is on a frame of `size` px (a host maps touches; tests tap it).
    public func startButton(frameSize size: Size) -> Rect { layout(for: size).buttonRect }

    func layout(for size: Size) -> WheelLayout {
        if let cache, cache.size == size { return cache.layout }
        return WheelLayout(frame: size)
    }
}

public struct WheelResult: Sendable, Equatable {
    public var index: Int
    public var text: String
    public var value: Double
    /// The slice wins something (false: "Try again").
    public var prize = true
}

public struct WheelState: Sendable, Equatable {
    /// Cumulative, clockwise.
    public var rotationDegrees: Double
    /// "idle", "spinning" or "stopped".
    public var state: String
    public var result: WheelResult?

    /// `{"scene":"wheel","t":…,"rotation":…,"state":"…","result":{"index":…,"text":"…","value":…,"prize":…}}`
    public func jsonLine(scene: String, t: Double) -> String {
        var line = "{\"scene\":\(jsonString(scene)),\"t\":\(jsonNumber(t)),"
            + "\"rotation\":\(jsonNumber((rotationDegrees * 1e6).rounded() / 1e6)),\"state\":\(jsonString(state))"
        if let result {
            line += ",\"result\":{\"index\":\(result.index),\"text\":\(jsonString(result.text)),\"value\":\(jsonNumber(result.value))"
                + ",\"prize\":\(result.prize)}"
        }
        return line + "}"
    }
}
