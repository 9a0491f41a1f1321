// The one function that draws a panel and its controls: a dark rounded box, then each control by its
// kind, then a gold ring round the focused one. Sizes come from the panel's `textSize` and each
// control's frame (px); text that does not fit its frame is drawn up to a fifth smaller, then ends in "…". The look
// follows the entry editor and the problem panel: near-black panels, white text, gold for what is chosen or focused,
// in the classic theme; the wheel's theme gives the colours (Theme.PanelColors).
import BitmapFont
import Raster

extension ControlPanel {
    /// `look`: the theme's panel colours (classic: near-black, white text, gold for what is chosen).
    func draw(in canvas: Canvas, fonts: FontStack, look: Theme.PanelColors = Theme.classic.panel) {
        if framed { canvas.fill(roundedRect(frame, radius: textSize * 0.6), color: look.panel) }
        for control in controls { draw(control, in: canvas, fonts: fonts, look: look) }
        if let focus, controls.indices.contains(focus) {
            let ring = controls[focus].frame.insetBy(-max(2, textSize * 0.12))
            canvas.stroke(roundedRect(ring, radius: min(ring.height / 2, textSize * 0.5)),
                          style: StrokeStyle(width: max(2, textSize * 0.1)), color: look.accent)
        }
    }

    private func draw(_ control: Control<ID>, in canvas: Canvas, fonts: FontStack, look: Theme.PanelColors) {
        let box = control.frame
        func text(_ s: String, size: Double, color: Color, at x: Double, width: Double, alignment: TextAlignment = .left) {
            // A word a little too wide (another language's is often longer) is drawn up to a fifth
            // smaller before it is cut.
            let natural = fonts.measure(s, size: size).width
            let size = natural > width && width > 0 ? max(0.8 * size, size * width / natural) : size
            fonts.draw(fonts.fitted(s, size: size, width: width), in: canvas, at: Point(x: x, y: box.center.y),
                       style: TextStyle(size: size, color: color, alignment: alignment, verticalAlignment: .middle))
        }
        let radius = min(box.height / 2, textSize * 0.45)
        switch control.kind {
        case .heading(let s):
            text(s, size: textSize * 1.2, color: look.text, at: box.minX, width: box.width)
        case .text(let s, let secondary):
            text(s, size: secondary ? textSize * 0.8 : textSize, color: secondary ? look.secondary : look.text,
                 at: box.minX, width: box.width)
        case .button(let s, let prominent):
            canvas.fill(roundedRect(box, radius: radius), color: prominent ? look.accent : look.field)
            if !prominent {
                canvas.stroke(roundedRect(box.insetBy(0.5), radius: radius), style: StrokeStyle(width: 1), color: look.edge)
            }
            let size = min(textSize, box.height * 0.5)
            text(s, size: size, color: prominent ? look.onAccent : look.text, at: box.center.x,
                 width: box.width - size, alignment: .center)
        case .choice(let options, let selected):
            canvas.fill(roundedRect(box, radius: radius), color: look.field)
            guard !options.isEmpty else { return }
            let w = box.width / Double(options.count)
            let size = min(textSize * 0.9, box.height * 0.5)
            for (k, option) in options.enumerated() {
                let segment = Rect(x: box.minX + Double(k) * w, y: box.minY, width: w, height: box.height)
                if k == selected { canvas.fill(roundedRect(segment.insetBy(2), radius: radius), color: look.accent) }
                text(option, size: size, color: k == selected ? look.onAccent : look.text, at: segment.center.x,
                     width: w - size * 0.6, alignment: .center)
            }
        case .stepper(let value):
            let side = ControlPanel.stepperButtonWidth(box)
            let minus = Rect(x: box.minX, y: box.minY, width: side, height: box.height)
            let plus = Rect(x: box.maxX - side, y: box.minY, width: side, height: box.height)
            let size = min(textSize, box.height * 0.55)
            for (button, sign) in [(minus, "−"), (plus, "+")] {
                canvas.fill(roundedRect(button, radius: radius), color: look.field)
                canvas.stroke(roundedRect(button.insetBy(0.5), radius: radius), style: StrokeStyle(width: 1), color: look.edge)
                text(sign, size: size, color: look.text, at: button.center.x, width: side, alignment: .center)
            }
            text(value, size: size, color: look.text, at: box.center.x, width: box.width - 2 * side, alignment: .center)
        case .row(let columns, let dimmed):
            guard let first = columns.first else { return }
            let color = dimmed ? look.secondary : look.text
            let rest = columns.dropFirst()
            let columnWidth = box.width * 0.2
            let firstWidth = box.width - Double(rest.count) * columnWidth
            text(first, size: textSize * 0.85, color: color, at: box.minX, width: firstWidth - textSize * 0.5)
            for (k, column) in rest.enumerated() {
                let right = box.minX + firstWidth + Double(k + 1) * columnWidth
                text(column, size: textSize * 0.75, color: look.secondary, at: right, width: columnWidth - textSize * 0.3,
                     alignment: .right)
            }
        }
    }
}
