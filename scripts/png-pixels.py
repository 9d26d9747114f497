#!/usr/bin/env python3
"""Prints the colour of pixels of a PNG, for the tests that check what `render --format png`
draws (rsvg-convert's output): `png-pixels.py FILE X,Y ...` prints `X,Y #rrggbb` a line.

Reads 8-bit greyscale, RGB and RGBA PNGs (what rsvg-convert writes) with Python's own zlib;
PNG's five row filters are undone as the PNG specification (ISO/IEC 15948, §9) defines them.
"""
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    i, idat, width, height, bpp = 8, b"", 0, 0, 0
    while i < len(data):
        (n,) = struct.unpack(">I", data[i : i + 4])
        kind, chunk = data[i + 4 : i + 8], data[i + 8 : i + 8 + n]
        i += 12 + n
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            if depth != 8 or colour not in (0, 2, 4, 6):
                sys.exit(f"{path}: bit depth {depth}, colour type {colour} not read")
            bpp = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
        elif kind == b"IDAT":
            idat += chunk
    raw, stride, rows = zlib.decompress(idat), width * bpp, []
    previous, p = bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[p], bytearray(raw[p + 1 : p + 1 + stride])
        p += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = previous[x]
            c = previous[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                q = a + b - c
                pa, pb, pc = abs(q - a), abs(q - b), abs(q - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    return bpp, rows


bpp, rows = pixels(sys.argv[1])
for point in sys.argv[2:]:
    x, y = map(int, point.split(","))
    px = rows[y][x * bpp : x * bpp + bpp]
    rgb = (px[0], px[0], px[0]) if bpp < 3 else tuple(px[:3])
    print(f"{point} #{rgb[0]:02x}{rgb[1]:02x}{rgb[2]:02x}")
