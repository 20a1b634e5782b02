#!/usr/bin/env python3
"""Writes the fuzz corpus seeds that no test keeps as a file (docs/testing.md, "Fuzzing"):
EDID blocks laid out as Tests/VitrineDRMTests/EDIDTests.swift builds them, control socket lines,
and small PNGs of the colour types and bit depths the test references (all 8-bit RGB) lack.
Run from the package root; it overwrites only the files it names."""
import os
import struct
import zlib

CORPUS = "Fuzz/corpus"


def write(target, name, data):
    os.makedirs(os.path.join(CORPUS, target), exist_ok=True)
    with open(os.path.join(CORPUS, target, name), "wb") as f:
        f.write(data)


# EDID: the base block of EDIDTests' syntheticEDID, and variations on its branches.
def descriptor(tag, text):
    field = list(text.encode()[:13])
    if len(field) < 13:
        field.append(0x0A)
    field += [0x20] * (13 - len(field))
    return bytes([0, 0, 0, tag, 0] + field)


def edid(size_cm=(53, 30), extensions=0, interlaced=False, timing=True):
    b = bytearray(128)
    b[0:8] = bytes([0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00])
    b[8:10] = bytes([0x5A, 0x92])  # "VTR"
    b[10:16] = bytes([0x34, 0x12, 0xEF, 0xBE, 0xAD, 0xDE])
    b[16], b[17], b[18], b[19] = 12, 35, 1, 4
    b[21], b[22] = size_cm
    if timing:
        t = bytearray([0x02, 0x3A, 0x80, 0x18, 0x71, 0x38, 0x2D, 0x40, 0x58, 0x2C,
                       0x45, 0x00, 0x0F, 0x28, 0x21, 0x00, 0x00, 0x1E])
        if interlaced:
            t[17] |= 0x80
        b[54:72] = t
    else:
        b[54:72] = descriptor(0xFD, "")
    b[72:90] = descriptor(0xFC, "Vitrine 10")
    b[90:108] = descriptor(0xFF, "SN-0042")
    b[108:126] = descriptor(0x10, "")
    b[126] = extensions
    b[127] = (-sum(b[0:127])) & 0xFF
    return bytes(b)


write("edid", "base-block", edid())
write("edid", "no-size", edid(size_cm=(0, 0)))
write("edid", "interlaced", edid(interlaced=True))
write("edid", "no-timing", edid(timing=False))
write("edid", "with-extension", edid(extensions=1) + bytes([0x02, 0x03]) + bytes(126))
write("edid", "truncated", edid()[:100])

# The control socket's lines, as ControlSocket.swift documents them.
for name, line in [("screenshot", "screenshot\n"), ("screenshot-named", "screenshot HDMI-A-1\n"),
                   ("spaces", "  screenshot   DP-1  \n"), ("empty", "\n"), ("unknown", "reload now please\n")]:
    write("control-request", name, line.encode())
for name, line in [("image", "ok 48213 HDMI-A-1 1920x1080\n"), ("image-small", "ok 1 X 1x1\n"),
                   ("error", "error no screen named DP-9\n"), ("bare-error", "error\n"),
                   ("too-large", "ok 1073741824 HDMI-A-1 8192x8192\n")]:
    write("control-reply", name, line.encode())


# PNG: every colour type, 16-bit, a palette with transparency, Adam7 interlacing.
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width, height, depth, colour, rows, interlace=0, extra=b""):
    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace)
    raw = b"".join(b"\x00" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


write("image", "gray-8.png", png(2, 2, 8, 0, [b"\x00\xff", b"\x80\x40"]))
write("image", "gray-alpha-8.png", png(2, 1, 8, 4, [b"\x10\x80\xf0\xff"]))
write("image", "rgba-8.png", png(1, 2, 8, 6, [b"\xff\x00\x00\x80", b"\x00\xff\x00\xff"]))
write("image", "rgb-16.png", png(1, 1, 16, 2, [b"\x12\x34\x56\x78\x9a\xbc"]))
write("image", "palette-trns.png", png(2, 1, 4, 3, [b"\x01"],
                                       extra=chunk(b"PLTE", b"\xff\x00\x00\x00\x00\xff") + chunk(b"tRNS", b"\x40")))
write("image", "gray-1-bit.png", png(8, 1, 1, 0, [b"\xa5"]))
# A 1x1 Adam7 image: only the first pass has a pixel.
write("image", "interlaced.png", png(1, 1, 8, 2, [b"\x20\x40\x60"], interlace=1))
