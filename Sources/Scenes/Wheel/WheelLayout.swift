// Where the wheel scene's parts go on a frame of any size (240 × 240 to 3840 × 2160, landscape or
// portrait): the largest wheel that leaves room for the pointer above it, the result and the START
// button. Two arrangements, whichever gives the larger wheel:
//   column — pointer, wheel, result, button stacked and centred (portrait, square, modest landscape; seed 002);
//   sides  — wide frames: the wheel on the left, and on its right a panel with the result (room for
//            two lines of large text, so the room reads it) above the button.
// The result never shares space with the button. All values are frame px; sizes scale with the
// radius, with minimums so the button and result stay usable on small frames; on a thumbnail, where
// they would leave the wheel less than half its room, the wheel is drawn alone.
// A config's `title` takes a band across the top in the column arrangement (the wheel shrinks to make
// room) and the top of the panel beside the wheel in the sides arrangement (the wheel keeps its size);
// either way clear of everything a spinning frame redraws (the disc's square and the banner's box).

import Raster

struct WheelLayout: Equatable {
    enum Arrangement: Equatable { case column, sides }

    let frame: Size
    let arrangement: Arrangement
    let center: Point
    /// The wheel's outer radius (its bounds are the square of side 2·radius around `center`).
    let radius: Double
    let resultRect: Rect
    let buttonRect: Rect
    /// The result's largest size on one line (px); a long result wraps to two lines before it shrinks.
    let resultTextSize: Double
    /// Where the title goes (empty: no title, or a thumbnail with no room for one).
    var titleRect = Rect(x: 0, y: 0, width: 0, height: 0)

    /// How far the pointer's base rises above the wheel's top, as a fraction of the radius.
    static let pointerRise = 0.07
    static let minimumResultHeight = 26.0
    static let minimumButtonHeight = 24.0

    /// `titled`: room for a title.
    init(frame: Size, titled: Bool = false) {
        self.frame = frame
        let w = frame.width, h = frame.height
        let margin = max(6, (0.025 * min(w, h)).rounded())
        // The column's title band: a tenth of the frame's height (at least 24 px), taken off the top.
        let band = titled ? max(24, (0.1 * h).rounded()) : 0
        let column = WheelLayout.columnRadius(w: w, h: h - band, margin: margin)
        let sides = WheelLayout.sidesRadius(w: w, h: h, margin: margin)
        let alone = WheelLayout.wheelOnlyRadius(w: w, h: h, margin: margin)
        if sides > column * 1.08 {
            arrangement = .sides
            radius = sides
            let gap = 0.08 * sides
            let panel = min(w - 2 * margin - 2 * sides - gap, 1.6 * sides)
            // The wheel and the panel side by side, centred as a pair.
            let used = 2 * sides + gap + panel
            center = Point(x: (w - used) / 2 + sides, y: h / 2 + WheelLayout.pointerRise * sides / 2)
            let panelX = center.x + sides + gap
            let resultHeight = max(WheelLayout.minimumResultHeight, 0.62 * sides)
            let buttonHeight = max(WheelLayout.minimumButtonHeight, 0.2 * sides)
            let block = resultHeight + 0.08 * sides + buttonHeight
            resultRect = Rect(x: panelX, y: center.y - block / 2, width: panel, height: resultHeight)
            let buttonWidth = min(panel, max(buttonHeight * 3, 0.62 * sides))
            buttonRect = Rect(x: panelX + (panel - buttonWidth) / 2, y: resultRect.maxY + 0.08 * sides,
                              width: buttonWidth, height: buttonHeight)
            resultTextSize = max(14, 0.26 * sides)
            if titled {
                // Above the result, clear of the box a changing banner redraws (4 px and a tenth of its height).
                let height = 0.36 * sides, gap = 0.16 * sides
                titleRect = Rect(x: panelX, y: max(margin, resultRect.y - gap - height), width: panel,
                                 height: min(height, resultRect.y - gap - margin))
            }
        } else if column < 0.5 * alone {
            // A thumbnail (under about 120 px high): the result and the button would leave the wheel
            // less than half the room it has alone, so the wheel and its pointer take the frame.
            arrangement = .column
            radius = alone
            center = Point(x: w / 2, y: h / 2 + WheelLayout.pointerRise * radius / 2)
            resultRect = Rect(x: center.x, y: center.y + radius, width: 0, height: 0)
            buttonRect = resultRect
            resultTextSize = 0
        } else {
            arrangement = .column
            radius = column
            let resultHeight = max(WheelLayout.minimumResultHeight, 0.3 * column)
            let buttonHeight = max(WheelLayout.minimumButtonHeight, 0.17 * column)
            let gap = 0.06 * column, smallGap = 0.04 * column
            let block = (2 + WheelLayout.pointerRise) * column + gap + resultHeight + smallGap + buttonHeight
            let top = band + (h - band - block) / 2   // ≥ margin by construction; spreads any slack evenly
            center = Point(x: w / 2, y: top + (1 + WheelLayout.pointerRise) * column)
            if titled {
                // Just above the pointer's base (at `top`), a margin clear of it.
                let height = max(1, min(top - 2 * margin, 1.5 * band))
                titleRect = Rect(x: margin, y: top - margin - height, width: w - 2 * margin, height: height)
            }
            resultRect = Rect(x: margin, y: center.y + column + gap, width: w - 2 * margin, height: resultHeight)
            let buttonWidth = min(w - 2 * margin, max(buttonHeight * 3.2, 0.8 * column))
            buttonRect = Rect(x: (w - buttonWidth) / 2, y: resultRect.maxY + smallGap, width: buttonWidth, height: buttonHeight)
            resultTextSize = 0.8 * resultHeight
        }
    }

    /// The radius that fits the stack vertically and the frame horizontally.
    static func columnRadius(w: Double, h: Double, margin: Double) -> Double {
        let available = h - 2 * margin
        // Proportional parts per unit radius: wheel 2 + rise, gaps 0.06 + 0.04, result 0.3, button 0.17.
        var proportional = 2 + pointerRise + 0.1 + 0.3 + 0.17
        var fixed = 0.0
        let first = available / proportional
        if 0.3 * first < minimumResultHeight { proportional -= 0.3; fixed += minimumResultHeight }
        if 0.17 * first < minimumButtonHeight { proportional -= 0.17; fixed += minimumButtonHeight }
        let byHeight = (available - fixed) / proportional
        return max(1, min(byHeight, (w - 2 * margin) / 2)).rounded(.down)
    }

    /// The radius of the wheel and its pointer alone.
    static func wheelOnlyRadius(w: Double, h: Double, margin: Double) -> Double {
        max(1, min((h - 2 * margin) / (2 + pointerRise), (w - 2 * margin) / 2).rounded(.down))
    }

    /// The radius for a wheel with a panel on its right at least 0.95 radius wide (and 160 px):
    /// narrower panels squeeze the result into small text, and the result is what the room reads
    /// (seed 002: 80 pt).
    static func sidesRadius(w: Double, h: Double, margin: Double) -> Double {
        let byHeight = (h - 2 * margin) / (2 + pointerRise)
        let byWidth = (w - 2 * margin) / (2 + 0.08 + 0.95)
        let r = min(byHeight, byWidth).rounded(.down)
        guard w - 2 * margin - r * 2.08 >= 160 else { return 0 }
        return max(1, r)
    }

    /// The wheel's bounding square.
    var wheelRect: Rect { Rect(center: center, width: 2 * radius, height: 2 * radius) }

    /// Whether a tap at `point` should spin: on the button (with a little slack for fingers) or on the wheel.
    func spinsOnTap(at point: Point) -> Bool {
        buttonRect.insetBy(-4).contains(point) || point.distance(to: center) <= radius
    }

    /// Whether a press at `point` takes the wheel in hand: on its disc, not on the button.
    func grabsWheel(at point: Point) -> Bool {
        !buttonRect.insetBy(-4).contains(point) && point.distance(to: center) <= radius
    }
}
