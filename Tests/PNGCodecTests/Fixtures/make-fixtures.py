#!/usr/bin/env python3
# Writes the PNG fixtures for PNGCodecTests with nothing but zlib + struct, so the pixels the tests
# expect do not depend on the decoder under test (cross-checked with ImageMagick `convert x.png txt:-`).
# Every image is 4x3 px and asymmetric; run from this directory: python3 make-fixtures.py
import struct, zlib

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

def png(name, width, height, depth, colour_type, rows, extra=b""):
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 0)
    raw = b"".join(b"\x00" + row for row in rows)  # filter type 0 (None) on every row
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    with open(name, "wb") as f:
        f.write(data)

# gray 8-bit: row y, column x holds 10 + 20*x + 80*y
png("gray8.png", 4, 3, 8, 0, [bytes(10 + 20 * x + 80 * y for x in range(4)) for y in range(3)])
# gray+alpha 8-bit: (gray, alpha) per pixel
ga = [[(200, 255), (200, 128), (100, 0), (0, 255)],
      [(255, 64), (50, 255), (50, 200), (1, 1)],
      [(128, 255), (128, 128), (255, 255), (77, 33)]]
png("gray-alpha8.png", 4, 3, 8, 4, [bytes(c for p in row for c in p) for row in ga])
# RGB 8-bit: red, green, blue, white / grays / an odd colour at (3, 2)
rgb = [[(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)],
       [(0, 0, 0), (64, 64, 64), (128, 128, 128), (192, 192, 192)],
       [(10, 20, 30), (40, 50, 60), (70, 80, 90), (200, 100, 50)]]
png("rgb8.png", 4, 3, 8, 2, [bytes(c for p in row for c in p) for row in rgb])
# RGBA 8-bit
rgba = [[(255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 255, 64), (0, 0, 0, 0)],
        [(255, 255, 255, 255), (255, 0, 0, 1), (10, 20, 30, 200), (255, 128, 0, 255)],
        [(0, 0, 255, 255), (0, 0, 255, 255), (0, 0, 255, 255), (200, 100, 50, 100)]]
png("rgba8.png", 4, 3, 8, 6, [bytes(c for p in row for c in p) for row in rgba])
# palette 8-bit with tRNS: 4 entries (red opaque, blue half, green clear, white quarter)
palette = [(255, 0, 0), (0, 0, 255), (0, 255, 0), (255, 255, 255)]
alphas = [255, 128, 0, 64]
indices = [[0, 1, 2, 3], [1, 1, 0, 0], [3, 2, 1, 0]]
png("palette-trns.png", 4, 3, 8, 3, [bytes(row) for row in indices],
    chunk(b"PLTE", bytes(c for p in palette for c in p)) + chunk(b"tRNS", bytes(alphas)))
# RGBA 16-bit: channels 0x0000, 0xFFFF and 0x8080 (which is 128 in 8 bits)
rgba16 = [[(0xFFFF, 0, 0, 0xFFFF), (0, 0xFFFF, 0, 0xFFFF), (0, 0, 0xFFFF, 0xFFFF), (0, 0, 0, 0)],
          [(0x8080, 0x8080, 0x8080, 0xFFFF), (0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF), (0, 0, 0, 0xFFFF), (0xFFFF, 0, 0, 0x8080)],
          [(0, 0, 0xFFFF, 0xFFFF), (0, 0, 0xFFFF, 0xFFFF), (0xFFFF, 0x8080, 0, 0xFFFF), (0, 0, 0xFFFF, 0x8080)]]
png("rgba16.png", 4, 3, 16, 6, [b"".join(struct.pack(">HHHH", *p) for p in row) for row in rgba16])
