// A theme: every colour Roundel chooses itself, in one value (config `"theme": "dark"`). The wheel's
// slices for entries without a colour, its background, ring, pointer, hub, START button and texts,
// the panels and the winner card, and the timer's, pie's and clock's faces. Colours the config gives
// (`wheel.backgroundColor`, `timer.textColor`…) go over the theme's. `classic` is Roundel's own look
// pixel for pixel; the others are in BuiltInThemes.swift. Every theme's texts read at WCAG 4.5:1 or
// more on what they lie on (ThemeTests). Colours are straight RGBA.
import Raster

public struct Theme: Sendable, Equatable {
    /// The name a config gives (`"theme": "high-contrast"`).
    public var name: String
    /// The slices of entries without a colour of their own, in turn (neighbours never share one).
    public var palette: [Color]
    /// Behind the wheel. An alpha below 255 makes PNGs and WebPs with transparency.
    public var background: Color
    /// The result under the wheel; `passingText` the entry passing the pointer while it turns (the
    /// result fades from it to `text` as the winner lights up); `secondaryText` "Press START", hints.
    public var text: Color
    public var passingText: Color
    public var secondaryText: Color
    public var ring: RingColors
    public var hub: HubColors
    public var pointer: Color
    public var button: ButtonColors
    /// The settings, winners and PIN panels, and the winner card.
    public var panel: PanelColors
    /// The middle of a wheel of hundreds of slices.
    public var plate: Color
    /// The timer's, pie's and clock's faces.
    public var face: FaceColors

    /// The shipped ring's colours: its band's lit bevel (dark in shadow, `body`, `shine` in the
    /// highlight) and its bulbs (a glow and a halo round a dark socket, a core from `bulb` to `bulbHot`).
    public struct RingColors: Sendable, Equatable {
        public var shadow: Color, body: Color, shine: Color
        public var glow: Color, halo: Color, socket: Color, bulb: Color, bulbHot: Color
    }

    /// The hub's discs, back to front: its rim, body, shine and a spot of light (the pointer's pin
    /// and a dense wheel's plate rim take `shine` and `body`).
    public struct HubColors: Sendable, Equatable {
        public var rim: Color, body: Color, shine: Color, spot: Color
    }

    /// START: enabled and disabled (while the wheel turns, or with nothing left), and attract
    /// mode's pulsing glow.
    public struct ButtonColors: Sendable, Equatable {
        public var fill: Color, text: Color, disabledFill: Color, disabledText: Color, glow: Color
    }

    /// Panels and the winner card: the box, fields and their edge, text, secondary text, the accent
    /// (what is chosen or focused) and text on it, a card's value, and the window's tool buttons' icon.
    public struct PanelColors: Sendable, Equatable {
        public var panel: Color, field: Color, edge: Color, text: Color, secondary: Color
        public var accent: Color, onAccent: Color, value: Color, icon: Color
    }

    /// The timer's, pie's and clock's: paper and ink, the timer's track and progress, its warning
    /// colours, the clock's hands, and the pie's slices.
    public struct FaceColors: Sendable, Equatable {
        public var background: Color, text: Color, track: Color, progress: Color
        public var warn: Color, danger: Color, hand: Color, secondHand: Color
        public var palette: [Color]
    }

    /// The theme called `name` (nil: none is).
    public static func named(_ name: String) -> Theme? { builtIn.first { $0.name == name } }

    /// The built-in themes' names, in the order the settings panel steps through them.
    public static var names: [String] { builtIn.map(\.name) }
}

extension Color {
    /// `0xRRGGBB` as a colour (a theme's tables read as hex).
    static func hex(_ rgb: UInt32, _ alpha: UInt8 = 255) -> Color { Color(rgb: rgb, alpha: alpha) }
}
