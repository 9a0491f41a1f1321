#!/usr/bin/python3
"""Makes Roundel's shipped typeface from Debian's Noto fonts (see assets/fonts/README.md).

Each glyph is rendered once by FreeType (no hinting, 256-level coverage) at the strike's size and cut
at half coverage: a pixel is ink when the outline covers at least half of it. Roundel traces those
bitmaps into outlines and fills them with exact-area coverage at any size and angle
(Sources/BitmapFont/GlyphOutline.swift), so one large strike draws every size.

  sans-bold-100.bdf        Noto Sans Bold: Latin, Greek, Cyrillic and the font's symbols (100 px line)
  sans-arabic-bold-100.bdf Noto Sans Arabic Bold: Arabic with its presentation forms (joined by fribidi)
  sans-hebrew-bold-100.bdf Noto Sans Hebrew Bold
  sans-cjk-bold-50.bdf     Noto Sans CJK Bold: Hangul (KR), kana (JP), Han (SC), CJK symbols (50 px line)
  emoji/XXXX.png           Noto Color Emoji's bitmaps (CBDT), one PNG per code point, 64 px tall
                           (area-averaged from 128 px), and emoji/index.txt: "height 64", then
                           "CODE WIDTH" per image

Every strike's line is the same share of its size: the em is 0.9 of the line, the ascent 0.78, the
descent 0.22, so scripts mixed in one label share a baseline and their strokes match at one size.
Deterministic: the same packages give the same bytes.

usage: make-fonts.py OUT_DIR [PART...]   (PART: latin arabic hebrew cjk emoji; all when none)
                               (needs fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji,
                                python3-freetype, python3-fonttools, python3-pil, python3-numpy)
"""
import io
import os
import sys

import freetype
import numpy
from fontTools.ttLib import TTFont
from PIL import Image

NOTO = "/usr/share/fonts/truetype/noto/"
CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"
CJK_FACES = {"JP": 0, "KR": 1, "SC": 2}
EM, ASCENT, DESCENT = 0.9, 0.78, 0.22

LATIN_SKIP = [(0x0590, 0x08FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF)]  # Hebrew and Arabic come from their own fonts
HEBREW = [(0x0590, 0x05FF), (0xFB1D, 0xFB4F)]
ARABIC = [(0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF)]
CJK_RANGES = [
    ("KR", 0x1100, 0x11FF), ("KR", 0x3130, 0x318F), ("KR", 0xA960, 0xA97F), ("KR", 0xAC00, 0xD7FF),
    ("JP", 0x3000, 0x30FF), ("JP", 0x31F0, 0x31FF),
    ("SC", 0x2E80, 0x2FDF), ("SC", 0x3100, 0x312F), ("SC", 0x3190, 0x31EF), ("SC", 0x3200, 0x33FF),
    ("SC", 0x3400, 0x4DBF), ("SC", 0x4E00, 0x9FFF), ("SC", 0xF900, 0xFAFF), ("SC", 0xFE30, 0xFE4F),
    ("SC", 0xFF00, 0xFFEF),
]


def inside(code, ranges):
    return any(lo <= code <= hi for lo, hi in ranges)


def glyph_block(face, code, line):
    """The BDF STARTCHAR…ENDCHAR block of `code`, or None when the face draws nothing for it."""
    face.load_char(chr(code), freetype.FT_LOAD_NO_HINTING | freetype.FT_LOAD_NO_BITMAP)
    slot = face.glyph
    slot.render(freetype.FT_RENDER_MODE_NORMAL)
    bitmap = slot.bitmap
    advance = int(round(slot.advance.x / 64))
    left, top = slot.bitmap_left, slot.bitmap_top
    ink = numpy.zeros((0, 0), dtype=bool)
    if bitmap.rows and bitmap.width:
        gray = numpy.array(bitmap.buffer, dtype=numpy.uint8).reshape(bitmap.rows, bitmap.pitch)[:, :bitmap.width]
        ink = gray >= 128
    rows_with_ink = numpy.flatnonzero(ink.any(axis=1)) if ink.size else []
    if len(rows_with_ink):
        columns = numpy.flatnonzero(ink.any(axis=0))
        first_row, last_row = rows_with_ink[0], rows_with_ink[-1]
        first, last = columns[0], columns[-1]
        ink = ink[first_row:last_row + 1, first:last + 1]
        top -= int(first_row)
        left += int(first)
    else:
        ink = numpy.zeros((0, 0), dtype=bool)
    height, width = ink.shape
    bottom = top - height
    out = ["STARTCHAR U+%04X" % code, "ENCODING %d" % code, "SWIDTH %d 0" % round(advance * 1000 / line),
           "DWIDTH %d 0" % advance, "BBX %d %d %d %d" % (width, height, left, bottom), "BITMAP"]
    for row in ink:
        out.append(numpy.packbits(row).tobytes().hex().upper())
    out.append("ENDCHAR")
    return "\n".join(out) + "\n"


def write_bdf(path, family, line, glyphs):
    """glyphs: sorted [(code, face)]."""
    ascent, descent = round(line * ASCENT), line - round(line * ASCENT)
    blocks = [glyph_block(face, code, line) for code, face in glyphs]
    with open(path, "w", encoding="ascii", newline="\n") as f:
        f.write("STARTFONT 2.1\nFONT -roundel-%s-bold-r-normal--%d-%d-75-75-p-0-iso10646-1\n" % (family, line, line * 10))
        f.write("SIZE %d 75 75\nFONTBOUNDINGBOX %d %d 0 %d\n" % (line, 2 * line, line, -descent))
        f.write("STARTPROPERTIES 6\nFAMILY_NAME \"%s\"\nWEIGHT_NAME \"Bold\"\nPIXEL_SIZE %d\n" % (family, line))
        f.write("FONT_ASCENT %d\nFONT_DESCENT %d\nCHARSET_REGISTRY \"ISO10646\"\nENDPROPERTIES\n" % (ascent, descent))
        f.write("CHARS %d\n" % len(blocks))
        f.writelines(blocks)
        f.write("ENDFONT\n")
    return len(blocks)


def face_at(path, line, index=0):
    face = freetype.Face(path, index)
    face.set_char_size(int(round(line * EM * 64)), 0, 72, 72)
    return face


def single_font(path, line, keep):
    face = face_at(path, line)
    codes = sorted(c for c in TTFont(path).getBestCmap() if c >= 0x20 and keep(c))
    return [(c, face) for c in codes]


def cjk_glyphs(line):
    faces = {region: face_at(CJK, line, index) for region, index in CJK_FACES.items()}
    cmap = TTFont(CJK, fontNumber=CJK_FACES["SC"]).getBestCmap()
    return sorted(((c, faces[region]) for region, lo, hi in CJK_RANGES for c in range(lo, hi + 1) if c in cmap),
                  key=lambda glyph: glyph[0])


def emoji(out_dir, height):
    """Noto Color Emoji's single-code-point emoji as PNGs `height` px tall (area-averaged)."""
    font = TTFont(NOTO + "NotoColorEmoji.ttf")
    cmap = font.getBestCmap()
    strike = font["CBDT"].strikeData[0]
    folder = os.path.join(out_dir, "emoji")
    os.makedirs(folder, exist_ok=True)
    index = ["height %d" % height]
    for code in sorted(cmap):
        if code < 0x80 or code in (0x200D, 0x20E3, 0xFE0F) or 0x1F3FB <= code <= 0x1F3FF or 0xE0000 <= code:
            continue
        data = strike.get(cmap[code])
        if data is None or not hasattr(data, "imageData"):
            continue
        image = Image.open(io.BytesIO(data.imageData)).convert("RGBA")
        width = round(image.width * height / image.height)
        image = image.resize((width, height), Image.Resampling.BOX)
        image.save(os.path.join(folder, "%04X.png" % code), optimize=True)
        index.append("%04X %d" % (code, width))
    with open(os.path.join(folder, "index.txt"), "w", encoding="ascii", newline="\n") as f:
        f.write("\n".join(index) + "\n")
    return len(index) - 1


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out, parts = sys.argv[1], set(sys.argv[2:]) or {"latin", "arabic", "hebrew", "cjk", "emoji"}
    if "latin" in parts:
        n = write_bdf(out + "/sans-bold-100.bdf", "Roundel Sans", 100,
                      single_font(NOTO + "NotoSans-Bold.ttf", 100, lambda c: not inside(c, LATIN_SKIP)))
        print("sans-bold-100.bdf: %d glyphs" % n)
    if "arabic" in parts:
        n = write_bdf(out + "/sans-arabic-bold-100.bdf", "Roundel Sans Arabic", 100,
                      single_font(NOTO + "NotoSansArabic-Bold.ttf", 100, lambda c: inside(c, ARABIC)))
        print("sans-arabic-bold-100.bdf: %d glyphs" % n)
    if "hebrew" in parts:
        n = write_bdf(out + "/sans-hebrew-bold-100.bdf", "Roundel Sans Hebrew", 100,
                      single_font(NOTO + "NotoSansHebrew-Bold.ttf", 100, lambda c: inside(c, HEBREW)))
        print("sans-hebrew-bold-100.bdf: %d glyphs" % n)
    if "cjk" in parts:
        n = write_bdf(out + "/sans-cjk-bold-50.bdf", "Roundel Sans CJK", 50, cjk_glyphs(50))
        print("sans-cjk-bold-50.bdf: %d glyphs" % n)
    if "emoji" in parts:
        print("emoji: %d" % emoji(out, 64))
