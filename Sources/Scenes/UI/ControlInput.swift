// Where a tap lands on a panel's controls and what the keys do to them, in one place: Tab, ↑ and ↓
// move the focus among the interactive controls (in the order they were laid out, wrapping), ← and →
// change the focused choice or stepper, Enter presses the focused button or moves its choice on.
// Answers are ControlActions for the panel to carry out; nothing here changes a setting.
import Raster

extension ControlPanel {
    /// What a tap at `point` (frame px) does; nil when it lands on nothing interactive.
    func action(at point: Point) -> ControlAction<ID>? {
        for control in controls where control.isInteractive && control.frame.contains(point) {
            guard let id = control.id else { continue }
            switch control.kind {
            case .button:
                return .press(id)
            case .choice(let options, _):
                guard !options.isEmpty else { return nil }
                let k = Int((point.x - control.frame.minX) / (control.frame.width / Double(options.count)))
                return .choose(id, max(0, min(options.count - 1, k)))
            case .stepper:
                let side = ControlPanel.stepperButtonWidth(control.frame)
                if point.x < control.frame.minX + side { return .step(id, -1) }
                if point.x > control.frame.maxX - side { return .step(id, 1) }
                return nil
            case .heading, .text, .row:
                return nil
            }
        }
        return nil
    }

    /// The indices of the controls that take the focus, in order.
    var focusable: [Int] { controls.indices.filter { controls[$0].isInteractive } }

    /// Moves the focus `delta` places among the interactive controls (wrapping); the first move
    /// without a focus lands on the first (or, backwards, the last).
    mutating func moveFocus(by delta: Int) {
        let order = focusable
        guard !order.isEmpty else { focus = nil; return }
        guard let focus, let place = order.firstIndex(of: focus) else {
            self.focus = delta >= 0 ? order[0] : order[order.count - 1]
            return
        }
        let next = ((place + delta) % order.count + order.count) % order.count
        self.focus = order[next]
    }

    /// ← (−1) or → (+1) on the focused control: the neighbouring option, or a step.
    func adjust(by delta: Int) -> ControlAction<ID>? {
        guard let focus, controls.indices.contains(focus), let id = controls[focus].id else { return nil }
        switch controls[focus].kind {
        case .choice(let options, let selected):
            let next = max(0, min(options.count - 1, selected + delta))
            return next == selected ? nil : .choose(id, next)
        case .stepper:
            return .step(id, delta < 0 ? -1 : 1)
        case .button, .heading, .text, .row:
            return nil
        }
    }

    /// Enter on the focused control: a button is pressed, a choice moves to its next option (wrapping).
    func activate() -> ControlAction<ID>? {
        guard let focus, controls.indices.contains(focus), let id = controls[focus].id else { return nil }
        switch controls[focus].kind {
        case .button:
            return .press(id)
        case .choice(let options, let selected):
            return options.count > 1 ? .choose(id, (selected + 1) % options.count) : nil
        case .stepper, .heading, .text, .row:
            return nil
        }
    }

    /// The focus on the control named `id`, if there is one that takes it.
    mutating func focus(on id: ID) {
        if let index = controls.indices.first(where: { controls[$0].id == id && controls[$0].isInteractive }) { focus = index }
    }

    /// The width of a stepper's − and + buttons: square, at most a third of it.
    static func stepperButtonWidth(_ frame: Rect) -> Double { min(frame.height, frame.width / 3) }
}
