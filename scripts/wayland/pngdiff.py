#!/usr/bin/env python3
"""Compares two 8-bit RGB/RGBA PNGs (the standard library only): prints the count of pixels
whose colour differs by more than a tolerance, and exits 1 if any does or the sizes differ.

    pngdiff.py A.png B.png [TOLERANCE]             same size, pixel by pixel
    pngdiff.py --within A.png SCREEN.png [TOL]     A is somewhere inside SCREEN (a window on a
                                                   desktop): found by its rows, then compared"""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        sys.exit(f"{path}: only 8-bit RGB or RGBA, not interlaced (depth {depth}, colour type {colour})")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(bytes(line) if channels == 3 else bytes(b for x in range(width) for b in line[x * 4:x * 4 + 3]))
        previous = line
    return width, height, rows


def count_differing(a, b, x0, y0, width, height, tolerance):
    differing = 0
    for y in range(height):
        row_a, row_b = a[y], b[y0 + y][x0 * 3:(x0 + width) * 3]
        if row_a == row_b:
            continue
        for x in range(width):
            if max(abs(row_a[3 * x + i] - row_b[3 * x + i]) for i in range(3)) > tolerance:
                differing += 1
    return differing


def locate(a, w1, h1, b, w2, h2):
    """The offsets where A's rows all appear exactly in B, tried from a row of A with detail."""
    probe = max(range(h1), key=lambda y: len(set(a[y][i:i + 3] for i in range(0, len(a[y]), 3))))
    for y in range(h2 - h1 + 1):
        start = b[y + probe].find(a[probe])
        while start >= 0:
            if start % 3 == 0:
                x = start // 3
                if x + w1 <= w2 and all(b[y + r][x * 3:(x + w1) * 3] == a[r] for r in (0, h1 // 2, h1 - 1)):
                    yield x, y
            start = b[y + probe].find(a[probe], start + 1)


def main():
    within = sys.argv[1] == "--within"
    args = sys.argv[2:] if within else sys.argv[1:]
    first, second = args[0], args[1]
    tolerance = int(args[2]) if len(args) > 2 else 2
    w1, h1, a = read_png(first)
    w2, h2, b = read_png(second)
    if within:
        found = next(locate(a, w1, h1, b, w2, h2), None)
        if found is None:
            print(f"{first} ({w1}x{h1}) is nowhere in {second} ({w2}x{h2})")
            return 1
        x0, y0 = found
    else:
        if (w1, h1) != (w2, h2):
            print(f"sizes differ: {first} is {w1}x{h1}, {second} is {w2}x{h2}")
            return 1
        x0 = y0 = 0
    differing = count_differing(a, b, x0, y0, w1, h1, tolerance)
    print(f"{w1}x{h1} at ({x0}, {y0}): {differing} pixels differ by more than {tolerance}")
    return 1 if differing else 0


sys.exit(main())
