// Colours that stay apart and text that reads on them: the WCAG 2 contrast ratio picks black or
// white ink for a background, and palette colours are handed out so that no two neighbouring
// slices (the last and the first included) share one, whatever the count.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

/// Relative luminance (WCAG 2) of an opaque colour: 0 black … 1 white.
func relativeLuminance(_ c: Color) -> Double {
    func linear(_ c: UInt8) -> Double {
        let x = Double(c) / 255
        return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
}

/// Black or white, whichever contrasts more with `background` (WCAG 2 contrast ratio of relative
/// luminances; white wins below L ≈ 0.179).
func contrastingText(on background: Color) -> Color {
    let l = relativeLuminance(background)
    let againstWhite = 1.05 / (l + 0.05), againstBlack = (l + 0.05) / 0.05
    return againstBlack >= againstWhite ? .black : .white
}

/// Label ink for a slice: white, or a soft black (numbered mode's), whichever contrasts more.
func labelInk(on background: Color) -> Color {
    let l = relativeLuminance(background), dark = Color(rgb: 0x111111)
    let againstWhite = 1.05 / (l + 0.05), againstDark = (l + 0.05) / (relativeLuminance(dark) + 0.05)
    return againstDark > againstWhite ? dark : .white
}

/// `colors` with every automatic one (`automatic[i]`) that equals a neighbour (the first and last
/// are neighbours) replaced by a colour of `palette` that neither neighbour has: the one furthest
/// along the palette from its own, so a repeat does not land on a near twin. Colours set by hand stay.
func separatingNeighbours(_ colors: [Color], automatic: [Bool], palette: [Color]) -> [Color] {
    var out = colors
    let n = out.count
    guard n > 1, palette.count >= 3 else { return out }
    for i in (0..<n).reversed() where automatic[i] {   // the last before the first: slice 0 keeps its colour
        let previous = out[(i + n - 1) % n], next = out[(i + 1) % n]
        guard out[i] == previous || out[i] == next else { continue }
        let own = palette.firstIndex(of: out[i]) ?? 0
        for step in 0..<palette.count {
            let k = (own + palette.count / 2 + step) % palette.count
            if palette[k] != previous && palette[k] != next { out[i] = palette[k]; break }
        }
    }
    return out
}
