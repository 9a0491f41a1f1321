// The celebration when the wheel stops: a burst of confetti in the winner's colours from behind the
// pointer, then a winner card (WINNER, the result large, its value in `wheel.valueFormat` when the
// config gives one) over the dimmed wheel until the next spin or `hold` seconds. A slice that is no
// prize ("Better luck next time") stops plainly: no confetti, and its card has no WINNER but the
// quieter "Try again" over the result (the result alone when it says just that). The headings are
// the language's words (`Words.winner`, `Words.tryAgain`), shrunk to fit the card.
// Both are pure functions of the spin and t: the confetti's pieces come from a generator seeded by
// the draw (where the spin ended and on which slice), so `roundel render --at` shows any moment of
// it and goldens hold it. Config `wheel.celebration`: "on" (default), "off" (the plain stop), or
// {"hold": seconds the card stays, 0 for confetti only}.
import BitmapFont
import Draws
import Files
import Motion
import Raster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct Celebration: Sendable, Equatable {
    public var isOn = true
    /// Seconds the winner card stays after the stop (the next spin takes it away sooner).
    public var hold = 8.0

    public init(isOn: Bool = true, hold: Double = 8) { self.isOn = isOn; self.hold = hold }
    public static let off = Celebration(isOn: false)

    /// Seconds the confetti flies; the card comes up after `cardDelay`.
    public static let confettiDuration = 3.0
    public static let cardDelay = 0.6
    static let cardFade = 0.25
    /// Pieces of confetti in a burst.
    static let pieceCount = 150

    /// The confetti's colours: the winner's, lighter, darker, gold, white, sky blue.
    static let colorCount = 6
    static func color(_ index: Int, winner base: Color) -> Color {
        switch index {
        case 0: return base
        case 1: return TimerScene.mix(base, towards: .white, amount: 0.45)
        case 2: return TimerScene.mix(base, towards: .black, amount: 0.3)
        case 3: return Color(rgb: 0xFFD43B)
        case 4: return .white
        default: return Color(rgb: 0x4DABF7)
        }
    }

    /// The keys a `celebration` object may hold.
    static let knownKeys = ["hold"]

    static func parse(_ raw: JSONValue, reader: ConfigReader, at path: String) throws(ConfigError) -> Celebration {
        if case .string(let word) = raw {
            switch word {
            case "on": return Celebration()
            case "off": return .off
            default: throw reader.error(path, "\(MessageText.quoted(word)) is not on or off (or give {\"hold\": 8})")
            }
        }
        let object = try reader.object(raw, at: path)
        try reader.rejectUnknownKeys(object, known: knownKeys, at: path)
        var celebration = Celebration()
        if let hold = object["hold"] {
            let seconds = try reader.number(hold, at: path + ".hold")
            guard seconds >= 0, seconds <= 3600 else {
                throw reader.error(path + ".hold", "\(formatted(seconds)) is out of range (seconds the winner card stays, 0 to 3600)")
            }
            celebration.hold = seconds
        }
        return celebration
    }
}

extension WheelScene {
    /// When the current spin stopped, if it is being celebrated at `t` (nil: nothing to celebrate).
    func celebratedStop(at t: Double) -> Double? {
        guard config.celebration.isOn, let end = spinner.endTime, t >= end, spinner.result(at: t) != nil else { return nil }
        return end
    }

    /// Whether confetti flies at `t` (the frame animates): after a prize's stop, never a non-prize's.
    func confettiFlies(at t: Double) -> Bool {
        guard let end = celebratedStop(at: t), let winner = spinner.result(at: t), items[winner].prize else { return false }
        return t < end + Celebration.confettiDuration
    }

    /// Whether the winner card is coming up at `t` (the frame animates while it fades in).
    func cardComesUp(at t: Double) -> Bool {
        guard let end = celebratedStop(at: t), cardEnd(at: t) != nil else { return false }
        return t < end + Celebration.cardDelay + Celebration.cardFade
    }

    /// Whether the winner card is fully up and still at `t` (not fading in or out), and nothing under
    /// it moves (the highlight has come up).
    func cardStands(at t: Double) -> Bool {
        guard let end = celebratedStop(at: t), let cardEnd = cardEnd(at: t) else { return false }
        return t >= end + Celebration.cardDelay + Celebration.cardFade && t >= end + WheelScene.highlightFadeIn
            && t < cardEnd - Celebration.cardFade
    }

    /// The winner's colour as the stop showed it: the slice may be greyed since (its last prize sold
    /// out, `refreshDelay` s after the stop), while the card still celebrates it.
    func winnerColor(_ winner: Int) -> Color { shownResult?.color ?? items[winner].color }

    /// When the winner card comes down (nil: no card at `t`'s spin).
    func cardEnd(at t: Double) -> Double? {
        guard let end = celebratedStop(at: t), config.celebration.hold > 0 else { return nil }
        return end + Celebration.cardDelay + config.celebration.hold
    }

    /// The confetti at `t`: each piece a small card of paper thrown up and out from behind the
    /// pointer, slowed by the air, falling, turning and flipping; same-coloured pieces fill as one path.
    func drawConfetti(_ frame: WheelFrameCache, winner: Int, at t: Double, in canvas: Canvas) {
        guard let end = celebratedStop(at: t), spinner.currentSpin != nil, items[winner].prize else { return }
        let age = t - end
        guard age >= 0, age < Celebration.confettiDuration else { return }
        let w = frame.size.width, h = frame.size.height
        let unit = min(w, h)
        // From just below the pointer, up and out over the wheel, then down through the frame.
        let origin = Point(x: frame.layout.center.x, y: frame.layout.center.y - 0.8 * frame.layout.radius)
        let base = winnerColor(winner)
        let fade = min(1, (Celebration.confettiDuration - age) / 0.6)
        // Seeded by the draw: where the wheel came to rest and on which slice.
        let seed = (spinner.currentSpin?.endRotation.bitPattern ?? 0) ^ UInt64(winner) &* 0x9E37_79B9_7F4A_7C15
        for c in 0..<Celebration.colorCount {
            scratch.confettiPath.removeAll()
            var rng = SeededGenerator(seed: seed)
            for k in 0..<Celebration.pieceCount {
                // Every piece draws the same numbers whatever its colour, so the burst is one burst.
                let angle = -Double.pi / 2 + (Double(rng.next() % 10_000) / 10_000 - 0.5) * 2.6
                let speed = unit * (0.45 + 0.9 * Double(rng.next() % 10_000) / 10_000)
                let spin = (Double(rng.next() % 10_000) / 10_000 - 0.5) * 14
                let flip = 4 + 8 * Double(rng.next() % 10_000) / 10_000
                let phase = Double(rng.next() % 10_000) / 10_000 * 2 * Double.pi
                let size = unit * (0.010 + 0.008 * Double(rng.next() % 10_000) / 10_000)
                guard k % Celebration.colorCount == c else { continue }
                // Air drag k = 1.6/s, gravity 0.9 units/s²: x = v/k (1 − e^(−kt)), y likewise plus the fall.
                let drag = 1.6, gravity = 0.9 * unit
                let slow = (1 - exp(-drag * age)) / drag
                let x = origin.x + speed * cos(angle) * slow
                let y = origin.y + speed * sin(angle) * slow + gravity / drag * (age - slow)
                guard x > -size, x < w + size, y > -size, y < h + size else { continue }
                let turn = phase + spin * age
                let half = Point(x: size * cos(turn), y: size * sin(turn))
                let across = abs(cos(phase + flip * age)) * 0.55
                let side = Point(x: -half.y * across, y: half.x * across)
                scratch.confettiPath.move(to: Point(x: x - half.x - side.x, y: y - half.y - side.y))
                scratch.confettiPath.line(to: Point(x: x + half.x - side.x, y: y + half.y - side.y))
                scratch.confettiPath.line(to: Point(x: x + half.x + side.x, y: y + half.y + side.y))
                scratch.confettiPath.line(to: Point(x: x - half.x + side.x, y: y - half.y + side.y))
                scratch.confettiPath.close()
            }
            canvas.fill(scratch.confettiPath, color: Celebration.color(c, winner: base).withOpacity(fade))
        }
    }

    /// The winner card: the wheel dimmed, and in the middle a card with WINNER (for a slice that is
    /// no prize, "Try again" in grey, unless the result says it already), the result as large as it fits (two lines before it shrinks) and, when the config
    /// gives a value format and the item a value, its value.
    func drawWinnerCard(_ frame: WheelFrameCache, winner: Int, at t: Double, in canvas: Canvas) {
        guard let end = celebratedStop(at: t), let cardEnd = cardEnd(at: t), t < cardEnd else { return }
        let shown = t - end - Celebration.cardDelay
        guard shown >= 0 else { return }
        let k = min(1, shown / Celebration.cardFade, (cardEnd - t) / Celebration.cardFade)
        let w = frame.size.width, h = frame.size.height
        canvas.fill(roundedRect(Rect(x: 0, y: 0, width: w, height: h), radius: 0), color: Color(rgb: 0x000000, alpha: UInt8((110 * k).rounded())))
        let item = items[winner], color = winnerColor(winner)
        let text = shownResult?.text ?? bannerTexts[winner]
        let cardWidth = min(w * 0.86, max(h, w) * 0.62), cardHeight = min(h * 0.6, cardWidth * 0.62)
        let card = Rect(x: (w - cardWidth) / 2, y: (h - cardHeight) / 2, width: cardWidth, height: cardHeight)
        let radius = 0.08 * cardHeight
        canvas.fill(roundedRect(card.insetBy(-0.02 * cardHeight), radius: radius * 1.2), color: color.withOpacity(k))
        let look = config.theme.panel
        canvas.fill(roundedRect(card, radius: radius), color: look.panel.withOpacity(k))
        let ink = look.text.withOpacity(k)
        let room = cardWidth * 0.86
        let laidOut = scratch.cardLayout.map {
            $0.text == text && $0.width == room && $0.prize == item.prize && $0.value == item.value
                && $0.headingWords == (item.prize ? words.winner : words.tryAgain)
        } ?? false
        if !laidOut {
            // The heading: WINNER, or "Try again" unless the result says that already; as large as fits.
            let headingWords = item.prize ? words.winner : words.tryAgain
            let heading = item.prize || text.lowercased() != headingWords.lowercased() ? headingWords : ""
            let headingWidth = fonts.measure(heading, size: 1).width
            let headingSize = min(0.11 * cardHeight, headingWidth > 0 ? room / headingWidth : 0)
            let (lines, size) = winnerLines(text, width: room, height: 0.42 * cardHeight)
            var valueText = "", valueSize = 0.0
            if let format = config.valueFormat, item.value != 0 {
                valueText = format.text(for: item.value)
                let one = fonts.measure(valueText, size: 1).width
                valueSize = min(0.12 * cardHeight, one > 0 ? room / one : 0)
            }
            scratch.cardLayout = CardLayout(text: text, width: room, prize: item.prize, value: item.value, headingWords: headingWords,
                                            heading: heading, headingSize: headingSize, lines: lines, size: size,
                                            valueText: valueText, valueSize: valueSize)
        }
        guard let layout = scratch.cardLayout else { return }
        let hasValue = !layout.valueText.isEmpty, hasHeading = !layout.heading.isEmpty
        if hasHeading {
            let headingColor = item.prize ? TimerScene.mix(color, towards: look.text, amount: 0.35) : look.secondary
            fonts.draw(layout.heading, in: canvas, at: Point(x: w / 2, y: card.y + 0.2 * cardHeight),
                       style: TextStyle(size: layout.headingSize, color: headingColor.withOpacity(k), alignment: .center, verticalAlignment: .middle))
        }
        // The result sits under the heading, or in the middle of a card without one; a value goes below.
        let centre = card.y + (hasHeading ? (hasValue ? 0.52 : 0.58) : (hasValue ? 0.44 : 0.5)) * cardHeight
        let lines = layout.lines, size = layout.size
        let lineHeight = 1.1 * size
        for (i, line) in lines.enumerated() {
            let y = centre + (Double(i) - Double(lines.count - 1) / 2) * lineHeight
            fonts.draw(line, in: canvas, at: Point(x: w / 2, y: y),
                       style: TextStyle(size: size, color: ink, alignment: .center, verticalAlignment: .middle))
        }
        if hasValue {
            fonts.draw(layout.valueText, in: canvas, at: Point(x: w / 2, y: card.y + 0.84 * cardHeight),
                       style: TextStyle(size: layout.valueSize, color: look.value.withOpacity(k),
                                        alignment: .center, verticalAlignment: .middle))
        }
    }

    /// `text` on one line at the largest size up to `height` that fits `width`, else on two lines
    /// (broken at the space nearest the middle) when that is larger, else shrunk.
    func winnerLines(_ text: String, width: Double, height: Double) -> (lines: [String], size: Double) {
        let one = fonts.measure(text, size: 1).width
        let single = min(height * 0.75, one > 0 ? width / one : height)
        if let (a, b) = ResultLines.halves(text) {
            let two = max(fonts.measure(a, size: 1).width, fonts.measure(b, size: 1).width)
            let double = min(height * 0.45, two > 0 ? width / two : height)
            if double > single * 1.15 { return ([a, b], double) }
        }
        return ([text], single)
    }
}

/// The winner card's text laid out for one result (its text, whether it is a prize, its value) and
/// card width: made once, not every frame.
struct CardLayout {
    var text: String, width: Double, prize: Bool, value: Double
    /// The language's heading word it was made with, and the heading drawn ("" for none) at its size.
    var headingWords: String, heading: String, headingSize: Double
    /// The result on one or two lines, at `size` px.
    var lines: [String], size: Double
    /// The value in the config's format ("" for none), fitted to the card's width.
    var valueText: String, valueSize: Double
}
