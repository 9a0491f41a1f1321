// The prize wheel (seeds 000 and 002): state, input and the order a frame is drawn in. Where slices
// lie and which one is under the pointer come from Motion's SliceLayout, the same formula the
// Spinner uses to report results, so the drawn slice and the reported one cannot disagree.
// A frame is a pure function of (state, t): rotation and phase come from the Spinner at t; nothing
// reads a clock or a file while rendering. Angles: radians, cumulative, clockwise (docs/architecture.md).
//
// Spins: START (tap), a tap or a flick on the wheel (WheelDrag.swift: a press on the disc takes the
// wheel, which follows the pointer), or `.primaryAction`; a spin requested while the wheel turns is ignored. Every outcome is a draw of the scene's Raffle (Draws): chosen before the wheel
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
    public internal(set) var config: WheelConfig {
        didSet { if config.language != oldValue.language || config.text != oldValue.text { words = config.words } }
    }
    /// The words on screen (`config.words`, kept so a frame reads them without making them).
    public private(set) var words: Words
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
    /// The shared prize pool's watch (a record on a server; WheelPool.swift), started with the first
    /// frame; the generation of its status last shown; whether the server was away then.
    var poolWatch: PoolWatch?
    var poolWatchStarted = false
    var poolSeen = 0
    var poolAway = false
    /// Called with the one-line message each time a draw could not be recorded (the host logs it:
    /// a kiosk's journal).
    public var onDrawProblem: ((String) -> Void)?
    /// `drawProblem`'s panel as laid out.
    let panelLayouts = PanelLayouts()
    /// The entry editor, while open.
    var editor: EntryEditor?
    /// The wheel taken in hand by a press on its disc, until the release (WheelDrag.swift).
    var grab: WheelGrab?
    /// What the window adds over the wheel: its panels, choices, undo, settings (WheelControls.swift).
    var controls = WheelControls()
    /// Whether something is open over the wheel that takes the input (the editor or a panel).
    var hasOverlay: Bool { editor != nil || panel != nil }
    /// The settings the window runs (the config's, with changes made in the window).
    public internal(set) var settings: WheelSettings
    /// The sound volume the config gives (0…1): the base of `settings.volume`. The window sets it.
    public var baseVolume = 1.0 {
        didSet {
            let base = WheelSettings(config: baseConfig, volume: baseVolume)
            let stale = WheelSettings.stale(base: base, kept: keptSettings, keys: ["volume"])
            if !stale.isEmpty, raffle.ledger.isForDrawing, (try? raffle.ledger.forgetSettings(stale)) != nil { keptSettings["volume"] = nil }
            settings = WheelSettings.effective(base: base, kept: keptSettings)
        }
    }
    /// When START was last pressed with nothing left to win (the "sold out" tone).
    var soldOutAt: Double?
    /// What drawing keeps from frame to frame (caches, reused buffers, the frame last drawn): WheelFrameScratch.swift.
    var scratch = WheelFrameScratch()
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

    /// The plate over the middle of a wheel of hundreds of slices as `Canvas.fillSectors` fills it:
    /// one sector (its colour, the theme's, is kept in the frame cache), so a frame allocates nothing.
    static let plateBoundaries = [0.0]
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
        // A config that names no language shows the one its resources were given (the environment's).
        var base = config
        if base.language == nil { base.language = resources.systemLanguage }
        baseConfig = base
        // Settings changed in the window and kept in the record, over the config's own.
        var kept = try recorded?.settings ?? ledger.keptSettings()
        let stale = WheelSettings.stale(base: WheelSettings(config: base, volume: 1), kept: kept, keys: WheelSettings.configKeys)
        if recorded == nil, ledger.isForDrawing, !stale.isEmpty {
            try ledger.forgetSettings(stale)
            for key in stale { kept[key] = nil }
        }
        controls.keptSettings = kept
        settings = WheelSettings.effective(base: WheelSettings(config: base, volume: 1), kept: kept)
        let config = settings.applied(to: base)
        self.config = config
        words = config.words
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
        if hasOverlay { grab = nil }
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
            let layout = layout(for: frameSize)
            // On the disc the wheel is taken in hand: the release spins it or puts it down (WheelDrag.swift).
            if !onCard, layout.grabsWheel(at: point), canGrab(at: t) { return takeWheel(at: point, t: t, frameSize: frameSize) }
            if onCard || layout.spinsOnTap(at: point) { _ = try? spin(at: t) }
        case .drag(let point):
            dragWheel(to: point, at: t, frameSize: frameSize)
        case .release(let point, let coolingDown):
            releaseWheel(at: point, coolingDown: coolingDown, at: t, frameSize: frameSize)
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
            guard !spinner.isSpinning(at: t) else { return }
            // In a window R asks once: a class should not lose its draw to a stray key.
            if showsControls, restartArmedAt.map({ t - $0 > WheelControls.restartConfirmation }) ?? true {
                restartArmedAt = t
                return show(words.pressRAgain, at: t)
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
            show(problem.note(in: words), at: t)
        case .dropFile(let file):
            guard let bytes = file.bytes else {
                return show(Words.fill(words.couldNotRead, FilePaths.lastComponent(of: file.path), file.problem ?? "unreadable"), at: t)
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

    /// A winner leaving (or stock and odds changing) and a note going away. (Asked every frame: no arrays.)
    public func nextChange(after t: Double) -> Double? {
        var next: Double?
        if let due = refreshAt, due > t { next = due }
        if let look = nextPoolLook(after: t) { next = min(next ?? .infinity, look) }
        if let start = attractStart, start > t { next = min(next ?? .infinity, start) }
        if let note, note.since + WheelScene.noteDuration > t { next = min(next ?? .infinity, note.since + WheelScene.noteDuration) }
        if let end = spinner.endTime, config.celebration.isOn, config.celebration.hold > 0 {
            // The winner card starts to fade out (it may be asked before the stop: the end is known).
            let fadeOut = end + Celebration.cardDelay + config.celebration.hold - Celebration.cardFade
            if fadeOut > t { next = min(next ?? .infinity, fadeOut) }
        }
        return next
    }

    deinit { poolWatch?.stop() }

    public var wantsTextInput: Bool { editor != nil }

    public var takesPanelKeys: Bool { panel != nil }

    public func prepare(frameSize: Size) { _ = prepare(for: frameSize) }

    func reportSpinEnd(at t: Double) {
        guard let end = spinner.endTime, t >= end, reportedEnd != end, let index = spinner.result(at: t) else { return }
        reportedEnd = end
        shownResult = (bannerTexts.indices.contains(index) ? bannerTexts[index] : "#\(index + 1)", items[index].color)
        onSpinEnd?(items[index])
    }

    /// Where START is on a frame of `size` px (a host maps touches; tests tap it).
    public func startButton(frameSize size: Size) -> Rect { layout(for: size).buttonRect }

    func layout(for size: Size) -> WheelLayout {
        if let cache = scratch.cache, cache.size == size { return cache.layout }
        return WheelLayout(frame: size, titled: config.title != nil)
    }
}
