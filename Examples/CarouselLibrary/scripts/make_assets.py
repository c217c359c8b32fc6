#!/usr/bin/env python3
"""Writes the five card pictures (160 x 112 px PNG, drawn here: a sky, a sun and two ridges in each city's colors)
with Python's standard library alone, into Sources/CarouselPreviews/Assets: python3 scripts/make_assets.py"""
import math
import os
import struct
import zlib

W, H = 160, 112
CARDS = {
    "lisbon": ((250, 196, 120), (236, 110, 76), (255, 238, 180), (120, 92, 140), (70, 56, 96)),
    "kyoto": ((255, 210, 222), (214, 120, 160), (255, 248, 240), (96, 120, 96), (52, 74, 60)),
    "oaxaca": ((120, 200, 230), (40, 120, 200), (255, 220, 90), (196, 120, 60), (140, 70, 40)),
    "tromso": ((20, 30, 70), (60, 170, 140), (230, 240, 255), (90, 110, 150), (40, 50, 80)),
    "cusco": ((180, 220, 250), (90, 150, 220), (255, 250, 210), (150, 130, 90), (90, 80, 60)),
}


def lerp(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def picture(top, bottom, sun, far, near):
    rows = []
    for y in range(H):
        row = bytearray([0])
        for x in range(W):
            c = lerp(top, bottom, y / (H - 1))
            if math.hypot(x - 112, y - 38) < 14:
                c = sun
            if y > 70 + 12 * math.sin(x / 19.0):
                c = far
            if y > 86 + 8 * math.sin(x / 11.0 + 2):
                c = near
            row += bytes(c) + b"\xff"
        rows.append(bytes(row))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "CarouselPreviews", "Assets")
for name, colors in CARDS.items():
    with open(os.path.join(folder, name + ".png"), "wb") as f:
        f.write(picture(*colors))
