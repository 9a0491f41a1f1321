#!/usr/bin/env python3
"""Makes Roundel's shipped GNU Unifont subset (see assets/fonts/README.md).

  unifont-1F.hex     GNU Unifont 15.1.01's glyphs U+1F000..U+1FAFF (emoji, playing cards, mahjong,
                     enclosed alphanumerics) from trixie's unifont package (unifont_all.hex).

usage: make-fallback-fonts.py UNIFONT_ALL_HEX OUT_DIR
"""
import sys

EMOJI_RANGE = (0x1F000, 0x1FAFF)


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
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    unifont_all, out_dir = sys.argv[1:]
    print("unifont-1F.hex: %d glyphs" % subset_hex(unifont_all, out_dir + "/unifont-1F.hex"))
