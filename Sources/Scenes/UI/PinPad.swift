// The operator's PIN pad: what a kiosk shows after five quick taps in its top left corner, before its
// settings (config `input.operatorPin`). Digits by touch or keyboard, ⌫, OK; the digits show as dots.
// Three wrong PINs lock it for 30 s, so a visitor cannot try them all. Pure: it lays its keys out for
// a frame size and says when the PIN was right; the wheel opens its settings then. Sizes frame px.
import Raster

enum PinKey: Hashable {
    case digit(Int), erase, enter, close
}

struct PinPad: Equatable {
    private(set) var entered = ""
    /// What the last key did wrong ("Wrong PIN"), shown under the dots.
    private(set) var message: String?
    private(set) var failures = 0
    /// No PIN is taken before then (scene seconds).
    private(set) var lockedUntil: Double?
    /// The words it shows (the wheel's, set as it opens).
    var words = Words.english

    static let lockAfter = 3
    static let lockSeconds = 30.0

    enum Outcome: Equatable { case none, close, unlocked }

    func panel(for size: Size) -> ControlPanel<PinKey> {
        let margin = max(6, 0.03 * min(size.width, size.height))
        let key = max(34, min(76, (size.height - 2 * margin) / 7.4, (size.width - 2 * margin) / 3.6))
        let gap = key * 0.18
        let width = 3 * key + 2 * gap + 2 * key * 0.4
        let height = key * 7.1
        let frame = Rect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
        let left = frame.minX + key * 0.4
        var controls: [Control<PinKey>] = [
            Control(.heading(words.operatorHeading), frame: Rect(x: left, y: frame.minY + key * 0.3, width: width - key * 1.7, height: key * 0.7)),
            Control(.button("×", prominent: false), id: .close,
                    frame: Rect(x: frame.maxX - key * 0.4 - key * 0.7, y: frame.minY + key * 0.3, width: key * 0.7, height: key * 0.7)),
            Control(.text(entered.isEmpty ? words.enterPIN : String(repeating: "● ", count: entered.count), secondary: entered.isEmpty),
                    frame: Rect(x: left, y: frame.minY + key * 1.15, width: width - key * 0.8, height: key * 0.6)),
            Control(.text(message ?? "", secondary: true), frame: Rect(x: left, y: frame.minY + key * 1.7, width: width - key * 0.8, height: key * 0.45)),
        ]
        let labels: [(String, PinKey)] = [("1", .digit(1)), ("2", .digit(2)), ("3", .digit(3)), ("4", .digit(4)), ("5", .digit(5)),
                                          ("6", .digit(6)), ("7", .digit(7)), ("8", .digit(8)), ("9", .digit(9)), ("⌫", .erase),
                                          ("0", .digit(0)), (words.ok, .enter)]
        for (k, (label, id)) in labels.enumerated() {
            let x = left + Double(k % 3) * (key + gap), y = frame.minY + key * 2.3 + Double(k / 3) * (key + gap)
            controls.append(Control(.button(label, prominent: id == .enter), id: id, frame: Rect(x: x, y: y, width: key, height: key)))
        }
        return ControlPanel(frame: frame, controls: controls, focus: nil, textSize: key * 0.4)
    }

    /// Shown again: nothing typed, the lock (and its count) as it was.
    mutating func reopen() {
        entered = ""
        message = nil
    }

    /// Typed digits (a keyboard on the kiosk): each as its key.
    mutating func type(_ text: String, pin: String, at t: Double) -> Outcome {
        for c in text.unicodeScalars where c >= "0" && c <= "9" {
            let outcome = press(.digit(Int(c.value) - 48), pin: pin, at: t)
            if outcome != .none { return outcome }
        }
        return .none
    }

    /// A key pressed at `t` against the right `pin`.
    mutating func press(_ key: PinKey, pin: String, at t: Double) -> Outcome {
        if let lockedUntil, t < lockedUntil {
            message = Words.fill(words.lockedTryAgain, String(Int((lockedUntil - t).rounded(.up))))
            return key == .close ? .close : .none
        }
        message = nil
        switch key {
        case .close: return .close
        case .digit(let d): if entered.count < 8 { entered += String(d) }
        case .erase: if !entered.isEmpty { entered.removeLast() }
        case .enter:
            guard entered != pin else {
                failures = 0
                return .unlocked
            }
            entered = ""
            failures += 1
            if failures >= PinPad.lockAfter {
                failures = 0
                lockedUntil = t + PinPad.lockSeconds
                message = Words.fill(words.lockedFor, String(Int(PinPad.lockSeconds)))
            } else {
                message = words.wrongPIN
            }
        }
        return .none
    }
}
