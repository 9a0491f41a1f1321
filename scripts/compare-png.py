#!/usr/bin/env python3
"""Compares two 8-bit RGBA PNGs (what `roundel render` writes) pixel for pixel, with only the standard
library: prints one line, exits 1 when they differ. Used by check-arm64.sh; test-install.sh uses its
decoder (pixels). Given one PNG, prints its size and how many colours it has (test-deb.sh: a real
picture, not an empty one)."""
import struct, sys, zlib

def pixels(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, (path, depth, colour, interlace)
            bpp = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line)); prev = line
    return width, height, bpp, rows

if __name__ == "__main__":  # scripts/test-install.sh imports pixels()
    wa, ha, ba, a = pixels(sys.argv[1])
    if len(sys.argv) == 2:
        print(f"{wa}x{ha} {len({row[i:i + ba] for row in a for i in range(0, len(row), ba)})}"); sys.exit(0)
    wb, hb, bb, b = pixels(sys.argv[2])
    label = sys.argv[3] if len(sys.argv) > 3 else sys.argv[1]
    if (wa, ha, ba) != (wb, hb, bb):
        print(f"check-arm64: {label}: sizes differ ({wa}x{ha} vs {wb}x{hb})"); sys.exit(1)
    diff, first, worst = 0, None, 0
    for y in range(ha):
        if a[y] == b[y]: continue
        for x in range(wa):
            pa, pb = a[y][x * ba:(x + 1) * ba], b[y][x * ba:(x + 1) * ba]
            if pa != pb:
                diff += 1; first = first or (x, y, pa.hex(), pb.hex())
                worst = max(worst, max(abs(p - q) for p, q in zip(pa, pb)))
    if diff == 0:
        print(f"check-arm64: {label}: {wa}x{ha}, equal pixel for pixel")
    else:
        print(f"check-arm64: {label}: {diff} of {wa * ha} pixels differ (largest channel difference {worst}; "
              f"first at {first[0]},{first[1]}: x86-64 {first[2]} vs arm64 {first[3]})")
        sys.exit(1)
