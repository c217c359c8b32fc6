#!/usr/bin/env python3
"""Seams between a snapshot card's pieces: how much brighter the pixel row or column where two pieces meet is
than the rows or columns beside it.

For each scene and time it renders the frame (`render-previews frame SCENE --time T -o PNG`) and reads its
layer tree (`render-previews tree`). The card shown in pieces whose snapshot container lies nearest the
middle of the pages view is the resting one; every edge two of its pieces share (the cut's own rectangles,
mapped to device pixels through every layer's transform, flattened level by level as the renderer does) is
measured on the pixel column (or row) the edge crosses: per pixel along the edge, its brightness (the mean
of R, G and B) less the mean of its two neighbours across the edge, and the median of that along the edge
(away from the card's rounded corners), so that the card's symbol and text lines do not count. A linear
gradient gives 0; a line of background showing through gives its excess. Printed per scene: the brightest
seam (its median excess, in 8-bit units), where it is, and how many edges were measured.

Usage: scripts/measure_seams.py [--bin .build/release/render-previews] [--time 1.25 --time 2.0]
       [Scenes/paging-snapshot-*.json ...]
Only the standard library: PNG frames are decoded here (8-bit RGB or RGBA, as `frame` writes them).
"""
import argparse
import glob
import json
import os
import statistics
import struct
import subprocess
import sys
import tempfile
import zlib


def read_png(path):
    """(width, height, rows): rows[y][x] = (r, g, b), straight alpha dropped (frames are opaque)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6), "8-bit RGB or RGBA only"
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        prev = line
    return width, height, rows


# Core Animation's row-vector 4x4 matrices, flattened to 3x3 projective maps (rows and columns x, y, w).
def mat4(values):
    return [values[r * 4:r * 4 + 4] for r in range(4)]


def mul4(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def translation(x, y, z=0.0):
    return [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, z, 1]]


def flatten(m):
    keep = (0, 1, 3)
    return [[m[i][j] for j in keep] for i in keep]


def mul3(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def apply3(m, x, y):
    X = x * m[0][0] + y * m[1][0] + m[2][0]
    Y = x * m[0][1] + y * m[1][1] + m[2][1]
    W = x * m[0][2] + y * m[1][2] + m[2][2]
    return X / W, Y / W


def level_map(layer, super_sublayer):
    """The layer's own space to its superlayer's plane, as LayerRenderer.levelMap: T(-A) transform T(p, z)."""
    bx, by, bw, bh = layer.get("bounds", [0, 0, 0, 0])
    ax, ay = layer.get("anchorPoint", [0.5, 0.5])
    px, py = layer.get("position", [0, 0])
    a = (bx + ax * bw, by + ay * bh)
    m = translation(-a[0], -a[1])
    if "transform" in layer:
        m = mul4(m, mat4(layer["transform"]))
    m = mul4(m, translation(px, py, layer.get("zPosition", 0)))
    m = mul4(m, super_sublayer)
    return flatten(m)


def sublayer_about_anchor(layer):
    if "sublayerTransform" not in layer:
        return translation(0, 0)
    bx, by, bw, bh = layer.get("bounds", [0, 0, 0, 0])
    ax, ay = layer.get("anchorPoint", [0.5, 0.5])
    a = (bx + ax * bw, by + ay * bh)
    return mul4(mul4(translation(-a[0], -a[1]), mat4(layer["sublayerTransform"])), translation(a[0], a[1]))


def containers(layer, super_map, super_sublayer, out):
    """Every snapshot container (a layer named '…-snapshot') with its device map and its pieces' maps."""
    m = mul3(level_map(layer, super_sublayer), super_map)
    sub = sublayer_about_anchor(layer)
    if layer.get("name", "").endswith("-snapshot"):
        pieces = []
        for p in layer.get("sublayers", []):
            pieces.append((p, mul3(level_map(p, sub), m)))
        out.append((layer, m, pieces))
        return
    for s in layer.get("sublayers", []):
        containers(s, m, sub, out)


def piece_cut_rect(piece, container):
    """The piece's frame in the card (its rectangle in the cut), from its contentsRect."""
    cw, ch = container["bounds"][2], container["bounds"][3]
    x, y, w, h = piece.get("contentsRect", [0, 0, 1, 1])
    return (x * cw, y * ch, (x + w) * cw, (y + h) * ch)


def lum(rows, x, y):
    r, g, b = rows[y][x]
    return (r + g + b) / 3


def measure(image, tree, scale):
    width, height, rows = image
    pages = next(l for l in tree["root"]["sublayers"] if l.get("name") == "pages")
    found = []
    root = tree["root"]
    screen = mul3(level_map(root, translation(0, 0)), [[scale, 0, 0], [0, scale, 0], [0, 0, 1]])
    root_sub = sublayer_about_anchor(root)
    for s in root["sublayers"]:
        containers(s, screen, root_sub, found)
    if not found:
        return None
    # The resting card: the page the pages view's offset is nearest (cells may all sit at the offset, the
    # transforms placing them, so the offset, not a position, says which page is at rest).
    page = round(pages["bounds"][0] / pages["bounds"][2])
    chosen = [c for c in found if c[0].get("name") == "page-%d-snapshot" % page]
    if not chosen:
        return "page-%d" % page, None
    container, cmap, pieces = chosen[0]
    cuts = [(piece_cut_rect(p, container), p, m) for p, m in pieces]
    # The card's own rounded corners (ShapeCardView's 30 pt) are left out, and 2 pt at each end of an edge,
    # where the edges across it meet.
    cw, ch = container["bounds"][2], container["bounds"][3]
    corner = 30

    def in_corner(x, y):
        return (x < corner or x > cw - corner) and (y < corner or y > ch - corner)
    seams = []
    eps = 1e-6
    for i, (ra, pa, ma) in enumerate(cuts):
        for rb, pb_, mb in cuts[i + 1:]:
            for vertical in (True, False):
                lo, hi = (0, 2) if vertical else (1, 3)
                olo, ohi = (1, 3) if vertical else (0, 2)
                if abs(ra[hi] - rb[lo]) < eps:
                    left, right, edge = (pa, ma, ra), (pb_, mb, rb), ra[hi]
                elif abs(rb[hi] - ra[lo]) < eps:
                    left, right, edge = (pb_, mb, rb), (pa, ma, ra), rb[hi]
                else:
                    continue
                start = max(ra[olo], rb[olo]) + 2
                end = min(ra[ohi], rb[ohi]) - 2
                if end - start < 4:
                    continue
                # The shared edge in device space: the mean of where each piece puts it (their own bounds'
                # right or bottom side and left or top side, through their maps).
                def side(piece, m, rect, far):
                    b = piece["bounds"]
                    fx = b[0] + (b[2] if far else 0)
                    fy = b[1] + (b[3] if far else 0)
                    pts = []
                    for t in (0.0, 1.0):
                        if vertical:
                            local_y = (start - rect[1]) + t * (end - start)
                            pts.append(apply3(m, fx, local_y))
                        else:
                            local_x = (start - rect[0]) + t * (end - start)
                            pts.append(apply3(m, local_x, fy))
                    return pts
                a0, a1 = side(*left, True)
                b0, b1 = side(*right, False)
                p0 = ((a0[0] + b0[0]) / 2, (a0[1] + b0[1]) / 2)
                p1 = ((a1[0] + b1[0]) / 2, (a1[1] + b1[1]) / 2)
                diffs = []
                n = int(max(abs(p1[0] - p0[0]), abs(p1[1] - p0[1])))
                for k in range(n + 1):
                    t = k / max(1, n)
                    along = start + t * (end - start)
                    if in_corner(edge, along) if vertical else in_corner(along, edge):
                        continue
                    x, y = p0[0] + t * (p1[0] - p0[0]), p0[1] + t * (p1[1] - p0[1])
                    px, py = int(x // 1), int(y // 1)
                    if vertical:
                        if 1 <= px < width - 1 and 0 <= py < height:
                            diffs.append(lum(rows, px, py) - (lum(rows, px - 1, py) + lum(rows, px + 1, py)) / 2)
                    else:
                        if 0 <= px < width and 1 <= py < height - 1:
                            diffs.append(lum(rows, px, py) - (lum(rows, px, py - 1) + lum(rows, px, py + 1)) / 2)
                # What the gap alone would give, box-filtered: its width times how much darker the card is
                # than the screen's background (0.9529 white, 243) beside the edge.
                beside = []
                for k in range(n + 1):
                    t = k / max(1, n)
                    px, py = int((p0[0] + t * (p1[0] - p0[0])) // 1), int((p0[1] + t * (p1[1] - p0[1])) // 1)
                    if 2 <= px < width - 2 and 2 <= py < height - 2:
                        beside.append(lum(rows, px - 2, py) if vertical else lum(rows, px, py - 2))
                if len(diffs) >= 4:
                    where = ("column x=%.2f" % p0[0]) if vertical else ("row y=%.2f" % p0[1])
                    # Background between the two (device pixels, negative where they overlap): the
                    # library's transforms open real gaps while a card is still moving.
                    gap = min((b0[0] - a0[0], b1[0] - a1[0]) if vertical else (b0[1] - a0[1], b1[1] - a1[1]))
                    expected = max(0.0, gap) * (243 - statistics.median(beside))
                    seams.append((statistics.median(diffs), where, left[0]["name"], right[0]["name"], gap, expected))
    return container["name"], seams


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=".build/release/render-previews")
    ap.add_argument("--time", action="append", type=float)
    ap.add_argument("--keep", help="folder to keep the frame PNGs in (named SCENE-T.png)")
    ap.add_argument("--abut", type=float, default=0.02,
                    help="pieces whose edges are at most this far apart (device pixels) abut (default 0.02)")
    ap.add_argument("scenes", nargs="*")
    args = ap.parse_args()
    times = args.time or [1.25, 2.0]
    scenes = args.scenes or sorted(glob.glob("Scenes/paging-snapshot-*.json"))
    out = args.keep or tempfile.mkdtemp()
    os.makedirs(out, exist_ok=True)
    worst_all = 0.0
    for scene in scenes:
        name = os.path.splitext(os.path.basename(scene))[0]
        for t in times:
            png = os.path.join(out, "%s-%.2f.png" % (name, t))
            subprocess.run([args.bin, "frame", scene, "--time", str(t), "-o", png], check=True)
            tree = json.loads(subprocess.run([args.bin, "tree", scene, "--time", str(t)], check=True,
                                             capture_output=True, text=True).stdout)
            result = measure(read_png(png), tree, tree["canvas"].get("scale", 1))
            if result is None:
                print("%-26s %5.2f s  no card in pieces" % (name, t))
                continue
            card, seams = result
            if seams is None:
                print("%-26s %5.2f s  %s drawn whole (no pieces at rest)" % (name, t, card))
                continue
            if not seams:
                print("%-26s %5.2f s  %s: no shared edge measured" % (name, t, card))
                continue
            abutting = [s for s in seams if s[4] <= args.abut]
            apart = [s for s in seams if s[4] > args.abut]
            line = "%-26s %5.2f s  %s:" % (name, t, card)
            if abutting:
                worst = max(abutting, key=lambda s: s[0])
                worst_all = max(worst_all, worst[0])
                line += " brightest seam %+6.2f at %s (%s | %s), %d abutting edges, mean %+5.2f" % (
                    worst[0], worst[1], worst[2], worst[3], len(abutting), statistics.mean(s[0] for s in abutting))
            if apart:
                worst = max(apart, key=lambda s: s[0])
                line += "; %d edges %s px apart or more (up to %.2f px), brightest %+6.2f (%.2f px apart: the gap alone gives %+.2f)" % (
                    len(apart), args.abut, max(s[4] for s in apart), worst[0], worst[4], worst[5])
            print(line)
    print("brightest seam between abutting pieces over all: %+.2f" % worst_all)


if __name__ == "__main__":
    sys.exit(main())
