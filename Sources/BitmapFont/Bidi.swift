// Right-to-left and joined scripts, through GNU FriBidi: a label in Hebrew or Arabic is put into
// visual order (the Unicode bidirectional algorithm, one line, its direction taken from its first
// strong character) and Arabic letters are joined into the presentation forms (U+FB50…U+FEFC) that
// bitmap fonts such as Unifont draw. Text without such characters is left alone and costs one scan.
// Drawn text is laid out once (`TextRun`), so this runs once per label, never per frame.
import CFriBidi

enum Bidi {
    /// Whether `text` holds a character that reordering or joining may change: Hebrew, Arabic,
    /// Syriac, Thaana, N'Ko and their presentation forms, other right-to-left blocks, and the
    /// right-to-left marks and embeddings.
    static func needsShaping(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x0590 { continue }
            if v <= 0x08FF || (0xFB1D...0xFEFC).contains(v) || (0x10800...0x10FFF).contains(v)
                || (0x1E800...0x1EFFF).contains(v) || v == 0x200F || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v) {
                return true
            }
        }
        return false
    }

    /// `text`'s characters in visual order (left to right as drawn), Arabic joined; nil when
    /// nothing changes (`needsShaping` is false) or FriBidi fails.
    static func visual(_ text: String) -> [Unicode.Scalar]? {
        guard needsShaping(text) else { return nil }
        var logical = text.unicodeScalars.map { FriBidiChar($0.value) }
        guard !logical.isEmpty, logical.count < Int(Int32.max) else { return nil }
        var visual = [FriBidiChar](repeating: 0, count: logical.count)
        // FRIBIDI_PAR_ON: the paragraph's direction comes from its first strong character.
        var direction = FriBidiParType(0x40)
        let levels = fribidi_log2vis(&logical, FriBidiStrIndex(logical.count), &direction, &visual, nil, nil, nil)
        guard levels != 0 else { return nil }
        // A lam–alef ligature leaves U+FEFF where its second letter was: nothing to draw.
        return visual.compactMap { $0 == 0xFEFF ? nil : Unicode.Scalar($0) }
    }
}
