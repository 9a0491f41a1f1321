// A draw as the window and `roundel spin` run it: the entries on the wheel, what they have won in
// this event (from the ledger), the rules, and the two steps of every draw: `choose` (the outcome,
// before anything moves, from the system's random source or a seed) and `record` (one transaction,
// committed before the wheel turns). A Roundel started with the same config resumes the latest
// round: a pasted list, removed winners and spent stock come back as they were.
//
// Seeds: draw number k with `--seed N` uses SplitMix64 seeded with N xor (k − 1)·C, so draw 1 is the
// seed's own stream (as `roundel render --seed` has always drawn) and every later draw its own
// stream, the same whichever process makes it.
import Motion

public final class Raffle {
    public let ledger: Ledger
    /// Keep or remove a winner (the settings panel may change it between draws).
    public var afterWin: AfterWin
    /// The spin profile the record names ("smooth", "classic", "roulette").
    public var profile: String
    public let seed: UInt64?
    /// Fingerprint of the entries the config (or names file) gives.
    public let configHash: String
    /// The list being drawn from and what each entry can do now.
    public internal(set) var standing: Standing
    /// The list's round in the ledger, or nil until its first draw (or a paste) records it.
    public internal(set) var round: Round?
    /// Where a list not yet recorded came from.
    private var pendingSource: String
    /// The latest draw of the open event (shown again after a restart or a reload).
    public internal(set) var lastDraw: DrawRecord?
    /// The recorded draw this raffle shows again (`render --draw`), nil for one that draws (RecordedStanding.swift).
    public internal(set) var replayed: DrawRecord?
    /// Test hook: runs inside each draw's transaction, after its rows are written and before the
    /// commit (the crash tests pause there and kill the process: ROUNDEL_PAUSE_IN_DRAW).
    public var inTransaction: (() -> Void)?

    /// One draw's outcome, chosen and not yet recorded.
    public struct Choice: Sendable, Equatable {
        public var index: Int
        public var chosenBy: String
        public var seed: UInt64?
        public var random: Double?
        public var total: Double
        public var from: Double
        public var to: Double
    }

    /// Draws from `entries` (the config's, or a names file's: `source` says which), resuming the
    /// ledger's latest round when it was made with the same entries.
    public init(entries: [Entry], source: String = "config", afterWin: AfterWin = .keep, profile: String = "smooth",
                seed: UInt64? = nil, ledger: Ledger) throws(DrawError) {
        self.ledger = ledger
        self.afterWin = afterWin
        self.profile = profile
        self.seed = seed
        configHash = entries.fingerprint
        pendingSource = source
        let winnings = try ledger.winnings()
        lastDraw = try ledger.lastDraw()
        if let latest = try ledger.latestRound(), latest.configHash == configHash {
            round = latest
            standing = Standing(entries: latest.entries, winnings: winnings)
        } else {
            round = nil
            standing = Standing(entries: entries, winnings: winnings)
        }
    }

    public var entries: [Entry] { standing.entries }

    /// The generator draw number `draw` uses: the seed's for that draw, or the system's.
    public func generator(forDraw draw: Int) -> DrawGenerator {
        guard let seed else { return DrawGenerator(seeded: nil) }
        return DrawGenerator(seeded: SeededGenerator(seed: seed ^ (UInt64(truncatingIfNeeded: draw - 1) &* 0xD1B5_4A32_D192_ED03)))
    }

    /// The generator for the next draw.
    public func nextGenerator() throws(DrawError) -> DrawGenerator { generator(forDraw: try ledger.nextDrawNumber()) }

    /// Chooses the winner by weight among the entries that can win, from `rng`. Throws a
    /// nothing-left error when none can.
    public func choose(using rng: inout some RandomNumberGenerator) throws(DrawError) -> Choice {
        let weights = standing.weights
        guard weights.contains(where: { $0 > 0 }) else { throw nothingLeft }
        let draw: WeightedChoice.Draw
        do { draw = try WeightedChoice.draw(weights: weights, using: &rng) } catch {
            throw DrawError(subject: "", problem: "cannot draw: \(error)")
        }
        return Choice(index: draw.index, chosenBy: seed == nil ? "random" : "seed", seed: seed, random: draw.value,
                      total: draw.total, from: draw.from, to: draw.to)
    }

    /// The winner named by the caller (`--spin-to`), recorded as forced. Throws when it cannot win.
    public func choose(forcing index: Int) throws(DrawError) -> Choice {
        guard entries.indices.contains(index) else {
            throw DrawError(subject: "", problem: "entry \(index) does not exist (the list has \(entries.count), numbered from 0)")
        }
        guard standing.remaining > 0 else { throw nothingLeft }
        guard standing.canWin(index) else {
            let why = standing.isRemoved(index) ? "has already won and left the wheel"
                : standing.isSoldOut(index) ? "is sold out" : "has weight 0"
            throw DrawError(subject: "", problem: "entry \(index) ('\(entries[index].text)') cannot win: it \(why)")
        }
        let weights = standing.weights
        let from = weights[..<index].reduce(0, +)
        return Choice(index: index, chosenBy: "forced", seed: nil, random: nil, total: weights.reduce(0, +),
                      from: from, to: from + weights[index])
    }

    /// Makes one draw as one transaction (the wheel may turn once this returns): `decide` is called
    /// inside it with `standing` as the record holds it now (a kiosk sharing a server with others
    /// sees their draws here) and the generator of this draw's number, chooses (`choose(using:)` or
    /// `choose(forcing:)`) and says where the wheel will come to rest. Updates the standing: stock
    /// spent, the winner removed if the rules say so.
    @discardableResult
    public func draw(_ decide: (inout DrawGenerator) throws(DrawError) -> (choice: Choice, rotation: Double?)) throws(DrawError) -> DrawRecord {
        try record { standing, number throws(DrawError) in
            self.standing = standing
            var rng = generator(forDraw: number)
            return try decide(&rng)
        }
    }

    /// Records `choice`, made beforehand from `standing` as this raffle last saw it, with where the
    /// wheel will come to rest (refused if the record has changed so that it cannot win).
    @discardableResult
    public func record(_ choice: Choice, rotation: Double? = nil) throws(DrawError) -> DrawRecord {
        try record { _, _ in (choice, rotation) }
    }

    private func record(_ decide: (Standing, Int) throws(DrawError) -> (choice: Choice, rotation: Double?)) throws(DrawError) -> DrawRecord {
        let plan: RoundPlan = round.map { .recorded($0) } ?? .new(entries: entries, source: pendingSource, configHash: configHash)
        let (record, recordedRound, winnings) = try ledger.record(removes: afterWin == .remove, profile: profile, round: plan,
                                                                  inTransaction: inTransaction, decide: decide)
        // The standing as the draw's own transaction left it: nothing after the commit can fail, so a
        // draw that was recorded is always shown.
        round = recordedRound
        lastDraw = record
        standing = Standing(entries: recordedRound.entries, winnings: winnings)
        return record
    }

    /// Replaces the list (a paste, a dropped file, the entry editor; `persist`: recorded now as a
    /// round of its own, so a restart shows it; else with its first draw). Entries keep what they
    /// won in this event.
    public func replaceEntries(_ entries: [Entry], source: String, persist: Bool) throws(DrawError) {
        let winnings = try ledger.winnings()
        if persist {
            round = try ledger.startRound(entries: entries, source: source, configHash: configHash)
        } else {
            round = nil
            pendingSource = source
        }
        standing = Standing(entries: entries, winnings: winnings)
    }

    /// Follows the record as a PoolWatch read it (other kiosks drew, took entries off or reset): the
    /// standing of this list, and after a reset elsewhere the new event and its latest round.
    public func follow(_ reading: PoolWatch.Reading) {
        if reading.event != ledger.event {
            ledger.event = reading.event
            round = reading.latestRound.flatMap { $0.configHash == configHash || $0.entries == entries ? $0 : nil }
            lastDraw = nil
        }
        standing = Standing(entries: standing.entries, winnings: reading.winnings)
    }

    /// Takes the entry `key` off the wheel for the rest of the event, or puts it back (one
    /// transaction); what it has won still counts.
    public func setRemoved(_ key: EntryKey, _ removed: Bool) throws(DrawError) {
        try ledger.setRemoved(key, removed)
        standing = Standing(entries: standing.entries, winnings: try ledger.winnings())
    }

    /// Undoes a new event while nothing was drawn in it: event `closed` (the one it closed) is open
    /// again, with its list, its removals and its spent stock. False when that cannot be done.
    public func reopenEvent(_ closed: Int) throws(DrawError) -> Bool {
        guard try ledger.reopenEvent(closed) else { return false }
        round = try ledger.latestRound()
        standing = Standing(entries: round?.entries ?? entries, winnings: try ledger.winnings())
        lastDraw = try ledger.lastDraw()
        return true
    }

    /// Starts a new event: the same list, every entry back and every stock full. The old draws stay
    /// in the record, their event closed.
    /// Returns the event it closed.
    @discardableResult
    public func startNewEvent() throws(DrawError) -> Int {
        let closed = try ledger.startNewEvent()
        round = try ledger.latestRound()
        standing = Standing(entries: round?.entries ?? entries, winnings: try ledger.winnings())
        lastDraw = nil
        return closed
    }

    /// The state when nothing can win, as a one-line error.
    public var nothingLeft: DrawError {
        DrawError(subject: "", problem: standing.hasStock ? "no prizes left: every prize is sold out"
                  : standing.entries.contains(where: { $0.weight > 0 }) ? "no entries left: every entry has won and left the wheel"
                  : "nothing can win: every weight is 0", isNothingLeft: true)
    }
}

/// The random source of one draw: the operating system's (getrandom) or a seed's SplitMix64.
public struct DrawGenerator: RandomNumberGenerator {
    var seeded: SeededGenerator?

    public mutating func next() -> UInt64 {
        if seeded != nil { return seeded!.next() }
        var system = SystemRandomNumberGenerator()
        return system.next()
    }
}
