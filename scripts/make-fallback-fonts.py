#!/usr/bin/env python3
"""Makes Roundel's shipped fallback fonts from Debian packages (see assets/fonts/README.md).

  efont-b24-cjk.bdf  efont Unicode Bold 24 px (xfonts-efont-unicode, b24.pcf.gz through pcf2bdf),
                     only its Hangul, kana and CJK blocks; FONT_ASCENT/FONT_DESCENT set to 21/3 so its
                     line has GNU Unifont's proportions (no glyph is changed).
  unifont-1F.hex     GNU Unifont 15.1.01's glyphs U+1F000..U+1FAFF (emoji, playing cards, mahjong,
                     enclosed alphanumerics) from trixie's unifont package (unifont_all.hex).

usage: make-fallback-fonts.py EFONT_B24_BDF UNIFONT_ALL_HEX OUT_DIR
"""
import sys

CJK_RANGES = [
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x2E80, 0x2FDF),  # CJK radicals, Kangxi radicals
    (0x3000, 0x30FF),  # CJK symbols and punctuation, Hiragana, Katakana
    (0x3100, 0x31FF),  # Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, Katakana ext.
    (0x3200, 0x33FF),  # enclosed CJK letters, CJK compatibility
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xA960, 0xA97F),  # Hangul Jamo extended-A
    (0xAC00, 0xD7FF),  # Hangul syllables, Jamo extended-B
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFE30, 0xFE4F),  # CJK compatibility forms
    (0xFF00, 0xFFEF),  # half- and full-width forms
]
EMOJI_RANGE = (0x1F000, 0x1FAFF)


def wanted(code):
    return any(lo <= code <= hi for lo, hi in CJK_RANGES)


def subset_bdf(path, out):
    text = open(path, encoding="latin-1").read()
    head, _, rest = text.partition("\nCHARS ")
    head_lines = []
    for line in head.split("\n"):
        if line.startswith("FONT_ASCENT "):
            line = "FONT_ASCENT 21"
        elif line.startswith("FONT_DESCENT "):
            line = "FONT_DESCENT 3"
        head_lines.append(line)
    glyphs = []
    for block in rest.split("STARTCHAR ")[1:]:
        block = "STARTCHAR " + block.split("ENDCHAR")[0] + "ENDCHAR\n"
        code = int(block.split("ENCODING ")[1].split("\n")[0])
        if wanted(code):
            glyphs.append((code, block))
    glyphs.sort()
    with open(out, "w", encoding="latin-1", newline="\n") as f:
        f.write("\n".join(head_lines) + "\n")
        f.write("CHARS %d\n" % len(glyphs))
        for _, block in glyphs:
            f.write(block)
        f.write("ENDFONT\n")
    return len(glyphs)


def subset_hex(path, out):
    lines = []
    for line in open(path, encoding="ascii"):
        code = int(line.split(":")[0], 16)
        if EMOJI_RANGE[0] <= code <= EMOJI_RANGE[1]:
            lines.append((code, line if line.endswith("\n") else line + "\n"))
    lines.sort()
    with open(out, "w", encoding="ascii", newline="\n") as f:
        f.writelines(line for _, line in lines)
    return len(lines)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    efont, unifont_all, out_dir = sys.argv[1:]
    n = subset_bdf(efont, out_dir + "/efont-b24-cjk.bdf")
    m = subset_hex(unifont_all, out_dir + "/unifont-1F.hex")
    print("efont-b24-cjk.bdf: %d glyphs, unifont-1F.hex: %d glyphs" % (n, m))
