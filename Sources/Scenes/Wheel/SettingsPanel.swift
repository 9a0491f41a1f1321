// The settings panel (S or the gear button in the window): a row a setting, each a choice or a
// stepper (the language steps through the built-in ones, each named in its own words), and buttons for the entry editor, the winners and Done. Pure: it lays its controls out for
// a frame size from the settings it shows and turns a ControlAction into new settings or a request
// (close, open the editor or the winners); the wheel applies and keeps them. Sizes in frame px.
import Motion
import Raster

enum SettingsControl: Hashable {
    case close, afterWin, duration, profile, labels, odds, celebration, volume, theme, language, entries, winners, done
}

/// What the wheel does after a panel took an input.
enum PanelRequest: Equatable {
    case none
    case close
    case openEditor
    case openWinners
    /// The settings were changed to these.
    case apply(WheelSettings)
}

struct SettingsPanel: Equatable {
    var settings: WheelSettings
    /// The focused control's id (kept across layouts for other frame sizes).
    var focused: SettingsControl?
    /// The words it shows (the wheel's: a new language shows as soon as it is chosen).
    var words = Words.english

    static let profiles: [SpinProfile] = [.smooth, .classic, .roulette]
    static let orientations: [LabelOrientation] = [.radial, .upright]

    /// The panel laid out on a frame of `size`.
    func panel(for size: Size) -> ControlPanel<SettingsControl> {
        let margin = max(6, 0.03 * min(size.width, size.height))
        let rowCount = 11.0   // the title, eight settings, the buttons, and room between them
        let row = max(20, min(56, 0.075 * min(size.width, size.height), (size.height - 2 * margin) / (rowCount + 0.6)))
        let width = min(size.width - 2 * margin, max(min(360, size.width - 2 * margin), min(720, 0.62 * size.width)))
        let height = row * (rowCount + 0.6)
        let frame = Rect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
        let pad = row * 0.55
        let inner = frame.width - 2 * pad
        let labelWidth = inner * 0.38, gap = row * 0.3
        var controls: [Control<SettingsControl>] = []
        var y = frame.minY + pad * 0.6
        controls.append(Control(.heading(words.settings), frame: Rect(x: frame.minX + pad, y: y, width: inner - row, height: row)))
        controls.append(Control(.button("×", prominent: false), id: .close,
                                frame: Rect(x: frame.maxX - pad - row * 0.9, y: y + row * 0.05, width: row * 0.9, height: row * 0.9)))
        y += row * 1.25
        let s = settings, w = words
        let rows: [(String, SettingsControl, Control<SettingsControl>.Kind)] = [
            (w.afterAWin, .afterWin, .choice([w.keep, w.remove], selected: s.afterWin == .keep ? 0 : 1)),
            (w.spinTime, .duration, .stepper(Words.fill(w.seconds, s.profile == .classic ? "4.7" : WheelSettings.word(s.duration)))),
            (w.spinStyle, .profile, .choice([w.smooth, w.classic, w.roulette], selected: SettingsPanel.profiles.firstIndex(of: s.profile) ?? 0)),
            (w.labels, .labels, .choice([w.along, w.upright], selected: SettingsPanel.orientations.firstIndex(of: s.labelOrientation) ?? 0)),
            (w.oddsOnSlices, .odds, .choice([w.off, w.on], selected: s.showOdds ? 1 : 0)),
            (w.confetti, .celebration, .choice([w.off, w.on], selected: s.celebration ? 1 : 0)),
            (w.sound, .volume, .stepper(s.volume == 0 ? w.off : Words.fill(w.percent, String(Int((s.volume * 100).rounded()))))),
            (w.theme, .theme, .stepper(SettingsPanel.themeTitle(s.theme))),
            (w.language, .language, .stepper(s.language.words.languageName)),
        ]
        for (label, id, kind) in rows {
            controls.append(Control(.text(label, secondary: false), frame: Rect(x: frame.minX + pad, y: y, width: labelWidth, height: row * 0.8)))
            controls.append(Control(kind, id: id, frame: Rect(x: frame.minX + pad + labelWidth + gap, y: y, width: inner - labelWidth - gap,
                                                              height: row * 0.8)))
            y += row
        }
        y += row * 0.35
        let buttonWidth = (inner - 2 * gap) / 3
        for (k, (label, id, prominent)) in [(w.entriesButton, SettingsControl.entries, false), (w.winnersButton, .winners, false),
                                            (w.done, .done, true)].enumerated() {
            controls.append(Control(.button(label, prominent: prominent), id: id,
                                    frame: Rect(x: frame.minX + pad + Double(k) * (buttonWidth + gap), y: y, width: buttonWidth, height: row * 0.85)))
        }
        var panel = ControlPanel(frame: frame, controls: controls, focus: nil, textSize: row * 0.42)
        if let focused { panel.focus(on: focused) }
        return panel
    }

    /// Carries out `action`: the settings it changes, or what the wheel should do.
    mutating func apply(_ action: ControlAction<SettingsControl>) -> PanelRequest {
        var s = settings
        switch action {
        case .press(.close), .press(.done): return .close
        case .press(.entries): return .openEditor
        case .press(.winners): return .openWinners
        case .press: return .none
        case .choose(.afterWin, let k): s.afterWin = k == 0 ? .keep : .remove
        case .choose(.profile, let k): s.profile = SettingsPanel.profiles[max(0, min(2, k))]
        case .choose(.labels, let k): s.labelOrientation = SettingsPanel.orientations[max(0, min(1, k))]
        case .choose(.odds, let k): s.showOdds = k == 1
        case .choose(.celebration, let k): s.celebration = k == 1
        case .choose: return .none
        case .step(.duration, let d):
            guard s.profile != .classic else { return .none }   // a classic spin's length is its own
            s.duration = SettingsPanel.stepped(s.duration, in: WheelSettings.durations, by: d)
        case .step(.volume, let d): s.volume = SettingsPanel.stepped(s.volume, in: WheelSettings.volumes, by: d)
        case .step(.theme, let d):
            // Round the built-in themes, both ways.
            let names = Theme.names, k = names.firstIndex(of: s.theme) ?? 0
            s.theme = names[((k + d.signum()) % names.count + names.count) % names.count]
        case .step(.language, let d):
            // Round the built-in languages, either way.
            let all = Language.allCases, k = all.firstIndex(of: s.language) ?? 0
            s.language = all[((k + d) % all.count + all.count) % all.count]
        case .step: return .none
        }
        guard s != settings else { return .none }
        settings = s
        return .apply(s)
    }

    /// A theme's name as the panel shows it: "high-contrast" is "High contrast".
    static func themeTitle(_ name: String) -> String {
        let words = name.replacing("-", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// The value `delta` steps from `value` in `values` (a value between steps goes to the nearest step
    /// that way first); the ends hold.
    static func stepped(_ value: Double, in values: [Double], by delta: Int) -> Double {
        if delta > 0 { return values.first { $0 > value + 1e-9 } ?? values[values.count - 1] }
        return values.last { $0 < value - 1e-9 } ?? values[0]
    }
}
