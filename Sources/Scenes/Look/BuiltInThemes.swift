// The built-in themes (`"theme": name`): classic (Roundel's own look, the default), light, dark,
// high-contrast, pastel and neon. Each palette gives every slice a label (white or near-black,
// whichever reads better) at WCAG 4.5:1 or more, and each theme's texts read at 4.5:1 on what they
// lie on: ThemeTests checks both for every theme here.
import Raster

extension Theme {
    /// Every built-in theme, the default first.
    public static let builtIn: [Theme] = [.classic, .light, .dark, .highContrast, .pastel, .neon]

    /// Roundel's own look: the wheel gold-ringed on midnight blue, the other scenes on white paper.
    public static let classic = Theme(
        name: "classic",
        palette: [.hex(0xE5484D), .hex(0xF08C00), .hex(0x2F9E44), .hex(0x1C7ED6),
                  .hex(0x9C36B5), .hex(0xD6336C), .hex(0x0B7285), .hex(0x5F3DC4)],
        background: .hex(0x161A24), text: .hex(0xFFFFFF), passingText: .hex(0xB4BBC8), secondaryText: .hex(0x8A93A6),
        ring: RingColors(shadow: .hex(0x6B450C), body: .hex(0xE0AE2E), shine: .hex(0xFFF1B8),
                         glow: .hex(0xFFE082, 45), halo: .hex(0xFFECB3, 70), socket: .hex(0x4A2E06),
                         bulb: .hex(0xF5A60B), bulbHot: .hex(0xFFFDEE)),
        hub: HubColors(rim: .hex(0x7A5410), body: .hex(0xD9A521), shine: .hex(0xF2CC5B), spot: .hex(0xFFF6D8, 200)),
        pointer: .hex(0xE53935),
        button: ButtonColors(fill: .hex(0xFFFFFF), text: .hex(0x161A24), disabledFill: .hex(0x5C6372),
                             disabledText: .hex(0x2A2F3A), glow: .hex(0xF2CC5B)),
        panel: PanelColors(panel: .hex(0x10141D), field: .hex(0x232A3A), edge: .hex(0x3A4255), text: .hex(0xFFFFFF),
                           secondary: .hex(0x8A93A6), accent: .hex(0xF2CC5B), onAccent: .hex(0x10141D),
                           value: .hex(0xFFD43B), icon: .hex(0xC9CFDB)),
        plate: .hex(0x1E2330),
        face: FaceColors(background: .hex(0xFFFFFF), text: .hex(0x222222), track: .hex(0xAAAAAA), progress: .hex(0x0000FF),
                         warn: .hex(0xF59F00), danger: .hex(0xE03131), hand: .hex(0x000000), secondHand: .hex(0xE53935),
                         palette: [.hex(0x3498DB), .hex(0xE67E22), .hex(0x27AE60), .hex(0xC0392B),
                                   .hex(0x8E44AD), .hex(0xF1C40F), .hex(0x16A085), .hex(0x34495E),
                                   .hex(0xE84393), .hex(0x95A5A6), .hex(0x8D5524), .hex(0xA3CB38)]))

    /// Light grey paper, a silver ring, soft slices with dark labels, a dark START.
    public static let light = Theme(
        name: "light",
        palette: [.hex(0xFF8787), .hex(0xFFC078), .hex(0x8CE99A), .hex(0x74C0FC),
                  .hex(0xD0BFFF), .hex(0xFCC2D7), .hex(0x66D9E8), .hex(0xFFE066)],
        background: .hex(0xF1F3F5), text: .hex(0x1B1F27), passingText: .hex(0x5C6370), secondaryText: .hex(0x5C6370),
        ring: RingColors(shadow: .hex(0x5E6470), body: .hex(0xC3C9D3), shine: .hex(0xFFFFFF),
                         glow: .hex(0xD0EBFF, 60), halo: .hex(0xE7F5FF, 90), socket: .hex(0x3B4250),
                         bulb: .hex(0x74C0FC), bulbHot: .hex(0xF8FCFF)),
        hub: HubColors(rim: .hex(0x5E6470), body: .hex(0xB8BFCA), shine: .hex(0xE3E7ED), spot: .hex(0xFFFFFF, 200)),
        pointer: .hex(0xE03131),
        button: ButtonColors(fill: .hex(0x1F2430), text: .hex(0xFFFFFF), disabledFill: .hex(0xADB5BD),
                             disabledText: .hex(0x6B7280), glow: .hex(0x1971C2)),
        panel: PanelColors(panel: .hex(0xFFFFFF), field: .hex(0xEEF0F4), edge: .hex(0xC9CED8), text: .hex(0x1B1F27),
                           secondary: .hex(0x5C6370), accent: .hex(0x1971C2), onAccent: .hex(0xFFFFFF),
                           value: .hex(0xA35200), icon: .hex(0x3B4250)),
        plate: .hex(0xDEE2E6),
        face: FaceColors(background: .hex(0xFFFFFF), text: .hex(0x1B1F27), track: .hex(0xD0D5DC), progress: .hex(0x1971C2),
                         warn: .hex(0xE67700), danger: .hex(0xE03131), hand: .hex(0x1B1F27), secondHand: .hex(0xE03131),
                         palette: [.hex(0xFF8787), .hex(0x74C0FC), .hex(0xFFC078), .hex(0x8CE99A),
                                   .hex(0xD0BFFF), .hex(0xFFE066), .hex(0x66D9E8), .hex(0xFCC2D7)]))

    /// Near black everywhere, a gunmetal ring with blue bulbs, deep slices with white labels.
    public static let dark = Theme(
        name: "dark",
        palette: [.hex(0xC92A2A), .hex(0xB8420A), .hex(0x1E7B34), .hex(0x1864AB),
                  .hex(0x862E9C), .hex(0xA61E4D), .hex(0x0B7285), .hex(0x5F3DC4)],
        background: .hex(0x0B0D12), text: .hex(0xE9ECF2), passingText: .hex(0x9AA3B5), secondaryText: .hex(0x8A93A6),
        ring: RingColors(shadow: .hex(0x15181F), body: .hex(0x4A5262), shine: .hex(0xC8D0E0),
                         glow: .hex(0x9FD3FF, 45), halo: .hex(0xD0EBFF, 70), socket: .hex(0x0B0D12),
                         bulb: .hex(0x4DABF7), bulbHot: .hex(0xE7F5FF)),
        hub: HubColors(rim: .hex(0x1E222B), body: .hex(0x4A5262), shine: .hex(0x8A93A6), spot: .hex(0xE9ECF2, 200)),
        pointer: .hex(0xFF6B6B),
        button: ButtonColors(fill: .hex(0x4DABF7), text: .hex(0x0B0D12), disabledFill: .hex(0x2A3040),
                             disabledText: .hex(0x5C6372), glow: .hex(0x4DABF7)),
        panel: PanelColors(panel: .hex(0x161A22), field: .hex(0x232A3A), edge: .hex(0x3A4255), text: .hex(0xE9ECF2),
                           secondary: .hex(0x8A93A6), accent: .hex(0x4DABF7), onAccent: .hex(0x0B0D12),
                           value: .hex(0xFFD43B), icon: .hex(0xC9CFDB)),
        plate: .hex(0x161A22),
        face: FaceColors(background: .hex(0x0B0D12), text: .hex(0xE9ECF2), track: .hex(0x2A3040), progress: .hex(0x4DABF7),
                         warn: .hex(0xFFA94D), danger: .hex(0xFF6B6B), hand: .hex(0xE9ECF2), secondHand: .hex(0xFF6B6B),
                         palette: [.hex(0xC92A2A), .hex(0x1864AB), .hex(0xB8420A), .hex(0x1E7B34),
                                   .hex(0x862E9C), .hex(0x0B7285), .hex(0xA61E4D), .hex(0x5F3DC4)]))

    /// Black and white with pure yellow: for a far screen, bright rooms and weaker eyes.
    public static let highContrast = Theme(
        name: "high-contrast",
        palette: [.hex(0xFFE500), .hex(0x0033CC), .hex(0xFFFFFF), .hex(0xB00020), .hex(0x00E5FF), .hex(0x000000)],
        background: .hex(0x000000), text: .hex(0xFFFFFF), passingText: .hex(0xE0E0E0), secondaryText: .hex(0xE0E0E0),
        ring: RingColors(shadow: .hex(0x6E6E6E), body: .hex(0xF0F0F0), shine: .hex(0xFFFFFF),
                         glow: .hex(0xFFE500, 60), halo: .hex(0xFFF27A, 90), socket: .hex(0x000000),
                         bulb: .hex(0xFFE500), bulbHot: .hex(0xFFFFFF)),
        hub: HubColors(rim: .hex(0x000000), body: .hex(0xFFFFFF), shine: .hex(0xFFE500), spot: .hex(0xFFFFFF, 200)),
        pointer: .hex(0xFFE500),
        button: ButtonColors(fill: .hex(0xFFE500), text: .hex(0x000000), disabledFill: .hex(0x595959),
                             disabledText: .hex(0x000000), glow: .hex(0xFFFFFF)),
        panel: PanelColors(panel: .hex(0x000000), field: .hex(0x1A1A1A), edge: .hex(0xFFFFFF), text: .hex(0xFFFFFF),
                           secondary: .hex(0xE0E0E0), accent: .hex(0xFFE500), onAccent: .hex(0x000000),
                           value: .hex(0xFFE500), icon: .hex(0xFFFFFF)),
        plate: .hex(0x000000),
        face: FaceColors(background: .hex(0x000000), text: .hex(0xFFFFFF), track: .hex(0x595959), progress: .hex(0xFFE500),
                         warn: .hex(0xFF9F1A), danger: .hex(0xFF4D4D), hand: .hex(0xFFFFFF), secondHand: .hex(0xFFE500),
                         palette: [.hex(0xFFE500), .hex(0x0033CC), .hex(0xFFFFFF), .hex(0xB00020), .hex(0x00E5FF), .hex(0x6A00B8)]))

    /// Cream paper, a rose-gold ring, sugared-almond slices with dark labels.
    public static let pastel = Theme(
        name: "pastel",
        palette: [.hex(0xFFB3BA), .hex(0xFFDFBA), .hex(0xFFF5BA), .hex(0xBAFFC9),
                  .hex(0xBAE1FF), .hex(0xE0BBE4), .hex(0xFFC8DD), .hex(0xC5E1A5)],
        background: .hex(0xFFF6EC), text: .hex(0x4A3F4F), passingText: .hex(0x7A6B7F), secondaryText: .hex(0x7A6B7F),
        ring: RingColors(shadow: .hex(0x8E5A5A), body: .hex(0xE8AFA6), shine: .hex(0xFFF0EB),
                         glow: .hex(0xFFF3C4, 60), halo: .hex(0xFFFFFF, 90), socket: .hex(0x6E4545),
                         bulb: .hex(0xFFD6A5), bulbHot: .hex(0xFFFFFF)),
        hub: HubColors(rim: .hex(0x8E5A5A), body: .hex(0xE8AFA6), shine: .hex(0xF6D3CC), spot: .hex(0xFFFFFF, 200)),
        pointer: .hex(0xD6336C),
        button: ButtonColors(fill: .hex(0x4A3F4F), text: .hex(0xFFF6EC), disabledFill: .hex(0xD8CCD6),
                             disabledText: .hex(0x8C7E8A), glow: .hex(0xE8AFA6)),
        panel: PanelColors(panel: .hex(0xFFFFFF), field: .hex(0xFFF1F3), edge: .hex(0xE5D3DA), text: .hex(0x4A3F4F),
                           secondary: .hex(0x6F6174), accent: .hex(0xB5487A), onAccent: .hex(0xFFFFFF),
                           value: .hex(0xB5487A), icon: .hex(0x4A3F4F)),
        plate: .hex(0xFFF1F3),
        face: FaceColors(background: .hex(0xFFF6EC), text: .hex(0x4A3F4F), track: .hex(0xEADDE3), progress: .hex(0xB5487A),
                         warn: .hex(0xD9822B), danger: .hex(0xD6336C), hand: .hex(0x4A3F4F), secondHand: .hex(0xD6336C),
                         palette: [.hex(0xFFB3BA), .hex(0xBAE1FF), .hex(0xFFDFBA), .hex(0xBAFFC9),
                                   .hex(0xE0BBE4), .hex(0xFFF5BA), .hex(0xC5E1A5), .hex(0xFFC8DD)]))

    /// Night purple, a magenta ring with cyan bulbs, electric slices.
    public static let neon = Theme(
        name: "neon",
        palette: [.hex(0xFF2E97), .hex(0x00F0FF), .hex(0xB6FF00), .hex(0xFF8A00), .hex(0xB14DFF), .hex(0xFFE600)],
        background: .hex(0x0D0221), text: .hex(0xF5E9FF), passingText: .hex(0xB9A6D9), secondaryText: .hex(0xB9A6D9),
        ring: RingColors(shadow: .hex(0x2A0845), body: .hex(0xB026FF), shine: .hex(0xFFC6FF),
                         glow: .hex(0x00F0FF, 50), halo: .hex(0x9DFBFF, 80), socket: .hex(0x0D0221),
                         bulb: .hex(0x00F0FF), bulbHot: .hex(0xFFFFFF)),
        hub: HubColors(rim: .hex(0x2A0845), body: .hex(0xFF2E97), shine: .hex(0xFF8CC6), spot: .hex(0xFFFFFF, 200)),
        pointer: .hex(0x00F0FF),
        button: ButtonColors(fill: .hex(0x00F0FF), text: .hex(0x0D0221), disabledFill: .hex(0x3A2A5A),
                             disabledText: .hex(0x7A6A9A), glow: .hex(0xFF2E97)),
        panel: PanelColors(panel: .hex(0x1A0B33), field: .hex(0x2A1550), edge: .hex(0x4A2A80), text: .hex(0xF5E9FF),
                           secondary: .hex(0xB9A6D9), accent: .hex(0xFF2E97), onAccent: .hex(0x0D0221),
                           value: .hex(0xFFE600), icon: .hex(0xF5E9FF)),
        plate: .hex(0x1A0B33),
        face: FaceColors(background: .hex(0x0D0221), text: .hex(0xF5E9FF), track: .hex(0x2A1550), progress: .hex(0xFF2E97),
                         warn: .hex(0xFFE600), danger: .hex(0xFF3B3B), hand: .hex(0xF5E9FF), secondHand: .hex(0x00F0FF),
                         palette: [.hex(0xFF2E97), .hex(0x00F0FF), .hex(0xFF8A00), .hex(0xB6FF00), .hex(0xB14DFF), .hex(0xFFE600)]))
}
